"""Live pages: a move reaches every open page within a poll or two, and one poller serves all of a game's viewers."""

from __future__ import annotations

import asyncio
import json
import logging
import time

import pytest

from aiohttp import ClientResponse, ClientSession
from aiohttp.test_utils import TestClient, TestServer

from engine.platform.records import LinkKind, Status, WebLink
from engine.services import Services
from tests.web.conftest import PUBLIC_URL
from web.app import create_app
from web.server import start_web
from tests.web.playing import ANN, game_path, opened, play, play_out, started
from web.live import LiveGames, Stamp
from web.pages import LIVE


async def next_event(response: ClientResponse, timeout: float = 5.0) -> dict[str, object] | None:
    """The data of the stream's next event (comments and the retry line skipped); None when the stream ended."""
    async def read() -> dict[str, object] | None:
        while True:
            line = await response.content.readline()
            if not line:
                return None
            if line.startswith(b"data: "):
                return json.loads(line[6:])

    return await asyncio.wait_for(read(), timeout)


async def test_a_move_reaches_an_open_page_as_an_event_with_the_new_version(
        service: Services, client: TestClient) -> None:
    game_id = await started(service)
    path = await game_path(service, game_id)
    async with client.get(f"{path}/events?v=0&s=active") as events:
        assert events.status == 200 and events.headers["Content-Type"] == "text/event-stream"
        assert "default-src 'self'" in events.headers["Content-Security-Policy"]
        await play(service, game_id, 1)
        assert await next_event(events) == {"version": 1, "status": "active"}
        await play(service, game_id, 1, seed=2)
        assert await next_event(events) == {"version": 2, "status": "active"}


async def test_a_page_drawn_before_the_last_move_is_told_at_once(service: Services, client: TestClient) -> None:
    game_id = await started(service)
    await play(service, game_id, 2)
    path = await game_path(service, game_id)
    async with client.get(f"{path}/events?v=1&s=active") as events:
        assert await next_event(events) == {"version": 2, "status": "active"}


async def test_a_lobby_page_hears_its_game_start(service: Services, client: TestClient) -> None:
    game_id = await opened(service)
    async with client.get(f"{await game_path(service, game_id)}/events?v=0&s=lobby") as events:
        await service.lobby.start(game_id, ANN)
        assert await next_event(events) == {"version": 0, "status": "active"}


async def test_the_stream_ends_once_the_game_is_over(service: Services, client: TestClient) -> None:
    game_id = await started(service)
    path = await game_path(service, game_id)
    async with client.get(f"{path}/events") as events:
        await asyncio.sleep(0.2)  # the poller has read the game once: that is what the page shows
        await play_out(service, game_id)
        version = (await service.reading.table(game_id)).version
        told = [await next_event(events)]
        while told[-1] is not None and told[-1]["status"] == "active":  # moves seen while the game was played
            told.append(await next_event(events))
        assert told[-1] == {"version": version, "status": "finished"}
        assert await next_event(events) is None
    await asyncio.sleep(0.1)
    assert client.app[LIVE].pollers == 0


async def test_many_viewers_of_a_game_share_one_poller_that_stops_when_the_last_leaves(
        service: Services, client: TestClient) -> None:
    game_id = await started(service)
    path = await game_path(service, game_id)
    live = client.app[LIVE]
    streams = [await client.get(f"{path}/events?v=0&s=active") for _ in range(20)]
    await asyncio.sleep(0.3)
    assert live.viewers(game_id) == 20 and live.pollers == 1
    await play(service, game_id, 1)
    assert [await next_event(s) for s in streams] == [{"version": 1, "status": "active"}] * 20
    for each in streams:
        each.close()
    for _ in range(50):
        if live.pollers == 0:
            break
        await asyncio.sleep(0.05)
    assert live.viewers(game_id) == 0 and live.pollers == 0


