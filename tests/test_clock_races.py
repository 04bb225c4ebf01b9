"""Two bot processes on one database racing: a deadline against the player's own move, an undo against the next
player's move, a seat handed over against its move. Losing a race is normal: one answer each, nothing half-written."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from engine.core import Action, GameError
from engine.services.tables import MoveResult
from engine.services import Services
from engine.store import Store
from tests.stub_drawing import stub_drawing

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL, ANN, BOB = 1, 2, 10, 11
# Airships in the fast tier; the other games take the same path, in the full suite.
GAMES = ["airships", *(pytest.param(g, marks=pytest.mark.slow) for g in ("air-alliance", "1930"))]
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


@pytest.mark.parametrize("game", GAMES)
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


ROUNDS = 6  # races per test: both orders turn up in a second or two


async def to_undo_point(a: Services, game_id: int, rng: random.Random) -> tuple[int, int]:
    """Play until the player to move has just made a decision of their own turn that showed nothing, and the
    next decision is someone else's: (the player who may undo, the player who moves next)."""
    for _ in range(400):
        prompt = await a.reading.prompt(game_id)
        assert prompt is not None, "the game ended first"
        mover = prompt.movers[0]
        await a.core.play(game_id, mover.user_id, rng.randrange(len(mover.choices)), version=prompt.version)
        after = await a.reading.prompt(game_id)
        if after is not None and after.movers[0].user_id != mover.user_id:
            return mover.user_id, after.movers[0].user_id
    raise AssertionError("no turn ended")


@pytest.mark.parametrize("game", GAMES)
async def test_an_undo_racing_the_next_players_move_lets_exactly_one_count(
        two: tuple[Services, Services, Clock], game: str, caplog: pytest.LogCaptureFixture) -> None:
    a, b, clock = two
    for round_no in range(ROUNDS):
        game_id = await overdue_game(a, clock, game)
        undoer, next_player = await to_undo_point(a, game_id, random.Random(round_no))
        version = (await a.reading.table(game_id)).version
        prompt = await b.reading.prompt(game_id)
        assert prompt is not None
        undo, move = await asyncio.gather(
            a.undo.undo(game_id, undoer), b.core.play(game_id, next_player, 0, version=prompt.version),
            return_exceptions=True)
        results = [r for r in (undo, move) if isinstance(r, MoveResult)]
        refused = [r for r in (undo, move) if isinstance(r, GameError)]
        assert len(results) + len(refused) == 2 and len(results) <= 2, (undo, move)
        assert not [r for r in (undo, move) if isinstance(r, BaseException) and not isinstance(r, GameError)]
        actions = await a.store.games.actions(game_id)
        assert len(actions) == version + len(results)  # nothing half-written, nothing doubled
        if len(results) == 2:  # both counted: the move came first, then the undo found nothing of its own
            pytest.fail("an undo counted after someone else moved")
        fresh = await Services(a.store, None).reading.prompt(game_id)  # a cold cache replays the log alike
        assert fresh == await a.reading.prompt(game_id) == await b.reading.prompt(game_id)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("change", ["hand over", pytest.param("kick", marks=pytest.mark.slow)])
async def test_a_seat_changing_hands_while_its_move_is_made_keeps_both(
        two: tuple[Services, Services, Clock], change: str, caplog: pytest.LogCaptureFixture) -> None:
    a, b, clock = two
    for round_no in range(ROUNDS):
        game_id = await overdue_game(a, clock, "airships")
        prompt = await a.reading.prompt(game_id)
        assert prompt is not None
        mover = prompt.movers[0].user_id
        newcomer = 100 + round_no
        seat_change = (a.seating.replace_player(game_id, ANN, mover, newcomer, "newcomer", can_manage=True)
                       if change == "hand over" else a.seating.kick(game_id, ANN, mover, can_manage=True))
        changed, move = await asyncio.gather(seat_change, b.core.play(game_id, mover, 0, version=prompt.version),
                                             return_exceptions=True)
        assert not [r for r in (changed, move) if isinstance(r, BaseException) and not isinstance(r, GameError)]
        table = await Services(a.store, None).reading.table(game_id)
        if change == "hand over":
            assert table.player(newcomer) is not None or isinstance(changed, GameError)
        else:
            assert table.player(mover).autopilot or isinstance(changed, GameError)  # type: ignore[union-attr]
        own = [row for row in await a.store.games.actions(game_id) if "by" not in row.payload]
        assert len(own) == (0 if isinstance(move, GameError) else 1)  # the autopilot may play on after a kick
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
