"""Fixtures that run the real bot offline under simcord, on a SQLite file in a temp dir."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from simcord import Env
from simtable import Lounge, make_bot

from bot import ContrailBot


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "contrail.sqlite3"


@pytest_asyncio.fixture
async def simcord_bot(database_path: Path) -> AsyncIterator[ContrailBot]:
    bot = make_bot(database_path)
    yield bot
    # simcord detaches the bot without closing it; the store's connection thread is ours to end.
    if bot.store is not None:
        await bot.store.close()


@pytest.fixture
async def lounge(simcord_env: Env) -> Lounge:
    await simcord_env.bot.tree.sync()
    return Lounge(simcord_env)
