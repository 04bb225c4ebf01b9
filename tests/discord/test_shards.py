"""Shards: SHARD_COUNT and SHARD_IDS choose the shards one process runs (all of them by default), each wrong value
is refused with one line, and a bot running several shards plays a game through simcord as one shard does."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from discord.ext import commands
from simcord import Env
from simtable import Lounge, close_store, make_bot, public

from bot import EXIT_BAD_SETTING, ContrailBot, Settings, SettingsError, create_bot, load_settings, parse_shards
from engine.store import Status

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def test_without_settings_the_process_runs_every_shard_discord_recommends() -> None:
    assert parse_shards(None, None) == (None, None)
    assert parse_shards("", " ") == (None, None)
    bot = create_bot(Settings(None, Path("unused.sqlite3"), "INFO"))
    assert isinstance(bot, commands.AutoShardedBot)
    assert bot.shard_count is None and bot.shard_ids is None  # discord.py asks Discord for the count at connect


def test_shard_count_alone_runs_all_of_them_here() -> None:
    assert parse_shards("4", None) == (4, None)
    bot = create_bot(Settings(None, Path("unused.sqlite3"), "INFO", shard_count=4))
    assert bot.shard_count == 4 and bot.shard_ids is None


def test_shard_ids_choose_this_process_s_shards() -> None:
    assert parse_shards("4", "2, 3") == (4, (2, 3))
    settings = load_settings(Path("missing.env"), {"SHARD_COUNT": "4", "SHARD_IDS": "0,1"})
    assert (settings.shard_count, settings.shard_ids) == (4, (0, 1))
    bot = create_bot(settings)
    assert bot.shard_count == 4 and bot.shard_ids == [0, 1]


@pytest.mark.parametrize(
    ("count", "ids", "line"),
    [
        (None, "0,1", "SHARD_IDS needs SHARD_COUNT too: set SHARD_COUNT to the number of shards of all the bot's"
                      " processes together."),
        ("0", None, "SHARD_COUNT must be a whole number of at least 1, not '0'."),
        ("two", None, "SHARD_COUNT must be a whole number of at least 1, not 'two'."),
        ("²", None, "SHARD_COUNT must be a whole number of at least 1, not '²'."),
        ("-1", None, "SHARD_COUNT must be a whole number of at least 1, not '-1'."),
        ("4", "0;1", "SHARD_IDS must be shard numbers separated by commas (such as 0,1), not '0;1'."),
        ("4", "0,,1", "SHARD_IDS must be shard numbers separated by commas (such as 0,1), not '0,,1'."),
        ("4", "a", "SHARD_IDS must be shard numbers separated by commas (such as 0,1), not 'a'."),
        ("4", "1,4", "SHARD_IDS has shard 4, but with SHARD_COUNT=4 the shards are 0 to 3."),
        ("4", "1,2,1", "SHARD_IDS lists shard 1 more than once."),
    ],
)
def test_each_wrong_shard_setting_is_refused_in_one_line(count: str | None, ids: str | None, line: str) -> None:
    with pytest.raises(SettingsError) as refused:
        parse_shards(count, ids)
    assert str(refused.value) == line


def test_a_wrong_shard_setting_stops_the_bot_before_anything_else(tmp_path: Path) -> None:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL"}}
    done = subprocess.run(
        [sys.executable, str(BOT)], cwd=tmp_path,
        env={**clean, "DISCORD_TOKEN": "not-a-real-token", "SHARD_COUNT": "2", "SHARD_IDS": "2"},
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == EXIT_BAD_SETTING and done.stdout == ""
    assert done.stderr.splitlines() == ["SHARD_IDS has shard 2, but with SHARD_COUNT=2 the shards are 0 to 1."]
    assert not (tmp_path / "data").exists()


# -- a bot running two of three shards, driven by simcord -----------------------------------------------


@pytest_asyncio.fixture
async def simcord_bot(database_path: Path) -> AsyncIterator[ContrailBot]:
    """This module's bot runs shards 0 and 2 of 3 (the conftest's runs a single shard)."""
    bot = make_bot(database_path, shard_count=3, shard_ids=(0, 2))
    yield bot
    await close_store(bot)


@pytest_asyncio.fixture
async def lounge(simcord_env: Env) -> AsyncIterator[Lounge]:
    await simcord_env.bot.tree.sync()
    lounge = Lounge(simcord_env, shard_id=2)  # the second of the two shards this bot runs
    yield lounge
    await close_store(lounge.bot)


@pytest.mark.slow
async def test_a_bot_running_several_shards_plays_a_game_to_the_end(lounge: Lounge) -> None:
    assert lounge.bot.shard_count == 3 and sorted(lounge.bot.shards) == [0, 2]
    assert lounge.bot.get_guild(lounge.guild.id).shard_id == 2  # type: ignore[union-attr]
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="airships", ai=1)
    thread = lounge.thread_of()
    await ann.click(public(thread)[0], label="Start")
    await lounge.play_by_components(thread, random.Random(11))
    assert (await lounge.service.reading.table(1)).status is Status.FINISHED
