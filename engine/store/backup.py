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


class BadTarget(StoreError):
    """The backup's PATH names a folder that does not exist; the message is the admin's one line."""


# A file target must end so, so that a mistyped or missing folder ("bk2") is never taken for a file name.
BACKUP_SUFFIX = ".sqlite3"


@dataclass(frozen=True)
class BackupResult:
    path: Path  # the file written (a directory target gets a dated file name inside it)
    games: int  # games in the copy, so the admin sees at a glance that it holds what they expect


def backup_target(target: str | Path, when: datetime) -> Path:
    """The file a backup to `target` writes: a dated file in an existing folder, or the named .sqlite3 file.

    Never creates a folder: a missing one is a typo or a wrong working directory far more often than a wish.
    """
    text = str(target)
    path = Path(target)
    if path.is_dir():
        # A folder keeps one file per run, which is what a daily timer or cron job wants.
        return path / f"contrail-{when:%Y%m%d-%H%M%S}{BACKUP_SUFFIX}"
    if path.exists() and path.suffix != BACKUP_SUFFIX:  # a file it must not replace, such as README.md
        raise BadTarget(f"{text} is a file, not a folder: name a folder, or a file ending in {BACKUP_SUFFIX}.")
    # Path() drops a trailing slash, so look for it in the text: "backups/" names a folder, never a file.
    if text.endswith(("/", os.sep)):
        raise BadTarget(f"There is no folder {text}: make it first (mkdir -p {text}).")
    if path.suffix != BACKUP_SUFFIX:
        raise BadTarget(f"There is no folder {text}: make it first (mkdir -p {text}),"
                        f" or name a file ending in {BACKUP_SUFFIX}.")
    if not path.parent.is_dir():
        raise BadTarget(f"There is no folder {path.parent} for {path.name}: make it first (mkdir -p {path.parent}).")
    return path


def backup_database(
    source: str | Path, target: str | Path, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT_S
) -> BackupResult:
    """Copy the database at `source` to `target`; blocking, so run it in a thread from async code.

    `target` is an existing folder (which gets a dated file) or a file ending in .sqlite3 in an existing folder
    (replaced whole if it exists); anything else raises BadTarget.
    """
    source = Path(source)
    if not source.is_file():
        raise NoDatabase(f"there is no database at {source}")
    target = backup_target(target, datetime.now(UTC))
    if target.resolve() == source.resolve():
        raise StoreError(f"{target} is the live database itself; back it up to another path")
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
