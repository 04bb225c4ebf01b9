"""One bot process of the multi-process runs (benchmarks.processes): plays, races or does due work, then reports.

Usage: python -m benchmarks.process_worker MODE DATABASE PLAN READY GO. It opens its own store on DATABASE (a SQLite
file or a PostgreSQL URL), touches READY, waits for the file GO (so every process starts together), then:
- `load`: commits each planned game's moves through the store, all games at once; every tenth move is sent again
  with its interaction id, as Discord retries a click, and must be refused;
- `play`: plays the planned games through the table service, a seeded choice at each decision, printing a line
  per move it was told counted (`ack GAME SEQ INTERACTION`) or refused (`refused GAME VERSION`) when told;
- `clock`: does the due work at the planned time until none is left, printing `done GAME` per autopilot move.
Prints one JSON line at the end (a process killed before it prints nothing more).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from engine.store import dues as store_dues
from engine.core import GameError
from engine.platform.records import DuplicateInteraction, StaleVersion
from engine.services import Services
from engine.store import Store

GO_SECONDS = 60.0  # a partner that never starts is a broken run, not a slow one


async def wait_for(go: Path) -> None:
    deadline = time.monotonic() + GO_SECONDS
    while not go.exists():
        if time.monotonic() > deadline:
            raise TimeoutError("the runner never said go")
        await asyncio.sleep(0.001)


async def load(store: Store, plan: dict[str, Any]) -> dict[str, Any]:
    """Commit every planned move; count what was acknowledged, and the retries refused and applied."""
    acked, refused, applied = {}, 0, 0

    async def play(game_id: int, moves: list[tuple[int, dict[str, Any]]], interactions: int) -> None:
        nonlocal refused, applied
        for seq, (seat, payload) in enumerate(moves, start=1):
            await store.games.append_action(game_id, seq, seat, payload, interactions + seq)
            acked[game_id] = seq
            if seq % 10 == 0:  # the same click delivered twice
                try:
                    await store.games.append_action(game_id, seq, seat, payload, interactions + seq)
                    applied += 1
                except (DuplicateInteraction, StaleVersion):
                    refused += 1

    started = time.time()
    await asyncio.gather(*(play(g, [(s, p) for s, p in moves], base) for g, moves, base in plan["games"]))
    return {"acked": acked, "retries_refused": refused, "retries_applied": applied,
            "started": started, "ended": time.time()}


async def play(service: Services, plan: dict[str, Any]) -> dict[str, Any]:
    """Play every planned game to its end through the service; both processes choose alike, so they race."""
    tally = {"submitted": 0, "counted": 0, "stale": 0}
    interactions = plan["interactions"]

    async def one(game_id: int) -> None:
        while True:
            prompt = await service.reading.prompt(game_id)
            if prompt is None:
                return
            mover = prompt.movers[0]
            # Seeded by the decision, so the other process picks the same: two clicks on one button.
            pick = random.Random(f"{game_id}:{prompt.version}").randrange(len(mover.choices))
            interaction = interactions + game_id * 10_000 + prompt.version
            tally["submitted"] += 1
            try:
                await service.core.play(game_id, mover.user_id, pick, version=prompt.version, interaction_id=interaction)
            except GameError:  # the other process got there first: "out of date", as a player would read
                tally["stale"] += 1
                print(f"refused {game_id} {prompt.version}", flush=True)
                continue
            tally["counted"] += 1
            print(f"ack {game_id} {prompt.version + 1} {interaction}", flush=True)

    await asyncio.gather(*(one(g) for g in plan["games"]))
    return tally


async def clock(service: Services) -> dict[str, Any]:
    done = 0
    while True:
        news = await service.clock.run_due()
        for result in news.moves:
            print(f"done {result.table.id}", flush=True)
        done += len(news.moves)
        if not news.moves and not news.reminders and not news.notices:
            return {"done": done}


async def main(mode: str, database: str, plan_path: Path, ready: Path, go: Path) -> dict[str, Any]:
    plan = json.loads(plan_path.read_text())
    plan = plan.get(ready.name, plan)  # a plan may hold each process's own part under its name
    store = await Store.open(database)
    try:
        service = Services(store, clock=lambda: plan.get("now", time.time()))
        ready.touch()
        await wait_for(go)
        if mode == "load":
            return await load(store, plan)
        if mode == "play":
            return await play(service, plan)
        if mode == "clock":
            # Small batches, so each process claims many times and a kill lands between claims.
            store_dues.DUE_BATCH = plan.get("batch", store_dues.DUE_BATCH)
            return await clock(service)
        raise ValueError(f"unknown mode {mode!r}")
    finally:
        await store.close()


if __name__ == "__main__":
    mode_arg, database_arg, plan_arg, ready_arg, go_arg = sys.argv[1:6]
    print(json.dumps(asyncio.run(main(mode_arg, database_arg, Path(plan_arg), Path(ready_arg), Path(go_arg)))))
