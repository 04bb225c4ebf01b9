"""Snapshots in play: a move stores one at a turn's end or every 10 moves, a table not cached loads from it and the
moves after it, exactly as the log replays; a damaged, outdated or too new snapshot is rebuilt."""

from __future__ import annotations

import gc
import random
import sys
import types
from dataclasses import replace
from typing import Any

import pytest

import engine
from engine.platform import snapshots
from engine.platform.snapshots import SNAPSHOT_EVERY, decode
from engine.platform.undo import Replayer, undo_payload
from engine.services import Services
from engine.services.positions import opening_state
from engine.services.tables import Table
from engine.store import ActionRow, Store
from engine.view import to_json
from tests.stub_drawing import stub_drawing

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

ANN, BOB, CY = 101, 202, 303
NAMES = {ANN: "ann", BOB: "bob", CY: "cy"}


def fresh(store: Store) -> Services:
    """A service with nothing cached, as after a restart or an eviction."""
    return Services(store, stub_drawing(lambda slug, view: b"\x89PNG fake"))


async def started(service: Services, slug: str, players: tuple[int, ...] = (ANN, BOB, CY)) -> int:
    table = await service.lobby.open_table(slug, guild_id=1, channel_id=2, creator_id=players[0], creator_name="ann")
    for user in players[1:]:
        await service.lobby.join(table.id, user, NAMES[user])
    await service.lobby.start(table.id, players[0])
    return table.id


async def play(service: Services, game_id: int, moves: int, seed: int = 1) -> list[tuple[int, bool]]:
    """Random moves through the service; for each, its version and whether the seats to act changed."""
    rng, played = random.Random(seed), []
    for _ in range(moves):
        prompt = await service.reading.prompt(game_id)
        if prompt is None:
            break
        mover = prompt.movers[0]
        result = await service.core.play(game_id, mover.user_id, rng.randrange(len(mover.choices)),
                                         version=prompt.version)
        after = tuple(m.seat for m in result.prompt.movers) if result.prompt else ()
        played.append((result.table.version, after != tuple(m.seat for m in prompt.movers)))
    return played


async def truth(store: Store, table: Table) -> Any:
    """The state the whole log replays to at the table's version: what any snapshot must agree with."""
    replayer = Replayer(engine.get_game(table.slug))
    replayer.start(opening_state(table))
    for row in await store.games.actions(table.id):
        if row.seq <= table.version:
            replayer.apply(row.seq, row.seat, row.payload)
    return replayer.states[table.version]


def views(table: Table, state: Any) -> list[dict[str, Any]]:
    game = engine.get_game(table.slug)
    return [to_json(game.view(state, seat)) for seat in [None, *range(len(table.players))]]


