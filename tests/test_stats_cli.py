"""`python -m engine stats`: every server's finished games of a game, as a table or one JSON line, read-only."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.cli.stats import default_database
from engine.services import Services
from engine.store import Store
from tests.test_stats import OTHER_GUILD, finished_airships


async def two_servers_games(path: Path) -> None:
    store = await Store.open(path)
    try:
        service = Services(store)
        await finished_airships(service, 1)
        await finished_airships(service, 2, guild_id=OTHER_GUILD)
    finally:
        await store.close()


def test_the_figures_count_every_servers_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "contrail.sqlite3"
    asyncio.run(two_servers_games(path))
    assert main(["stats", "airships", "--database", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["games"] == 2 and printed["everywhere"] is True and printed["slug"] == "airships"
    assert sum(seat["wins"] for seat in printed["seats"]) == pytest.approx(2.0)
    assert {f["key"] for f in printed["figures"]} >= {"hindenburg_phases_built", "medium_airships"}

    assert main(["stats", "airships", "--database", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Airships: 2 finished games on every server: 2 at 2 players"
    assert "Wins by seat position" in lines and any(line.startswith("  1st to play: won ") for line in lines)


def test_no_finished_game_or_no_database_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "contrail.sqlite3"
    asyncio.run(two_servers_games(path))
    assert main(["stats", "1930", "--database", str(path)]) == 1
    assert capsys.readouterr().err.strip() == ("python -m engine stats: No finished games of 1930: The Golden Age of "
                                               "Airlines on any server yet: the figures come once one ends.")
    assert main(["stats", "airships", "--database", str(tmp_path / "none.sqlite3")]) == 1
    assert "there is no database at" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()  # reading never creates one


def test_the_database_comes_from_the_environment_by_default() -> None:
    assert default_database({"DATABASE_URL": "postgresql://db/contrail", "DATABASE_PATH": "x"}) == \
        "postgresql://db/contrail"
    assert default_database({"DATABASE_PATH": "elsewhere.sqlite3"}) == Path("elsewhere.sqlite3")
    assert default_database({}) == Path("data/contrail.sqlite3")
