"""The store's part for the turn clock and the seats: due times, seats on autopilot, replacements and their log."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from engine.platform.records import (
    AlreadySeated, DueKind, DueRow, GameEnded, KickVote, Notify, PlayerPrefs, SeatNotFound, Status, UndoVote,
)
from engine.store.backend import Conflict
from engine.store.part import StorePart

DUE_BATCH = 100  # dues claimed at once; the rest wait for the scheduler's next round
# How long a claim keeps a due item from the others. Doing one takes well under a second (a whole game played out
# at a league round's end, a few); a process that dies holding a claim delays its items by this much, once.
DUE_LEASE_SECONDS = 300.0


class ClockStore(StorePart):
    """The turn clock's rows: due times, autopilot seats, replacements, votes, vacations and preferences."""

    async def set_dues(self, game_id: int, turn: int, since: float, dues: dict[DueKind, float]) -> None:
        """Replace every due time of a game with these, for the turn that began at `turn` (none: nothing is due)."""
        async with self._transaction():
            # Votes and a league round's end run on their own clocks, not the turn's.
            await self._q("DELETE FROM dues WHERE game_id = ? AND kind NOT IN (?, ?, ?)",
                          (game_id, DueKind.KICK_VOTE.value, DueKind.UNDO_VOTE.value, DueKind.ROUND_END.value))
            for kind, due_at in dues.items():
                await self._q(
                    "INSERT INTO dues (game_id, kind, due_at, turn, since) VALUES (?, ?, ?, ?, ?)",
                    (game_id, DueKind(kind).value, due_at, turn, since),
                )

    async def add_due(self, due: DueRow) -> None:
        """Put back one due time (the next reminder), unless the game has moved on to other dues meanwhile.

        A row of that kind still there and claimed is the one being done now: the new time takes its place
        (unclaimed), so finishing the old claim leaves it be."""
        async with self._transaction():
            await self._q(
                "INSERT INTO dues (game_id, kind, due_at, turn, since) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, kind) DO UPDATE SET due_at = excluded.due_at, turn = excluded.turn,"
                " since = excluded.since, claimed_by = NULL, claimed_until = NULL"
                " WHERE dues.claimed_by IS NOT NULL",
                (due.game_id, due.kind.value, due.due_at, due.turn, due.since),
            )

    async def dues(self, game_id: int) -> dict[DueKind, DueRow]:
        rows = await self._read("SELECT game_id, kind, due_at, turn, since FROM dues WHERE game_id = ?", (game_id,))
        return {DueKind(r[1]): DueRow(r[0], DueKind(r[1]), r[2], r[3], r[4]) for r in rows}

    async def next_due(self) -> float | None:
        """The earliest time something may be taken: a due time not taken yet, or a claim that runs out.

        Two looks at an index each (a claim always ends after its item's due time)."""
        rows = await self._read(
            "SELECT MIN(t) FROM (SELECT MIN(due_at) AS t FROM dues WHERE claimed_until IS NULL"
            " UNION ALL SELECT MIN(claimed_until) AS t FROM dues WHERE claimed_until IS NOT NULL) AS soonest"
        )
        return rows[0][0] if rows else None

    async def claim_dues(self, now: float, lease: float = DUE_LEASE_SECONDS) -> list[DueRow]:
        """Take the dues that have come, oldest first, for `lease` seconds: each is handed to one caller only,
        even across processes, and stays taken until `finish_due` (or, if the taker dies, until the lease ends)."""
        claim = uuid.uuid4().hex
        # shared: on PostgreSQL, claims and moves run side by side; the row locks (skip_locked) keep two claims
        # from taking one row, and a row another claim just took no longer matches once its lock is let go.
        async with self._transaction(shared=True):
            rows = await self._q(
                "UPDATE dues SET claimed_by = ?, claimed_until = ? WHERE rowid IN (SELECT rowid FROM dues"
                " WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)"
                f" ORDER BY due_at LIMIT ?{self._skip_locked})"
                " RETURNING game_id, kind, due_at, turn, since",
                (claim, now + lease, now, now, DUE_BATCH),
            )
        return sorted((DueRow(r[0], DueKind(r[1]), r[2], r[3], r[4], claim) for r in rows), key=lambda d: d.due_at)

    async def finish_due(self, due: DueRow) -> None:
        """A claimed due is done: remove it, unless something has replaced it since (a new turn's dues)."""
        async with self._transaction(shared=True):
            await self._q("DELETE FROM dues WHERE game_id = ? AND kind = ? AND claimed_by = ?",
                          (due.game_id, due.kind.value, due.claim))

    async def holds(self, due: DueRow) -> bool:
        """Whether a claim still holds its due: False once something replaced it (a new turn, a new time)."""
        rows = await self._read("SELECT 1 FROM dues WHERE game_id = ? AND kind = ? AND claimed_by = ?",
                                (due.game_id, due.kind.value, due.claim))
        return bool(rows)

    async def retime_due(self, game_id: int, kind: DueKind, turn: int, due_at: float) -> None:
        """Move a turn's due of this kind (taken or not) to a new time, for anyone to take then."""
        async with self._transaction():
            await self._q("UPDATE dues SET due_at = ?, claimed_by = NULL, claimed_until = NULL"
                          " WHERE game_id = ? AND kind = ? AND turn = ?", (due_at, game_id, kind.value, turn))

    async def set_autopilot(self, game_id: int, user_id: int, on: bool) -> None:
        """Put a person's seat on autopilot, or give it back to them (which also forgets their missed deadlines)."""
        async with self._transaction():
            # `? = 1`, not a bare `?`: PostgreSQL types the parameter from the comparison, as an int like SQLite's.
            await self._q(
                "UPDATE seats SET autopilot = ?, missed = CASE WHEN ? = 1 THEN missed ELSE 0 END"
                " WHERE game_id = ? AND user_id = ?",
                (int(on), int(on), game_id, user_id),
            )

    async def count_missed(self, game_id: int, user_id: int, missed: bool) -> int:
        """One more deadline missed in a row (or the row broken by a move of their own); the new count."""
        async with self._transaction():
            rows = await self._q(
                "UPDATE seats SET missed = CASE WHEN ? = 1 THEN missed + 1 ELSE 0 END"
                " WHERE game_id = ? AND user_id = ? RETURNING missed",
                (int(missed), game_id, user_id),
            )
        return rows[0][0] if rows else 0


    async def replace_seat(self, game_id: int, old_user: int, new_user: int, new_name: str, version: int,
                           text: str, at: str) -> None:
        """Give a seat to another person, as it is, and log it; one transaction.

        Checked again here, as another bot process may have got there first: GameEnded once the game is over,
        SeatNotFound if `old_user` no longer has the seat, AlreadySeated if `new_user` has one already."""
        async with self._transaction():
            rows = await self._q("SELECT status FROM games WHERE id = ?", (game_id,))
            if rows and Status(rows[0][0]) in (Status.FINISHED, Status.ABANDONED):
                raise GameEnded(f"game {game_id} is {rows[0][0]}", Status(rows[0][0]))
            try:
                moved = await self._q(
                    "UPDATE seats SET user_id = ?, name = ?, ai = 0, autopilot = 0, missed = 0"
                    " WHERE game_id = ? AND user_id = ? RETURNING seat",
                    (new_user, new_name, game_id, old_user),
                )
            except Conflict as exc:
                raise AlreadySeated(f"user {new_user} already has a seat in game {game_id}") from exc
            if not moved:
                raise SeatNotFound(f"user {old_user} has no seat in game {game_id}")
            await self._q(
                "INSERT INTO seat_events (game_id, version, text, created_at) VALUES (?, ?, ?, ?)",
                (game_id, version, text, at),
            )

    async def add_seat_event(self, game_id: int, version: int, text: str, at: str) -> None:
        async with self._transaction():
            await self._q(
                "INSERT INTO seat_events (game_id, version, text, created_at) VALUES (?, ?, ?, ?)",
                (game_id, version, text, at),
            )

    async def seat_events(self, game_id: int) -> list[tuple[int, str]]:
        """(version, words) of what happened to the seats, in order."""
        rows = await self._read(
            "SELECT version, text FROM seat_events WHERE game_id = ? ORDER BY version, rowid", (game_id,)
        )
        return [(v, t) for v, t in rows]

    async def live_games_of(self, user_id: int) -> list[tuple[int, float | None]]:
        """(game id, when its current turn began if the clock knows) of every live game a person sits in."""
        rows = await self._read(
            "SELECT games.id, (SELECT MIN(since) FROM dues WHERE dues.game_id = games.id AND dues.kind != 'round_end')"
            " FROM games"
            " JOIN seats ON seats.game_id = games.id AND seats.user_id = ? AND seats.ai = 0"
            " WHERE games.status IN ('lobby', 'active') ORDER BY games.id",
            (user_id,),
        )
        return [(g, since) for g, since in rows]

    async def put_kick_vote(self, vote: KickVote) -> None:
        """Open or update a game's kick vote (one at a time per game)."""
        async with self._transaction():
            await self._q(
                "INSERT INTO kick_votes (game_id, target, voters, yes, no, expires_at) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET target = excluded.target, voters = excluded.voters,"
                " yes = excluded.yes, no = excluded.no, expires_at = excluded.expires_at",
                (vote.game_id, vote.target, _ids(vote.voters), _ids(vote.yes), _ids(vote.no), vote.expires_at),
            )

    async def kick_vote(self, game_id: int) -> KickVote | None:
        rows = await self._read(
            "SELECT game_id, target, voters, yes, no, expires_at FROM kick_votes WHERE game_id = ?", (game_id,)
        )
        if not rows:
            return None
        g, target, voters, yes, no, expires = rows[0]
        return KickVote(g, target, _parse(voters), _parse(yes), _parse(no), expires)

    async def end_kick_vote(self, game_id: int) -> None:
        async with self._transaction():
            await self._q("DELETE FROM kick_votes WHERE game_id = ?", (game_id,))
            await self._q("DELETE FROM dues WHERE game_id = ? AND kind = ?", (game_id, DueKind.KICK_VOTE.value))


    async def vacations(self, user_id: int, since: float) -> list[tuple[float, float]]:
        """(starts, ends) of a player's time away ending after `since`, oldest first."""
        rows = await self._read(
            "SELECT starts, ends FROM vacations WHERE user_id = ? AND ends > ? ORDER BY starts", (user_id, since)
        )
        return [(a, b) for a, b in rows]

    async def away_until(self, user_ids: Sequence[int], now: float) -> dict[int, float]:
        """Which of these players are away now, and until when."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        rows = await self._read(
            f"SELECT user_id, MAX(ends) FROM vacations WHERE user_id IN ({marks}) AND starts <= ? AND ends > ?"
            " GROUP BY user_id",
            (*user_ids, now, now),
        )
        return {u: e for u, e in rows}

    async def start_vacation(self, user_id: int, starts: float, ends: float) -> None:
        async with self._transaction():
            await self._q("INSERT INTO vacations (user_id, starts, ends) VALUES (?, ?, ?)", (user_id, starts, ends))

    async def end_vacation(self, user_id: int, now: float) -> bool:
        """Come back early: a time away going on now ends now; False if there was none."""
        async with self._transaction():
            rows = await self._q(
                "UPDATE vacations SET ends = ? WHERE user_id = ? AND starts <= ? AND ends > ? RETURNING user_id",
                (now, user_id, now, now),
            )
        return bool(rows)

    async def prefs(self, user_ids: Sequence[int]) -> dict[int, PlayerPrefs]:
        """Every one of these people's preferences (the defaults for those who set none)."""
        found = {u: PlayerPrefs(u) for u in user_ids}
        if not user_ids:
            return found
        marks = ", ".join("?" * len(user_ids))
        rows = await self._read(
            "SELECT user_id, notify, quiet_start, quiet_end, timezone, dm_refused FROM players"
            f" WHERE user_id IN ({marks})",
            tuple(user_ids),
        )
        for u, notify, start, end, zone, refused in rows:
            found[u] = PlayerPrefs(u, Notify(notify), start, end, zone, bool(refused))
        return found

    async def set_prefs(self, prefs: PlayerPrefs) -> None:
        async with self._transaction():
            await self._q(
                "INSERT INTO players (user_id, notify, quiet_start, quiet_end, timezone, dm_refused)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
                " quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,"
                " timezone = excluded.timezone, dm_refused = excluded.dm_refused",
                (prefs.user_id, prefs.notify.value, prefs.quiet_start, prefs.quiet_end, prefs.timezone,
                 int(prefs.dm_refused)),
            )

    async def put_undo_vote(self, vote: UndoVote) -> None:
        async with self._transaction():
            await self._q(
                "INSERT INTO undo_votes (game_id, requester, to_version, at_version, voters, yes, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET requester = excluded.requester,"
                " to_version = excluded.to_version, at_version = excluded.at_version, voters = excluded.voters,"
                " yes = excluded.yes, expires_at = excluded.expires_at",
                (vote.game_id, vote.requester, vote.to_version, vote.at_version, _ids(vote.voters), _ids(vote.yes),
                 vote.expires_at),
            )

    async def undo_vote(self, game_id: int) -> UndoVote | None:
        rows = await self._read(
            "SELECT game_id, requester, to_version, at_version, voters, yes, expires_at FROM undo_votes"
            " WHERE game_id = ?", (game_id,),
        )
        if not rows:
            return None
        g, requester, to_version, at_version, voters, yes, expires = rows[0]
        return UndoVote(g, requester, to_version, at_version, _parse(voters), _parse(yes), expires)

    async def end_undo_vote(self, game_id: int) -> None:
        async with self._transaction():
            await self._q("DELETE FROM undo_votes WHERE game_id = ?", (game_id,))
            await self._q("DELETE FROM dues WHERE game_id = ? AND kind = ?", (game_id, DueKind.UNDO_VOTE.value))


def _ids(users: tuple[int, ...]) -> str:
    return ",".join(str(u) for u in users)


def _parse(text: str) -> tuple[int, ...]:
    return tuple(int(u) for u in text.split(",") if u)
