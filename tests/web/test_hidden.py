"""The public pages never show a hidden thing: no 1930 contract in any hand, no Discord id, no seed of a live game."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest_asyncio
from aiohttp.test_utils import TestClient

import engine
from engine.platform.wording import tableless
from engine.services import Services
from engine.view import CommonView, to_json
from tests.stub_drawing import StubDrawing
from tests.web.conftest import reader, site, tiny_png, web_client
from tests.web.playing import ANN, BOB, CY, game_path, play, started


class Watching(StubDrawing):
    """Draws tiny boards and keeps every view it was asked to draw."""

    def __init__(self) -> None:
        super().__init__(tiny_png)
        self.views: list[dict[str, Any]] = []

    def board(self, slug: str, view: CommonView) -> bytes:
        self.views.append(to_json(view))
        return super().board(slug, view)


@pytest_asyncio.fixture
async def watched(service: Services, sqlite_path: Path):  # type: ignore[no-untyped-def]
    await site(service)
    drawing = Watching()
    async with reader(sqlite_path, drawing) as services, web_client(services) as client:
        yield client, drawing


def hidden_words(game: Any, state: Any, seats: int) -> set[str]:
    """Every contract in a hand, in the words and numbers a page might print, that the public view does not hold."""
    public = json.dumps(to_json(tableless(game.sentences, game.view(state, None))))  # its words, events worded
    found = set()
    for seat in range(seats):
        for card in to_json(game.view(state, seat))["you"]["contracts"]:
            found.update(w for w in (card["words"], f"contract {card['number']}")
                         if w not in public)
    return found


async def test_a_1930_games_pages_and_log_show_no_contract_of_any_hand_and_no_discord_id(
        service: Services, watched: tuple[TestClient, Watching]) -> None:
    client, drawing = watched
    game_id = await started(service, "1930", (ANN, BOB, CY))
    await play(service, game_id, 40, seed=3)
    table = await service.reading.table(game_id)
    game = engine.get_game("1930")
    state = await service.core.load.state(table)
    secrets = hidden_words(game, state, 3)
    assert secrets  # the hands hold contracts the table has not seen: there is something to leak
    path = await game_path(service, game_id)
    pages = [await (await client.get(path)).text()]
    pages += [await (await client.get(f"{path}/move/{n}")).text() for n in range(0, table.version + 1, 5)]
    pages.append(await (await client.get(f"{path}/board.png?v={table.version}")).text(errors="replace"))
    log = "\n".join(text for _, text in await service.reading.numbered_log(game_id))
    for text in [*pages, log]:
        leaked = sorted(word for word in secrets if word in text)
        assert not leaked, f"hidden contracts shown: {leaked}"
        assert not any(str(user) in text for user in (ANN, BOB, CY))
        assert str(table.row.seed) not in text
    assert drawing.views and all("you" not in view for view in drawing.views)  # only public views were drawn
    assert all(view["seat_names"] == list(table.names) for view in drawing.views)
    assert re.search(r"Move \d+ of \d+", pages[2])
