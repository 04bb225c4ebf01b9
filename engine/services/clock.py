"""The turn clock: what comes due, each kind by the handler it declares; a turn's deadline, reminders and held pings."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import nullcontext
from dataclasses import replace
from typing import Any

from engine.core import GameError
from engine.platform.notify import alerts_for, quiet_until
from engine.platform.records import DueKind, DueRow, PostKind, Status
from engine.services.core import Moved, TableCore
from engine.services.dues import DUE_KINDS, ClockNews, DueSpec, DueWork, declare
from engine.services.tables import MoveResult, Reminder, Table
from engine.services.refusals import require_seat_in_play

MISSED_IN_A_ROW = 3  # deadlines a player may miss in a row before the autopilot keeps their seat

log = logging.getLogger("contrail.clock")


class TurnClock:
    """Runs the due items of every game, each by the handler its kind declares (engine/services/dues.py)."""

    def __init__(self, core: TableCore) -> None:
        self._core = core
        self._store = core.store
        self._features: tuple[object, ...] = (self, core)

    def serve(self, *features: object) -> None:
        """The services whose methods handle due items: each kind's handler runs on the one of its owner's type."""
        self._features = (self, self._core, *features)

    def _owner(self, spec: DueSpec[Any]) -> object:
        return next(f for f in self._features if isinstance(f, spec.owner))

    async def next_due(self) -> float | None:
        """When the scheduler must next wake (seconds since the epoch), or None when nothing is due."""
        return await self._store.dues.next()

    async def run_due(self) -> ClockNews:
        """Do everything that has come due: each due is claimed once, even with two bots on one database.

        A due is removed once done; if this process dies (or the work fails) first, its claim runs out and
        another round takes it again, where every move still goes through the game's version check."""
        news = ClockNews()
        now = self._core.clock()
        # At one time, a turn's held first ping goes before its reminder, which then counts from that ping; a
        # league's due items come after its games' (a round its games just finished opens the next).
        order = sorted(await self._store.dues.claim(now),
                       key=lambda d: (d.league_id is not None, d.due_at, d.kind != DueKind.HELD_PING))
        for due in order:
            whose = f"game {due.game_id}" if due.league_id is None else f"league {due.league_id}"
            async with self._core.hold(due.game_id) if due.game_id is not None else nullcontext():
                if not await self._store.dues.holds(due):
                    continue  # replaced while the batch ran: by a new turn, or given a new time
                try:
                    await self._do(due, now, news)
                except GameError as error:  # the game moved on under the due (a race lost, a seat changed): done
                    log.info("%s: the %s due found it moved on (%s)", whose, due.kind.value, error)
                except Exception:  # one game's failure must not hold up the others' clocks
                    log.exception("%s: the %s due failed; it is tried again when its claim runs out",
                                  whose, due.kind.value)
                    continue
                await self._store.dues.finish(due)
        return news

    async def _do(self, due: DueRow, now: float, news: ClockNews) -> None:
        """One due item, by its kind's declaration: a kind no longer declared is dropped undone."""
        spec = DUE_KINDS.get(due.kind)
        if spec is None:
            log.warning("no kind of due item is declared as %r; dropped", due.kind.value)
            return
        if due.game_id is None:
            await spec.handler(self._owner(spec), DueWork(due, None, now, news))
            return
        table = await self._core.load.table(due.game_id)
        if table.status is Status.ACTIVE or spec.after_end:
            await spec.handler(self._owner(spec), DueWork(due, table, now, news))

    async def _turn_due(self, table: Table, due: DueRow) -> Moved | None:
        """The table where a turn's due item still means something: that turn is still being played."""
        moved = await self._core.now(table)
        if not moved.to_act or moved.history.turn_start(moved.to_act) != due.turn:
            return None  # that turn is over: its due time means nothing now
        return moved

    async def _waits_for_return(self, table: Table, due: DueRow, movers: tuple[int, ...], now: float) -> bool:
        """A turn that came during time away gets its whole clock once its player is back."""
        away = await self._store.prefs.away_until([table.at_seat(s).user_id for s in movers], now)
        if away:
            interval = table.row.turn_seconds if due.kind == DueKind.DEADLINE else table.row.reminder_seconds
            await self._store.dues.add(replace(due, due_at=max(away.values()) + (interval or 0)))
        return bool(away)

    async def _reminder(self, work: DueWork) -> None:
        """Ping the players a turn waits on again (or for the first time, once their quiet hours end)."""
        table, due, now, news = work.game_table, work.due, work.now, work.news
        moved = await self._turn_due(table, due)
        if moved is None or await self._waits_for_return(table, due, moved.to_act, now):
            return
        prompt = self._core.load.prompt(table, moved.state)
        people = [table.at_seat(s).user_id for s in moved.to_act if s not in table.automatic_seats]
        prefs = await self._store.prefs.of(people)
        alerts = alerts_for([prefs[u] for u in people], now)
        if alerts.held and not (alerts.thread or alerts.dm):  # everyone is in quiet hours: when they end
            ends = min(quiet_until(prefs[u], now) or now for u in alerts.held)
            await self._store.dues.add(replace(due, due_at=ends))
            return
        if prompt is not None and (alerts.thread or alerts.dm):
            posts = await self._core.load.posts(table.id)
            prompt = replace(prompt, deadline=await self._core.schedule.deadline(table.id))
            first = due.kind == DueKind.HELD_PING
            news.reminders.append(Reminder(table, prompt, due.since, posts.get(PostKind.TURN), alerts, first))
            if first and table.row.reminder_seconds:  # one ping at a time: reminders count from this one
                await self._store.dues.retime(table.id, DueKind.REMINDER, due.turn, now + table.row.reminder_seconds)
        if due.kind == DueKind.REMINDER and table.row.reminder_seconds:
            # The next one counts from now: a reminder missed while the bot was down is sent once.
            await self._store.dues.add(replace(due, due_at=now + table.row.reminder_seconds))

    async def _deadline(self, work: DueWork) -> None:
        """A missed deadline: the autopilot plays the rest of the turn; a third miss in a row keeps the seat."""
        table, due, now, news = work.game_table, work.due, work.now, work.news
        start = await self._turn_due(table, due)
        if start is None or await self._waits_for_return(table, due, start.to_act, now):
            return
        movers = start.to_act
        moved = await self._core.play_automatic(start, turn=movers)
        if moved is start:  # the player's own move came first (from another process): no deadline was missed
            return
        for seat in movers:
            player = table.at_seat(seat)
            table = await self._core.seats.count_missed(table, player.user_id, True)
            if table.at_seat(seat).missed >= MISSED_IN_A_ROW:
                table = await self._core.seats.set_autopilot(table, player.user_id, True)
                news.notices.append((table, f"{player.name} missed {MISSED_IN_A_ROW} deadlines in a row: the autopilot "
                                            "plays their seat until they come back with /game return."))
        # The seats may have gone on autopilot: the board marks them, and the bot plays them from now on.
        seats_now = replace(moved, table=replace(moved.table, players=table.players), shown=None)
        moved = await self._core.play_automatic(seats_now)
        news.moves.append(await self._core.result(moved, await self._core.news(moved, movers)))

    async def automatic_now(self, game_id: int) -> MoveResult | None:
        """If the seats the bot plays owe moves now (a chain cut short, a seat just put on autopilot), make them."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            if table.status is not Status.ACTIVE:
                return None
            start = await self._core.now(table)
            if not any(s in table.automatic_seats for s in start.to_act):
                # Known now: the next start's query need not load this game again (it may have been unknown).
                await self._store.games.set_to_act(game_id, table.version, start.to_act)
                return None
            moved = await self._core.play_automatic(start)
            return await self._core.result(moved, await self._core.news(moved, start.to_act, fresh=True))

    async def play_owed(self) -> AsyncIterator[MoveResult]:
        """After a restart: games where the bot's seats owe a move (a chain was cut short) play on, once each,
        oldest move first; each result comes as soon as it is made, so its game is shown without waiting for
        the rest. Found a page at a time down an index: only those games are loaded."""
        played: set[int] = set()  # a game played moves to the end of the order: it is not played twice
        page = await self._store.games.owing_automatic_moves()
        while page:
            for row in page:
                if row.id in played:
                    continue
                played.add(row.id)
                try:
                    result = await self.automatic_now(row.id)
                except Exception:  # one bad game must not keep the others waiting; it is tried again next start
                    log.exception("game %s: could not play the moves it was owed", row.id)
                    continue
                if result is not None:
                    yield result
            page = await self._store.games.owing_automatic_moves(after=page[-1])

    async def return_to_seat(self, game_id: int, user_id: int) -> Table:
        """A player on autopilot takes their seat back: the next decision is theirs again."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            player = require_seat_in_play(table, user_id)
            if not player.autopilot:
                raise GameError("Your seat isn't on autopilot: it's yours already.")
            return await self._core.seats.set_autopilot(table, user_id, False)

    async def deadline(self, game_id: int) -> float | None:
        """When the autopilot plays the turn now being played; None without a clock."""
        return await self._core.schedule.deadline(game_id)


declare(DueSpec(DueKind.DEADLINE, TurnClock, TurnClock._deadline, "the autopilot plays a turn whose time is up",
                of_turn=True))
declare(DueSpec(DueKind.REMINDER, TurnClock, TurnClock._reminder, "a reminder to the player whose turn it is",
                of_turn=True))
declare(DueSpec(DueKind.HELD_PING, TurnClock, TurnClock._reminder,
                "a turn's first ping, held through quiet hours, is sent", of_turn=True))
