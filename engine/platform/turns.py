"""Turns from the log: which moves make up the turn being played, and what happened since a player's last turn."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from itertools import groupby
from typing import Any, NamedTuple

from engine.core import News
from engine.words import SEAT_TOKEN
from engine.platform.person import third_person
from engine.platform.records import PostRow

CONTINUED = "\u2003\u2003"  # a move's further lines in /log, under its number (em spaces: Discord keeps them)
SINCE_LINES = 8  # "what happened since your last turn" keeps the newest lines; /log has them all


class LogLine(NamedTuple):
    """One event of the game: the move that caused it (0 for the setup) and its words, names put in."""

    seq: int
    text: str
    news: int = int(News.PLAY)  # how much the event matters (engine.core.News); the board headlines the biggest


Row = tuple[int, str, int]  # a LogLine as History keeps it: (seq, text, news)


def row(seq: int, text: str, news: int) -> Row:
    """A line as an exact tuple of an int, a str and an int (not an enum member): the garbage collector stops
    tracking such a tuple, while it tracks every LogLine. A cache of a thousand long games holds hundreds of
    thousands of lines, and each full collection walked them all (150 ms with the event loop stopped)."""
    return (seq, text, int(news))


@dataclass
class History:
    """Every event so far and the seat that made each move: enough to cut the log into turns."""

    rows: list[Row]  # each line as row() makes it; LogLines (tuples too) also do, in tests
    actors: list[int]  # actors[seq - 1] is the seat that made move seq
    undos: frozenset[int] = frozenset()  # the moves that took others back (/undo)

    @property
    def version(self) -> int:
        return len(self.actors)

    @property
    def lines(self) -> list[LogLine]:
        """Every line with its fields named (made on each call: the hot paths below read the rows)."""
        return [LogLine._make(r) for r in self.rows]

    def extended(self, seat: int, events: list[str], news: Sequence[int] = ()) -> History:
        """The history after one more move by `seat`, with its events and (one each, else PLAY) their news."""
        seq = self.version + 1
        weights = list(news) + [News.PLAY] * (len(events) - len(news))
        rows = [*self.rows, *(row(seq, e, w) for e, w in zip(events, weights))]
        return History(rows, [*self.actors, seat], self.undos)

    def with_notes(self, notes: list[tuple[int, str]]) -> History:
        """Lines that are no move's events (a seat changing hands), each after the move (version) it followed."""
        if not notes:
            return self
        # sorted() is stable: a note comes after the events of the move it followed.
        # A note is the table's business, not the game's: never the board's headline (news 0).
        rows = [*self.rows, *(row(v, t, News.ROUTINE) for v, t in notes)]
        return History(sorted(rows, key=lambda line: line[0]), self.actors, self.undos)

    def turn_start(self, movers: tuple[int, ...]) -> int:
        """The version the movers' turn began at: just after the last move someone else made (0 if none)."""
        return next((seq for seq in range(self.version, 0, -1) if self.actors[seq - 1] not in movers), 0)

    def log_lines(self, names: dict[int, str]) -> list[str]:
        """/log's lines: each move's number once, on its first line ('12. ...', then '    ...'); the numbers never
        skip (they are the moves /undo and /game replay count), see numbered_lines."""
        return [text for _, text in self.numbered_lines(names)]

    def numbered_lines(self, names: dict[int, str]) -> list[tuple[int, str]]:
        """/log's lines, each with the move it belongs to (0: the setup), for a page that links a line to its move.

        A decision that showed nothing (a step of a move: the marker, then the plane, then where it flies) is told
        by the line of the move it led to, numbered with it ('12–14. bob flies ...'); one an /undo took back, by
        that undo's line; the steps of a move still being made, once it is. Only a silent decision that another
        player's move followed gets a line of its own ('bob makes a choice.')."""
        by_move: dict[int, list[str]] = {}
        for seq, text, _ in self.rows:
            by_move.setdefault(seq, []).append(text)
        shown = [(0, f"Setup: {text}") for text in by_move.get(0, [])]
        silent: list[int] = []  # the decisions that showed nothing, waiting for the move they led to
        for seq in range(1, self.version + 1):
            actor, texts = self.actors[seq - 1], by_move.get(seq)
            if silent and self.actors[silent[0] - 1] != actor:
                shown += [(n, f"{n}. {names.get(self.actors[n - 1], 'A player')} makes a choice.") for n in silent]
                silent = []
            if not texts:
                silent.append(seq)
                continue
            first = silent[0] if silent and seq not in self.undos else seq  # an undo's line names what it took back
            silent = []
            number = f"{first}–{seq}" if first != seq else f"{seq}"
            shown += [(seq, f"{number}. {texts[0]}"), *((seq, f"{CONTINUED}{text}") for text in texts[1:])]
        return shown

    def log_pages(self, names: dict[int, str], per_page: int) -> list[list[str]]:
        """/log's pages of at most `per_page` lines, each move's lines on one page: a page never opens in the middle
        of a move, unless one move alone runs longer than a page."""
        pages: list[list[str]] = []
        page: list[str] = []
        for _, lines in groupby(self.numbered_lines(names), key=lambda numbered: numbered[0]):
            texts = [text for _, text in lines]
            if page and len(page) + len(texts) > per_page:
                pages.append(page)
                page = []
            while len(texts) > per_page:
                pages.append(texts[:per_page])
                texts = texts[per_page:]
            page += texts
        return [*pages, page] if page or not pages else pages

    def headline(self, movers: tuple[int, ...]) -> str:
        """The biggest news since the movers' previous turn (the newest of equals); '' when nothing happened yet.

        What the player who decides now most needs to know: the board draws it first, where a phone reads it."""
        start = self.turn_start(movers)
        previous = next((seq for seq in range(start, 0, -1) if self.actors[seq - 1] in movers), -1)
        candidates = [(text, news) for seq, text, news in self.rows if seq > previous]
        if not candidates:
            return ""
        return max(reversed(candidates), key=lambda line: line[1])[0]  # max keeps the first: the newest

    def turn(self, movers: tuple[int, ...], automatic: frozenset[int] = frozenset()) -> Turn:
        """The movers' turn as it stands: what happened since their previous turn, and this turn's events.

        `automatic` are the seats the bot plays (AI seats): the run of their moves just before the turn has
        no message of its own, so the turn's message tells it in full and keeps it.
        """
        start = self.turn_start(movers)
        chain = start
        while chain > 0 and self.actors[chain - 1] in automatic:
            chain -= 1
        previous = next((seq for seq in range(chain, 0, -1) if self.actors[seq - 1] in movers), None)
        # A player's first turn looks back to the setup; a later one to just after their own last move.
        low = -1 if previous is None else previous
        since = [text for seq, text, _ in self.rows if low < seq <= chain]
        automatic_lines = tuple(text for seq, text, _ in self.rows if chain < seq <= start)
        account = [text for seq, text, _ in self.rows if seq > start]
        dropped = max(0, len(since) - SINCE_LINES)
        return Turn(movers, start, tuple(since[dropped:]), dropped, tuple(account), automatic_lines)


