"""`python bot.py --check --snapshots`: every snapshot compared with a replay of its log; a wrong one is named and
the check exits 1, one of an older version of the game is only counted."""

from __future__ import annotations

import asyncio
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from bot import parse_args
from engine.cli.admin import EXIT_FAILED, check
from engine.platform import snapshots
from engine.platform.snapshots import Snapshot
from engine.cli.check_snapshots import SnapshotCheck
from engine.services.caching import CACHE_MB, LOG_EVERY, MB, CacheStats
from engine.store import Store
from settings import SettingsError, load_settings
from tests.test_snapshot_loading import fresh, play, set_blob, started

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL


async def checked(database: str | Path, **options: object) -> tuple[int, list[str]]:
    lines: list[str] = []
    code = await asyncio.to_thread(lambda: check(database, lines.append, **options))  # type: ignore[arg-type]
    return code, lines


async def two_games(store: Store) -> tuple[int, int]:
    service = fresh(store)
    games = (await started(service, "airships"), await started(service, "1930"))
    for game_id in games:
        await play(service, game_id, 30)
    return games


async def test_every_snapshot_that_agrees_with_its_log_passes(store: Store, database: str | Path) -> None:
    await two_games(store)
    code, lines = await checked(database, snapshots=True, cache_mb=64)
    assert code == 0
    assert "Table cache: 64 MB (CACHE_MB); a running bot logs its use and hit rate every 1,000 tables it loads." in lines
    assert lines[-1] == "Snapshots: 2 snapshots checked, 2 the same as a replay of the log."


async def test_a_snapshot_that_differs_from_its_log_is_named_and_fails_the_check(
        store: Store, database: str | Path) -> None:
    first, second = await two_games(store)
    found = await store.games.snapshot(first)
    assert found is not None
    other = await store.games.snapshot(second)
    assert other is not None
    # A snapshot of the right code and version whose position is not the log's: one more pass in a row.
    snapshot = snapshots.decode("airships", found[1])
    wrong = replace(snapshot.state, passes_in_a_row=snapshot.state.passes_in_a_row + 1)
    await set_blob(store, first, snapshots.encode("airships", Snapshot(wrong, snapshot.chronicle)))
    await set_blob(store, second, other[1][:-20] + bytes(20))
    code, lines = await checked(database, snapshots=True)
    assert code == EXIT_FAILED
    assert lines[-3:] == [
        "Snapshots: 2 snapshots checked, 0 the same as a replay of the log, 2 wrong"
        " (each is rebuilt at its game's next move).",
        f"Game {first}: its snapshot at move {found[0]} differs from its log.",
        f"Game {second}: its snapshot at move {other[0]} is damaged.",
    ]


async def test_a_snapshot_of_an_older_version_of_the_game_is_counted_not_failed(
        store: Store, database: str | Path) -> None:
    first, _ = await two_games(store)
    found = await store.games.snapshot(first)
    assert found is not None
    body = zlib.decompress(found[1][len(snapshots.header("airships")):])
    await set_blob(store, first, b"contrail-snapshot airships " + b"0" * 32 + b"\n" + zlib.compress(body))
    code, lines = await checked(database, snapshots=True)
    assert code == 0
    assert lines[-1] == ("Snapshots: 2 snapshots checked, 1 the same as a replay of the log, 1 written by an older"
                         " version of the game (each is rebuilt at its game's next move).")


async def test_without_the_flag_no_snapshot_is_read(store: Store, database: str | Path) -> None:
    await two_games(store)
    code, lines = await checked(database)
    assert code == 0 and not any(line.startswith(("Snapshots", "Table cache")) for line in lines)


def test_the_cache_budget_is_a_setting_with_a_default(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.env", {}).cache_mb == CACHE_MB == 64
    assert load_settings(tmp_path / "none.env", {"CACHE_MB": " 96 "}).cache_mb == 96
    for bad in ("0", "-1", "lots", "1.5", "²"):
        with pytest.raises(SettingsError, match="^CACHE_MB must be a whole number of megabytes, at least 1"):
            load_settings(tmp_path / "none.env", {"CACHE_MB": bad})


def test_snapshots_without_check_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        parse_args(["--snapshots"])
    assert stopped.value.code == 2 and "--snapshots only makes sense with --check" in capsys.readouterr().err
    assert parse_args(["--check", "--snapshots"]).snapshots


def test_the_scale_guide_quotes_the_snapshot_check_and_the_cache_log_line_as_they_are_written() -> None:
    readme = (Path(__file__).resolve().parent.parent / "docs" / "scale.md").read_text(encoding="utf-8")
    quoted = next(line for line in readme.splitlines() if line.startswith("Snapshots: "))
    assert SnapshotCheck(checked=310, stale=2).lines() == [quoted]
    logged = next(line for line in readme.splitlines() if " INFO engine.service: table cache: " in line)
    stats = CacheStats(CACHE_MB * MB, int(41.5 * MB), 310, 970, 30)
    assert logged.split(" INFO engine.service: ")[1] == stats.line()
    assert f"every {LOG_EVERY:,} tables" in readme
