"""The table core: load a table, check and commit an action, play automatic seats, and settle what follows."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field, replace
from typing import Any

import engine
from engine.core import Action, NotYourTurn, Outcome, StaleAction, find_choice
from engine.platform.advice import told_reason
from engine.platform.levels import THINKING_SECONDS, Level, Player
from engine.platform.secrets import as_seen_by, dealer
from engine.platform.notify import Alerts
from engine.platform.turns import AUTOPILOT, History, Turn, TurnNews, turn_news, with_reason
from engine.services import logs as move_logs
from engine.view import CommonView
from engine.platform.snapshots import Told
from engine.services.caching import CACHE_MB, Locks, Memo, Memos
from engine.services.drawing import Drawing, DrawingPool
from engine.services.loading import Loader, headline, move_events, public_view, with_headline
from engine.services.positions import encoded, snapshot_due
from engine.services.schedule import Schedule
from engine.services.seatwrites import SeatWrites
from engine.services.tables import (
    AlreadyPlayed, Closed, MoveResult, Prompt, Table, TableRef, pick_action, standings_from_view,
)
from engine.services.refusals import require_player
from engine.services.thinking import ThinkingPool
from engine.services.trials import TrialPool
from engine.store import DuplicateInteraction, GameRow, PostKind, StaleVersion, Status, Store

log = logging.getLogger("engine.service")

MAX_AUTOMATIC = 1000  # AI moves in one chain; a longer chain is a loop the rules never leave
FinishHook = Callable[[Table, Outcome], Awaitable[None]]
Closer = Callable[[Table], Awaitable[Closed | None]]  # closes a request that moves made moot (see on_moved)


@dataclass(frozen=True)
class Moved:
    """A game just after committed moves: the table, state and log as the store now has them."""

    table: Table
    state: Any
    outcome: Outcome | None
    events: list[str]  # what the move (or chain of moves) did, names put in
    history: History
    to_act: tuple[int, ...]
    shown: CommonView | None = field(default=None, compare=False)  # the public view, once it was built

    @property
    def view(self) -> CommonView:
        """The public view of the state, built when first asked for: a move's start needs none."""
        if self.shown is None:
            object.__setattr__(self, "shown", public_view(self.table, self.state))  # a cache of frozen values
        assert self.shown is not None
        return self.shown

    def board_view(self) -> CommonView:
        """The view the board is drawn from: the public view with its headline (the turn's news, or the winner)."""
        return with_headline(self.view, headline(self.table, self.history, self.to_act, self.outcome))


