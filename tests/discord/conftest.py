"""Fixtures that run the real bot offline under simcord, on a SQLite file in a temp dir."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from simcord import Env
from simtable import Lounge, close_store, make_bot

from bot import ContrailBot


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "contrail.sqlite3"


@pytest_asyncio.fixture
async def simcord_bot(database_path: Path) -> AsyncIterator[ContrailBot]:
    bot = make_bot(database_path)
    yield bot
    await close_store(bot)


@pytest_asyncio.fixture
async def lounge(simcord_env: Env) -> AsyncIterator[Lounge]:
    await simcord_env.bot.tree.sync()
    lounge = Lounge(simcord_env)
    yield lounge
    await close_store(lounge.bot)  # a test may have restarted the bot: close the one running now
