"""Several real bot processes on one database, on both backends: none of the promises breaks under load, races,
kills or due work done by two at once (small versions of the runs `python -m benchmarks.processes` measures)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import processes

# Slow: each test starts real bot processes and plays hundreds of moves through them.
pytestmark = [pytest.mark.both_backends, pytest.mark.slow]  # SQLite, and PostgreSQL with TEST_DATABASE_URL


async def test_two_processes_committing_at_once_lose_nothing_and_double_nothing(
    database: str | Path, tmp_path: Path,
) -> None:
    load = await processes.load_run(str(database), tmp_path, games=10)
    assert load["committed_moves"] > 500 and load["retries_refused"] > 40
    assert load["lost"] == load["doubled"] == load["games_not_replaying"] == 0


async def test_racing_processes_killed_mid_move_keep_every_move_they_were_told_counted(
    database: str | Path, tmp_path: Path,
) -> None:
    run = await processes.race_and_kill_run(str(database), tmp_path, games=4, kills=3)
    assert run["kills"] >= 1 and run["moves_told_counted"] > 0
    assert run["lost"] == run["doubled"] == run["games_not_replaying"] == 0
    assert run["games_finished"] == 4  # the processes started again played every game to its end


@pytest.mark.parametrize("kill", [False, True], ids=["both-alive", "one-killed"])
async def test_each_deadline_is_played_once_by_one_of_two_processes(
    database: str | Path, tmp_path: Path, kill: bool,
) -> None:
    run = await processes.clock_run(str(database), tmp_path, games=60, kill=kill)
    assert run["deadlines_played"] == 60 and run["deadlines_left"] == 0
    assert run["done_twice"] == run["games_not_replaying"] == 0
    if kill:
        assert run["killed_mid_run"]
