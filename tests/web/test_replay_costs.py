"""Replayed boards cost a bounded share of the machine: each drawn once, and a few of one game's at a time."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.services import Services
from engine.services.replays import ReplayFrame
from tests.stub_drawing import stub_drawing
from tests.web.conftest import reader, site, tiny_png, web_client
from tests.web.playing import game_path, play, started
from web.pages import REPLAYING, REPLAYS_AT_ONCE


class Counter:
    """How many replays of each game run at once, and the most there ever were."""

    def __init__(self) -> None:
        self.running: dict[int, int] = {}
        self.most: dict[int, int] = {}

    @contextlib.contextmanager
    def one(self, game_id: int) -> Iterator[None]:
        self.running[game_id] = self.running.get(game_id, 0) + 1
        self.most[game_id] = max(self.most.get(game_id, 0), self.running[game_id])
        try:
            yield
        finally:
            self.running[game_id] -= 1


class CountingBoards:
    """A board drawer that takes a while and counts its drawings (they run in threads)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.drawn = 0

    def __call__(self, slug: str, view: dict[str, Any]) -> bytes:
        with self._lock:
            self.drawn += 1
        time.sleep(0.02)
        return tiny_png(slug, view)


async def test_concurrent_replays_of_one_link_are_drawn_a_few_at_a_time_each_once(
        service: Services, sqlite_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    await site(service)
    game_id = await started(service)
    await play(service, game_id, 8)
    other = await started(service)
    await play(service, other, 2)
    path, elsewhere = await game_path(service, game_id), await game_path(service, other)
    boards = CountingBoards()
    async with reader(sqlite_path, stub_drawing(boards)) as pages, web_client(pages) as client:
        # The whole replay (reading the moves, playing them again, drawing) is what a lane bounds: the drawing
        # alone is bounded already, by the drawing threads every game shares.
        replay_frame, replaying = pages.replays.replay_frame, Counter()

        async def counted(game_id: int, guild_id: int, move: int | None = None) -> ReplayFrame:
            with replaying.one(game_id):
                await asyncio.sleep(0.02)
                return await replay_frame(game_id, guild_id, move)

        monkeypatch.setattr(pages.replays, "replay_frame", counted)

        async def get(address: str) -> int:
            async with client.get(address) as response:
                await response.read()
                return response.status

        moves = [f"{path}/move/{n}/board.png" for n in range(1, 9)]
        statuses = await asyncio.gather(*(get(a) for a in moves * 3))  # each move asked three times at once
        assert statuses == [200] * 24
        assert boards.drawn == 8  # once per move, however many asked for it at the same moment
        assert replaying.most[game_id] == REPLAYS_AT_ONCE  # each link replays a few moves at a time
        assert len(client.app[REPLAYING]) == 0  # no lane is kept once nobody waits
        # Another game's replay is not held up behind a busy one: its own lane.
        slow = [asyncio.create_task(get(f"{path}/move/{n}")) for n in range(0, 8)]
        await asyncio.sleep(0.01)
        assert await asyncio.wait_for(get(f"{elsewhere}/move/1/board.png"), 0.5) == 200
        assert await asyncio.gather(*slow) == [200] * 8
        assert replaying.most[game_id] == REPLAYS_AT_ONCE and replaying.most[other] == 1