def reads_of(service: Services, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The `after` of every read of a log the service makes from now on."""
    reads: list[int] = []
    actions = service.store.games.actions

    async def spy(game_id: int, after: int = 0, limit: int | None = None) -> list[ActionRow]:
        reads.append(after)
        return await actions(game_id, after, limit)

    monkeypatch.setattr(service.store.games, "actions", spy)
    return reads


async def set_blob(store: Store, game_id: int, blob: bytes) -> None:
    async with store.db.transaction():
        await store.db.q("UPDATE snapshots SET blob = ? WHERE game_id = ?", (blob, game_id))


@pytest.mark.parametrize("slug", ["airships", "1930"])
async def test_a_move_stores_a_snapshot_at_a_turns_end_and_at_least_every_few_moves(store: Store, slug: str) -> None:
    service = fresh(store)
    game_id = await started(service, slug)
    played = await play(service, game_id, 60)
    snapshot_at, skipped = 0, 0
    for version, turn_ended in played:
        if turn_ended or version - snapshot_at >= SNAPSHOT_EVERY:
            snapshot_at = version
        else:
            skipped += 1
    assert skipped > 0  # not every move pays for one
    found = await store.games.snapshot(game_id)
    assert found is not None and found[0] == snapshot_at and played[-1][0] - snapshot_at < SNAPSHOT_EVERY
    assert decode(slug, found[1]).version == snapshot_at


@pytest.mark.parametrize("slug", engine.list_games())
async def test_a_table_not_cached_loads_from_its_snapshot_and_the_moves_after_it(
        store: Store, slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    warm = fresh(store)
    game_id = await started(warm, slug)
    await play(warm, game_id, 40)
    found = await store.games.snapshot(game_id)
    assert found is not None and found[0] > 0
    cold = fresh(store)
    reads = reads_of(cold, monkeypatch)
    table = await cold.reading.table(game_id)
    state = await cold.core.load.state(table)
    assert reads == [found[0]]  # the snapshot's moves were not read again
    assert views(table, state) == views(table, await truth(store, table))
    # The history is told from the snapshot's chronicle: the same /log, prompt and board as the warm service's.
    assert (await cold.reading.log(game_id)).lines == (await warm.reading.log(game_id)).lines
    assert await cold.reading.prompt(game_id) == await warm.reading.prompt(game_id)
    assert (await cold.core.now(table)).board_view() == (await warm.core.now(table)).board_view()
    assert cold.core.memos.stats().misses == 1


async def test_a_damaged_snapshot_is_rebuilt_from_the_log_and_stored_again(store: Store) -> None:
    service = fresh(store)
    game_id = await started(service, "airships")
    await play(service, game_id, SNAPSHOT_EVERY + 5)
    await set_blob(store, game_id, b"contrail-snapshot airships 0\nthis is no snapshot")
    cold = fresh(store)
    table = await cold.reading.table(game_id)
    assert views(table, await cold.core.load.state(table)) == views(table, await truth(store, table))
    await play(cold, game_id, 1)
    found = await store.games.snapshot(game_id)
    assert found is not None and found[0] == table.version + 1 and decode("airships", found[1]).version == found[0]


async def test_a_snapshot_of_other_rules_is_rebuilt(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    service = fresh(store)
    game_id = await started(service, "air-alliance")
    await play(service, game_id, SNAPSHOT_EVERY + 5)
    monkeypatch.setattr(snapshots, "fingerprint", lambda slug: "f" * 32)  # a release changed the rules
    cold = fresh(store)
    reads = reads_of(cold, monkeypatch)
    table = await cold.reading.table(game_id)
    state = await cold.core.load.state(table)
    assert reads == [0]  # the whole log
    assert views(table, state) == views(table, await truth(store, table))
    await play(cold, game_id, 1)
    found = await store.games.snapshot(game_id)
    assert found is not None and found[0] == table.version + 1
    assert found[1].startswith(b"contrail-snapshot air-alliance " + b"f" * 32)


async def test_a_snapshot_newer_than_the_table_read_is_not_used(store: Store) -> None:
    service = fresh(store)
    game_id = await started(service, "airships")
    await play(service, game_id, 30)
    found = await store.games.snapshot(game_id)
    assert found is not None
    table = await service.reading.table(game_id)
    older = replace(table, row=replace(table.row, version=found[0] - 1))  # a reader holding an older row
    cold = fresh(store)
    assert await cold.core.load.positions.stored(older) is None
    assert views(older, await cold.core.load.state(older)) == views(older, await truth(store, older))


@pytest.mark.parametrize("back", ["to after the snapshot", "to before the snapshot"])
async def test_an_undo_in_the_log_after_a_snapshot_goes_back_where_it_says(
        store: Store, back: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A game long enough for a move past its last snapshot: a random deal may end one within 40 moves.
    monkeypatch.setattr("engine.services.lobby.new_seed", lambda: 12345)
    warm = fresh(store)
    game_id = await started(warm, "airships")
    await play(warm, game_id, 30)
    for seed in range(SNAPSHOT_EVERY):  # on to a move that stored none: the log goes on past the snapshot
        found, table = await store.games.snapshot(game_id), await warm.reading.table(game_id)
        assert found is not None
        if found[0] < table.version:
            break
        await play(warm, game_id, 1, seed)
    assert 1 < found[0] < table.version
    to_version = table.version - 1 if back == "to after the snapshot" else found[0] - 1
    await store.games.append_action(game_id, table.version + 1, 0, undo_payload(to_version), None)
    cold = fresh(store)
    reads = reads_of(cold, monkeypatch)
    table = await cold.reading.table(game_id)
    state = await cold.core.load.state(table)
    # From the snapshot when the undo goes back to it or later; else the whole log, from the setup.
    assert reads == ([found[0]] if back == "to after the snapshot" else [found[0], 0])
    assert views(table, state) == views(table, await truth(store, table))
    assert (await cold.reading.log(game_id)).lines == (await warm.reading.log(game_id)).lines
    assert any(line.endswith("(undone)") for line in (await cold.reading.log(game_id, 1, per_page=999)).lines)
    await play(cold, game_id, 3)  # and play goes on from there
    table = await cold.reading.table(game_id)
    assert views(table, await fresh(store).core.load.state(table)) == views(table, await truth(store, table))


def deep_size(root: object, seen: set[int]) -> int:
    """The bytes of everything `root` reaches but `seen` (which then holds those too), classes and modules aside."""
    stack, total = [root], 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


@pytest.mark.parametrize("slug", engine.list_games())
async def test_a_cached_tables_reckoned_size_is_not_below_what_it_takes_nor_far_above(store: Store, slug: str) -> None:
    service = fresh(store)
    game_id = await started(service, slug)
    await play(service, game_id, 60)
    cold = fresh(store)
    table = await cold.reading.table(game_id)
    await cold.core.now(table)  # the state, the chronicle and the history, as a move has them
    memo = cold.core.memos.get(game_id)
    assert memo is not None
    shared: set[int] = set()
    deep_size(getattr(memo.state, "data", None), shared)  # the edition's components, one for every table
    deep_size(engine.get_game(slug), shared)
    real = deep_size(memo, set(shared))
    assert real <= memo.size <= 2 * real
    assert cold.core.memos.used_bytes == memo.size
