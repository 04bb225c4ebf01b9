"""Units of work across repositories: Store.transaction() makes several repositories' methods one transaction."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine.store import AlreadySeated, DueKind, DuplicateInteraction, GameRow, NestingRefused, Store

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL, ANN, BOB = 1, 2, 10, 11


async def active_game(store: Store) -> GameRow:
    game = await store.games.create("airships", GUILD, CHANNEL, ANN, seed=7, options={})
    for user, name in ((ANN, "Ann"), (BOB, "Bob")):
        await store.seats.add(game.id, user, name)
    return await store.seats.start_game(game.id, [ANN, BOB])


async def test_a_move_and_its_dues_commit_together(store: Store) -> None:
    game = await active_game(store)
    async with store.transaction():
        moved = await store.games.append_action(game.id, 1, 0, {"n": 1}, 501)
        await store.dues.set(game.id, moved.version, 5.0, {DueKind.DEADLINE: 60.0})
        # Reads inside the unit see its own rows (and on SQLite take no second lock: no deadlock).
        assert (await store.games.get(game.id)).version == 1
        assert store.db.in_transaction
    assert not store.db.in_transaction
    assert (await store.games.get(game.id)).version == 1
    assert set(await store.dues.of(game.id)) == {DueKind.DEADLINE}


async def test_a_unit_that_fails_part_way_leaves_nothing_of_any_repository(store: Store) -> None:
    game = await active_game(store)
    with pytest.raises(RuntimeError, match="after the move"):
        async with store.transaction():
            await store.games.append_action(game.id, 1, 0, {"n": 1}, 502)
            await store.dues.set(game.id, 1, 5.0, {DueKind.DEADLINE: 60.0})
            raise RuntimeError("after the move")
    assert (await store.games.get(game.id)).version == 0
    assert await store.games.actions(game.id) == [] and await store.dues.of(game.id) == {}


async def test_a_failed_method_inside_a_unit_rolls_back_alone(store: Store) -> None:
    """A move that bumps the version, then fails on its interaction id: caught, the unit goes on without it."""
    game = await active_game(store)
    await store.games.append_action(game.id, 1, 0, {"n": 1}, 503)
    async with store.transaction():
        with pytest.raises(DuplicateInteraction):
            await store.games.append_action(game.id, 2, 1, {"n": 2}, 503)  # the UPDATE ran, then the INSERT failed
        lobby = await store.games.create("1930", GUILD, CHANNEL, ANN, 1, {})
        await store.seats.add(lobby.id, ANN, "Ann")
        with pytest.raises(AlreadySeated):
            await store.seats.add(lobby.id, ANN, "Ann again")  # a failed INSERT: on PostgreSQL, an aborted statement
        await store.dues.set(game.id, 1, 5.0, {DueKind.REMINDER: 30.0})  # PostgreSQL's transaction is usable again
    assert (await store.games.get(game.id)).version == 1  # the failed move's bump was rolled back, not committed
    assert [a.seq for a in await store.games.actions(game.id)] == [1]
    assert set(await store.dues.of(game.id)) == {DueKind.REMINDER}
    assert [s.name for s in await store.seats.of(lobby.id)] == ["Ann"]  # the lobby made inside the unit stays


async def test_a_unit_that_must_run_alone_cannot_join_a_shared_one(store: Store) -> None:
    game = await active_game(store)
    with pytest.raises(NestingRefused):
        async with store.transaction(shared=True):
            await store.games.append_action(game.id, 1, 0, {"n": 1}, 504)  # shared in shared: joins
            await store.dues.set(game.id, 1, 5.0, {DueKind.DEADLINE: 60.0})  # exclusive in shared: refused
    assert (await store.games.get(game.id)).version == 0  # and the whole unit rolled back


async def test_another_task_waits_for_the_unit_instead_of_joining_it(store: Store) -> None:
    game = await active_game(store)
    order: list[str] = []

    async def elsewhere() -> None:
        assert not store.db.in_transaction  # it inherited the context, not the transaction
        await store.dues.set(game.id, 0, 1.0, {DueKind.REMINDER: 2.0}, clear=(DueKind.DEADLINE,))
        order.append("other task")

    async with store.transaction():
        other = asyncio.create_task(elsewhere())
        await asyncio.sleep(0.2)
        await store.dues.set(game.id, 0, 1.0, {DueKind.DEADLINE: 3.0})
        order.append("unit")
    await other
    assert order == ["unit", "other task"]
    assert set(await store.dues.of(game.id)) == {DueKind.REMINDER}  # the later writer's dues replaced the unit's


async def test_a_unit_on_one_store_is_no_unit_on_another(database: str | Path, backend: str, tmp_path: Path) -> None:
    second = tmp_path / "second.sqlite3"
    async with await Store.open(database) as first, await Store.open(second) as other:
        async with first.transaction():
            assert first.db.in_transaction and not other.db.in_transaction
            made = await other.games.create("airships", GUILD, CHANNEL, ANN, 1, {})  # its own transaction
        assert (await other.games.get(made.id)).slug == "airships"
