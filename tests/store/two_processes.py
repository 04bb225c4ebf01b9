"""One of two bot processes on one database file: it plays its side of each planned race, in step with the other.

Usage: python two_processes.py DB PLAN BARRIER ROLE. PLAN is a JSON file {"steps": [{"a": op, "b": op}, ...]}
where an op is {"op": "join"|"leave"|"start"|"play", "game": id, "user": id, ...}; ROLE is "a" or "b".
Before each step both processes wait for the other at a barrier of files in the folder BARRIER, so the two
operations start together. Prints one JSON line: each step's outcome ("ok", "refused" with the GameError the
player reads, or "crashed" with a traceback).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script from the repository's tests

from engine.core import GameError  # noqa: E402 - after the path is set
from engine.services import Services  # noqa: E402
from tests.stub_drawing import stub_drawing  # noqa: E402
from engine.store import Store  # noqa: E402

BARRIER_SECONDS = 20.0  # a partner that never comes is a broken test, not a slow one


def no_board(slug: str, view: dict[str, Any]) -> bytes:
    return b"\x89PNG fake"


def meet(barrier: Path, role: str, step: int) -> None:
    """Wait until the other process reaches this step too; a busy wait, so both leave within microseconds."""
    (barrier / f"{step}-{role}").touch()
    other = barrier / f"{step}-{'b' if role == 'a' else 'a'}"
    deadline = time.monotonic() + BARRIER_SECONDS
    while not other.exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the other process never reached step {step}")


async def perform(service: Services, op: dict[str, Any]) -> dict[str, Any]:
    game, user = op["game"], op["user"]
    try:
        if op["op"] == "join":
            await service.lobby.join(game, user, op["name"])
        elif op["op"] == "leave":
            await service.lobby.leave(game, user)
        elif op["op"] == "start":
            await service.lobby.start(game, user)
        elif op["op"] == "play":
            await service.core.play(game, user, op["pick"], version=op["version"])
        else:
            raise ValueError(f"unknown op {op['op']!r}")
    except GameError as error:
        return {"outcome": "refused", "error": type(error).__name__, "message": str(error)}
    except Exception as error:  # noqa: BLE001 - what the test looks for: nothing may end up here
        return {"outcome": "crashed", "error": type(error).__name__, "message": str(error),
                "traceback": traceback.format_exc()}
    return {"outcome": "ok"}


async def main(db: Path, plan: Path, barrier: Path, role: str) -> list[dict[str, Any]]:
    steps = json.loads(plan.read_text())["steps"]
    store = await Store.open(db)
    try:
        service = Services(store, stub_drawing(no_board))
        results = []
        for number, step in enumerate(steps):
            meet(barrier, role, number)
            results.append(await perform(service, step[role]))
        return results
    finally:
        await store.close()


if __name__ == "__main__":
    db_arg, plan_arg, barrier_arg, role_arg = sys.argv[1:5]
    print(json.dumps(asyncio.run(main(Path(db_arg), Path(plan_arg), Path(barrier_arg), role_arg))))
