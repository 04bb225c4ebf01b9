"""A consistent copy of a live database, for `python bot.py --backup PATH` and `Store.backup`."""

# The copy uses SQLite's online backup API through a connection of its own, opened read-only: the
# running bot (in this process or another) keeps writing moves meanwhile, and a backup can never
# change the live file. The pages go into a temp file next to the target, which is renamed over
# the target only once it is complete and checked, so a failed backup never leaves half a file.

from __future__ import annotations

import os
import sqlite3
import tempfile
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from engine.platform.records import StoreError

# How long to wait for another connection's lock (e.g. while the bot's WAL is being checkpointed).
DEFAULT_BUSY_TIMEOUT_S = 5.0


class NoDatabase(StoreError):
    """There is no database file to back up (a wrong DATABASE_PATH, or the bot never started)."""


@dataclass(frozen=True)
class BackupResult:
    path: Path  # the file written (a directory target gets a dated file name inside it)
    games: int  # games in the copy, so the admin sees at a glance that it holds what they expect


def backup_database(
    source: str | Path, target: str | Path, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT_S
) -> BackupResult:
    """Copy the database at `source` to `target`; blocking, so run it in a thread from async code.

    A `target` that is a directory (existing, or written with a trailing slash) gets a dated file inside it.
    """
    # Path() drops a trailing slash, so look for it in the text first.
    names_a_directory = str(target).endswith(("/", os.sep))
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise NoDatabase(f"there is no database at {source}")
    if names_a_directory or target.is_dir():
        # A directory keeps one file per run, which is what a daily timer or cron job wants.
        target = target / f"contrail-{datetime.now(UTC):%Y%m%d-%H%M%S}.sqlite3"
    if target.resolve() == source.resolve():
        raise StoreError(f"{target} is the live database itself; back it up to another path")
    target.parent.mkdir(parents=True, exist_ok=True)
    # Same directory as the target, so the final rename is atomic (never across file systems).
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(handle)
    temp = Path(temp_name)
    try:
        games = _copy(source, temp, busy_timeout)
        _fsync_file(temp)
        os.replace(temp, target)
    except BaseException:
        for leftover in (temp, *(Path(f"{temp}{s}") for s in ("-journal", "-wal", "-shm"))):
            leftover.unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)
    return BackupResult(target, games)


def _copy(source: Path, temp: Path, busy_timeout: float) -> int:
    """Copy every page in one step, then check the copy; returns the number of games in it."""
    # mode=ro: the backup only reads. as_uri() percent-escapes characters such as '?' and '#' in the path.
    live = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=busy_timeout)
    with closing(live), closing(sqlite3.connect(temp, timeout=busy_timeout)) as copy:
        # pages=-1 copies everything in one step inside one read transaction: the copy is the database
        # as of one commit, and in WAL mode that read blocks no writer.
        live.backup(copy, pages=-1)
        # The copy inherits WAL mode; a backup should be one self-contained file.
        copy.execute("PRAGMA journal_mode=DELETE")
        return _verify(copy)


def _verify(copy: sqlite3.Connection) -> int:
    """Refuse to keep a copy that is damaged or is not a Contrail database."""
    problems = [row[0] for row in copy.execute("PRAGMA quick_check")]
    if problems != ["ok"]:
        raise StoreError(f"the copy failed SQLite's integrity check: {'; '.join(problems[:3])}")
    try:
        return int(copy.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError as exc:  # no games table: some other SQLite file
        raise StoreError(f"this is not a Contrail database ({exc})") from None


def _fsync_file(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def _fsync_dir(path: Path) -> None:
    """Make a rename in `path` survive a power cut; best effort, as some systems cannot open a directory."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
