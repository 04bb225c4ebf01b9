"""The turn clock: deadlines the autopilot plays at, reminders, and seats on autopilot until their player returns."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import engine
from engine.core import GameError
from engine.platform.records import DueKind, DueRow, PostKind, Status
from engine.services.tables import MoveResult, Prompt, Reminder, Table, require_seat_in_play, standings_from_view
from engine.platform.notify import Alerts, alerts_for, quiet_until
from engine.platform.turns import Turn, turn_news

if TYPE_CHECKING:
    from engine.services.service import Moved, TableService

MISSED_IN_A_ROW = 3  # deadlines a player may miss in a row before the autopilot keeps their seat
DAY = 86400.0
VACATION_DAYS, VACATION_WINDOW = 14, 30  # at most 14 days away in any 30
AUTOPILOT = "autopilot"  # how the log marks a move the bot made for a person

log = logging.getLogger("contrail.clock")


@dataclass(frozen=True)
class ClockNews:
    """What came due: moves the autopilot made, reminders to send, and words for the table."""

    moves: list[MoveResult]
    reminders: list[Reminder]
    notices: list[tuple[Table, str]]  # (table, sentence) such as a seat going on autopilot


class TurnClock:
    """Mixed into TableService: schedules each turn's due times and does what comes due."""

    async def _reschedule(self: TableService, moved: Moved) -> float | None:
        """Set the due times of the turn now being played (a new turn only); its deadline, if it has one."""
        table, game_id = moved.table, moved.table.id
        movers = tuple(s for s in moved.to_act if s not in table.automatic_seats)
        if moved.outcome is not None or not movers:
            await self._store.dues.set(game_id, 0, 0.0, {})
            return None
        turn = moved.history.turn_start(movers)
        current = await self._store.dues.of(game_id)
        turn_dues = [due for due in current.values() if due.kind in (DueKind.DEADLINE, DueKind.REMINDER, DueKind.HELD_PING)]
        if any(due.turn == turn for due in turn_dues):  # the same turn goes on: its clock keeps running
            deadline = current.get(DueKind.DEADLINE)
            return deadline.due_at if deadline else None
        now = self._clock()
        dues: dict[DueKind, float] = {}
        if table.game.turn_seconds:
            dues[DueKind.DEADLINE] = now + table.game.turn_seconds
        if table.game.reminder_seconds:
            dues[DueKind.REMINDER] = now + table.game.reminder_seconds
        await self._store.dues.set(game_id, turn, now, dues)
        self._on_change()
        return dues.get(DueKind.DEADLINE)

    async def _alerts(self: TableService, table: Table, turn: Turn | None) -> Alerts:
        """How the people of a turn that begins now are told; a ping held through quiet hours is scheduled."""
        if turn is None:
            return Alerts()
        people = [table.at_seat(s).user_id for s in turn.movers if s not in table.automatic_seats]
        prefs = await self._store.prefs.of(people)
        now = self._clock()
        alerts = alerts_for([prefs[u] for u in people], now)
        if alerts.held:
            ends = min(quiet_until(prefs[u], now) or now for u in alerts.held)
            await self._store.dues.add(DueRow(table.id, DueKind.HELD_PING, ends, turn.start, now))
            self._on_change()
        return alerts

    async def next_due(self: TableService) -> float | None:
        """When the scheduler must next wake (seconds since the epoch), or None when nothing is due."""
        return await self._store.dues.next()

    async def run_due(self: TableService) -> ClockNews:
        """Do everything that has come due: each due is claimed once, even with two bots on one database.

        A due is removed once done; if this process dies (or the work fails) first, its claim runs out and
        another round takes it again, where every move still goes through the game's version check."""
        news = ClockNews([], [], [])
        now = self._clock()
        # At one time, a turn's held first ping goes before its reminder, which then counts from that ping.
        for due in sorted(await self._store.dues.claim(now), key=lambda d: (d.due_at, d.kind is not DueKind.HELD_PING)):
            async with self._locks.hold(due.game_id):
                if not await self._store.dues.holds(due):
                    continue  # replaced while the batch ran: by a new turn, or given a new time
                try:
                    await self._run_one(due, now, news)
                except Exception:  # one game's failure must not hold up the others' clocks
                    log.exception("game %s: the %s due failed; it is tried again when its claim runs out",
                                  due.game_id, due.kind.value)
                    continue
                await self._store.dues.finish(due)
        return news

    async def _run_one(self: TableService, due: DueRow, now: float, news: ClockNews) -> None:
        table = await self.table(due.game_id)
        if due.kind is DueKind.ROUND_END:  # a league round's deadline: the whole game is played out
            await self._round_end(table, due, news)
            return
        if table.status is not Status.ACTIVE:
            return
        if due.kind is DueKind.UNDO_VOTE:
            request = await self._store.votes.undo_vote(table.id)
            if request is not None and request.expires_at <= now:
                await self._store.votes.end_undo_vote(table.id)
                news.notices.append((table, "A day passed without every player agreeing: nothing is taken back."))
            return
        if due.kind is DueKind.KICK_VOTE:
            vote = await self._store.votes.kick_vote(table.id)
            if vote is not None and vote.expires_at <= now:
                await self._store.votes.end_kick_vote(table.id)
                news.notices.append((table, f"The vote on {table.player(vote.target).name}'s seat ran out "  # type: ignore[union-attr]
                                            "without a majority: nothing changes."))
            return
        state = await self._state(table)
        history = await self._history(table, state)
        game = engine.get_game(table.slug)
        movers = tuple(game.to_act(state))
        if not movers or history.turn_start(movers) != due.turn:
            return  # that turn is over: its due time means nothing now
        away = await self._store.prefs.away_until([table.at_seat(s).user_id for s in movers], now)
        if away:  # a turn that came during time away gets its whole clock once its player is back
            interval = table.game.turn_seconds if due.kind is DueKind.DEADLINE else table.game.reminder_seconds
            await self._store.dues.add(replace(due, due_at=max(away.values()) + (interval or 0)))
            return
        if due.kind in (DueKind.REMINDER, DueKind.HELD_PING):
            prompt = self._prompt(table, state)
            people = [table.at_seat(s).user_id for s in movers if s not in table.automatic_seats]
            prefs = await self._store.prefs.of(people)
            alerts = alerts_for([prefs[u] for u in people], now)
            if alerts.held and not (alerts.thread or alerts.dm):  # everyone is in quiet hours: when they end
                ends = min(quiet_until(prefs[u], now) or now for u in alerts.held)
                await self._store.dues.add(replace(due, due_at=ends))
                return
            if prompt is not None and (alerts.thread or alerts.dm):
                posts = await self._posts(table.id)
                prompt = replace(prompt, deadline=await self.deadline(table.id))
                first = due.kind is DueKind.HELD_PING
                news.reminders.append(Reminder(table, prompt, due.since, posts.get(PostKind.TURN), alerts, first))
                if first and table.game.reminder_seconds:  # one ping at a time: reminders count from this one
                    await self._store.dues.retime(table.id, DueKind.REMINDER, due.turn,
                                                 now + table.game.reminder_seconds)
            if due.kind is DueKind.REMINDER and table.game.reminder_seconds:
                # The next one counts from now: a reminder missed while the bot was down is sent once.
                await self._store.dues.add(replace(due, due_at=now + table.game.reminder_seconds))
            return
        from engine.services.service import Moved  # the service imports this module: import its value type late

        moved = Moved(table, state, None, self._public_view(table, state), [], history, movers)
        while moved.to_act == movers and moved.outcome is None:  # the autopilot plays the rest of the turn
            seat = movers[0]
            action = await self._ai_choice(moved.table, moved.state, seat)
            moved = await self._commit(moved.table, moved.state, moved.history, seat, action, None, by=AUTOPILOT)
        for seat in movers:
            player = table.at_seat(seat)
            self._forget_history(table.id)  # the seats' counts change under the cached table
            if await self._store.seats.count_missed(table.id, player.user_id, True) >= MISSED_IN_A_ROW:
                await self._store.seats.set_autopilot(table.id, player.user_id, True)
                news.notices.append((table, f"{player.name} missed {MISSED_IN_A_ROW} deadlines in a row: the autopilot "
                                            "plays their seat until they come back with /game return."))
        seated = await self.table(table.id)  # the seats may have gone on autopilot
        moved = await self._play_automatic(replace(moved, table=replace(moved.table, players=seated.players)))
        await self._finish_automatic(table, movers, moved, news)

    async def _finish_automatic(self: TableService, table: Table, movers: tuple[int, ...], moved: Moved,
                                news: ClockNews, *, fresh: bool = False) -> None:
        """The result of moves the bot made on its own; `fresh`: they began no person's turn, so none is closed."""
        posts = await self._posts(table.id)
        automatic = moved.table.automatic_seats
        turn = turn_news(moved.history, movers, moved.to_act, posts.get(PostKind.TURN), automatic)
        if fresh:
            turn = replace(turn, continues=False, post=None,
                           next=moved.history.turn(moved.to_act, automatic) if moved.to_act else None)
        prompt, alerts = await self._settle(moved, turn.next)
        standings = standings_from_view(moved.table, moved.view)
        image = await self._draw(moved.table, moved.view)
        news.moves.append(MoveResult(moved.table, moved.events, image, prompt, moved.outcome, standings, turn, "",
                                     alerts))

    async def _settle(self: TableService, moved: Moved, next_turn: Turn | None) -> tuple[Prompt | None, Alerts]:
        """After moves: the turn's clock, how the next turn's players are told, and the prompt with its deadline."""
        deadline = await self._reschedule(moved)
        alerts = await self._alerts(moved.table, next_turn)
        prompt = None if moved.outcome else self._prompt(moved.table, moved.state, moved.view)
        return (replace(prompt, deadline=deadline) if prompt is not None else None), alerts

    async def automatic_now(self: TableService, game_id: int) -> MoveResult | None:
        """If the seats the bot plays owe moves now (a chain cut short, a seat just put on autopilot), make them."""
        from engine.services.service import Moved

        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            if table.status is not Status.ACTIVE:
                return None
            state = await self._state(table)
            movers = tuple(engine.get_game(table.slug).to_act(state))
            if not any(s in table.automatic_seats for s in movers):
                return None
            history = await self._history(table, state)
            start = Moved(table, state, None, self._public_view(table, state), [], history, movers)
            moved = await self._play_automatic(start)
            news = ClockNews([], [], [])
            await self._finish_automatic(table, movers, moved, news, fresh=True)
        return news.moves[0]

    async def return_to_seat(self: TableService, game_id: int, user_id: int) -> Table:
        """A player on autopilot takes their seat back: the next decision is theirs again."""
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            player = require_seat_in_play(table, user_id)
            if not player.autopilot:
                raise GameError("Your seat isn't on autopilot: it's yours already.")
            await self._store.seats.set_autopilot(game_id, user_id, False)
            self._forget_history(game_id)
            return await self.table(game_id)

    async def go_away(self: TableService, user_id: int, days: int) -> float:
        """Time away from every game: deadlines and reminders wait; at most 14 days in any 30. Returns the end."""
        now = self._clock()
        if not 1 <= days <= VACATION_DAYS:
            raise GameError(f"A vacation lasts 1 to {VACATION_DAYS} days.")
        if await self._store.prefs.away_until([user_id], now):
            raise GameError("You're away already: /vacation end comes back first.")
        ends = now + days * DAY
        taken = sum(min(b, ends) - max(a, ends - VACATION_WINDOW * DAY)
                    for a, b in await self._store.prefs.vacations(user_id, ends - VACATION_WINDOW * DAY))
        left = VACATION_DAYS * DAY - taken
        if days * DAY > left:
            raise GameError(f"That's more than {VACATION_DAYS} days away in {VACATION_WINDOW}: "
                            f"{int(left // DAY)} days are left.")
        # Nothing to move now: a deadline or reminder that comes while they are away waits for their return.
        await self._store.prefs.start_vacation(user_id, now, ends)
        return ends

    async def come_back(self: TableService, user_id: int) -> None:
        if not await self._store.prefs.end_vacation(user_id, self._clock()):
            raise GameError("You're not away.")

    async def away(self: TableService, user_ids: list[int]) -> dict[int, float]:
        """Who of these players is away now, and until when."""
        return await self._store.prefs.away_until(user_ids, self._clock())

    async def deadline(self: TableService, game_id: int) -> float | None:
        due = (await self._store.dues.of(game_id)).get(DueKind.DEADLINE)
        return due.due_at if due else None


def autopilot_events(name: str, events: list[str]) -> list[str]:
    """A move the bot made for a person says so: the log and the turn's message read 'Autopilot for ann: ...'."""
    return [f"Autopilot for {name}: {events[0]}", *events[1:]] if events else [f"Autopilot for {name}."]


def by_of(payload: dict[str, Any]) -> str | None:
    """Who made a logged move for its seat, when it was not the seat's own player."""
    by = payload.get("by")
    return by if isinstance(by, str) else None
