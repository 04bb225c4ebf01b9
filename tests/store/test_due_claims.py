"""Due items (deadlines, reminders, votes, a round's end) are claimed once across processes, stay in the database
until done, and come back once when the process that took them dies: on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path

import pytest

from engine.platform.records import DueRow
from engine.store import DUE_LEASE_SECONDS, DueKind, GameRow, Store

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

ROOT = Path(__file__).resolve().parents[2]
NOW = 1000.0
LATER = NOW + DUE_LEASE_SECONDS  # when a claim taken at NOW runs out


async def new_game(store: Store) -> GameRow:
    return await store.games.create("airships", 1, 2, 3, seed=7, options={"players": 2})


async def games_with_dues(store: Store, count: int) -> list[GameRow]:
    """`count` games, each with a deadline and a reminder that have come by NOW."""
    games = [await new_game(store) for _ in range(count)]
    for n, game in enumerate(games):
        await store.dues.set(game.id, 1, 0.0, {DueKind.DEADLINE: 10.0 + n, DueKind.REMINDER: 5.0 + n})
    return games


def keys(batches: list[list[DueRow]]) -> list[tuple[int, DueKind]]:
    return [(due.game_id, due.kind) for batch in batches for due in batch]


async def test_two_processes_claiming_due_times_get_each_one_exactly_once(database: str | Path) -> None:
    first, second = await Store.open(database), await Store.open(database)  # two connections, as two bots would
    try:
        await games_with_dues(first, 30)
        claimed = await asyncio.gather(*(store.dues.claim(NOW) for store in (first, second, first, second)))
        assert len(keys(claimed)) == len(set(keys(claimed))) == 60  # every due handed out once, none twice
        assert await second.dues.claim(NOW) == []
        assert await first.dues.next() == LATER  # taken, not done: they come back if nobody finishes them
        for due in (due for batch in claimed for due in batch):
            await first.dues.finish(due)
        assert await first.dues.next() is None
    finally:
        await first.close()
        await second.close()


async def test_a_claim_keeps_its_items_until_it_runs_out_then_they_are_taken_once_more(database: str | Path) -> None:
    first, second = await Store.open(database), await Store.open(database)
    try:
        await games_with_dues(first, 5)
        taken = await first.dues.claim(NOW)
        assert len(taken) == 10 and len({due.claim for due in taken}) == 1
        assert await second.dues.claim(LATER - 1) == []  # still held
        again = await asyncio.gather(second.dues.claim(LATER), first.dues.claim(LATER))
        assert sorted(keys(again)) == sorted(keys([taken]))  # every one back, each to one claimer only
        for due in taken:  # the first claim, finishing late, no longer owns them
            await first.dues.finish(due)
        assert len(await second.dues.claim(LATER + DUE_LEASE_SECONDS)) == 10
    finally:
        await first.close()
        await second.close()


async def test_an_item_put_back_while_being_done_outlives_the_claim(store: Store) -> None:
    game, other = await new_game(store), await new_game(store)
    await store.dues.set(game.id, 1, 0.0, {DueKind.REMINDER: 5.0})
    await store.dues.set(other.id, 1, 0.0, {DueKind.DEADLINE: 5.0, DueKind.REMINDER: 6.0})
    taken = {due.game_id: due for due in await store.dues.claim(NOW) if due.kind == DueKind.REMINDER}
    # The next reminder of the same turn takes the place of the one being done ...
    await store.dues.add(DueRow(game.id, DueKind.REMINDER, NOW + 3600, 1, 0.0))
    # ... and a move meanwhile gives the other game a new turn's dues.
    await store.dues.set(other.id, 2, NOW, {DueKind.REMINDER: NOW + 60}, clear=(DueKind.DEADLINE, DueKind.REMINDER))
    for due in taken.values():
        await store.dues.finish(due)
    dues = {g: await store.dues.of(g) for g in (game.id, other.id)}
    assert [(d.kind, d.due_at, d.turn) for d in dues[game.id].values()] == [(DueKind.REMINDER, NOW + 3600, 1)]
    assert [(d.kind, d.due_at, d.turn) for d in dues[other.id].values()] == [(DueKind.REMINDER, NOW + 60, 2)]
    assert await store.dues.next() == NOW + 60
    # An unclaimed row is the game's own newer due: a late put-back leaves it be.
    await store.dues.add(DueRow(other.id, DueKind.REMINDER, NOW + 9999, 1, 0.0))
    assert (await store.dues.of(other.id))[DueKind.REMINDER].due_at == NOW + 60


# A bot process that takes the dues and dies: after the claim committed, or inside the claim's transaction.
AFTER_CLAIM = """
import asyncio, os, signal, sys
sys.path.insert(0, {root!r})
from engine.store import Store
async def main():
    store = await Store.open({where!r})
    print(len(await store.dues.claim({now!r})), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # dies before doing any of them
asyncio.run(main())
"""
INSIDE_CLAIM = """
import asyncio, os, signal, sys
sys.path.insert(0, {root!r})
from engine.store import Store
async def main():
    store = await Store.open({where!r})
    async with store.transaction(shared=True):
        taken = await store.db.q("UPDATE dues SET claimed_by = 'dying', claimed_until = ? RETURNING game_id", ({later!r},))
        print(len(taken), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # dies before the claim commits
asyncio.run(main())
"""


async def die_after(script: str, database: str | Path) -> int:
    """Run a process that takes the dues and is killed; how many it had taken when it died."""
    code = script.format(root=str(ROOT), where=str(database), now=NOW, later=LATER)
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", code, stdout=asyncio.subprocess.PIPE,
                                                   stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == -signal.SIGKILL, err.decode()
    return int(out)


async def test_a_process_killed_after_its_claim_leaves_the_items_to_be_taken_again_once(
    database: str | Path,
) -> None:
    async with await Store.open(database) as store:
        await games_with_dues(store, 10)
    assert await die_after(AFTER_CLAIM, database) == 20
    first, second = await Store.open(database), await Store.open(database)
    try:
        assert await first.dues.claim(NOW) == []  # the dead process's claim still holds them
        assert await first.dues.next() == LATER  # the scheduler wakes when it runs out
        again = await asyncio.gather(first.dues.claim(LATER), second.dues.claim(LATER))
        assert len(keys(again)) == len(set(keys(again))) == 20
    finally:
        await first.close()
        await second.close()


async def test_a_process_killed_inside_its_claim_took_nothing(database: str | Path) -> None:
    async with await Store.open(database) as store:
        await games_with_dues(store, 10)
    assert await die_after(INSIDE_CLAIM, database) == 20
    async with await Store.open(database) as store:
        # The database rolls the dead transaction back (PostgreSQL once it sees the connection gone: soon).
        deadline, taken = time.monotonic() + 10, []
        while not taken and time.monotonic() < deadline:
            taken = await store.dues.claim(NOW)
            await asyncio.sleep(0.05)
        assert len(taken) == 20 and {due.claim for due in taken} != {"dying"}
