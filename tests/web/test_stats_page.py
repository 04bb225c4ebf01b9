"""The statistics page /stats/<token> and its chart: the figures /stats shows, read-only, 404 for any miss."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer
from markupsafe import escape  # as the templates escape
from PIL import Image

from engine.platform.records import LinkKind
from engine.services import Services
from engine.store import Store
from tests.conftest import no_board
from tests.stub_drawing import stub_drawing
from tests.test_ratings import GUILD
from tests.test_stats import OTHER_GUILD, finished_airships
from web.app import create_app

MANAGER = 5
SITE = "http://pages.test"


@pytest.fixture
def writer(store: Store) -> Services:
    """The bot's side: it plays the games and turns the server's pages on (their boards are not this page's)."""
    return Services(store, stub_drawing(no_board), public_url=SITE)


@pytest_asyncio.fixture
async def reading(sqlite_path: Path) -> AsyncIterator[Services]:
    """The web side's services: a read-only store on the same file, as `python -m web` opens it."""
    store = await Store.open(sqlite_path, read_only=True)
    try:
        yield Services(store, stub_drawing(), public_url=SITE)
    finally:
        await store.close()


@pytest_asyncio.fixture
async def browser(reading: Services) -> AsyncIterator[TestClient]:
    async with TestClient(TestServer(create_app(reading, public_url=SITE))) as client:
        yield client


async def stats_path(writer: Services, slug: str = "airships", guild_id: int = GUILD) -> str:
    await writer.sharing.turn_on(guild_id, MANAGER)
    url = await writer.sharing.url(guild_id, LinkKind.STATS, slug)
    assert url is not None
    return url.removeprefix(SITE)


async def test_the_page_shows_the_figures_of_the_servers_finished_games(writer: Services, browser: TestClient) -> None:
    await finished_airships(writer, 1)
    await finished_airships(writer, 2, guild_id=OTHER_GUILD)  # another server's game: not on this page
    path = await stats_path(writer)
    response = await browser.get(path)
    assert response.status == 200 and response.content_type == "text/html"
    html = await response.text()
    figures = await writer.stats.figures("airships", GUILD)
    assert "<h1>Airships: statistics</h1>" in html and figures.summary in html
    for heading, lines in figures.sections():  # the same words as the embed
        assert f"<h2>{escape(heading)}</h2>" in html
        assert all(f"<li>{escape(line)}</li>" in html for line in lines)  # escaped like every value shown
    [chart] = re.findall(r'<img class="chart" src="([^"]+)"', html)
    assert chart == f"{path}/chart.png?v={figures.version}"
    image = await browser.get(chart)
    assert image.status == 200 and image.content_type == "image/png"
    assert Image.open(io.BytesIO(await image.read())).format == "PNG"
    assert "max-age" in image.headers["Cache-Control"]
    again = await browser.get(chart, headers={"If-None-Match": image.headers["ETag"]})
    assert again.status == 304 and await again.read() == b""


async def test_before_any_game_finishes_the_page_says_so_and_has_no_chart(writer: Services, browser: TestClient) -> None:
    path = await stats_path(writer, "1930")
    response = await browser.get(path)
    assert response.status == 200
    html = await response.text()
    assert "No game has finished on this server yet" in html and "<img" not in html
    assert (await browser.get(f"{path}/chart.png")).status == 404


async def test_a_new_finish_shows_on_the_page_with_a_new_chart_address(writer: Services, browser: TestClient) -> None:
    await finished_airships(writer, 3)
    path = await stats_path(writer)
    before = await (await browser.get(path)).text()
    await finished_airships(writer, 4)
    after = await (await browser.get(path)).text()
    assert "1 finished game on this server" in before and "2 finished games on this server" in after
    assert re.findall(r'chart\.png\?v=[^"]+', before) != re.findall(r'chart\.png\?v=[^"]+', after)


@pytest.mark.parametrize("tail", ["", "/chart.png"])
async def test_every_miss_is_the_same_plain_404(writer: Services, browser: TestClient, tail: str) -> None:
    await finished_airships(writer, 5)
    path = await stats_path(writer)
    game_link = await writer.sharing.url(GUILD, LinkKind.LEADERBOARD, "airships")
    assert game_link is not None
    misses = [f"/stats/{'x' * 30}{tail}", f"/stats/short{tail}", f"/stats/{'<b>' * 8}{tail}",
              f"{game_link.removeprefix(SITE)}{tail}".replace("/leaderboard/", "/stats/")]  # a token of another kind
    for miss in misses:
        response = await browser.get(miss)
        assert response.status == 404, miss
        assert "Traceback" not in await response.text()
    await writer.sharing.turn_off(GUILD, MANAGER)
    assert (await browser.get(f"{path}{tail}")).status == 404  # /web off: gone at once


async def test_the_page_only_reads(writer: Services, browser: TestClient) -> None:
    path = await stats_path(writer)
    assert (await browser.post(path)).status == 405
