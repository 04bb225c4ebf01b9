"""Fixtures of the web tests: a real SQLite store, a server whose pages are on, and a test client of the pages.

The pages read through services of their own over a read-only store on the same file, as `python -m web` does;
the games are played through the writing `service` (tests/conftest.py), as the bot plays them.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer
from PIL import Image

import engine
from engine.services import Drawing, Services
from engine.store import Store
from tests.stub_drawing import stub_drawing
from web.app import SERVER_OPTIONS, create_app

GUILD = 1
MANAGER = 5  # the member with Manage Server who turns the pages on
PUBLIC_URL = "http://pages.test"
POLL_SECONDS = 0.05  # the live pages' poll in tests: a move shows within a tick or two
LOOK_SECONDS = 0.1  # how often a quiet stream looks whether its page is still open: a closed page leaves at once


@pytest.fixture(autouse=True)
def quick_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page closed is seen at the stream's next look (a second in the product): the tests that close one wait for
    it, and would each wait up to that second."""
    monkeypatch.setattr("web.live.LOOK_SECONDS", LOOK_SECONDS)


def tiny_png(slug: str, view: dict[str, Any]) -> bytes:
    """A real PNG that costs nothing to draw, a different one for each version of the board."""
    out = io.BytesIO()
    # A digest, not hash(): the same colour in every run, and two boards alike by chance 1 in 16 million, not 256.
    red, green, blue = hashlib.sha256(repr(sorted(view.items(), key=lambda kv: kv[0])).encode()).digest()[:3]
    Image.new("RGB", (2, 2), (red, green, blue)).save(out, format="PNG")
    return out.getvalue()


async def site(where: Services | Store, guild_id: int = GUILD) -> None:
    """Turn a server's pages on (every game, league, leaderboard and statistics page gets its link), through the
    services as /web on does, or straight on a (writable) store."""
    if isinstance(where, Services):
        await where.sharing.turn_on(guild_id, MANAGER)
        return
    await where.web.set_site(guild_id, True, MANAGER)
    await where.web.link_all(guild_id, engine.list_games())


@asynccontextmanager
async def web_client(services: Services, **options: Any) -> AsyncIterator[TestClient]:
    """A test client of the pages over these services; `options` go to create_app (e.g. poll_seconds)."""
    options.setdefault("poll_seconds", POLL_SECONDS)
    server = TestServer(create_app(services, public_url=PUBLIC_URL, **options))
    await server.start_server(**SERVER_OPTIONS)  # as start_web runs it (TestServer's own arguments drop them)
    async with TestClient(server) as client:
        yield client


@asynccontextmanager
async def reader(where: str | Path, drawing: Drawing | None = None) -> AsyncIterator[Services]:
    """Services over a read-only store on the same database: the web process's own."""
    store = await Store.open(where, read_only=True)
    try:
        yield Services(store, drawing, public_url=PUBLIC_URL)
    finally:
        await store.close()


@pytest.fixture
def service(store: Store) -> Services:
    """The writing side (the bot): the table service, with PUBLIC_URL so a server can turn its pages on."""
    return Services(store, stub_drawing(tiny_png), public_url=PUBLIC_URL)


@pytest_asyncio.fixture
async def pages(service: Services, sqlite_path: Path) -> AsyncIterator[Services]:
    """The web side's services: read-only, on the same file, drawing boards as tiny PNGs; the server's pages on."""
    await site(service)
    async with reader(sqlite_path, stub_drawing(tiny_png)) as services:
        yield services


@pytest_asyncio.fixture
async def client(pages: Services) -> AsyncIterator[TestClient]:
    """A test client of the pages of server GUILD, whose pages are on."""
    async with web_client(pages) as made:
        yield made
