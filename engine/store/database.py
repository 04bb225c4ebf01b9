"""The one handle every repository of a Store holds: statements, reads and units of work over one backend."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from engine.platform.records import StoreError
from engine.store.backend import Backend


Clock = Callable[[], float]  # seconds since the epoch


def stamp(seconds: float) -> str:
    """A time as the store keeps it in its rows (ISO 8601, UTC)."""
    return datetime.fromtimestamp(seconds, UTC).isoformat()


@dataclass
class _Open:
    """A unit of work some task holds open on one Database: who holds it, how, and how deep it is nested."""

    database: Database
    task: asyncio.Task[Any] | None
    shared: bool
    depth: int = 0


# The units of work open in this context. A task's own, not a task it spawned: a child task sees its parent's
# context copied, yet is no part of the parent's transaction (it holds neither the SQLite lock nor the connection).
_open: ContextVar[tuple[_Open, ...]] = ContextVar("contrail_store_units", default=())


class NestingRefused(StoreError):
    """A unit of work that must run alone was asked for inside one that runs beside others (shared)."""


class Database:
    """Statements and units of work on one backend, shared by the repositories of one Store.

    `transaction()` opens a unit of work; called again while the same task holds one open on this database, it
    joins it, as a savepoint: several repositories' methods then commit together or not at all, and each one
    that fails is rolled back alone, as if it had never run, whether its caller lets the error go on or not.
    """

    def __init__(self, backend: Backend, clock: Clock = time.time) -> None:
        self.backend = backend
        self.clock = clock  # the one clock of the store, its services and the scheduler (Services hands it in)

    def now_text(self) -> str:
        """The time a row is written at, on the store's clock, as the store keeps it (ISO 8601, UTC)."""
        return stamp(self.clock())

    @property
    def name(self) -> str:
        """Which database: "sqlite" or "postgresql"."""
        return self.backend.name

    @property
    def skip_locked(self) -> str:
        """Appended to a SELECT that picks rows to take: rows another transaction holds are passed over."""
        return self.backend.skip_locked

    @property
    def in_transaction(self) -> bool:
        """Whether the current task holds a unit of work open on this database."""
        return self._current() is not None

    def _current(self) -> _Open | None:
        task = asyncio.current_task()
        return next((u for u in reversed(_open.get()) if u.database is self and u.task is task), None)

    @asynccontextmanager
    async def transaction(self, *, shared: bool = False) -> AsyncIterator[None]:
        """One unit of work: everything inside commits together or not at all, one writer at a time.

        `shared`: beside other shared ones on PostgreSQL, for work whose rows lock themselves (a move, a claim).
        Inside an open unit of this task, a savepoint in it instead; NestingRefused for an exclusive one inside
        a shared one, which could not keep other writers out.
        """
        unit = self._current()
        if unit is not None:
            if unit.shared and not shared:
                raise NestingRefused("a unit of work that runs alone cannot join one that runs beside others")
            async with self._savepoint(unit):
                yield
            return
        async with self.backend.transaction(shared=shared):
            token = _open.set((*_open.get(), _Open(self, asyncio.current_task(), shared)))
            try:
                yield
            finally:
                _open.reset(token)

    @asynccontextmanager
    async def _savepoint(self, unit: _Open) -> AsyncIterator[None]:
        # The same words on SQLite and PostgreSQL. A failed statement leaves a PostgreSQL transaction unusable
        # until it rolls back to a savepoint; on both, ROLLBACK TO keeps the savepoint, so RELEASE follows it.
        unit.depth += 1
        name = f"contrail_unit_{unit.depth}"
        try:
            await self.backend.q(f"SAVEPOINT {name}")
            try:
                yield
            except BaseException:
                await self.backend.q(f"ROLLBACK TO SAVEPOINT {name}")
                await self.backend.q(f"RELEASE SAVEPOINT {name}")
                raise
            await self.backend.q(f"RELEASE SAVEPOINT {name}")
        finally:
            unit.depth -= 1

    async def q(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Run one statement (inside the current unit of work, if any) and return its rows."""
        return await self.backend.q(sql, params)

    async def read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """A read: inside this task's unit of work it sees that unit's rows; outside, only committed ones."""
        if self.in_transaction:
            # SQLite's read takes the connection's lock, which this task already holds for its transaction.
            return await self.backend.q(sql, params)
        return await self.backend.read(sql, params)

    async def q_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """One statement for each of many rows, inside the current unit of work."""
        await self.backend.q_many(sql, rows)
