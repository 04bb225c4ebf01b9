"""Wrong input gets a plain page: unknown and revoked links, odd paths and queries, traversal, HEAD, other methods."""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient
from yarl import URL

from engine.platform.records import LinkKind
from engine.services import Services
from tests.web.conftest import GUILD, MANAGER, site
from tests.web.playing import game_path, play, started

MADE_UP = "A" * 22  # a token of the right shape that no page has


async def plain(response: ClientResponse, status: int) -> str:
    """The answer is the site's own error page with this status: HTML, the code in words, nothing of the code."""
    body = await response.text()
    assert response.status == status, body
    assert response.content_type == "text/html" and f"Error {status}" in body
    assert "Traceback" not in body and "File \"" not in body and "aiohttp" not in body
    return body


async def raw(client: TestClient, path: str, method: str = "GET") -> ClientResponse:
    """A request sent with its path exactly as written (the client would otherwise tidy `..` away)."""
    return await client.request(method, URL(path, encoded=True))


@pytest.mark.parametrize("kind", ["game", "league", "leaderboard", "stats"])
async def test_an_unknown_token_of_any_kind_is_a_plain_404(client: TestClient, kind: str) -> None:
    await plain(await client.get(f"/{kind}/{MADE_UP}"), 404)


async def test_a_token_of_another_kind_opens_nothing(service: Services, client: TestClient) -> None:
    path = await game_path(service, await started(service))
    token = path.rsplit("/", 1)[-1]
    for other in ("league", "leaderboard"):
        await plain(await client.get(f"/{other}/{token}"), 404)


async def test_turning_the_pages_off_makes_every_link_404_at_once_and_on_brings_them_back(
        service: Services, client: TestClient) -> None:
    game_id = await started(service)
    await play(service, game_id, 1)
    path = await game_path(service, game_id)
    board = await service.sharing.url(GUILD, LinkKind.LEADERBOARD, "airships")
    assert board is not None
    addresses = [path, f"{path}/board.png?v=1", f"{path}/move/1", f"{path}/move/1/board.png", f"{path}/events",
                 board.removeprefix("http://pages.test")]
    for address in addresses[:-2]:
        assert (await client.get(address)).status == 200  # each seen once: the pictures are kept in memory
    await service.sharing.turn_off(GUILD, MANAGER)
    for address in addresses:
        await plain(await client.get(address), 404)
    await site(service.store)  # on again, straight on the store: the same links come back
    assert (await client.get(path)).status == 200 and (await client.get(addresses[-1])).status == 200


@pytest.mark.parametrize("path", ["/", "/game", "/game/", "/game/short", "/game/%00%ff",
                                  "/nothing/at/all", "/game/" + "A" * 300])
async def test_a_malformed_path_is_a_plain_404(client: TestClient, path: str) -> None:
    await plain(await raw(client, path), 404)


@pytest.mark.parametrize("tail", ["/", "/move/abc", "/move/-1", "/move/99999", "/move/1x", "/board.png/x",
                                  "/move/99999/board.png"])
async def test_a_malformed_path_under_a_real_game_is_a_plain_404(
        service: Services, client: TestClient, tail: str) -> None:
    path = await game_path(service, await started(service))
    await plain(await raw(client, path + tail), 404)


@pytest.mark.parametrize(("query", "status"), [
    ("move=abc", 400), ("move=", 400), ("move=-1", 400), ("move=1.5", 400), ("move=%00", 400), ("move=1&move=2", 400),
    ("move=%D9%A3", 400),  # an Arabic-Indic 3: a digit to Python, not a move number
    ("move=99999", 404), ("move=1" + "0" * 40, 400), ("x=" + "a" * 10_000, 400), ("a" * 600, 400),
])
async def test_an_odd_query_is_a_plain_400_or_404(service: Services, client: TestClient, query: str,
                                                  status: int) -> None:
    path = await game_path(service, await started(service))
    body = await plain(await raw(client, f"{path}?{query}"), status)
    assert path.rsplit("/", 1)[-1] not in body  # an error page never repeats the address (and its token) back


async def test_ignored_query_parameters_do_not_change_the_page(service: Services, client: TestClient) -> None:
    path = await game_path(service, await started(service))
    assert (await client.get(f"{path}?utm_source=chat&x=%FF")).status == 200


@pytest.mark.parametrize("path", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/%2e%2e%2fapp.py",
                                  "/static/..%2f..%2fsettings.py", "/static/%252e%252e/app.py", "/static/",
                                  "/static/nothing.css", "/static/../../etc/passwd"])
async def test_no_path_leaves_the_static_folder(client: TestClient, path: str) -> None:
    body = await plain(await raw(client, path), 404)
    assert "def create_app" not in body and "root:" not in body


async def test_the_static_files_are_served(client: TestClient) -> None:
    for name, kind in (("style.css", "text/css"), ("game.js", "text/javascript")):
        response = await client.get(f"/static/{name}")
        assert response.status == 200 and response.content_type in (kind, "application/javascript")


async def test_head_answers_like_get_without_a_body(service: Services, client: TestClient) -> None:
    path = await game_path(service, await started(service))
    for address in (path, f"{path}/board.png?v=0", f"/game/{MADE_UP}"):
        got, head = await client.get(address), await client.head(address)
        assert head.status == got.status and head.content_type == got.content_type
        assert await head.read() == b"" and len(await got.read()) > 0
        assert head.headers.get("ETag") == got.headers.get("ETag")


async def test_head_of_the_live_stream_answers_at_once(service: Services, client: TestClient) -> None:
    path = await game_path(service, await started(service))
    head = await asyncio.wait_for(client.head(f"{path}/events"), 2)
    assert head.status == 200 and head.content_type == "text/event-stream" and await head.read() == b""


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
async def test_a_write_method_is_a_plain_405_that_says_what_is_allowed(
        service: Services, client: TestClient, method: str) -> None:
    path = await game_path(service, await started(service))
    for address in (path, f"{path}/board.png", f"{path}/events"):
        response = await client.request(method, address, data=b"x" * 10)
        await plain(response, 405)
        assert response.headers["Allow"] == "GET, HEAD"
    await plain(await client.request(method, f"/nowhere/{method}"), 404)


async def test_a_page_that_fails_is_a_plain_500_and_the_log_has_the_traceback(
        service: Services, pages: Services, client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    path = await game_path(service, await started(service))

    async def broken(game_id: int) -> None:
        raise RuntimeError("the secret inner workings")

    monkeypatch.setattr(pages.reading, "status", broken)
    body = await plain(await client.get(path), 500)
    assert "secret inner workings" not in body
    [failed] = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert "Traceback" in failed and "RuntimeError: the secret inner workings" in failed
