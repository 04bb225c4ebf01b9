"""How long each AI level takes over one decision, a hint over one question, and an AI seat's told reason."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace
from typing import Any

import engine
from engine.platform.advice import hint, told_reason
from engine.platform.levels import THINKING_SECONDS, Level, Player
from engine.platform.thinking import Search, Spread, look_ahead
from engine.services.thinking import ThinkingPool
from engine.services.workers import default_processes

POSITIONS = 24  # decisions with a choice, spread over one game between standard AIs
SLACK = 1.1  # the strong level and a hint may overrun their budget by a tenth (the last world in hand finishes)


def positions(slug: str, players: int, count: int = POSITIONS, seed: int = 3) -> list[tuple[Any, int]]:
    """Tables where a seat has more than one choice, evenly spread over one game of standard AIs."""
    game, ai = engine.get_game(slug), engine.get_ai(slug)
    state = game.setup(players, seed)
    whims = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while to_act := game.to_act(state):
        seat = to_act[0]
        if len(game.legal_actions(state, seat)) > 1:
            found.append((state, seat))
        state = game.apply(state, seat, ai.choose(state, seat, whims))
    step = max(1, len(found) // count)
    return found[::step][:count]


def ms(samples: list[float]) -> tuple[float, float]:
    """The median and the slowest, in milliseconds."""
    return round(statistics.median(samples) * 1000, 3), round(max(samples) * 1000, 3)


def timed(fn: Any, *args: Any) -> float:
    started = time.perf_counter()
    fn(*args)
    return time.perf_counter() - started


def told(slug: str, state: Any, seat: int) -> str:
    """The reason an AI seat's standard choice would be told with."""
    game, ai = engine.get_game(slug), engine.get_ai(slug)
    return told_reason(game, ai, state, seat, ai.choose(state, seat, random.Random(3)), random.Random(4))


def strong(slug: str, state: Any, seat: int, search: Search, spread: Spread | None) -> int:
    """A strong seat's decision as the bot makes it; the worlds its standard choice was weighed in."""
    game, ai = engine.get_game(slug), engine.get_ai(slug)
    weighed = search.weighed(game, ai, state, seat, random.Random(1), time.perf_counter, spread=spread)
    search.pick(weighed)
    return len(weighed[0].values)


def figures(slug: str, players: int = 2, seconds: float = THINKING_SECONDS,
            processes: int | None = None, count: int = POSITIONS) -> dict[str, float]:
    """Each level's median and slowest decision, a hint's and a told reason's, at the same tables; the strong
    level and the hint think in the bot's thinking processes (one per core by default, as the bot's)."""
    game, ai = engine.get_game(slug), engine.get_ai(slug)
    tables = positions(slug, players, count)
    found: dict[str, float] = {"level_positions": len(tables), "thinking_budget_ms": seconds * 1000}
    for level in (Level.CASUAL, Level.STANDARD):
        player = Player(slug, level)
        samples = [timed(player.choose, state, seat, random.Random(1)) for state, seat in tables]
        found[f"{level.value}_ms_per_decision"], found[f"{level.value}_ms_slowest_decision"] = ms(samples)
    pool = ThinkingPool(default_processes() if processes is None else processes)
    try:
        pool.start()
        spread = pool.spread(slug)
        search = replace(look_ahead(slug), seconds=seconds)  # as a strong seat and /hint ask it
        strong(slug, *tables[0], search, spread)  # the workers up and warm, as in a running bot
        worlds, samples = [], []
        for state, seat in tables:
            started = time.perf_counter()
            worlds.append(strong(slug, state, seat, search, spread))
            samples.append(time.perf_counter() - started)
        found["strong_ms_per_decision"], found["strong_ms_slowest_decision"] = ms(samples)
        found["strong_worlds_median"] = statistics.median(worlds)
        hints = [timed(hint, game, ai, state, seat, random.Random(2), search, time.perf_counter, spread)
                 for state, seat in tables]
    finally:
        pool.close()
    found["hint_ms"], found["hint_ms_slowest"] = ms(hints)
    found["told_reason_ms"], found["told_reason_ms_slowest"] = ms([timed(told, slug, state, seat)
                                                                    for state, seat in tables])
    return found


def targets(seconds: float = THINKING_SECONDS) -> dict[str, tuple[str, float]]:
    """The strong level and a hint stay within their budget plus a tenth."""
    return {"strong_ms_slowest_decision": ("<", seconds * 1000 * SLACK),
            "hint_ms_slowest": ("<", seconds * 1000 * SLACK)}
