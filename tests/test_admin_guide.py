"""The admin's guides (README.md, docs/hosting.md, docs/scale.md) say what the bot really prints and explain every
placeholder."""

from __future__ import annotations

import asyncio
import logging
import re
import shutil
import subprocess
import types
from datetime import UTC, datetime
from pathlib import Path

import pytest

import bot
from engine.cli.admin import EXIT_FAILED, EXIT_NO_DATABASE, check
from engine.platform.records import DueKind, Status
from engine.services.caching import CACHE_MB
from engine.store import Store
from engine.store.backup import BadTarget, backup_target
from engine.store.health import no_database_yet

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
HOSTING = ROOT / "docs" / "hosting.md"
SCALE = ROOT / "docs" / "scale.md"
GUIDES = (README, HOSTING)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def flat(path: Path) -> str:
    """The guide's text with its line wrapping undone, so a quoted line reads as one."""
    return " ".join(path.read_text(encoding="utf-8").split())


def test_the_virtual_environment_the_guides_make_is_not_tracked() -> None:
    assert ".venv/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    if shutil.which("git") and (ROOT / ".git").exists():  # a worktree's .git is a file: exists() covers both
        ignored = subprocess.run(["git", "check-ignore", "-q", ".venv/bin/python"], cwd=ROOT, timeout=30)
        assert ignored.returncode == 0  # 1: git would offer the whole environment to `git add`


@pytest.mark.parametrize("guide", GUIDES, ids=lambda path: path.name)
def test_the_guides_name_the_python_the_bot_needs_in_the_bots_own_words(guide: Path) -> None:
    text = flat(guide)
    assert "Python 3.11 or newer" in text
    assert bot.python_problem((3, 10, 12)) in text  # the line an older Python gets from bot.py


@pytest.mark.parametrize("guide", GUIDES, ids=lambda path: path.name)
def test_every_placeholder_in_a_command_is_explained_in_the_text(guide: Path) -> None:
    text = guide.read_text(encoding="utf-8")
    commands = " ".join(FENCE.findall(text))
    prose = FENCE.sub("", text)
    for placeholder in sorted(set(re.findall(r"\bYOUR_[A-Z_]+\b", commands))):
        assert f"`{placeholder}`" in prose, f"{guide.name} never says what to put in place of {placeholder}"


def test_the_clone_url_is_the_git_url_of_the_repository() -> None:
    assert "`YOUR_CLONE_URL` is the git URL of the repository you install Contrail from" in flat(HOSTING)


@pytest.mark.parametrize("guide", GUIDES, ids=lambda path: path.name)
def test_the_connected_line_the_guides_quote_is_the_one_the_bot_logs(
    guide: Path, caplog: pytest.LogCaptureFixture
) -> None:
    connected = types.SimpleNamespace(user="Contrail#0420", guilds=[1, 2, 3], shard_ids=None, shard_count=1)
    with caplog.at_level(logging.INFO, logger="contrail"):
        asyncio.run(bot.ContrailBot.on_ready(connected))  # type: ignore[arg-type]
    [record] = caplog.records
    assert f"{record.levelname} {record.name}: {record.getMessage()}" in flat(guide)


async def test_the_readme_check_example_is_what_check_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    example = re.search(r"^```\n(Database: .*?)^```", SCALE.read_text(encoding="utf-8"), re.MULTILINE | re.DOTALL)
    assert example, "docs/scale.md shows no --check output"
    shown = example.group(1).splitlines()
    monkeypatch.chdir(tmp_path)
    async with await Store.open(Path("data/contrail.sqlite3")) as store:  # the games the example counts
        ids = [(await store.games.create("airships", 1, 2, 3, 7, {})).id for _ in range(12)]
        for game_id in ids[2:]:
            await store.seats.add(game_id, 3, "Ada")
            await store.seats.add(game_id, 4, "Bo")
            await store.seats.start_game(game_id, [3, 4], min_players=2, max_players=4)
        for game_id in ids[7:11]:
            await store.games.set_status(game_id, Status.FINISHED)
        await store.games.set_status(ids[11], Status.ABANDONED)
        await store.dues.set(ids[4], 0, 0.0, {DueKind.REMINDER: 4_102_444_800.0})
    printed: list[str] = []
    assert await asyncio.to_thread(lambda: check(Path("data/contrail.sqlite3"), printed.append, cache_mb=CACHE_MB)) == 0
    version = re.compile(r"SQLite [0-9.]+")
    assert version.sub("SQLite X", shown[0]) == version.sub("SQLite X", printed[0])  # the schema: N of N
    assert shown[1] == printed[1]
    assert shown[2].split(" at ")[0] == printed[2].split(" at ")[0]  # the time is the example's own
    assert shown[3] == printed[3] and len(shown) == len(printed) == 4


def test_the_exit_codes_the_readme_lists_for_check_are_the_ones_it_uses() -> None:
    rows = dict(re.findall(r"^\| (\d) \| (.*) \|$", SCALE.read_text(encoding="utf-8"), re.MULTILINE))
    assert sorted(rows) == ["0", "1", "2", "3"]
    assert "cannot be read" in rows[str(EXIT_FAILED)]
    assert "bad setting" in rows[str(bot.EXIT_BAD_SETTING)]
    assert no_database_yet(Path("data/contrail.sqlite3")) in rows[str(EXIT_NO_DATABASE)]


@pytest.mark.parametrize("guide", (HOSTING, SCALE), ids=lambda path: path.name)
def test_the_guides_say_no_database_yet_and_its_exit_code_where_check_and_backup_are_introduced(guide: Path) -> None:
    text = flat(guide)
    assert "No database yet at data/contrail.sqlite3" in text
    assert f"exits with code {EXIT_NO_DATABASE}" in text


def test_the_refusal_hosting_quotes_is_what_backup_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BadTarget) as refused:
        backup_target("bk2", datetime.now(UTC))
    assert f"`{refused.value}`" in flat(HOSTING)
