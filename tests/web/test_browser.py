"""The pages in a real headless Chromium: a live game at phone and desktop widths, followed, replayed by keyboard.

Selenium blocks, so each of its calls runs in a thread while this test's event loop serves the pages and plays the
moves. Screenshots go to the test's temp folder (look at them with `--basetemp` while building; never committed).
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
import urllib.request
from datetime import datetime, timedelta
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
import pytest_asyncio

from engine.services import Services
from engine.store import Store
from renderers.drawing import PillowDrawing
from tests.web.conftest import PUBLIC_URL, site
from tests.web.playing import ANN, BOB, NAMES, game_path, play, started
from web.server import WebServer, start_web

CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER), reason="no chromium and chromedriver (.ci/run installs them)"),
]
PHONE, DESKTOP = (390, 844), (1280, 800)
T = TypeVar("T")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM or ""
    # The machine has no network: without these, Chromium keeps trying to reach Google's services.
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={tempfile.mkdtemp(prefix='contrail-chromium-')}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER or ""), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


async def call(fn: Callable[..., T], *args: Any) -> T:
    """One blocking Selenium call, off the loop that serves the pages."""
    return await asyncio.to_thread(fn, *args)


@pytest_asyncio.fixture
async def served(service: Services, sqlite_path: Path) -> AsyncIterator[tuple[WebServer, Services]]:
    """The pages over a read-only store on the game's file, drawn by the real renderer, on a free port."""
    await site(service)
    store = await Store.open(sqlite_path, read_only=True)
    pages = Services(store, PillowDrawing(), public_url=PUBLIC_URL)
    server = await start_web(pages, "127.0.0.1", 0, public_url=PUBLIC_URL)
    yield server, pages
    await server.stop()
    await store.close()


