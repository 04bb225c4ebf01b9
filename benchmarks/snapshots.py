"""Benchmark of snapshots: the encode cost per move, and a cold table of the longest game loaded from its snapshot."""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

import engine
from engine.cli.simulate import Playout
from engine.core import events_of
from engine.platform.snapshots import Chronicle, Told
from engine.services import Services
from engine.services.positions import encoded, snapshot_due
from engine.store import Store

TARGETS = {"cold_table_load_ms": ("<", 10.0)}  # the issue's: a cold table of the longest game in under 10 ms
COLD_LOADS = 20


async def logged(store: Store, slug: str, playout: Playout) -> tuple[int, list[float], list[int]]:
    """The playout as a game in the store, with the snapshots the table core would have stored on its way;
    the encode time and the size of each snapshot."""
    game = engine.get_game(slug)
    row = await store.games.create(slug, 1, 1, 1, playout.seed, {})
    for seat in range(playout.players):
        await store.seats.add(row.id, 10 + seat, f"player {seat}")
    await store.seats.start_game(row.id, [10 + seat for seat in range(playout.players)])
    state = game.setup(playout.players, playout.seed, {})
    chronicle = Chronicle.opening(events_of(game, state))
    encodes: list[float] = []
    sizes: list[int] = []
    snapshot_at = 0
    for seq, (seat, action) in enumerate(playout.moves, start=1):
        before = tuple(game.to_act(state))
        state = game.apply(state, seat, action)
        events = tuple(events_of(game, state))
        chronicle = chronicle.extended(Told(seat, events))
        snapshot = None
        if snapshot_due(seq, snapshot_at, tuple(game.to_act(state)) != before):
            started = time.perf_counter()
            snapshot, _ = encoded(slug, state, chronicle)
            encodes.append(time.perf_counter() - started)
            sizes.append(len(snapshot))
            snapshot_at = seq
        await store.games.append_action(row.id, seq, seat, action.to_dict(), None, snapshot=snapshot)
    return row.id, encodes, sizes


async def cold_loads(store: Store, game_id: int) -> tuple[list[float], list[float]]:
    """What a move on a table that is not cached needs before it applies (its row, state and history): the wall
    time, and the CPU time of this process (its threads included), which other processes on the machine leave be."""
    wall, cpu = [], []
    for _ in range(COLD_LOADS):
        service = Services(store)  # nothing cached
        started, started_cpu = time.perf_counter(), time.process_time()
        await service.core.now(await service.core.load.table(game_id))
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return wall, cpu


def farthest_from_a_snapshot(slug: str, playout: Playout) -> tuple[int, int]:
    """The latest version whose table has the most moves to replay after its last snapshot (the worst cold
    load), and how many that is."""
    game = engine.get_game(slug)
    state = game.setup(playout.players, playout.seed, {})
    snapshot_at, worst, gap = 0, 0, -1
    for seq, (seat, action) in enumerate(playout.moves, start=1):
        before = tuple(game.to_act(state))
        state = game.apply(state, seat, action)
        if snapshot_due(seq, snapshot_at, tuple(game.to_act(state)) != before):
            snapshot_at = seq
        if seq - snapshot_at >= gap:
            worst, gap = seq, seq - snapshot_at
    return worst, gap


async def figures(slug: str, folder: Path, playouts: list[Playout]) -> dict[str, Any]:
    """cold_table_load_ms: the longest of the playouts, not cached, at the move farthest from its last snapshot
    (the worst a live table of it can cost); snapshot_encode_ms (median and slowest, over the snapshots its moves
    stored), how many moves store one, and their size."""
    longest = max(playouts, key=lambda p: len(p.moves))
    worst, gap = farthest_from_a_snapshot(slug, longest)
    store = await Store.open(folder / f"snapshots-{slug}.sqlite3")
    try:
        _, encodes, sizes = await logged(store, slug, longest)
        cut = Playout(longest.players, longest.seed, longest.moves[:worst])
        game_id, _, _ = await logged(store, slug, cut)
        loads, cpu = await cold_loads(store, game_id)
    finally:
        await store.close()
    return {
        "cold_table_load_ms": round(statistics.median(loads) * 1000, 3),
        "cold_table_load_cpu_ms": round(statistics.median(cpu) * 1000, 3),
        "cold_table_moves": worst,
        "cold_table_replayed_moves": gap,
        "snapshot_encode_ms": round(statistics.median(encodes) * 1000, 3),
        "snapshot_encode_max_ms": round(max(encodes) * 1000, 3),
        "snapshots_per_move": round(len(encodes) / len(longest.moves), 3),
        "snapshot_kb": round(statistics.median(sizes) / 1024, 1),
        "snapshot_kb_longest": round(sizes[-1] / 1024, 1),
    }
