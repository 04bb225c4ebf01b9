"""The bot's one-shot admin tasks (--backup, --check, --recompute-ratings, --migrate-to): each says one result."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.store.backup import BadTarget, NoDatabase, backup_database
from engine.store.health import NoDatabaseYet, Unreachable, check_database, no_database_yet
from engine.store import Store, StoreError, is_postgres_url
from engine.store.backend import redacted_url
from engine.cli.check_snapshots import check_snapshots
from engine.cli.move_database import move_database
from engine.services import due_words
from engine.services.caching import LOG_EVERY
from engine.words import count

EXIT_FAILED = 1
# Not a failure of the database but its absence: a fresh install before the bot's first start (or a wrong setting),
# told apart so that a script or a health check can wait for the first start instead of raising an alarm.
EXIT_NO_DATABASE = 3


def no_database(database: Path) -> int:
    """Say the database file is not there yet (a task never creates one)."""
    print(no_database_yet(database), file=sys.stderr)
    return EXIT_NO_DATABASE


def backup(database: Path, target: str | Path, out: Callable[[str], Any] = print) -> int:
    """--backup: a consistent copy while the bot may be running; needs no token and no network."""
    try:
        result = backup_database(database, target)
    except NoDatabase:
        return no_database(database)
    except BadTarget as exc:  # already the whole line: the folder to make, or the name to give
        print(exc, file=sys.stderr)
        return EXIT_FAILED
    except (StoreError, sqlite3.Error, OSError) as exc:
        print(f"Could not back up {database} to {target}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    out(f"Backed up {database} to {result.path} ({count(result.games, 'game')}).")
    return 0


def recompute_ratings(database: str | Path, out: Callable[[str], Any] = print) -> int:
    """--recompute-ratings: rebuild every rating from the stored results (after a change of the formula)."""
    if isinstance(database, Path) and not database.exists():
        return no_database(database)

    async def run() -> int:
        async with await Store.open(database) as store:  # one transaction: safe while the bot runs
            return await store.ratings.recompute()

    ratings = asyncio.run(run())
    out(f"Recomputed {count(ratings, 'rating')} from the game results in {redacted_url(str(database))}.")
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


def check(database: str | Path, out: Callable[[str], Any] = print, *, cache_mb: int | None = None,
          snapshots: bool = False) -> int:
    """--check: the database's backend, version, games and next due item (a health check); the table cache's
    budget; with `snapshots`, every snapshot compared with a replay of its log.

    Exits 0 when it read the database (and every snapshot agreed), 3 when there is none yet (before the bot's
    first start), 1 when it cannot read it or a snapshot differs from its log.
    """
    try:
        health = check_database(database)
    except NoDatabaseYet as exc:
        print(exc, file=sys.stderr)
        return EXIT_NO_DATABASE
    except Unreachable as exc:
        print(exc, file=sys.stderr)
        return EXIT_FAILED
    for line in health.lines(time.time(), due_words()):
        out(line)
    if cache_mb is not None:
        out(f"Table cache: {cache_mb} MB (CACHE_MB); a running bot logs its use and hit rate every"
            f" {LOG_EVERY:,} tables it loads.")
    if not snapshots:
        return 0
    report = asyncio.run(check_snapshots(database))
    for line in report.lines():
        out(line)
    return EXIT_FAILED if report.faults else 0