@dataclass(frozen=True)
class Turn:
    """One turn: who plays it, the version it began at, and its words."""

    movers: tuple[int, ...]
    start: int
    since: tuple[str, ...]  # the newest events between the movers' previous turn and this one
    since_dropped: int  # older events left out of `since` (they are in /log)
    account: tuple[str, ...]  # every event of this turn so far
    automatic: tuple[str, ...] = ()  # the AI seats' moves just before this turn, told in full


@dataclass(frozen=True)
class TurnNews:
    """Where a move leaves the turn messages: edit the turn's message, or close it and begin a new turn."""

    played: Turn  # the turn the move belonged to, as it now stands
    post: PostRow | None  # that turn's message, when one was recorded for it
    continues: bool  # the same players decide next: their message is edited in place, no new ping
    next: Turn | None  # the turn that begins now; None when the turn continues or the game is over


def turn_news(
    history: History,
    before: tuple[int, ...],
    after: tuple[int, ...],
    post: PostRow | None,
    automatic: frozenset[int] = frozenset(),
) -> TurnNews:
    """A turn is a run of decisions by the same players; `post` counts only if it was made for this turn."""
    played = history.turn(before, automatic)
    mine = post if post is not None and post.version == played.start else None
    continues = bool(after) and after == before
    return TurnNews(played, mine, continues, None if continues or not after else history.turn(after, automatic))


AUTOPILOT = "autopilot"  # how the log marks a move the bot made for a person


def autopilot_events(name: str, events: list[str]) -> list[str]:
    """A move the bot made for a person says so: the log and the turn's message read 'Autopilot for ann: ...'."""
    return [f"Autopilot for {name}: {events[0]}", *events[1:]] if events else [f"Autopilot for {name}."]


WHY = "↳ Why "  # how the line of an AI seat's reason begins


def why_line(name: str, why: str) -> str:
    """An AI seat's reason for its move, told of the AI ('↳ Why Contrail AI 1 (casual) chose this: End its turn.
    ...'): the reason is the menu's words to the player who chooses, kept so in the log (old ones too)."""
    return f"{WHY}{name} chose this: {third_person(why)}"


def own_lines(raw: Sequence[str], seat: int) -> int:
    """How many of a move's first events are the mover's own: the rest begin with another seat ('{p1} turns over
    ...': the next turn's flip, another seat's automatic pass), which the move set off but did not do."""
    for n, event in enumerate(raw[1:], start=1):
        actor = SEAT_TOKEN.match(event)
        if actor is not None and int(actor.group(1)) != seat:
            return n
    return len(raw)


def with_reason(
    events: list[str], news: list[int], own: int, name: str, why: str,
) -> tuple[list[str], list[int]]:
    """A move's lines and their news with an AI seat's reason placed right after its `own` lines (own_lines), so
    it never reads as the reason for the next player's flip; a move with no reason as is."""
    if not why:
        return events, news
    at = min(own, len(events))
    return [*events[:at], why_line(name, why), *events[at:]], [*news[:at], int(News.ROUTINE), *news[at:]]


def why_of(payload: dict[str, Any]) -> str:
    """The reason an AI seat's logged move was told with ('' for any other move)."""
    why = payload.get("why")
    return why if isinstance(why, str) else ""


def by_of(payload: dict[str, Any]) -> str | None:
    """Who made a logged move for its seat, when it was not the seat's own player."""
    by = payload.get("by")
    return by if isinstance(by, str) else None
