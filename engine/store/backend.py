"""The store's database backends: how one opens, migrates, runs a statement and holds a transaction (SQLite here)."""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import aiosqlite

from engine.platform.records import StoreError

# Long enough to ride out another process's commit, short enough that a stuck writer surfaces as an error.
BUSY_TIMEOUT_MS = 5000

# Durability: a move a player was told "counted" must survive a power cut or an OS crash, not only the bot's
# process dying. In WAL mode, synchronous=NORMAL syncs the log only at checkpoints, so the last commits before a
# machine goes down may vanish; FULL syncs the log at every commit, so a commit that returned is on the disk. It
# costs one fsync per move (see `bare_commit_ms` and `store_moves_per_s` in the benchmark, and the admin guide).
SYNCHRONOUS = "FULL"


PRIVATE = 0o600  # the database holds every page key and Discord id: its owner's alone, as a backup is
SIDE_FILES = ("-wal", "-shm", "-journal")


def keep_private(path: Path) -> None:
    """Create the database file readable by its owner only, and take the group's and others' access away from a
    file (and its side files) that an earlier version left open: SQLite gives the -wal and -shm it creates the
    main file's mode, so a private main file keeps them private too."""
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE))
    for each in (path, *(Path(f"{path}{side}") for side in SIDE_FILES)):
        with suppress(OSError):  # gone meanwhile, or another user's file: opening it says what is wrong, if anything
            mode = each.stat().st_mode & 0o777
            if mode & ~PRIVATE:
                each.chmod(mode & PRIVATE)


class Conflict(StoreError):
    """A statement broke a UNIQUE, PRIMARY KEY or foreign key rule: the same error whichever database said so."""


# A query parameter or key=value pair whose name speaks of a password (password, sslpassword, passfile, ...).
SECRET_PARAMETER = re.compile(r"(?i)((?:^|[?&;\s])[\w.-]*pass[\w.-]*\s*=\s*)('[^']*'|[^&#;\s]*)")


def redacted_url(url: str) -> str:
    """A database URL without its password, in every form a URL or DSN may carry one, for messages and logs.

    The user's password (`user:pw@`, an empty user `:pw@`, a password that holds an unescaped '@' or '/': all
    of the address up to its last '@' is the user's part) and any parameter named like a password (`?password=`,
    `&sslpassword=`, `password=… host=…`) become ***. A SQLite path comes back as it was."""
    scheme, sep, rest = url.partition("://")
    if sep:
        address = re.split(r"[?#]", rest, maxsplit=1)[0]
        user_info, at, _ = address.rpartition("@")
        if at and ":" in user_info:
            rest = user_info.split(":", 1)[0] + ":***" + rest[len(user_info):]
        url = scheme + sep + rest
    return SECRET_PARAMETER.sub(lambda m: m.group(1) + "***", url)


def schema_for_reading(where: str, current: int, known: int) -> StoreError | None:
    """Why a reader cannot use a database at schema `current` (this code knows `known`), or None."""
    if current > known:
        return newer_schema(where, current, known)
    if current < known:
        return StoreError(f"{where}: schema version {current} is older than this code's ({known});"
                          " start the bot once to migrate it, then the pages")
    return None


def newer_schema(where: str, current: int, known: int) -> StoreError:
    return StoreError(
        f"{where}: schema version {current} is newer than this code knows"
        f" ({known}); upgrade Contrail before opening it"
    )