async def test_two_hundred_viewers_cost_one_read_per_poll_not_two_hundred() -> None:
    reads: list[int] = []
    version = 0

    async def read(game_id: int) -> Stamp:
        reads.append(game_id)
        return Stamp(version, Status.ACTIVE)

    live = LiveGames(read, interval=0.02)
    async with asyncio.TaskGroup() as group:
        told: list[list[Stamp | None]] = [[] for _ in range(200)]
        started_watching = asyncio.Event()
        done = asyncio.Event()

        async def view(n: int) -> None:
            async with live.watching(7) as viewer:
                if n == 199:
                    started_watching.set()
                while not done.is_set():
                    try:
                        told[n].append(await viewer.next(0.05))
                    except TimeoutError:
                        continue

        for n in range(200):
            group.create_task(view(n))
        await started_watching.wait()
        await asyncio.sleep(0.2)
        version = 1
        await asyncio.sleep(0.2)
        done.set()
    polls = len(reads)
    assert live.pollers == 0 and live.polls == polls
    assert polls <= 0.45 / 0.02 + 2  # about one read per interval for the one game, however many watch it
    assert all(stamps[-1] == Stamp(1, Status.ACTIVE) for stamps in told)  # each viewer heard the move


async def test_stopping_the_server_ends_the_open_streams_at_once(service: Services, pages: Services) -> None:
    game_id = await started(service)
    path = await game_path(service, game_id)
    server = TestServer(create_app(pages, public_url=PUBLIC_URL, poll_seconds=0.05))
    await server.start_server()
    async with ClientSession() as session:
        events = await session.get(server.make_url(f"{path}/events"))
        await asyncio.sleep(0.2)
        began = time.monotonic()
        await asyncio.wait_for(server.close(), 10)  # aiohttp would wait a minute for a stream still open
        assert time.monotonic() - began < 5
        assert await next_event(events) is None


async def test_a_closed_page_leaves_the_real_server_within_seconds_and_its_poller_stops(
        service: Services, pages: Services) -> None:
    game_id = await started(service)
    path = await game_path(service, game_id)
    server = await start_web(pages, "127.0.0.1", 0)  # as the bot runs it: a handler is not cancelled when a page leaves
    try:
        live = server.runner.app[LIVE]
        async with ClientSession() as session:
            events = await session.get(f"http://127.0.0.1:{server.port}{path}/events")
            await asyncio.sleep(0.3)
            assert live.viewers(game_id) == 1 and live.pollers == 1
            events.close()
        for _ in range(40):
            if live.pollers == 0:
                break
            await asyncio.sleep(0.1)
        assert live.viewers(game_id) == 0 and live.pollers == 0
    finally:
        await server.stop()


async def test_a_stream_aborted_before_it_began_is_no_error_and_no_500(
        service: Services, pages: Services, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    game_id = await started(service)
    path = await game_path(service, game_id)
    resolve = pages.sharing.resolve
    closed = asyncio.Event()

    async def slow_resolve(token: str, kind: LinkKind) -> WebLink | None:
        await closed.wait()  # the visitor is gone by the time the stream's headers would leave
        await asyncio.sleep(0.1)
        return await resolve(token, kind)

    monkeypatch.setattr(pages.sharing, "resolve", slow_resolve)
    server = await start_web(pages, "127.0.0.1", 0)
    try:
        with caplog.at_level(logging.INFO):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(f"GET {path}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            await writer.drain()
            writer.close()
            await writer.wait_closed()
            closed.set()
            for _ in range(40):
                if any("request method=GET" in m for m in caplog.messages):
                    break
                await asyncio.sleep(0.05)
    finally:
        await server.stop()
    lines = [r for r in caplog.records if r.name.startswith(("contrail", "aiohttp"))]
    assert [r for r in lines if r.levelno > logging.INFO] == []
    [request] = [r.getMessage() for r in lines if r.getMessage().startswith("request ")]
    assert "status=500" not in request and "status=200" in request
