"""A game's page and its board each load their table once: one read of its row and one of its seats."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient

from engine.services import Services
from tests.reads import counted
from tests.web.playing import game_path, play, started


async def test_a_games_page_and_its_board_each_load_their_table_once(
        service: Services, pages: Services, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await started(service)
    await play(service, game_id, 3)
    path = await game_path(service, game_id)
    with counted(pages.store, monkeypatch) as page:
        response = await client.get(path)
        assert response.status == 200
    version = (await pages.reading.table(game_id)).version
    with counted(pages.store, monkeypatch) as board:
        response = await client.get(f"{path}/board.png?v={version}")
        assert response.status == 200 and response.content_type == "image/png"
    for name, reads in (("page", page), ("board", board)):
        print(f"the {name}: {reads.rows} row reads, {reads.seatings} seat reads, {reads.total} reads in all")
    assert (page.rows, page.seatings) == (1, 1)
    assert (board.rows, board.seatings) == (1, 1)
