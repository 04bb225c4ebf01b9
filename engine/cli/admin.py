"""The bot's one-shot admin tasks (--backup, --check, --recompute-ratings, --migrate-to): each says one result."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.store.backup import NoDatabase, backup_database
from engine.store.health import Unreachable, check_database
from engine.store import Store, StoreError, is_postgres_url
from engine.store.backend import redacted_url
from engine.cli.move_database import move_database

EXIT_FAILED = 1


def no_database(database: Path) -> int:
    """Say the database file is missing (a task never creates one) and fail."""
    print(f"No database at {database}: check DATABASE_PATH (in .env or the environment)"
          " and run this from the bot's folder.", file=sys.stderr)
    return EXIT_FAILED


def backup(database: Path, target: str | Path, out: Callable[[str], Any] = print) -> int:
    """--backup: a consistent copy while the bot may be running; needs no token and no network."""
    try:
        result = backup_database(database, target)
    except NoDatabase:
        return no_database(database)
    except (StoreError, sqlite3.Error, OSError) as exc:
        print(f"Could not back up {database} to {target}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    games = "1 game" if result.games == 1 else f"{result.games} games"
    out(f"Backed up {database} to {result.path} ({games}).")
    return 0


def recompute_ratings(database: str | Path, out: Callable[[str], Any] = print) -> int:
    """--recompute-ratings: rebuild every rating from the stored results (after a change of the formula)."""
    if isinstance(database, Path) and not database.exists():
        return no_database(database)

    async def run() -> int:
        async with await Store.open(database) as store:  # one transaction: safe while the bot runs
            return await store.ratings.recompute()

    count = asyncio.run(run())
    out(f"Recomputed {count} rating{'' if count == 1 else 's'} from the game results in {redacted_url(str(database))}.")
    return 0


def migrate_to(database: Path, target: str, out: Callable[[str], Any] = print) -> int:
    """--migrate-to: copy the SQLite file into an empty PostgreSQL database, then check every game replays the same."""
    if not is_postgres_url(target):
        print(f"--migrate-to takes a postgresql:// URL, not {target!r}.", file=sys.stderr)
        return EXIT_FAILED
    if not database.exists():
        return no_database(database)
    try:
        report = asyncio.run(move_database(database, target))
    except (StoreError, OSError) as exc:
        print(f"Nothing was moved: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except sqlite3.Error as exc:  # the file itself: not writable (it is opened to be brought up to date), damaged
        print(f"Nothing was moved: could not use {database}: {exc}.", file=sys.stderr)
        return EXIT_FAILED
    out(f"Moved {database} to {redacted_url(target)}: {report.rows.get('games', 0)} games,"
        f" {report.rows.get('actions', 0)} moves, {sum(report.rows.values())} rows in all; each of the"
        f" {report.games_replayed} started games replays to the same position. Now set DATABASE_URL to it.")
    return 0


def check(database: str | Path, out: Callable[[str], Any] = print) -> int:
    """--check: the database's backend, version, games and next due item; exit 1 if it cannot be read (health checks)."""
    try:
        health = check_database(database)
    except Unreachable as exc:
        print(exc, file=sys.stderr)
        return EXIT_FAILED
    for line in health.lines(time.time()):
        out(line)
    return 0
