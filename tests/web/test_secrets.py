"""A page's key stays out of the logs whatever the path or the error, and no private page is kept by a cache."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient
from yarl import URL

from engine.platform.records import LinkKind
from engine.services import Services
from engine.services.logs import JsonFormatter
from settings import Settings, configure_logging
from tests.web.test_league_pages import league_with_a_round, page_path
from tests.web.playing import game_path, opened, play, started

SHOWN = 4  # characters of a key a log line may carry


def leaks(token: str, text: str) -> list[str]:
    """Every run of more than SHOWN characters of the token that the text carries."""
    return sorted({token[i:i + SHOWN + 1] for i in range(len(token) - SHOWN) if token[i:i + SHOWN + 1] in text})


def written(records: list[logging.LogRecord]) -> str:
    """The records as both log formats write them (text with tracebacks, and JSON lines)."""
    text, json = logging.Formatter("%(levelname)s %(name)s %(message)s"), JsonFormatter()
    return "\n".join(f.format(r) for r in records for f in (text, json))


async def test_no_log_line_carries_more_than_four_characters_of_a_page_key(
        service: Services, pages: Services, client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    game_id = await started(service)
    await play(service, game_id, 1)
    path = await game_path(service, game_id)
    token = path.rsplit("/", 1)[-1]
    split = "/".join(token[i:i + 4] for i in range(0, len(token), 4))  # the key in pieces of four
    addresses = [
        path, f"{path}/move/1", f"{path}/", f"{path}/nonsense", f"{path}/move/abc",
        f"{path}/board.png/x", f"/nothing/{token}", f"/{token}", f"/game/{token}x", f"/{split}", f"/game/{split}",
        f"/static/{token}.css", f"/game/%0A{token}", f"/game/{token}%0Anext", f"/league/{token}",
    ]
    with caplog.at_level(logging.DEBUG):
        for address in addresses:
            response = await client.get(URL(address, encoded=True))
            await response.read()
        await (await client.head(f"{path}/events")).read()  # a stream's headers (a GET would stay open)

        async def broken(game_id: int) -> None:  # an error that repeats the request's address in its words
            raise RuntimeError(f"could not read {path} (key {token!r})")

        monkeypatch.setattr(pages.reading, "status", broken)
        assert (await client.get(f"{path}/move/0")).status == 500  # a page not kept from before
    # Not aiohttp's access log (start_web turns it off; the test server keeps it) nor the SQLite driver's DEBUG lines
    # (configure_logging keeps them off: test_debug_logging_leaves_out_the_database_drivers_queries).
    logged = written([r for r in caplog.records if r.name not in ("aiohttp.access", "aiosqlite")])
    assert logged.count("request method=GET") >= 2 * (len(addresses) + 1)  # every request was logged (twice: 2 formats)
    assert "could not read" in logged and "Traceback" in logged  # the failure is still there to read
    assert leaks(token, logged) == []
    assert "\n" not in "".join(r.getMessage() for r in caplog.records if r.getMessage().startswith("request "))


@pytest.mark.parametrize("address", ["/nothing/at/all", "/game/AbCdEfGhIjKlMnOpQrStUv/nonsense"])
async def test_a_path_no_page_has_is_still_logged_by_its_start(
        client: TestClient, caplog: pytest.LogCaptureFixture, address: str) -> None:
    with caplog.at_level(logging.INFO, logger="contrail.web"):
        assert (await client.get(address)).status == 404
    [line] = [m for m in caplog.messages if m.startswith("request ")]
    shown = {"/nothing/at/all": "/noth…/…", "/game/AbCdEfGhIjKlMnOpQrStUv/nonsense": "/game/AbCd…/…"}[address]
    assert line == f"request method=GET path={shown} status=404 ms={line.rsplit('ms=', 1)[1]}"


async def test_every_private_page_tells_caches_not_to_keep_it(service: Services, client: TestClient) -> None:
    league_id, game_ids = await league_with_a_round(service)
    lobby = await opened(service)
    game = await game_path(service, game_ids[0])
    addresses = [game, f"{game}/move/1", f"{game}?move=2", await game_path(service, game_ids[1]),
                 await game_path(service, lobby), await page_path(service, LinkKind.LEAGUE, league_id),
                 await page_path(service, LinkKind.LEADERBOARD, "airships"),
                 await page_path(service, LinkKind.STATS, "airships"), "/game/AAAAAAAAAAAAAAAAAAAAAA"]
    for address in addresses:
        response = await client.get(address)
        assert response.content_type == "text/html", address
        assert response.headers.get("Cache-Control") == "no-store", address
    csv = await client.get(f"{await page_path(service, LinkKind.LEAGUE, league_id)}/standings.csv")
    assert csv.content_type == "text/csv" and csv.headers.get("Cache-Control") == "no-store"


def test_debug_logging_leaves_out_the_database_drivers_queries() -> None:
    """aiosqlite's DEBUG lines repeat every query's values: page keys among them."""
    driver = logging.getLogger("aiosqlite")
    root = logging.getLogger()
    kept = driver.level, root.level, root.handlers[:]
    try:
        root.handlers.clear()  # as in a fresh process: basicConfig sets nothing up over handlers already there
        configure_logging(Settings(token=None, database_path=Path("unused.sqlite3"), log_level="DEBUG",
                                   shard_count=1))
        assert root.level == logging.DEBUG and driver.getEffectiveLevel() == logging.INFO
    finally:
        driver.setLevel(kept[0])
        root.setLevel(kept[1])
        root.handlers[:] = kept[2]