class TableCore:
    """The one path every move takes, a person's or the bot's; the feature services hold it and call it."""

    def __init__(
        self,
        store: Store,
        drawing: Drawing | None,
        *,
        drawing_processes: int = 0,
        thinking_processes: int = 0,
        thinking_seconds: float = THINKING_SECONDS,
        cache_mb: float = CACHE_MB,
        clock: Callable[[], float] = time.time,
        on_change: Callable[[float | None], None] = lambda when: None,
    ) -> None:
        self.store = store
        self.drawing = drawing
        self.pictures = DrawingPool(drawing, processes=drawing_processes)  # every picture is drawn there
        self.thinking_seconds = thinking_seconds  # a strong AI seat's budget per decision
        self.trials = TrialPool(drawing)  # where an uploaded pack's trial games are played and drawn
        self.thinking = ThinkingPool(thinking_processes)  # where a strong seat's and a hint's look-ahead is weighed
        self.clock = clock  # seconds since the epoch; the bot passes Discord's clock, tests a virtual one
        # Told when a due time changes (with the new time) or a game ends (None: look again), so the scheduler
        # wakes early, and only when it must.
        self.on_change = on_change
        self.memos = Memos(cache_mb)
        self.locks = Locks()
        self.load = Loader(store, self.memos, drawing, clock)
        self.schedule = Schedule(store, clock, on_change)
        self.seats = SeatWrites(store, self.memos)  # every seat write goes through it: it keeps the cache right
        self._finish_hooks: list[FinishHook] = []
        self._closers: list[Closer] = []

    def on_finish(self, hook: FinishHook) -> None:
        """Run `hook` once for every game that finishes, whoever made its last move (the ratings listen)."""
        self._finish_hooks.append(hook)

    def on_moved(self, closer: Closer) -> None:
        """After every move shown (a person's, an AI's, the autopilot's, an undo), `closer` may close a request
        those moves made moot (an open vote to take moves back); its message is edited with the move's."""
        self._closers.append(closer)

    def hold(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """The game's lock: one change at a time in this process (the store's version check covers the others)."""
        return self.locks.hold(game_id)

    # -- where a table stands ------------------------------------------------------------------

    async def now(self, table: Table) -> Moved:
        """The table as it stands, as a Moved with no new events: where a chain of automatic moves starts."""
        state = await self.load.state(table)
        history = await self.load.history(table, state)
        game = table.rules
        return Moved(table, state, None, [], history, tuple(game.to_act(state)))

    async def record_post(self, game_id: int, kind: PostKind, channel_id: int, message_id: int, version: int) -> None:
        """Remember a message the game edits from now on (a turn's: `version` is where the turn began)."""
        await self.load.record_post(game_id, kind, channel_id, message_id, version)

    async def draw(self, table: Table, view: CommonView) -> bytes | None:
        """The board off the event loop; a drawing bug must not lose a move that is already stored."""
        shown = table.wording().view(view)  # the board's words: its events worded, the players' names in
        return await self.pictures.draw(f"game {table.id} at version {table.version}", "board", table.slug, shown)

    # -- committing ----------------------------------------------------------------------------

    async def play(
        self, at: TableRef, user_id: int, pick: int | str, *, version: int | None = None,
        interaction_id: int | None = None,
    ) -> MoveResult:
        """Apply one decision: `pick` is an index into the choices (a button) or an action key (/move).

        `at`: the table the interaction loaded already (or the game's id)."""
        game_id = at.id if isinstance(at, Table) else at
        async with self.hold(game_id):
            table = await self._table_to_move(at, version)
            seat = require_player(table, user_id)
            if version is not None and version != table.version:
                raise StaleAction("This prompt is out of date.")
            start = await self.now(table)
            if seat not in start.to_act:
                waiting = ", ".join(table.at_seat(s).name for s in start.to_act)
                raise NotYourTurn(f"It's not your turn: waiting for {waiting}.")
            action = pick_action(table.rules.legal_actions(start.state, seat), pick)
            moved = await self.commit(start, seat, action, interaction_id)
            news = await self.news(moved, start.to_act)
            automatic = await self.play_automatic(moved)  # the AI seats' moves until a person must decide
            if automatic is not moved:
                news = replace(news, next=self.next_turn(automatic))
            if table.at_seat(seat).missed:  # a move of their own breaks a row of missed deadlines
                await self.seats.count_missed(table, user_id, False)
            return await self.result(automatic, news, action.label or action.key)

    async def _table_to_move(self, at: TableRef, version: int | None) -> Table:
        """The table a move starts from, read from the store only when no table at hand is known to be current.

        A prompt of the version we last committed starts from our table; else the table the interaction loaded,
        unless this process moved past it since. The store refuses the move if another process moved meanwhile."""
        memo = self.memos.get(at.id if isinstance(at, Table) else at)
        cached = memo.table if memo and memo.table and memo.table.version == memo.version else None
        if cached is not None and version == cached.version:
            return cached
        if isinstance(at, Table) and (memo is None or memo.version <= at.version):
            return at
        return await self.load.table(at.id if isinstance(at, Table) else at)

    async def commit(
        self, start: Moved, seat: int, action: Action, interaction_id: int | None = None, *, by: str | None = None,
        why: str = "",
    ) -> Moved:
        """Apply one checked action and append it to the log in one transaction; the cache follows the store.

        `by` marks a move the bot made for a person (the autopilot): the log keeps it, and its words say so.
        `why`: an AI seat's reason for its move, kept in the log and told after the move's own events.
        """
        began = time.monotonic()
        table = start.table
        game = table.rules
        before = await self.load.positions.at(table, counted=False)  # the cached memo: its chronicle and last snapshot
        new_state = game.apply(start.state, seat, action)  # IllegalAction carries the rules' sentence
        outcome = game.outcome(new_state)
        payload = {**action.to_dict(), **({"by": by} if by else {}), **({"why": why} if why else {})}
        view = public_view(table, new_state)  # the seats' names and kinds: the same after the commit
        assert before.chronicle is not None  # Positions.at always tells it
        raw = list(view.events)
        events, news = move_events(table, raw, seat, by)
        chronicle = before.chronicle.extended(Told(seat, tuple(raw), by, why=why))
        events, news = with_reason(events, news, table.wording().own_lines(raw, seat), table.at_seat(seat).name, why)
        to_act = tuple(game.to_act(new_state))
        snapshot, body_length, snapshot_at = None, before.body_length, before.snapshot_at
        if snapshot_due(table.version + 1, before.snapshot_at, to_act != start.to_act):
            # Under a millisecond for the longest games (the benchmark's snapshot_encode_ms): on the loop.
            snapshot, body_length = encoded(table.slug, new_state, chronicle)
            snapshot_at = table.version + 1
        try:
            row = await self.store.games.append_action(
                table.id, table.version + 1, seat, payload, interaction_id,
                status=Status.FINISHED if outcome else None, outcome=outcome.to_dict() if outcome else None,
                snapshot=snapshot, to_act=to_act,
            )
        except DuplicateInteraction:
            raise AlreadyPlayed("That move was already made.") from None
        except StaleVersion:
            self.memos.forget(table.id)  # someone else's move won the race; reload from the log
            raise StaleAction("That decision was already made: this prompt is out of date.") from None
        mover = move_logs.mover(ai=table.at_seat(seat).ai, autopilot=by == AUTOPILOT)
        move_logs.committed(table.id, row.version, seat, mover, since=began)  # its log line, once it is posted
        table = replace(table, row=row)
        history = start.history.extended(seat, events, news)
        if outcome:
            self.memos.forget(table.id)  # a finished game is seldom looked at again: replay it if it is
            for hook in self._finish_hooks:  # once, for a person's, an AI's or the autopilot's last move
                await hook(table, outcome)
            self.on_change(None)  # a league round may be complete now: the scheduler looks
        else:
            posts = (self.memos.get(table.id) or Memo(0, None)).posts
            self.memos.put(table.id, Memo(row.version, new_state, history, posts, table, chronicle, snapshot_at,
                                          body_length))
        return Moved(table, new_state, outcome, events, history, to_act, view)

    async def play_automatic(
        self, moved: Moved, *, turn: tuple[int, ...] | None = None, limit: int = MAX_AUTOMATIC,
    ) -> Moved:
        """The bot's moves, each through the same check and log as a person's, until a person must decide.

        With `turn`, the autopilot plays out that turn for its seats (a missed deadline) and stops when it
        ends; without, the seats the bot plays (AI seats, seats on autopilot) move until none must.
        """
        start, events = moved, moved.events
        for _ in range(limit):
            if moved.outcome is not None:
                break
            if turn is not None:
                seats = list(moved.to_act) if moved.to_act == turn else []
            else:
                seats = [s for s in moved.to_act if s in moved.table.automatic_seats]
            if not seats:
                break
            seat = seats[0]
            by = AUTOPILOT if turn is not None or not moved.table.at_seat(seat).ai else None
            action, why = await self.ai_choice(moved.table, moved.state, seat)
            try:
                moved = await self.commit(moved, seat, action, by=by, why=why)
            except StaleAction:
                # Another process moved first (the player's own move at a deadline, or its bot's chain): a race
                # lost is normal. What this chain committed stands and is shown; the winner shows the rest.
                log.info("game %s: another move came first at version %s; the bot's chain stops there",
                         moved.table.id, moved.table.version)
                break
            events = [*events, *moved.events]
        return moved if moved is start else replace(moved, events=events)

    async def ai_choice(self, table: Table, state: Any, seat: int) -> tuple[Action, str]:
        """The choice of the bot for a seat, at the seat's level (the autopilot plays at the standard one), and
        for an AI seat the reason its move is told with. From the state as the seat could imagine it: a replay
        of the log never asks again.

        It thinks in a worker thread (a state is never changed in place), so the bot keeps answering meanwhile;
        a strong seat's look-ahead is weighed in the thinking processes where there are some."""
        # The AI's whims and its re-deal come from what the table knows (the game's id and version), never from
        # the secret seed that dealt the game: two games alike to the table get the same choice.
        rng = random.Random(f"{table.id}:{table.version}:ai")
        game = table.rules
        player = table.at_seat(seat)
        thinker = Player(table.slug, (player.level or Level.STANDARD) if player.ai else Level.STANDARD,
                         spread=self.thinking.spread(table.slug))

        def think() -> tuple[Action, str]:
            seen = as_seen_by(game, state, seat, dealer(table.id, table.version, f"ai:{seat}"))
            chosen = thinker.with_budget(self.thinking_seconds).choose(seen, seat, rng)
            choices = game.legal_actions(state, seat)
            legal = find_choice(choices, chosen)
            if legal is None:
                raise ValueError(f"the AI chose {chosen.key}, which the real state does not offer")
            if not player.ai or len(choices) == 1:
                return legal, ""  # the autopilot plays for a person; a forced move needs no reason
            return legal, self.reason(table, state, seat, legal)

        try:
            return await asyncio.to_thread(think)
        except Exception:  # an AI bug must not stall a table of people: it plays the first choice instead
            log.exception("game %s: the AI failed at version %s; it plays the first choice", table.id, table.version)
            return game.legal_actions(state, seat)[0], ""

    def reason(self, table: Table, state: Any, seat: int, action: Action) -> str:
        """The reason an AI seat's move is told with; a bug here costs the reason, never the move."""
        try:
            deal = dealer(table.id, table.version, f"why:{seat}")
            return told_reason(table.rules, engine.get_ai(table.slug), state, seat, action, deal)
        except Exception:
            log.exception("game %s: no reason for the AI's move at version %s", table.id, table.version)
            return ""

    # -- what follows a commit -----------------------------------------------------------------

    def next_turn(self, moved: Moved) -> Turn | None:
        """The turn that begins for the people who must decide now (None once the game is over)."""
        return moved.history.turn(moved.to_act, moved.table.automatic_seats) if moved.to_act else None

    async def news(self, moved: Moved, before: tuple[int, ...], *, fresh: bool = False) -> TurnNews:
        """Where moves leave the turn messages; `fresh`: they began no person's turn, so none is closed."""
        post = (await self.load.posts(moved.table.id)).get(PostKind.TURN)
        news = turn_news(moved.history, before, moved.to_act, post, moved.table.automatic_seats)
        return replace(news, continues=False, post=None, next=self.next_turn(moved)) if fresh else news

    async def settle(self, moved: Moved, next_turn: Turn | None) -> tuple[Prompt | None, Alerts]:
        """After moves: the turn's clock, how the next turn's players are told, and the prompt with its deadline."""
        deadline = await self.schedule.reschedule(moved.table, moved.to_act, moved.outcome is not None, moved.history)
        if moved.outcome is not None:
            alerts = await self.schedule.end_alerts(moved.table)
        else:
            alerts = await self.schedule.alerts(moved.table, next_turn)
        prompt = None if moved.outcome else self.load.prompt(moved.table, moved.state, moved.view)
        return (replace(prompt, deadline=deadline) if prompt is not None else None), alerts

    async def result(self, moved: Moved, news: TurnNews, label: str = "") -> MoveResult:
        """What committed moves changed, ready for one message: settled, drawn, with the standings."""
        # The board is drawn in a worker while the prompt's words are worked out here.
        drawing = asyncio.create_task(self.draw(moved.table, moved.board_view()))
        try:
            prompt, alerts = await self.settle(moved, news.next)
        except BaseException:
            drawing.cancel()
            raise
        standings = standings_from_view(moved.table, moved.view)
        closed = tuple(c for c in [await closer(moved.table) for closer in self._closers] if c is not None)
        return MoveResult(moved.table, moved.events, await drawing, prompt, moved.outcome, standings, news, label,
                          alerts, closed)

    # -- the cache, kept right here alone --------------------------------------------------------

    async def append_undo(self, table: Table, seat: int, payload: dict[str, Any], interaction_id: int | None) -> GameRow:
        """Append an undo entry to the log (it stays append-only); the cache replays the game when next asked."""
        row = await self.store.games.append_action(table.id, table.version + 1, seat, payload, interaction_id)
        self.memos.forget(table.id)
        return row

    async def abandon(self, game_id: int) -> None:
        """End a live game early (GameEnded if it ended already); the cache lets it go."""
        await self.store.games.set_status(game_id, Status.ABANDONED, only_live=True)
        self.memos.forget(game_id)

    def forget(self, game_id: int) -> None:
        """Drop the game from the cache: it is replayed from the log when next asked for."""
        self.memos.forget(game_id)
