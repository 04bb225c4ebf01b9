"""Platform benchmarks: what the turn clock's scheduler costs with 10,000 live games in the database."""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import engine
from engine.platform.records import DueKind
from engine.services import Services
from engine.store import Status, Store
from engine.store.games import seats_mask

LIVE_GAMES = 10_000
TARGETS = {"scheduler_due_ms": 5.0, "startup_ms_10k_games": 2000.0}  # the targets, both "<"
# Every kind of due item a game may hold at once (a league's own round is not a game's).
GAME_KINDS = (DueKind.DEADLINE, DueKind.REMINDER, DueKind.KICK_VOTE, DueKind.HELD_PING, DueKind.UNDO_VOTE,
              DueKind.ROUND_END)


def fill(path: Path, games: int, now: float) -> None:
    """Write `games` live games, each with two seats, a person to act, and a deadline and a reminder to come,
    straight in SQL."""
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO games (id, slug, guild_id, channel_id, thread_id, creator_id, options, seed, status,"
            " version, outcome, created_at, updated_at, turn_seconds, reminder_seconds, to_act)"
            " VALUES (?, 'airships', 1, 2, ?, 100, '{}', ?, ?, 5, NULL, '', '', 86400, 21600, ?)",
            # who is to act, as every move stores it: a person, so the bot owes none of these games a move
            [(n, 10_000 + n, n, Status.ACTIVE.value, seats_mask([n % 2])) for n in range(1, games + 1)],
        )
        db.executemany(
            "INSERT INTO seats (game_id, user_id, name, position, seat) VALUES (?, ?, ?, ?, ?)",
            [(n, user, f"p{user}", user, user) for n in range(1, games + 1) for user in (0, 1)],
        )
        db.executemany(
            "INSERT INTO dues (game_id, kind, due_at, turn, since) VALUES (?, ?, ?, 5, ?)",
            [(n, kind.value, now + 3600 + n * (7 if kind == DueKind.DEADLINE else 3), now)
             for n in range(1, games + 1) for kind in GAME_KINDS],
        )


async def startup_and_due_ms(folder: Path) -> dict[str, float]:
    path = folder / "scheduler.sqlite3"
    await (await Store.open(path)).close()  # create and migrate the schema first
    now = time.time()
    fill(path, LIVE_GAMES, now)
    # What the bot does at start: check the games' data, open (and migrate) the database, build the service,
    # play on any AI chain cut short, and find the first due time.
    started = time.perf_counter()
    engine.check_games()
    store = await Store.open(path)
    service = Services(store, clock=lambda: now)
    [_ async for _ in service.resume_automatic()]
    await service.clock.next_due()
    startup = time.perf_counter() - started
    try:
        samples = []
        for _ in range(50):  # one round of the scheduler with nothing due yet: when next, and claim what is due
            started = time.perf_counter()
            await service.clock.next_due()
            await service.clock.run_due()
            samples.append(time.perf_counter() - started)
    finally:
        await store.close()
    return {"scheduler_due_ms": round(statistics.median(samples) * 1000, 3), "startup_ms_10k_games": round(startup * 1000, 1)}


def platform() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        figures: dict[str, Any] = asyncio.run(startup_and_due_ms(Path(tmp)))
    figures["targets_met"] = {key: figures[key] < limit for key, limit in TARGETS.items()}
    return figures
