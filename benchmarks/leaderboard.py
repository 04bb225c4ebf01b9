"""Platform benchmark: /leaderboard on a server with 10,000 rated games (the query and the embed, then the image)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from cogs.ratings import leaderboard_reply
from engine.platform.ratings import AI_NAME, AI_USER, StoredResult, recompute
from engine.services import Services
from renderers.drawing import PillowDrawing
from engine.store import Status, Store

RATED_GAMES = 10_000
MEMBERS = 1_000
GUILD, SLUG = 1, "airships"
TARGETS = {"leaderboard_ms": 200.0}  # the target, "<"


def fill(path: Path, games: int, seed: int = 1) -> int:
    """Write `games` finished games with their results and the ratings they add up to, straight in SQL."""
    rng = random.Random(seed)
    results: list[StoredResult] = []
    for game_id in range(1, games + 1):
        count = rng.randint(2, 4)
        users = [AI_USER if rng.random() < 0.1 else user for user in rng.sample(range(100, 100 + MEMBERS), count)]
        places = [1 + n for n in range(count)]
        rng.shuffle(places)
        results += [StoredResult(game_id, game_id, GUILD, SLUG, seat, user, AI_NAME if user == AI_USER else f"m{user}",
                                 place, float(10 - place)) for seat, (user, place) in enumerate(zip(users, places))]
    skills = recompute(results)
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO games (id, slug, guild_id, channel_id, thread_id, creator_id, options, seed, status,"
            " version, outcome, created_at, updated_at) VALUES (?, ?, ?, 2, NULL, 100, '{}', ?, ?, 50, NULL, '', '')",
            [(n, SLUG, GUILD, n, Status.FINISHED.value) for n in range(1, games + 1)],
        )
        db.executemany(
            "INSERT INTO results (game_id, seat, guild_id, slug, user_id, name, place, score, rated, rated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '')",
            [(r.game_id, r.seat, r.guild_id, r.slug, r.user_id, r.name, r.place, r.score, r.rated) for r in results],
        )
        db.executemany(
            "INSERT INTO ratings (guild_id, slug, user_id, name, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(g, s, u, AI_NAME if u == AI_USER else f"m{u}", k.mu, k.sigma, k.games, k.wins) for (g, s, u), k in skills.items()],
        )
    return len(skills)


async def leaderboard_ms(folder: Path) -> dict[str, float]:
    path = folder / "leaderboard.sqlite3"
    await (await Store.open(path)).close()  # create and migrate the schema first
    rated = fill(path, RATED_GAMES)
    store = await Store.open(path)
    try:
        service = Services(store, PillowDrawing())
        queries, images = [], []
        for _ in range(20):  # what /leaderboard does before sending: the top 25, their ranks, and the embed
            started = time.perf_counter()
            board = await service.ratings.leaderboard(GUILD, SLUG)
            leaderboard_reply(board, None)
            queries.append(time.perf_counter() - started)
        for _ in range(5):
            started = time.perf_counter()
            await service.ratings.leaderboard_image(board)
            images.append(time.perf_counter() - started)
        assert len(board.rows) == 25 and board.rated == rated
        card_started = time.perf_counter()
        await service.ratings.rating_card(GUILD, board.rows[0].user_id, board.rows[0].name, SLUG)
        card = time.perf_counter() - card_started
    finally:
        await store.close()
    return {
        "leaderboard_ms": round(statistics.median(queries) * 1000, 3),
        "leaderboard_image_ms": round(statistics.median(images) * 1000, 3),
        "rating_card_ms": round(card * 1000, 3),
    }


def figures() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        found: dict[str, Any] = asyncio.run(leaderboard_ms(Path(tmp)))
    found["targets_met"] = {key: found[key] < limit for key, limit in TARGETS.items()}
    return found
