"""A turn's due times: when it begins, its deadline and reminders are set, and its players' pings held or sent."""

from __future__ import annotations

from collections.abc import Callable

from engine.platform.notify import Alerts, alerts_for, quiet_until
from engine.platform.turns import History, Turn
from engine.services.dues import turn_kinds
from engine.services.tables import Table
from engine.store import DueKind, DueRow, Store


class Schedule:
    """The due times that follow every commit; the turn clock does what comes due."""

    def __init__(self, store: Store, clock: Callable[[], float], on_change: Callable[[float | None], None]) -> None:
        self._store = store
        self._clock = clock
        self._on_change = on_change

    async def reschedule(self, table: Table, to_act: tuple[int, ...], over: bool, history: History) -> float | None:
        """Set the due times of the turn now being played (a new turn only); its deadline, if it has one."""
        movers = tuple(s for s in to_act if s not in table.automatic_seats)
        if over or not movers:
            await self._store.dues.set(table.id, 0, 0.0, {}, clear=turn_kinds())
            return None
        turn = history.turn_start(movers)
        current = await self._store.dues.of(table.id)
        if any(due.turn == turn for due in current.values() if due.kind in turn_kinds()):
            deadline = current.get(DueKind.DEADLINE)  # the same turn goes on: its clock keeps running
            return deadline.due_at if deadline else None
        now = self._clock()
        dues: dict[DueKind, float] = {}
        if table.row.turn_seconds:
            dues[DueKind.DEADLINE] = now + table.row.turn_seconds
        if table.row.reminder_seconds:
            dues[DueKind.REMINDER] = now + table.row.reminder_seconds
        await self._store.dues.set(table.id, turn, now, dues, clear=turn_kinds())
        self._on_change(min(dues.values(), default=None))
        return dues.get(DueKind.DEADLINE)

    async def alerts(self, table: Table, turn: Turn | None) -> Alerts:
        """How the people of a turn that begins now are told; a ping held through quiet hours is scheduled."""
        if turn is None:
            return Alerts()
        people = [table.at_seat(s).user_id for s in turn.movers if s not in table.automatic_seats]
        prefs = await self._store.prefs.of(people)
        now = self._clock()
        alerts = alerts_for([prefs[u] for u in people], now)
        if alerts.held:
            ends = min(quiet_until(prefs[u], now) or now for u in alerts.held)
            await self.add_due(DueRow(table.id, DueKind.HELD_PING, ends, turn.start, now))
        return alerts

    async def end_alerts(self, table: Table) -> Alerts:
        """Everyone who played is told the game ended, once, as they asked to be told of a turn (nobody with
        /notify off); a ping that falls in quiet hours is not sent later: the final message names them all."""
        people = [p.user_id for p in table.players if p.seat is not None and not p.ai]
        prefs = await self._store.prefs.of(people)
        alerts = alerts_for([prefs[u] for u in people], self._clock())
        return Alerts(alerts.thread, alerts.dm)

    async def add_due(self, due: DueRow) -> None:
        """A new due item (a vote's end, a held ping, a time put back); the scheduler wakes to look at it."""
        await self._store.dues.add(due)
        self._on_change(due.due_at)

    async def deadline(self, game_id: int) -> float | None:
        """When the autopilot plays the turn now being played; None without a clock."""
        due = (await self._store.dues.of(game_id)).get(DueKind.DEADLINE)
        return due.due_at if due else None
