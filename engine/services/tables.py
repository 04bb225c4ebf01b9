"""The table service's vocabulary: the errors a player can cause and the values the cogs receive."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from engine.platform.packs import name_of
from engine.core import Action, Game, GameError, IllegalAction, Outcome, RulesTopic, StaleAction
from engine.platform.wording import Wording, table_wording
from engine.store import GameRow, PostRow, SeatRow, Status
from engine.platform.levels import Level
from engine.platform.notify import Alerts
from engine.view import CommonView
from engine.platform.turns import Turn, TurnNews
from engine.words import score, score_order


# -- errors a player can cause: each message is shown to them as is ----------------------------


class NoSuchTable(GameError):
    """The game id names no game of this server."""


def no_such_table(game_id: int) -> NoSuchTable:
    """The one answer for a game that does not exist, and for one the asker may not see (it must not tell them apart)."""
    return NoSuchTable(f"There is no game #{game_id}.")


# Whether the asker may see a game (its channel, or private thread, in view): the cogs judge it from Discord, the
# services only ask. A game it refuses is answered as one that does not exist.
Visible = Callable[[GameRow], Awaitable[bool]]


class NoTableHere(GameError):
    """No game lives in this channel or thread."""


class WhichTable(GameError):
    """Several games live here; the player must say which."""

    def __init__(self, message: str, tables: list[Table]) -> None:
        super().__init__(message)
        self.tables = tables


class NotSeated(GameError):
    """The user has no seat at this table."""


class LobbyClosed(GameError):
    """Joining, leaving or starting needs a game still in its lobby."""


class TableFull(GameError):
    """Every seat is taken."""


class NotCreator(GameError):
    """Only the creator (or, to abandon, a server manager) may do this."""


class NotStarted(GameError):
    """The game has no board yet."""


class NeedsConsent(GameError):
    """The moves to take back showed a card or a die: the other players must agree."""

    def __init__(self, message: str, to_version: int) -> None:
        super().__init__(message)
        self.to_version = to_version


class AlreadyPlayed(StaleAction):
    """The same interaction arrived twice; the first one counted."""


# -- what the service hands back --------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One game as a request loads it, once, and hands it on: its row from the store, who sits where, its rules."""

    row: GameRow
    players: tuple[SeatRow, ...]  # lobby: join order; started: seat order
    rules: Game
    away: tuple[tuple[int, float], ...] = ()  # (seat, until when) of the players on vacation

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def min_players(self) -> int:
        return self.rules.min_players

    @property
    def max_players(self) -> int:
        return self.rules.max_players

    @property
    def slug(self) -> str:
        return self.row.slug

    @property
    def status(self) -> Status:
        return self.row.status

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def creator_id(self) -> int:
        return self.row.creator_id

    @property
    def display_name(self) -> str:
        """'Airships #3': how every message, thread, page and answer names a game."""
        return f"{self.title} #{self.id}"

    @property
    def place_id(self) -> int:
        """The channel or thread where the game is played."""
        return self.row.thread_id or self.row.channel_id

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def pack_name(self) -> str:
        """The name of the data pack the game plays with ("" for the built-in cards)."""
        return name_of(self.row.options)

    @property
    def started(self) -> bool:
        """Whether the seats were dealt; a game abandoned in its lobby never was."""
        return any(p.seat is not None for p in self.players)

    @property
    def ai_seats(self) -> frozenset[int]:
        """The seats the bot plays itself."""
        return frozenset(p.seat for p in self.players if p.ai and p.seat is not None)

    @property
    def automatic_seats(self) -> frozenset[int]:
        """The seats whose moves the bot makes: AI seats, and people's seats on autopilot."""
        return frozenset(p.seat for p in self.players if (p.ai or p.autopilot) and p.seat is not None)

    def player(self, user_id: int) -> SeatRow | None:
        return next((p for p in self.players if p.user_id == user_id), None)

    def name_of(self, user_id: int, missing: str = "a former player") -> str:
        """The name of a person at the table; `missing` for one whose seat changed hands since."""
        player = self.player(user_id)
        return player.name if player is not None else missing

    def at_seat(self, seat: int) -> SeatRow:
        return next(p for p in self.players if p.seat == seat)

    def wording(self) -> Wording:
        """How the table's events read (made on each call): its game's sentences, its edition, its players' names."""
        return table_wording(self.rules, self.row.options, {p.seat: p.name for p in self.players if p.seat is not None})


TableRef = Table | int  # the table a request loaded already (nothing loads it again), or a game's id to load it


@dataclass(frozen=True)
class Mover:
    """A seat that must decide now, with the choices of that decision."""

    seat: int
    user_id: int
    name: str
    choices: tuple[Action, ...]


@dataclass(frozen=True)
class Prompt:
    """The current decision of a game: its state version and who must act."""

    game_id: int
    version: int
    asks: str  # what the decision asks, in the game's words (the view's "decision")
    movers: tuple[Mover, ...]
    deadline: float | None = None  # when the autopilot plays this turn (seconds since the epoch); None: no clock
    private: bool = False  # the choices show the mover's hidden things: offered to them alone, not in the thread

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(m.user_id for m in self.movers)

    def only(self, user_id: int) -> Prompt | None:
        """The prompt as one user meets it: their own decision alone, or None when they have none now."""
        mine = tuple(m for m in self.movers if m.user_id == user_id)
        return replace(self, movers=mine) if mine else None


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    score: int | None
    ai: bool = False  # an AI seat, marked as such wherever scores are shown
    autopilot: bool = False  # a person's seat the autopilot plays until they return
    away_until: float | None = None  # a player on vacation, until when
    unit: str = "VP"  # what the score counts, in the game's own word

    @property
    def score_text(self) -> str:
        return score(self.score, self.unit) if self.score is not None else ""


