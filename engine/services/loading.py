"""Loading a table: its row and seats, its state and events rebuilt from the log, its view, prompt and messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import engine
from engine.core import Game, News, Outcome, is_private
from engine.events import Event
from engine.view import CommonView
from engine.words import joined, moves
from engine.platform.snapshots import Chronicle
from engine.platform.turns import AUTOPILOT, History, autopilot_events, row, with_reason
from engine.platform.undo import undo_payload, undone
from engine.services.caching import Memos
from engine.services.positions import Positions
from engine.services.drawing import Drawing
from engine.services.tables import Mover, NoSuchTable, Prompt, Table, TableRef, no_such_table
from engine.store import GameRow, NotFound, PostKind, PostRow, Status, Store


ROUTINE = int(News.ROUTINE)  # what the log's own lines weigh: an undo, a move taken back

@cache
def seat_fallbacks(slug: str, players: int) -> tuple[str, ...]:
    """The game's own name for each seat (Airships: the nations), which stands in for a name the board can't draw."""
    game = engine.get_game(slug)
    names = game.view(game.setup(players, seed=0), None).seat_names
    return tuple(str(n) for n in names) + tuple(f"Seat {n + 1}" for n in range(len(names), players))


class Loader:
    """Every table as the store and the cache have it; the only place that fills the cache from the log."""

    def __init__(self, store: Store, memos: Memos, drawing: Drawing | None, clock: Callable[[], float]) -> None:
        self._store = store
        self._memos = memos
        self._drawing = drawing
        self._clock = clock
        self.positions = Positions(store, memos)

    async def table(self, game_id: int, *, guild_id: int | None = None) -> Table:
        """One game; NoSuchTable if it does not exist (or belongs to another server)."""
        try:
            row = await self._store.games.get(game_id)
        except NotFound:
            raise no_such_table(game_id) from None
        if guild_id is not None and row.guild_id != guild_id:
            raise NoSuchTable(f"There is no game #{game_id} on this server.")
        return await self.seated(row)

    async def at(self, table: TableRef) -> Table:
        """The table a request handed on as it is; a game's id loaded (NoSuchTable if there is none)."""
        return table if isinstance(table, Table) else await self.table(table)

    async def seated(self, row: GameRow) -> Table:
        """A game's row with its seats, names as the board draws them, and who is away."""
        game = engine.get_game(row.slug)
        seats = await self._store.seats.of(row.id)
        if any(s.seat is not None for s in seats):
            fallbacks = seat_fallbacks(row.slug, len(seats))
            seats = [s if s.seat is None else replace(s, name=self.shown_name(s.name, fallbacks[s.seat]))
                     for s in seats]
        people = [s.user_id for s in seats if s.seat is not None and not s.ai]
        live = people and row.status is Status.ACTIVE
        away_until = await self._store.prefs.away_until(people, self._clock()) if live else {}
        away = tuple((s.seat, away_until[s.user_id]) for s in seats if s.seat is not None and s.user_id in away_until)
        return Table(row, tuple(seats), game, away)

    def shown_name(self, name: str, fallback: str) -> str:
        """A name as the board draws it; a service that draws nothing shows it as it is."""
        return self._drawing.shown_name(name, fallback) if self._drawing is not None else name

    async def state(self, table: Table) -> Any:
        """The state at the table's version, from the cache, else from its snapshot and the log after it."""
        return (await self.positions.at(table)).state

    async def history(self, table: Table, state: Any | None = None) -> History:
        """Every event of the game so far and who made each move, told from the table's chronicle (no replay)."""
        memo = await self.positions.at(table)
        if memo.history is not None:
            return memo.history
        assert memo.chronicle is not None  # Positions.at always tells it
        history = told_history(table, memo.chronicle).with_notes(await self._store.seats.events(table.id))
        memo.history = history
        return history

    def prompt(self, table: Table, state: Any, view: CommonView | None = None) -> Prompt | None:
        """Who must decide now; pass the public view when it is at hand, so it is not built twice."""
        game = table.rules
        seats = game.to_act(state)
        if not seats:
            return None
        movers = tuple(
            Mover(s, table.at_seat(s).user_id, table.at_seat(s).name,
                  tuple(game.explain(state, s, game.legal_actions(state, s))))
            for s in seats
        )
        private = any(is_private(game, state, s) for s in seats)
        return Prompt(table.id, table.version, asks(game, state, view), movers, private=private)

    async def posts(self, game_id: int) -> dict[PostKind, PostRow]:
        """The lobby, invitation and turn messages the game keeps editing, by kind."""
        memo = self._memos.get(game_id)
        if memo is not None and memo.posts is not None:
            return memo.posts
        posts = await self._store.games.posts(game_id)
        if memo is not None:
            memo.posts = posts
        return posts

    async def record_post(self, game_id: int, kind: PostKind, channel_id: int, message_id: int, version: int) -> None:
        """Remember a message the game edits from now on (a turn's: `version` is where the turn began)."""
        await self._store.games.set_post(game_id, kind, channel_id, message_id, version)
        memo = self._memos.get(game_id)
        if memo is not None and memo.posts is not None:
            memo.posts[kind] = PostRow(kind, channel_id, message_id, version)


