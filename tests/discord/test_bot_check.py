"""`python bot.py --check`, the health check: backend and version, games by status, the next due item, and one
line with exit code 1 when the database cannot be read, 3 when there is none yet (never creating or changing it)."""

from __future__ import annotations

import asyncio
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot import EXIT_FAILED, check
from engine.cli.admin import EXIT_NO_DATABASE
from engine.store.health import NextDue, NoDatabaseYet, Unreachable, check_postgres, check_sqlite, relative
from engine.store.migrations import MIGRATIONS
from engine.platform.records import DueKind, Status
from engine.services import due_words
from engine.store import Store

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def _run(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    unset = {"DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "LOG_LEVEL"}
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run([sys.executable, str(BOT), *args], cwd=cwd, env={**clean, **(env or {})},
                          capture_output=True, text=True, timeout=60)


async def _database(path: Path | str) -> None:
    """Three games (a lobby, an active one, a finished one) and two due items, the earlier a reminder of game 2."""
    async with await Store.open(path) as store:
        ids = [(await store.games.create("airships", 1, 2, 3, 7, {})).id for _ in range(3)]
        for game_id in ids[1:]:
            await store.seats.add(game_id, 3, "Ada")
            await store.seats.add(game_id, 4, "Bo")
            await store.seats.start_game(game_id, [3, 4], min_players=2, max_players=4)
        await store.games.set_status(ids[2], Status.FINISHED)
        await store.dues.set(ids[1], 0, 1_000.0, {DueKind.REMINDER: 4_102_444_800.0, DueKind.DEADLINE: 4_102_531_200.0})


async def test_check_reports_backend_schema_games_and_the_next_due_item(tmp_path: Path) -> None:
    database = tmp_path / "contrail.sqlite3"
    await _database(database)
    lines: list[str] = []
    assert check(database, lines.append) == 0
    assert lines[0] == (f"Database: SQLite {sqlite3.sqlite_version} at {database},"
                        f" schema {len(MIGRATIONS)} of {len(MIGRATIONS)}.")
    assert lines[1] == "Games: 3 (1 lobby, 1 active, 1 finished, 0 abandoned)."
    assert lines[2].startswith("Next due: game 2: a reminder to the player whose turn it is at 2100-01-01T00:00:00+00:00 (in ")


async def test_an_empty_database_has_nothing_due(tmp_path: Path) -> None:
    database = tmp_path / "contrail.sqlite3"
    await (await Store.open(database)).close()  # created and migrated, with no game yet
    health = check_sqlite(database)
    assert health.games == {} and health.next_due is None
    assert health.lines(0.0, due_words())[1:] == ["Games: 0 (0 lobby, 0 active, 0 finished, 0 abandoned).", "Next due: nothing is due."]


def test_an_older_schema_is_reported_as_migrated_on_the_next_start(tmp_path: Path) -> None:
    database = tmp_path / "old.sqlite3"
    with sqlite3.connect(database) as connection:
        for statement in MIGRATIONS[0]:
            connection.execute(statement)
        connection.execute("PRAGMA user_version=1")
    health = check_sqlite(database)
    assert health.schema == 1 and health.next_due is None  # no dues table yet: nothing is due
    assert f"schema 1 of {len(MIGRATIONS)} (the bot migrates it when it starts)" in health.lines(0.0, due_words())[0]


def test_before_the_first_start_it_says_no_database_yet_with_exit_3_and_creates_none(tmp_path: Path) -> None:
    done = _run("--check", cwd=tmp_path)  # a fresh clone: no token needed, no database yet
    assert done.returncode == EXIT_NO_DATABASE == 3 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line == ("No database yet at data/contrail.sqlite3: the bot creates it when it first starts with a token"
                    " Discord accepts (or check DATABASE_PATH, and run this from the bot's folder).")
    assert not (tmp_path / "data").exists()


@pytest.mark.both_backends
@pytest.mark.no_database_yet
async def test_a_database_the_bot_has_not_created_yet_is_no_database_yet_on_either_backend(
    database: Path | str, backend: str
) -> None:
    # An empty PostgreSQL (no tables yet) is what a missing SQLite file is: the bot has not started once.
    with pytest.raises(NoDatabaseYet) as missing:
        check_sqlite(Path(database)) if backend == "sqlite" else await check_postgres(str(database))
    assert str(missing.value).startswith("No database yet at " if backend == "sqlite" else "No Contrail tables yet")
    assert await asyncio.to_thread(check, database, print) == EXIT_NO_DATABASE
    await _database(database)  # the first start
    assert await asyncio.to_thread(check, database, print) == 0


@pytest.mark.slow
def test_the_check_runs_from_the_command_line_on_database_path(tmp_path: Path) -> None:
    database = tmp_path / "elsewhere.sqlite3"
    asyncio.run(_database(database))
    done = _run("--check", cwd=tmp_path, env={"DATABASE_PATH": str(database)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "Games: 3 (1 lobby, 1 active, 1 finished, 0 abandoned)."


def test_a_file_that_is_not_a_database_exits_1_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "contrail.sqlite3"
    database.write_bytes(b"this is not SQLite" * 100)
    assert check(database, print) == EXIT_FAILED
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"Could not read the database at {database}: ")
    assert database.read_bytes() == b"this is not SQLite" * 100  # untouched


def test_a_newer_schema_exits_1_asking_for_an_upgrade(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "contrail.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.execute(f"PRAGMA user_version={len(MIGRATIONS) + 1}")
    assert check(database, print) == EXIT_FAILED
    [line] = capsys.readouterr().err.splitlines()
    assert line == (f"{database} has schema version {len(MIGRATIONS) + 1}, newer than this code knows"
                    f" ({len(MIGRATIONS)}): upgrade Contrail before using it.")


def test_a_directory_is_not_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, print) == EXIT_FAILED
    assert capsys.readouterr().err.strip() == f"{tmp_path} is not a file: check DATABASE_PATH."


def test_relative_times_read_in_whole_units() -> None:
    assert relative(0) == "in 0 seconds"
    assert relative(61) == "in 1 minute"
    assert relative(-7300) == "2 hours ago"
    assert relative(3 * 86400 + 5) == "in 3 days"


@pytest.mark.both_backends
async def test_the_check_reads_either_backend_without_writing(database: Path | str, backend: str) -> None:
    await _database(database)
    health = check_sqlite(Path(database)) if backend == "sqlite" else await check_postgres(str(database))
    assert health.backend.startswith("SQLite " if backend == "sqlite" else "PostgreSQL ")
    assert health.schema == len(MIGRATIONS)
    assert health.games == {Status.LOBBY: 1, Status.ACTIVE: 1, Status.FINISHED: 1}
    assert health.next_due == NextDue(2, DueKind.REMINDER, 4_102_444_800.0)
    async with await Store.open(database) as store:
        assert await store.dues.next() == 4_102_444_800.0  # the check took nothing
        [taken] = await store.dues.claim(4_102_444_800.0)  # a bot process takes it and is doing it
    health = check_sqlite(Path(database)) if backend == "sqlite" else await check_postgres(str(database))
    assert health.next_due == NextDue(2, DueKind.REMINDER, 4_102_444_800.0, 4_102_445_100.0)
    assert health.next_due.describe(4_102_444_810.0, due_words()) == (
        "game 2: a reminder to the player whose turn it is at 2100-01-01T00:00:00+00:00 (10 seconds ago);"
        " a bot process is doing it, holding it until 2100-01-01T00:05:00+00:00")


async def test_a_postgresql_server_that_cannot_be_reached_is_one_line_without_the_password() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nothing listens once the probe is closed
    with pytest.raises(Unreachable) as refused:
        await check_postgres(f"postgresql://contrail:secret@127.0.0.1:{port}/contrail", timeout=5)
    line = str(refused.value)
    assert line.startswith(f"Could not reach PostgreSQL at postgresql://contrail:***@127.0.0.1:{port}/contrail: ")
    assert "secret" not in line and "\n" not in line


@pytest.mark.both_backends
@pytest.mark.slow
async def test_the_command_line_checks_the_database_the_bot_would_use(
    database: Path | str, backend: str, tmp_path: Path
) -> None:
    await _database(database)
    # DATABASE_URL wins over DATABASE_PATH, as when the bot starts; without it, the SQLite file.
    setting = {"DATABASE_PATH": str(database)} if backend == "sqlite" else {
        "DATABASE_URL": str(database), "DATABASE_PATH": str(tmp_path / "absent.sqlite3")}
    done = await asyncio.to_thread(_run, "--check", cwd=tmp_path, env=setting)
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("Database: SQLite " if backend == "sqlite" else "Database: PostgreSQL ")
    assert done.stdout.splitlines()[1] == "Games: 3 (1 lobby, 1 active, 1 finished, 0 abandoned)."