@dataclass(frozen=True)
class MoveResult:
    """What a committed move changed, ready for one message."""

    table: Table
    events: list[str]
    image: bytes | None  # None only when the renderer failed after the move was stored
    prompt: Prompt | None  # None once the game is over
    outcome: Outcome | None
    standings: tuple[Standing, ...]
    turn: TurnNews
    label: str  # the move in words, e.g. to confirm a /move to the player who typed it
    alerts: Alerts = Alerts()  # how the players of a turn that begins are told
    closed: tuple[Closed, ...] = ()  # requests the moves made moot (a vote to take moves back): their messages


@dataclass(frozen=True)
class Closed:
    """A request that closed without an answer because the game moved on or ended: its message and why."""

    post: PostRow | None  # the request's message, to edit (None: it was never posted, or not remembered)
    words: str  # what the message says now, e.g. "ann's request to take back move 8 — closed: the game moved on."


@dataclass(frozen=True)
class Reminder:
    """A turn that has waited a reminder interval on its players: ping them again."""

    table: Table
    prompt: Prompt
    since: float  # when the turn began (seconds since the epoch)
    turn_post: PostRow | None  # the turn's message, to link to
    alerts: Alerts = Alerts()  # who is told, in the thread or by DM
    first: bool = False  # the turn's first ping, held through quiet hours, rather than a reminder


@dataclass(frozen=True)
class Opening:
    """A game just started: the shuffled seats, the first board, the first prompt and the first turn."""

    table: Table
    events: list[str]
    image: bytes | None
    prompt: Prompt | None
    turn: Turn | None
    nations: tuple[str, ...]  # the game's own name for each seat (Airships: the nation), in seat order
    alerts: Alerts = Alerts()
    standings: tuple[Standing, ...] = ()  # the scores as the game begins, for the turn message's line


@dataclass(frozen=True)
class Board:
    table: Table
    image: bytes | None
    prompt: Prompt | None = None  # the current decision while the game is played
    turn_post: PostRow | None = None  # the live turn's message, to point at


@dataclass(frozen=True)
class MyGame:
    """One live game a person sits in, for /game mine."""

    table: Table
    waiting_on_you: bool
    since: float | None  # when the game began waiting on its current players (seconds since the epoch)
    deadline: float | None


@dataclass(frozen=True)
class TableStatus:
    table: Table
    prompt: Prompt | None
    standings: tuple[Standing, ...]
    outcome: Outcome | None


@dataclass(frozen=True)
class LogPage:
    table: Table
    lines: list[str]
    page: int  # 1-based
    pages: int


@dataclass(frozen=True)
class RulesCard:
    slug: str
    title: str
    players: str  # e.g. "2–4"
    topic: RulesTopic
    topics: tuple[RulesTopic, ...]  # every topic of the game's guide, in order


def ai_name(number: int, level: Level = Level.STANDARD) -> str:
    """An AI seat's name, numbered and with its level ('Contrail AI 2 (strong)')."""
    return f"Contrail AI {number} ({level.value})"


def new_seed() -> int:
    """A new game's seed: every die and shuffle of the game follows from it."""
    return secrets.randbits(62)


def outcome_from_dict(data: dict[str, Any] | None) -> Outcome | None:
    if not data:
        return None
    return Outcome.from_dict(data)


def pick_action(legal: list[Action], pick: int | str) -> Action:
    """The chosen legal action: by index (a button or select) or by key (/move)."""
    if isinstance(pick, int):
        if 0 <= pick < len(legal):
            return legal[pick]
        raise IllegalAction("That choice isn't available right now.")
    for action in legal:
        if action.key == pick:
            return action
    raise IllegalAction("I don't know that move: pick one of the choices offered.")


def standings_from_view(table: Table, view: CommonView) -> tuple[Standing, ...]:
    """Scores so far from the public view's `points` (one per seat) and `points_unit`, ranked: the highest first,
    equal scores in seat order, seats without a score last. Every surface (the turn message, /game status, the
    web page and its board's words) shows them in this one order."""
    scores = dict(enumerate(view.points))
    unit = view.points_unit
    away = dict(table.away)
    return ranked(Standing(p.seat, p.name, scores.get(p.seat), p.ai, p.autopilot, away.get(p.seat), unit)
                  for p in table.players if p.seat is not None)


def ranked(standings: Iterable[Standing]) -> tuple[Standing, ...]:
    """The standings highest first, equal scores in seat order, seats without a score last."""
    return tuple(sorted(standings, key=lambda s: score_order(s.score, s.seat)))


def scores_words(standings: Iterable[Standing]) -> str:
    """'ann 12 VP · bob 9 VP', ranked: the scores in words; "" before anyone scores."""
    return " · ".join(f"{s.name} {s.score_text}" for s in ranked(standings) if s.score is not None)
