"""Due items by declaration: a kind declared in one place is scheduled, kept or cleared and done as it says; and the
one clock handed to the services stamps the store's rows and decides what is due."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from engine.platform.records import DueKind, DueRow, Status
from engine.services import Services
from engine.services.core import TableCore
from engine.services.dues import DUE_KINDS, DueSpec, DueWork, declare
from engine.store import Store
from tests.stub_drawing import stub_drawing

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL, ANN, BOB = 1, 2, 10, 11
HOUR = 3600.0
FAR = 4_102_444_800.0  # 2100-01-01, long after any real clock this runs under


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def _told(core: TableCore, work: DueWork) -> None:
    """The test kinds' handler: it tells the table, as a feature's handler would."""
    work.news.notices.append((work.game_table, f"{work.due.kind.value} came"))


@pytest.fixture
def kinds() -> Iterator[tuple[DueKind, DueKind]]:
    """Two test-only kinds, each declared in this one place: one of a turn, one that outlives turns."""
    of_turn = declare(DueSpec(DueKind("test_of_turn"), TableCore, _told, "a test's turn item", of_turn=True))
    lasting = declare(DueSpec(DueKind("test_lasting"), TableCore, _told, "a test's lasting item"))
    yield of_turn, lasting
    for kind in (of_turn, lasting):  # forgotten after the test
        del DUE_KINDS[kind]


async def _game(services: Services, **clock: int) -> int:
    table = await services.lobby.open_table("airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN,
                                            creator_name="ann", **clock)
    await services.lobby.join(table.id, BOB, "bob")
    await services.lobby.start(table.id, ANN)
    return table.id


async def _pass_the_turn(services: Services, game_id: int) -> None:
    """Decisions by whoever is to act until someone else is."""
    prompt = await services.reading.prompt(game_id)
    assert prompt is not None
    first = prompt.movers[0].user_id
    for _ in range(50):
        prompt = await services.reading.prompt(game_id)
        assert prompt is not None
        if prompt.movers[0].user_id != first:
            return
        await services.core.play(game_id, prompt.movers[0].user_id, 0, version=prompt.version)
    raise AssertionError("the turn never passed")


async def test_a_kind_declared_in_one_place_is_kept_or_cleared_as_it_says_and_done_by_the_clock(
    store: Store, kinds: tuple[DueKind, DueKind],
) -> None:
    of_turn, lasting = kinds
    clock = Clock()
    services = Services(store, stub_drawing(lambda slug, view: b""), clock=clock)
    game_id = await _game(services)
    start = (await services.reading.table(game_id)).version
    for kind in kinds:
        await services.core.schedule.add_due(DueRow(game_id, kind, clock.now + HOUR, start, clock.now))
    await _pass_the_turn(services, game_id)
    assert set(await store.dues.of(game_id)) == {lasting}  # the turn's item went with its turn; the other stays
    assert await services.clock.next_due() == clock.now + HOUR
    clock.now += HOUR
    news = await services.clock.run_due()
    assert [sentence for _, sentence in news.notices] == ["test_lasting came"]
    assert await store.dues.of(game_id) == {}  # done once
    # Not declared to outlive the game: at a game no longer played it is dropped undone.
    await services.core.schedule.add_due(DueRow(game_id, lasting, clock.now + HOUR, 0, clock.now))
    await store.games.set_status(game_id, Status.ABANDONED, only_live=True)
    services.core.forget(game_id)  # the store changed behind the cache
    clock.now += HOUR
    assert (await services.clock.run_due()).notices == [] and await store.dues.of(game_id) == {}


async def test_the_clock_handed_in_stamps_the_rows_and_decides_what_is_due(store: Store) -> None:
    clock = Clock(FAR)
    services = Services(store, stub_drawing(lambda slug, view: b""), clock=clock)
    game_id = await _game(services, turn_seconds=int(HOUR))
    row = await store.games.get(game_id)
    assert row is not None and row.created_at.startswith("2100-01-01") and row.updated_at.startswith("2100-01-01")
    assert await services.clock.deadline(game_id) == FAR + HOUR
    assert (await services.clock.run_due()).moves == []  # an hour early on the clock handed in
    clock.now += HOUR
    [moved] = (await services.clock.run_due()).moves  # the autopilot plays the missed turn then
    assert moved.table.id == game_id
    assert datetime.fromisoformat((await store.games.get(game_id)).updated_at) == (  # type: ignore[union-attr]
        datetime.fromtimestamp(FAR + HOUR, UTC))
