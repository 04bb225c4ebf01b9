"""A read-only look at a database for `python bot.py --check`: backend, version, games by status, the next due item."""

# The check never creates, migrates or writes a database: it opens SQLite read-only and PostgreSQL in read-only
# transactions, so a health check run every few seconds beside the bot changes nothing and takes no writer's lock.

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import asyncpg

from engine.store.migrations import MIGRATIONS
from engine.platform.records import DueKind, Status, StoreError
from engine.store.backend import redacted_url as redacted

# How long the check waits for a lock held by the running bot before it calls the database unreachable.
CHECK_BUSY_TIMEOUT_S = 5.0

# The schema version whose migration added claims on due items (a process doing one holds it for a while).
DUE_CLAIMS_SCHEMA = 9


class Unreachable(StoreError):
    """The database cannot be reached or opened; the message is the one line the admin reads."""


class NoDatabaseYet(Unreachable):
    """Nothing at the setting yet: the bot has not started with a token Discord accepts (or the setting is wrong)."""


# The bot creates its database in setup_hook, which discord.py runs only once Discord has accepted the token.
FIRST_START = "the bot creates it when it first starts with a token Discord accepts"


def no_database_yet(path: Path) -> str:
    """The one line every admin task says when the SQLite file is not there."""
    return (f"No database yet at {path}: {FIRST_START}"
            " (or check DATABASE_PATH, and run this from the bot's folder).")


@dataclass(frozen=True)
class NextDue:
    game_id: int | None  # None: a league's due item
    kind: DueKind
    due_at: float  # seconds since the epoch
    taken_until: float | None = None  # a bot process is doing it, and holds it until then

    @property
    def whose(self) -> str:
        return "a league" if self.game_id is None else f"game {self.game_id}"

    def describe(self, now: float, tells: Mapping[DueKind, str]) -> str:
        """'game 12: a reminder ... at 2026-12-01T05:00:00+00:00 (in 3 minutes)', and who holds it, if anyone;
        `tells`: what each kind does, as the kinds declare it (engine/services/dues.py)."""
        text = (f"{self.whose}: {tells.get(self.kind, self.kind.value)}"
                f" at {_iso(self.due_at)} ({relative(self.due_at - now)})")
        if self.taken_until is not None and self.taken_until > now:
            # A process that died holding it is not told apart from one at work: either way it comes back then.
            text += f"; a bot process is doing it, holding it until {_iso(self.taken_until)}"
        return text


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Health:
    """What --check reports about one database."""

    backend: str  # "SQLite 3.45.1" or "PostgreSQL 16.2"
    location: str  # the file, or the server without its password
    schema: int  # the migrations applied
    games: dict[Status, int] = field(default_factory=dict)
    next_due: NextDue | None = None

    @property
    def schema_known(self) -> int:
        return len(MIGRATIONS)

    def lines(self, now: float, tells: Mapping[DueKind, str]) -> list[str]:
        schema = f"schema {self.schema} of {self.schema_known}"
        if self.schema < self.schema_known:
            schema += " (the bot migrates it when it starts)"
        counts = ", ".join(f"{self.games.get(status, 0)} {status.value}" for status in Status)
        total = sum(self.games.values())
        due = self.next_due.describe(now, tells) if self.next_due else "nothing is due"
        return [
            f"Database: {self.backend} at {self.location}, {schema}.",
            f"Games: {total} ({counts}).",
            f"Next due: {due}.",
        ]


