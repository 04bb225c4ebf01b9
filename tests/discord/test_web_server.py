"""The pages inside the bot: served while it runs when WEB_PORT is set, not at all without it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest_asyncio

from bot import ContrailBot, Settings, create_bot
from engine.store import LinkKind
from tests.discord.simtable import Lounge, close_store, tiny_png
from tests.stub_drawing import stub_drawing

PUBLIC = "https://contrail.example.org"


@pytest_asyncio.fixture
async def simcord_bot(database_path: Path) -> AsyncIterator[ContrailBot]:
    settings = Settings(token=None, database_path=database_path, log_level="INFO", shard_count=1, web_port=0,
                        public_url=PUBLIC)
    bot = create_bot(settings, drawing=stub_drawing(tiny_png))
    yield bot
    if bot.web is not None:
        await bot.web.stop()
    await close_store(bot)


async def test_the_bot_serves_its_pages_from_its_own_store_when_web_port_is_set(lounge: Lounge) -> None:
    bot = lounge.bot
    assert bot.web is not None and bot.tables.sharing.public_url == PUBLIC
    _, game_id = await lounge.started_game(2)
    await bot.tables.sharing.turn_on(lounge.guild.id, 1)
    link = await bot.tables.sharing.url(lounge.guild.id, LinkKind.GAME, game_id)
    assert link is not None and link.startswith(f"{PUBLIC}/game/")
    local = link.replace(PUBLIC, f"http://127.0.0.1:{bot.web.port}")
    async with aiohttp.ClientSession() as session:
        async with session.get(local.replace("/game/", "/league/")) as response:
            assert response.status == 404 and "Page not found" in await response.text()
