"""bot.py as an admin meets it: settings from .env, a one-line hint without a token, the command dump."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from simtable import close_store, make_bot
from test_limits import command_problems

from bot import DEFAULT_DATABASE, EXIT_NO_TOKEN, Settings, load_settings, read_env_file
from engine.rules.airships import data
from engine.rules.datafile import DataError

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def _run(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL"}}
    return subprocess.run(
        [sys.executable, str(BOT), *args], cwd=cwd, env={**clean, **(env or {})},
        capture_output=True, text=True, timeout=60,
    )


def test_without_a_token_it_exits_2_with_one_line_naming_the_fix(tmp_path: Path) -> None:
    done = _run(cwd=tmp_path)
    assert done.returncode == EXIT_NO_TOKEN
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert "DISCORD_TOKEN" in line and ".env" in line
    assert not (tmp_path / "data").exists()  # nothing is created before there is a token


def test_an_empty_token_in_env_counts_as_none(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    assert _run(cwd=tmp_path).returncode == EXIT_NO_TOKEN


def test_dump_commands_prints_the_payloads_as_json_without_a_connection(tmp_path: Path) -> None:
    done = _run("--dump-commands", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    payloads = json.loads(done.stdout)
    assert {p["name"] for p in payloads} == {"game", "move", "board", "log", "hand", "rules"}
    assert command_problems(payloads) == []
    assert not (tmp_path / "data").exists()  # the dump opens no database


def test_settings_come_from_env_and_the_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# comment\n\nexport DISCORD_TOKEN='from-file'\nDATABASE_PATH = \"db/x.sqlite3\"\nLOG_LEVEL=debug\nNOT A PAIR\n"
    )
    assert read_env_file(env_file) == {"DISCORD_TOKEN": "from-file", "DATABASE_PATH": "db/x.sqlite3", "LOG_LEVEL": "debug"}
    assert load_settings(env_file, {}) == Settings("from-file", Path("db/x.sqlite3"), "DEBUG")
    assert load_settings(env_file, {"DISCORD_TOKEN": "from-env"}).token == "from-env"
    assert load_settings(tmp_path / "missing.env", {}) == Settings(None, Path(DEFAULT_DATABASE), "INFO")


def test_guild_without_sync_is_a_usage_error(tmp_path: Path) -> None:
    done = _run("--guild", "123", cwd=tmp_path)
    assert done.returncode == 2 and "--guild only makes sense with --sync" in done.stderr


def test_sync_without_a_token_exits_2_as_well(tmp_path: Path) -> None:
    done = _run("--sync", "--guild", "123", cwd=tmp_path)
    assert done.returncode == EXIT_NO_TOKEN and len(done.stderr.splitlines()) == 1


async def test_a_broken_components_file_stops_the_start_naming_its_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "components.toml"
    broken.write_text(data.DATA_FILE.read_text(encoding="utf-8").replace("cost = {", "cost = { purple = 1,", 1))
    monkeypatch.setattr(data, "DATA_FILE", broken)
    data.components.cache_clear()
    database = tmp_path / "data" / "contrail.sqlite3"
    bot = make_bot(database)
    try:
        with pytest.raises(DataError, match=r"^components\.toml: airship [-\w]+: unknown die colour 'purple'$"):
            await bot.setup_hook()
    finally:
        await close_store(bot)
        monkeypatch.undo()
        data.components.cache_clear()  # the next test loads the real file again
    assert not database.exists()  # stopped before opening the database
