"""The pages inside the bot: served while it runs when WEB_PORT is set, not at all without it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio

from bot import ContrailBot, Settings, create_bot
from engine.store import LinkKind
from tests.discord.simtable import Lounge, close_store, tiny_png
from tests.stub_drawing import stub_drawing
from web.pages import LIVE

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



@pytest.mark.parametrize("renew", [None, True])  # /web off, /web on rotate:True
async def test_web_off_or_new_links_end_the_bots_own_open_live_pages_at_once(lounge: Lounge, renew: bool | None) -> None:
    bot = lounge.bot
    assert bot.web is not None
    await bot.tables.sharing.turn_on(lounge.guild.id, 1)
    _, game_id = await lounge.started_game(2)
    link = await bot.tables.sharing.url(lounge.guild.id, LinkKind.GAME, game_id)
    assert link is not None
    local = link.replace(PUBLIC, f"http://127.0.0.1:{bot.web.port}")
    bot.web.runner.app[LIVE].interval = 60  # no poll in time: only the word of the bot's own service ends the page
    async with aiohttp.ClientSession() as session, session.get(f"{local}/events") as events:
        assert events.status == 200 and await events.content.readline() == b"retry: 3000\n"
        await asyncio.sleep(0.2)  # the stream is being watched
        # What /web off and /web on rotate:True run (tests/discord/test_web_commands.py: the commands themselves;
        # a stream held open here would keep simcord's bot from settling after a slash command).
        await bot.tables.sharing.switch(lounge.guild.id, 1, renew is not None, can_manage=True, renew=bool(renew))
        ended = time.monotonic()
        rest = await asyncio.wait_for(events.content.read(), 5)
        assert time.monotonic() - ended < 1  # told at once
        assert b"event: move" not in rest
        async with session.get(local) as again:
            assert again.status == 404
