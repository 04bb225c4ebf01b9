"""The store's due items, a game's or a league's: when each comes and who is doing it, never what it does."""

from __future__ import annotations

import uuid
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

from engine.platform.records import DueKind, DueRow
from engine.store.database import Database

DUE_BATCH = 100  # dues claimed at once; the rest wait for the scheduler's next round
# How long a claim keeps a due item from the others. Doing one takes well under a second (a whole game played out
# at a league round's end, a few); a process that dies holding a claim delays its items by this much, once.
DUE_LEASE_SECONDS = 300.0
_COLUMNS = "game_id, kind, due_at, turn, since, league_id"


def _due(row: Sequence[Any]) -> DueRow:
    return DueRow(row[0], DueKind(row[1]), row[2], row[3], row[4], league_id=row[5])


def _owner(due: DueRow) -> str:
    """The column that names whose due item it is: its game's, or its league's."""
    return "game_id" if due.league_id is None else "league_id"


def _conflict(due: DueRow) -> str:
    """The unique index a due item of its owner meets another of its kind by (the migration's partial indexes)."""
    return f"({_owner(due)}, kind) WHERE {_owner(due)} IS NOT NULL"


class DueStore:
    """The turn clock's due times, each claimed by one process at a time; every public method is one unit of work."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def set(self, game_id: int, turn: int, since: float, dues: dict[DueKind, float],
                  clear: Collection[DueKind] = ()) -> None:
        """These due times of a game, for the turn that began at `turn`, in place of its due items of their kinds
        and of the kinds in `clear` (the caller's: those that belong to a turn, as their declarations say); its
        other due items (a vote's end, a round's end) stay."""
        gone = {DueKind(k).value for k in (*clear, *dues)}
        async with self._db.transaction():
            if gone:
                marks = ", ".join("?" * len(gone))
                await self._db.q(f"DELETE FROM dues WHERE game_id = ? AND kind IN ({marks})", (game_id, *sorted(gone)))
            for kind, due_at in dues.items():
                await self._db.q(
                    "INSERT INTO dues (game_id, kind, due_at, turn, since) VALUES (?, ?, ?, ?, ?)",
                    (game_id, DueKind(kind).value, due_at, turn, since),
                )

    async def add(self, due: DueRow) -> None:
        """Put back one due time (the next reminder), unless the game has moved on to other dues meanwhile.

        A row of that kind still there and claimed is the one being done now: the new time takes its place
        (unclaimed), so finishing the old claim leaves it be."""
        await self._upsert(due, "due_at = excluded.due_at, turn = excluded.turn, since = excluded.since,"
                                " claimed_by = NULL, claimed_until = NULL WHERE dues.claimed_by IS NOT NULL")

    async def soon(self, due: DueRow) -> None:
        """A due item by this time at the latest: an earlier one waiting stays, a later one moves to this time, and
        one being done now is replaced (its work may have looked before what calls for this one)."""
        await self._upsert(due, "due_at = CASE WHEN dues.claimed_by IS NULL AND dues.due_at < excluded.due_at"
                                " THEN dues.due_at ELSE excluded.due_at END, claimed_by = NULL, claimed_until = NULL")

    async def _upsert(self, due: DueRow, update: str) -> None:
        """Write a due row; where its game's or league's row of that kind exists, `update` it instead."""
        async with self._db.transaction():
            await self._db.q(
                "INSERT INTO dues (game_id, league_id, kind, due_at, turn, since) VALUES (?, ?, ?, ?, ?, ?)"
                f" ON CONFLICT {_conflict(due)} DO UPDATE SET {update}",
                (due.game_id, due.league_id, due.kind.value, due.due_at, due.turn, due.since),
            )

    async def drop(self, game_id: int, kind: DueKind) -> None:
        """Forget a game's due time of one kind, taken or not (a vote that ended before it ran out)."""
        async with self._db.transaction():
            await self._db.q("DELETE FROM dues WHERE game_id = ? AND kind = ?", (game_id, DueKind(kind).value))

    async def of(self, game_id: int) -> dict[DueKind, DueRow]:
        """A game's due times, by kind."""
        rows = await self._db.read(f"SELECT {_COLUMNS} FROM dues WHERE game_id = ?", (game_id,))
        return {row.kind: row for row in map(_due, rows)}

    async def of_league(self, league_id: int) -> dict[DueKind, DueRow]:
        """A league's own due times (not its games'), by kind."""
        rows = await self._db.read(f"SELECT {_COLUMNS} FROM dues WHERE league_id = ?", (league_id,))
        return {row.kind: row for row in map(_due, rows)}

    async def next(self) -> float | None:
        """The earliest time something may be taken: a due time not taken yet, or a claim that runs out.

        Two looks at an index each (a claim always ends after its item's due time)."""
        rows = await self._db.read(
            "SELECT MIN(t) FROM (SELECT MIN(due_at) AS t FROM dues WHERE claimed_until IS NULL"
            " UNION ALL SELECT MIN(claimed_until) AS t FROM dues WHERE claimed_until IS NOT NULL) AS soonest"
        )
        return rows[0][0] if rows else None

    async def claim(self, now: float, lease: float = DUE_LEASE_SECONDS) -> list[DueRow]:
        """Take the dues that have come, oldest first, for `lease` seconds: each is handed to one caller only,
        even across processes, and stays taken until `finish` (or, if the taker dies, until the lease ends)."""
        claim = uuid.uuid4().hex
        # shared: on PostgreSQL, claims and moves run side by side; the row locks (skip_locked) keep two claims
        # from taking one row, and a row another claim just took no longer matches once its lock is let go.
        async with self._db.transaction(shared=True):
            rows = await self._db.q(
                "UPDATE dues SET claimed_by = ?, claimed_until = ? WHERE rowid IN (SELECT rowid FROM dues"
                " WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)"
                f" ORDER BY due_at LIMIT ?{self._db.skip_locked})"
                f" RETURNING {_COLUMNS}",
                (claim, now + lease, now, now, DUE_BATCH),
            )
        return sorted((replace(_due(r), claim=claim) for r in rows), key=lambda d: d.due_at)

    async def finish(self, due: DueRow) -> None:
        """A claimed due is done: remove it, unless something has replaced it since (a new turn's dues)."""
        async with self._db.transaction(shared=True):
            await self._db.q(f"DELETE FROM dues WHERE {_owner(due)} = ? AND kind = ? AND claimed_by = ?",
                             (due.game_id if due.league_id is None else due.league_id, due.kind.value, due.claim))

    async def holds(self, due: DueRow) -> bool:
        """Whether a claim still holds its due: False once something replaced it (a new turn, a new time)."""
        rows = await self._db.read(f"SELECT 1 FROM dues WHERE {_owner(due)} = ? AND kind = ? AND claimed_by = ?",
                                   (due.game_id if due.league_id is None else due.league_id, due.kind.value,
                                    due.claim))
        return bool(rows)

    async def retime(self, game_id: int, kind: DueKind, turn: int, due_at: float) -> None:
        """Move a turn's due of this kind (taken or not) to a new time, for anyone to take then."""
        async with self._db.transaction():
            await self._db.q("UPDATE dues SET due_at = ?, claimed_by = NULL, claimed_until = NULL"
                             " WHERE game_id = ? AND kind = ? AND turn = ?", (due_at, game_id, kind.value, turn))
