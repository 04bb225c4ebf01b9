"""A deadline raced by the player's own move from another process: losing the race is normal, not a failure."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from engine.core import Action
from engine.services import Services
from engine.store import Store
from tests.stub_drawing import stub_drawing

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL, ANN, BOB = 1, 2, 10, 11
HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest_asyncio.fixture
async def two(database: str | Path) -> AsyncIterator[tuple[Services, Services, Clock]]:
    """Two bot processes on one database: each its own store connections, caches and clock."""
    clock = Clock()
    first, second = await Store.open(database), await Store.open(database)
    png = stub_drawing(lambda slug, view: b"\x89PNG fake")
    yield Services(first, png, clock=clock), Services(second, png, clock=clock), clock
    await first.close()
    await second.close()


async def overdue_game(a: Services, clock: Clock, game: str) -> int:
    table = await a.lobby.open_table(game, guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN, creator_name="ann",
                                     turn_seconds=int(HOUR))
    await a.lobby.join(table.id, BOB, "bob")
    await a.lobby.start(table.id, ANN)
    clock.now += 2 * HOUR  # the first turn's deadline has passed
    return table.id


def race_at(a: Services, b: Services, game_id: int, *, after: int) -> list[int]:
    """A's autopilot thinks; before its `after`-th commit, the player's own move commits through process B."""
    thought: list[int] = []
    choose = a.core.ai_choice

    async def slow_choice(table: Any, state: Any, seat: int) -> Action:
        action = await choose(table, state, seat)
        if len(thought) == after:
            prompt = await b.reading.prompt(game_id)
            assert prompt is not None
            await b.core.play(game_id, prompt.movers[0].user_id, 0, version=prompt.version)
        thought.append(seat)
        return action

    a.core.ai_choice = slow_choice  # type: ignore[method-assign]
    return thought


@pytest.mark.parametrize("game", ["airships", "air-alliance", "1930"])
async def test_a_deadline_lost_to_the_players_own_move_is_no_error_and_no_miss(
        two: tuple[Services, Services, Clock], game: str, caplog: pytest.LogCaptureFixture) -> None:
    a, b, clock = two
    game_id = await overdue_game(a, clock, game)
    mover = (await a.reading.prompt(game_id)).movers[0].user_id  # type: ignore[union-attr]
    race_at(a, b, game_id, after=0)

    with caplog.at_level(logging.INFO):
        news = await a.clock.run_due()

    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert news.moves == []  # nothing of A's counted: nothing to post
    table = await a.reading.table(game_id)
    assert table.player(mover).missed == 0  # type: ignore[union-attr]  # the player moved in time
    dues = await a.store.dues.of(game_id)
    assert all(not d.claim for d in dues.values()), dues  # nothing left waiting for its lease


async def test_an_autopilot_chain_cut_short_by_the_player_posts_what_it_committed(
        two: tuple[Services, Services, Clock], caplog: pytest.LogCaptureFixture) -> None:
    a, b, clock = two
    game_id = await overdue_game(a, clock, "1930")  # a first turn of many small decisions
    mover = (await a.reading.prompt(game_id)).movers[0].user_id  # type: ignore[union-attr]
    before = (await a.reading.table(game_id)).version
    race_at(a, b, game_id, after=1)

    with caplog.at_level(logging.INFO):
        news = await a.clock.run_due()

    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    [shown] = news.moves  # the autopilot's one committed move is told in the thread
    assert shown.table.version == before + 1
    assert (await a.reading.table(game_id)).version >= before + 2  # and the player's own move stands after it
    assert (await a.reading.table(game_id)).player(mover).missed == 1  # type: ignore[union-attr]
    dues = await a.store.dues.of(game_id)
    assert all(not d.claim for d in dues.values()), dues
    assert any("another move came first" in r.getMessage() for r in caplog.records)