def console_errors(driver: Any) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def luminance(rgb: tuple[float, ...]) -> float:
    channels = [c / 255 for c in rgb[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(fore: tuple[float, ...], back: tuple[float, ...]) -> float:
    light, dark = sorted((luminance(fore), luminance(back)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# Every element that holds text, with its colour and the first opaque background behind it.
COLOURS = """
const parse = s => s.match(/[0-9.]+/g).map(Number);
const ground = el => { for (; el; el = el.parentElement) { const c = parse(getComputedStyle(el).backgroundColor);
  if (c.length < 4 || c[3] > 0) return c; } return [255, 255, 255]; };
return [...document.querySelectorAll('h1,h2,p,li,td,th,a,span,figcaption,caption,time,strong')]
  .filter(el => el.offsetParent !== null && el.textContent.trim())
  .map(el => [el.tagName, el.textContent.trim().slice(0, 40), parse(getComputedStyle(el).color), ground(el)]);
"""


async def assert_readable_page(driver: Any, width: int) -> None:
    """A title, a heading, alt text on every image (and each image loaded), text at 4.5:1 contrast or more."""
    assert (await call(lambda: driver.title)).strip()
    assert await call(driver.execute_script, "return document.querySelectorAll('h1').length") == 1
    images = await call(driver.execute_script,
                        "return [...document.images].map(i => [i.alt, i.naturalWidth, i.getBoundingClientRect().width])")
    assert images, "the page shows no board"
    for alt, natural, shown in images:
        assert alt.strip() and natural > 0
        assert shown <= width  # never wider than the screen
    for tag, text, fore, back in await call(driver.execute_script, COLOURS):
        assert contrast(tuple(fore), tuple(back)) >= 4.5, f"{tag} {text!r}: {fore} on {back}"


async def wait_for(predicate: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if await call(predicate):
            return True
        await asyncio.sleep(0.1)
    return False


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_a_live_game_page_shows_the_board_and_scores_and_follows_a_move_by_itself(
    browser: Any, served: tuple[WebServer, Services], service: Services, size: tuple[int, int], tmp_path: Path,
) -> None:
    server, _ = served
    game_id = await started(service)
    await play(service, game_id, 3)
    url = f"http://127.0.0.1:{server.port}{await game_path(service, game_id)}"
    await call(browser.set_window_size, *size)
    await call(browser.get, url)
    await call(browser.get_log, "browser")  # what an earlier page logged is no part of this one
    await assert_readable_page(browser, size[0])
    text = await call(lambda: browser.find_element("tag name", "body").text)
    assert all(name in text for name in (NAMES[ANN], NAMES[BOB])) and "Scores" in text
    await call(browser.get_screenshot_as_file, str(tmp_path / f"live-{size[0]}.png"))
    # A marker the open page holds: a page that reloaded after the move has lost it.
    await call(browser.execute_script, "window.contrailBefore = true")
    before = (await service.reading.table(game_id)).version
    await play(service, game_id, 1, seed=9)
    assert (await service.reading.table(game_id)).version == before + 1
    assert await wait_for(lambda: browser.execute_script("return window.contrailBefore !== true"), 5), \
        "the page did not follow the move within 5 seconds"
    assert await wait_for(lambda: f"/move/{before + 1}" in browser.page_source or str(before + 1) in
                          browser.find_element("tag name", "body").text, 5)
    await call(browser.get_screenshot_as_file, str(tmp_path / f"followed-{size[0]}.png"))
    assert console_errors(browser) == []


async def test_the_replay_steps_back_and_forth_with_the_arrow_keys(
    browser: Any, served: tuple[WebServer, Services], service: Services, tmp_path: Path,
) -> None:
    from selenium.webdriver.common.keys import Keys

    server, _ = served
    game_id = await started(service)
    await play(service, game_id, 6)
    moves = (await service.reading.table(game_id)).version
    base = f"http://127.0.0.1:{server.port}{await game_path(service, game_id)}"
    await call(browser.set_window_size, *DESKTOP)
    await call(browser.get, f"{base}/move/2")
    await call(browser.get_log, "browser")

    async def press(key: str, expected_move: int) -> None:
        await call(lambda: browser.find_element("tag name", "body").send_keys(key))
        assert await wait_for(lambda: browser.current_url.endswith(f"/move/{expected_move}"), 5), browser.current_url

    await press(Keys.ARROW_RIGHT, 3)
    await press(Keys.ARROW_RIGHT, 4)
    await press(Keys.ARROW_LEFT, 3)
    await assert_readable_page(browser, DESKTOP[0])
    text = await call(lambda: browser.find_element("tag name", "body").text)
    assert f"Move 3 of {moves}" in text and "Scores after move 3" in text
    await call(browser.get_screenshot_as_file, str(tmp_path / "replay.png"))
    assert console_errors(browser) == []


# Sideways scrolling anywhere on the page, a table's own box included: a table cut at the screen's edge hides its
# last columns from a phone.
OVERFLOW = """
const wide = [...document.querySelectorAll('*')].filter(el => el.scrollWidth > el.clientWidth + 1
  && getComputedStyle(el).overflowX !== 'visible');
return [document.documentElement.scrollWidth, window.innerWidth, wide.map(el => el.tagName + '.' + el.className)];
"""


async def test_every_page_fits_a_phone_without_sideways_scrolling(
    browser: Any, served: tuple[WebServer, Services], service: Services, tmp_path: Path,
) -> None:
    from engine.platform.records import LinkKind
    from tests.web.test_league_pages import league_with_a_round, page_path

    server, _ = served
    league_id, game_ids = await league_with_a_round(service)
    paths = {
        "game": await game_path(service, game_ids[0]),
        "league": await page_path(service, LinkKind.LEAGUE, league_id),
        "leaderboard": await page_path(service, LinkKind.LEADERBOARD, "airships"),
        "stats": await page_path(service, LinkKind.STATS, "airships"),
        "missing": "/games/not-a-page",
    }
    await call(browser.set_window_size, *PHONE)
    for name, path in paths.items():
        await call(browser.get, f"http://127.0.0.1:{server.port}{path}")
        page, screen, boxes = await call(browser.execute_script, OVERFLOW)
        await call(browser.get_screenshot_as_file, str(tmp_path / f"{name}-390.png"))
        assert page <= screen and boxes == [], f"the {name} page scrolls sideways at 390 px: {page} > {screen} {boxes}"


async def test_a_time_reads_in_the_viewers_own_time_zone_and_in_utc_without_javascript(
    browser: Any, served: tuple[WebServer, Services], service: Services,
) -> None:
    server, _ = served
    game_id = await started(service)
    url = f"http://127.0.0.1:{server.port}{await game_path(service, game_id)}"
    await call(browser.set_window_size, *PHONE)
    await call(browser.execute_cdp_cmd, "Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    try:
        await call(browser.get, url)
        stamp = await call(browser.execute_script, "const t = document.querySelector('time[datetime]');"
                                                   "return [t.getAttribute('datetime'), t.textContent];")
    finally:
        await call(browser.execute_cdp_cmd, "Emulation.setTimezoneOverride", {"timezoneId": "UTC"})
    iso, shown = stamp
    without_script = await call(lambda: urllib.request.urlopen(url, timeout=10).read().decode())
    assert f'<time datetime="{iso}">' in without_script and " UTC</time>" in without_script
    assert "UTC" not in shown and "GMT+9" in shown, shown  # Tokyo's time, named as such
    tokyo = datetime.fromisoformat(iso.replace("Z", "+00:00")) + timedelta(hours=9)
    assert f"{tokyo.hour:02d}:{tokyo.minute:02d}" in shown or f"{tokyo.hour % 12 or 12}:{tokyo.minute:02d}" in shown