def move_events(table: Table, raw: list[Event], seat: int = -1, by: str | None = None) -> tuple[list[str], list[int]]:
    """A move's events (the public view's) in words, the players' names put in, and each one's news
    (engine.core.News) for the headline; a move the autopilot made for a person says so."""
    wording = table.wording()
    events = wording.lines(raw)
    if by == AUTOPILOT:
        events = autopilot_events(table.at_seat(seat).name, events)
    return events, wording.news(raw)


def told_history(table: Table, chronicle: Chronicle) -> History:
    """The history of the chronicle's moves, names put in; /log keeps every move, and says which were taken
    back (the board never headlines one)."""
    wording = table.wording()
    names = wording.names
    lines = [row(0, *wording.told(packed)) for packed in chronicle.setup]
    actors: list[int] = []
    undos: list[tuple[int, dict[str, Any]]] = []
    for seq, entry in enumerate(chronicle.kept(), start=1):
        actors.append(entry.seat)
        if entry.undo_to is not None:
            by = names.get(entry.seat, "A player")
            lines.append(row(seq, f"{by} takes back {moves(entry.undo_to + 1, seq - 1)}.", ROUTINE))
            undos.append((seq, undo_payload(entry.undo_to)))
            continue
        if not entry.events and entry.by != AUTOPILOT and not entry.why:
            continue  # a decision that changed nothing anyone sees: /log numbers it all the same
        told = [wording.told(packed) for packed in entry.events]
        events, news = [text for text, _ in told], [weight for _, weight in told]
        if entry.by == AUTOPILOT:
            events = autopilot_events(names.get(entry.seat, "A player"), events)
        weights = news + [int(News.PLAY)] * (len(events) - len(news))  # as History.extended pads them
        if entry.why:  # who did which of the move's events: their values, only where a reason goes among them
            own = wording.own_lines([Event.unpacked(packed) for packed in entry.events], entry.seat)
            events, weights = with_reason(events, weights, own, names.get(entry.seat, "The AI"), entry.why)
        lines += [row(seq, e, w) for e, w in zip(events, weights)]
    taken_back = undone(undos)
    if taken_back:
        lines = [row(seq, f"{text} (undone)", ROUTINE) if seq in taken_back else (seq, text, news)
                 for seq, text, news in lines]
    return History(lines, actors, frozenset(seq for seq, _ in undos))


def headline(table: Table, history: History, to_act: tuple[int, ...], outcome: Outcome | None) -> str:
    """What the board shows first: the winner and their score at the end, else the biggest news since the
    deciding players' last turn (History.headline)."""
    if outcome is None:
        return history.headline(to_act)
    return winners_with_score(table, outcome)


def winners_with_score(table: Table, outcome: Outcome) -> str:
    """'ann wins with 41 VP', or 'ann and bob share the win with 41 VP': the end of a game in a few words."""
    names = [table.at_seat(seat).name for seat in outcome.winners]
    score = outcome.score_text(outcome.winners[0])
    return f"{names[0]} wins with {score}" if len(names) == 1 else f"{joined(names)} share the win with {score}"


def with_headline(view: CommonView, news: str) -> CommonView:
    """The public view the board is drawn from: the same view (never built twice) with the news it shows first."""
    return replace(view, headline=news) if news else view


def public_view(table: Table, state: Any) -> CommonView:
    """What the whole table sees, with the seats' names and which seats the bot plays or are away."""
    return replace(
        table.rules.view(state, None),
        seat_names=tuple(table.names),
        ai_seats=tuple(sorted(table.ai_seats)),  # the board marks the seats the bot plays
        autopilot_seats=tuple(sorted(table.automatic_seats - table.ai_seats)),
        away_seats=tuple(sorted(seat for seat, _ in table.away)),
        pack=table.pack_name or None,  # the board's footer names the cards the game plays with
    )


def asks(game: Game, state: Any, view: CommonView | None = None) -> str:
    """What the decision asks, in the game's words ('choose a card to throw for')."""
    return (view if view is not None else game.view(state, None)).decision or "make a move"
