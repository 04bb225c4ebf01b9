"""The store: one database (SQLite by default, or PostgreSQL) and its repositories, one for each concern."""

from __future__ import annotations

import asyncio
from contextlib import AbstractAsyncContextManager
from pathlib import Path

from engine.platform.records import StoreError
from engine.store.backend import BUSY_TIMEOUT_MS, SYNCHRONOUS, Backend, SqliteBackend
from engine.store.backup import BackupResult, backup_database
from engine.store.database import Database
from engine.store.dues import DueStore
from engine.store.games import GameStore
from engine.store.leagues import LeagueStore
from engine.store.migrations import MIGRATIONS
from engine.store.packs import PackStore
from engine.store.prefs import PrefStore
from engine.store.ratings import RatingStore
from engine.store.seats import SeatStore
from engine.store.votes import VoteStore
from engine.store.web import WebStore

__all__ = ["SYNCHRONOUS", "Store", "is_postgres_url"]


class Store:
    """One database's repositories, each a concern's rows, all sharing one Database (and so its transactions):

    `games` (games, their action logs, snapshots and posts), `seats` (the lobby and the seats in play), `dues`
    (the turn clock's due items), `votes` (kick and undo votes), `prefs` (players' preferences and vacations),
    `leagues`, `ratings`, `web` (the web pages' links and the games' watchers) and `packs` (servers' data packs). Every repository method is one unit of work; `transaction()` makes several one.
    """

    def __init__(self, backend: Backend) -> None:
        self.db = Database(backend)
        self.games = GameStore(self.db)
        self.seats = SeatStore(self.db, self.games)
        self.dues = DueStore(self.db)
        self.votes = VoteStore(self.db, self.dues)
        self.prefs = PrefStore(self.db)
        self.leagues = LeagueStore(self.db, self.games, self.seats, self.dues)
        self.ratings = RatingStore(self.db)
        self.web = WebStore(self.db)
        self.packs = PackStore(self.db)

    @classmethod
    async def open(cls, where: str | Path, *, read_only: bool = False) -> Store:
        """Open (creating and migrating as needed) the SQLite file at `where`, or PostgreSQL at a postgresql:// URL.

        `read_only`: for a process that only reads (the web pages): nothing is created or migrated, the database
        must exist at this code's schema, and any write fails.
        """
        if is_postgres_url(where):
            from engine.store.postgres import PostgresBackend  # asyncpg is only needed by those who use it

            return cls(await PostgresBackend.open(str(where), MIGRATIONS, read_only=read_only))
        if read_only:
            return cls(await SqliteBackend.open_read_only(where, len(MIGRATIONS)))
        return cls(await SqliteBackend.open(where, MIGRATIONS))

    @property
    def backend(self) -> str:
        """Which database holds the games: "sqlite" or "postgresql"."""
        return self.db.name

    def transaction(self, *, shared: bool = False) -> AbstractAsyncContextManager[None]:
        """One unit of work across repositories: the methods called inside commit together or not at all.

        `shared`: beside other shared ones on PostgreSQL, for work whose rows lock themselves (see Database)."""
        return self.db.transaction(shared=shared)

    async def schema_version(self) -> int:
        """The number of migrations this database has run."""
        return await self.db.backend.schema_version()

    async def close(self) -> None:
        await self.db.backend.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def backup(self, path: str | Path) -> BackupResult:
        """A consistent copy of this database at `path` (a file, or a directory for a dated file) while play goes on."""
        backend = self.db.backend
        if not isinstance(backend, SqliteBackend):
            raise StoreError("a PostgreSQL database is backed up by PostgreSQL's own tools (pg_dump), not by Contrail")
        # Ask SQLite for the file rather than keeping it: the copy runs on a read-only connection of its
        # own in a thread (engine/store/backup.py), so it takes neither the writer's lock nor its time.
        file = await backend.file()
        if not file:
            raise StoreError("an in-memory database has no file to back up")
        return await asyncio.to_thread(backup_database, file, path, busy_timeout=BUSY_TIMEOUT_MS / 1000)


def is_postgres_url(where: str | Path) -> bool:
    """Whether a database setting names PostgreSQL (a URL) rather than a SQLite file."""
    return isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))