class Backend:
    """What Store needs of a database: statements, reads, transactions, the schema, and closing."""

    name: str = ""
    # Appended to a SELECT that picks rows to take: rows another transaction holds are passed over, not waited on.
    # SQLite has one writer, so nothing is held by anyone else while its transaction runs.
    skip_locked: str = ""

    async def q(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:  # pragma: no cover
        raise NotImplementedError

    async def read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:  # pragma: no cover
        raise NotImplementedError

    async def q_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """One statement for each of many rows, inside the current transaction."""
        for params in rows:
            await self.q(sql, params)

    async def after_copy(self, tables: Sequence[str]) -> None:
        """Inside the transaction that copied rows in with their ids: whatever numbers new rows must catch up."""

    def transaction(self, *, shared: bool = False) -> AbstractAsyncContextManager[None]:  # pragma: no cover
        """BEGIN .. COMMIT, one writer at a time; `shared`: a move, which may run beside other moves (see Store)."""
        raise NotImplementedError

    async def schema_version(self) -> int:  # pragma: no cover
        raise NotImplementedError

    async def close(self) -> None:  # pragma: no cover
        raise NotImplementedError


class SqliteBackend(Backend):
    """One aiosqlite connection in WAL mode: the single writer of one file, BEGIN IMMEDIATE across processes."""

    name = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        # One connection is shared by every coroutine, so two transactions must never interleave
        # their statements; reads take the lock too, or they could see another's uncommitted rows.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, migrations: list[list[str]]) -> SqliteBackend:
        """Open (creating and migrating as needed) the database file at `path`."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        keep_private(path)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves; Python's implicit transactions would fight us.
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            mode = list(await db.execute_fetchall("PRAGMA journal_mode=WAL"))[0][0]
            if mode != "wal":
                raise StoreError(f"{path}: could not switch to WAL journal mode (got {mode!r})")
            await db.execute_fetchall(f"PRAGMA synchronous={SYNCHRONOUS}")
            await db.execute_fetchall("PRAGMA foreign_keys=ON")
            await db.execute_fetchall(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            backend = cls(db, path)
            await backend._migrate(migrations)
        except BaseException:
            await db.close()
            raise
        return backend

    @classmethod
    async def open_read_only(cls, path: str | Path, schema: int) -> SqliteBackend:
        """Open the existing database file at `path` for reading only; it must be at schema version `schema`."""
        path = Path(path)
        if not path.is_file():
            raise StoreError(f"No database yet at {path}: start the bot once to create it.")
        # mode=ro: SQLite itself refuses every write on this connection, whatever code asks for one.
        db = await aiosqlite.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
        try:
            await db.execute_fetchall(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            backend = cls(db, path)
            problem = schema_for_reading(str(path), await backend._user_version(), schema)
            if problem is not None:
                raise problem
        except BaseException:
            await db.close()
            raise
        return backend

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def _migrate(self, migrations: list[list[str]]) -> None:
        for number, statements in enumerate(migrations, start=1):
            # Re-read the version inside the write lock: another process may have migrated meanwhile.
            async with self.transaction():
                current = await self._user_version()
                if current > len(migrations):
                    raise newer_schema(str(self.path), current, len(migrations))
                if current >= number:
                    continue
                for statement in statements:
                    await self.q(statement)
                # PRAGMA takes no bound parameters; `number` is our own int.
                await self.q(f"PRAGMA user_version={number}")

    async def _user_version(self) -> int:
        return (await self.q("PRAGMA user_version"))[0][0]

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._user_version()

    @asynccontextmanager
    async def transaction(self, *, shared: bool = False) -> AsyncIterator[None]:
        """Hold the lock across BEGIN IMMEDIATE .. COMMIT; roll back on any exception, cancellation included."""
        # `shared` changes nothing here: SQLite has one writer at a time, whatever the transaction does.
        async with self._lock:
            # IMMEDIATE takes the write lock up front, so a concurrent process waits on busy_timeout
            # here instead of failing half-way when a read would have to upgrade to a write.
            await self.q("BEGIN IMMEDIATE")
            try:
                yield
                await self.q("COMMIT")
            except BaseException:
                # Always ask: a cancelled BEGIN may still be queued on aiosqlite's thread, and the
                # FIFO queue runs this ROLLBACK after it. "No transaction is active" is harmless.
                with suppress(sqlite3.OperationalError):
                    await self.q("ROLLBACK")
                raise

    async def q(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Run one statement to completion (so none is left in progress at COMMIT) and return its rows."""
        try:
            return list(await self._db.execute_fetchall(sql, params))
        except sqlite3.IntegrityError as exc:
            raise Conflict(str(exc)) from exc

    async def read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._lock:
            return await self.q(sql, params)

    async def file(self) -> str | None:
        """The database's file, as SQLite reports it (None in memory)."""
        files = {name: file for _, name, file in await self.read("PRAGMA database_list")}
        return files.get("main") or None