def relative(seconds: float) -> str:
    """'in 3 minutes', '2 hours ago': rounded down to the largest whole unit."""
    span = abs(seconds)
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second")):
        if span >= size or size == 1:
            count = int(span // size)
            words = f"{count} {unit}{'' if count == 1 else 's'}"
            return f"in {words}" if seconds >= 0 else f"{words} ago"
    raise AssertionError("unreachable")  # the last unit always matches


def check_sqlite(path: Path) -> Health:
    """Read the SQLite database at `path` without writing to it; Unreachable names what is wrong."""
    if not path.exists():
        raise NoDatabaseYet(no_database_yet(path))
    if not path.is_file():
        raise Unreachable(f"{path} is not a file: check DATABASE_PATH.")
    try:
        # mode=ro: never create, migrate or write; as_uri() escapes characters such as '?' and '#' in the path.
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=CHECK_BUSY_TIMEOUT_S)
        with closing(connection):
            schema = int(connection.execute("PRAGMA user_version").fetchone()[0])
            if schema > len(MIGRATIONS):
                raise Unreachable(f"{path} has schema version {schema}, newer than this code knows"
                                  f" ({len(MIGRATIONS)}): upgrade Contrail before using it.")
            if schema == 0:
                raise Unreachable(f"{path} is not a Contrail database (it has no schema).")
            games = {Status(s): n for s, n in connection.execute("SELECT status, COUNT(*) FROM games GROUP BY status")}
            row = None
            # An old file from before the turn clock has no dues table yet: nothing is due in it.
            if connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'dues'").fetchone():
                row = connection.execute(_first_due(schema)).fetchone()
    except sqlite3.Error as exc:  # unreadable, locked past the timeout, damaged, or not SQLite at all
        raise Unreachable(f"Could not read the database at {path}: {exc}.") from None
    next_due = NextDue(row[0], DueKind(row[1]), row[2], row[3]) if row else None
    return Health(f"SQLite {sqlite3.sqlite_version}", str(path), schema, games, next_due)


def _first_due(schema: int) -> str:
    """The earliest due item, with its claim where the schema has claims (the check never migrates)."""
    claimed = "claimed_until" if schema >= DUE_CLAIMS_SCHEMA else "NULL"
    return f"SELECT game_id, kind, due_at, {claimed} FROM dues ORDER BY due_at LIMIT 1"


async def check_postgres(url: str, *, timeout: float = CHECK_BUSY_TIMEOUT_S) -> Health:
    """Read the PostgreSQL database at `url` in read-only transactions; Unreachable names what is wrong."""
    where = redacted(url)
    try:
        connection = await asyncpg.connect(
            url, timeout=timeout, server_settings={"default_transaction_read_only": "on"}
        )
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise Unreachable(f"Could not reach PostgreSQL at {where}: {exc or type(exc).__name__}.") from None
    try:
        server = await connection.fetchval("SHOW server_version")
        if await connection.fetchval("SELECT to_regclass('schema_version')") is None:
            raise NoDatabaseYet(f"No Contrail tables yet in PostgreSQL at {where}: the bot creates them when it"
                                " first starts with a token Discord accepts (or check DATABASE_URL).")
        schema = int(await connection.fetchval("SELECT version FROM schema_version") or 0)
        if schema > len(MIGRATIONS):
            raise Unreachable(f"PostgreSQL at {where} has schema version {schema}, newer than this code knows"
                              f" ({len(MIGRATIONS)}): upgrade Contrail before using it.")
        games = {Status(r[0]): r[1] for r in await connection.fetch("SELECT status, COUNT(*) FROM games GROUP BY status")}
        row = None
        if await connection.fetchval("SELECT to_regclass('dues')") is not None:
            row = await connection.fetchrow(_first_due(schema))
    except asyncpg.PostgresError as exc:
        raise Unreachable(f"Could not read the database at {where}: {exc}.") from None
    finally:
        await connection.close()
    next_due = NextDue(row[0], DueKind(row[1]), row[2], row[3]) if row else None
    return Health(f"PostgreSQL {server.split()[0]}", where, schema, games, next_due)


def check_database(database: str | Path) -> Health:
    """The check of whichever database the bot would open: a postgresql:// URL, or the SQLite file."""
    if isinstance(database, str):
        return asyncio.run(check_postgres(database))
    return check_sqlite(database)
