"""The arena: seat policies (random, greedy, ai) play many games against each other, seats rotating, with figures."""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections import defaultdict
from dataclasses import asdict, dataclass

import engine
from engine.core import GameError, Policy, game_stats

POLICIES = ("random", "greedy", "ai")
MAX_DECISIONS = 10_000  # a game longer than this is a bug in a policy or the rules, not a long game


def policy(name: str, slug: str) -> Policy:
    """The policy a name stands for; raises GameError naming the ones there are."""
    game = engine.get_game(slug)
    if name == "random":
        return lambda state, seat, rng: rng.choice(game.legal_actions(state, seat))
    if name == "greedy":
        return engine.get_ai(slug).greedy
    if name == "ai":
        return engine.get_ai(slug).choose
    raise GameError(f"There is no policy called {name!r}. Policies: {', '.join(POLICIES)}.")


def check_seats(slug: str, players: int, seats: list[str]) -> None:
    """Raise GameError with one line saying what is wrong with the table or its seats."""
    game = engine.get_game(slug)
    if not game.min_players <= players <= game.max_players:
        raise GameError(f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}.")
    if len(seats) != players:
        raise GameError(f"--seats lists {len(seats)} {'policy' if len(seats) == 1 else 'policies'} for {players} players: "
                        f"give exactly {players}, e.g. {','.join(['ai', *['random'] * (players - 1)])}.")
    for name in seats:
        policy(name, slug)


def seated(seats: list[str], game_number: int) -> list[str]:
    """The policy at each seat in one game: the list rotated by the game's number, so no policy keeps seat 0."""
    shift = game_number % len(seats)
    return seats[shift:] + seats[:shift]


def table_seed(seed: int, game_number: int, players: int) -> int:
    # One deal per full rotation: each policy meets the same cards from every seat, which evens out the deals.
    digest = hashlib.blake2b(f"{seed}:deal:{game_number // players}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


@dataclass
class ArenaResult:
    """What an arena run measured: wins per policy (a shared first place split), speed and the games' figures."""

    game: str
    players: int
    games: int
    seats: list[str]
    wins: dict[str, float]
    win_rate: dict[str, float]
    ms_per_decision: dict[str, float]
    stats: dict[str, float]

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    def summary(self) -> list[str]:
        """A few lines for people; the JSON line carries the same figures."""
        lines = [f"{self.game}: {self.games} games at {self.players} players, seats {','.join(self.seats)} rotating"]
        for name in self.wins:
            lines.append(f"  {name}: {self.wins[name]:g} wins ({self.win_rate[name]:.1%}), "
                         f"{self.ms_per_decision[name]:.3f} ms per decision")
        if self.stats:
            lines.append("  per game: " + ", ".join(f"{key} {value:g}" for key, value in self.stats.items()))
        return lines


def arena(slug: str, players: int, games: int, seed: int, seats: list[str]) -> ArenaResult:
    """Play `games` games; game k seats the policies rotated by k and draws every whim from (seed, k, seat)."""
    check_seats(slug, players, seats)
    game = engine.get_game(slug)
    policies = {name: policy(name, slug) for name in seats}
    wins: dict[str, float] = {name: 0.0 for name in seats}
    seconds: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    totals: dict[str, float] = defaultdict(float)
    for number in range(games):
        names = seated(seats, number)
        whims = [random.Random(f"{seed}:{number}:{seat}") for seat in range(players)]
        state = game.setup(players, table_seed(seed, number, players), {})
        for _ in range(MAX_DECISIONS):
            to_act = game.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            started = time.perf_counter()
            action = policies[names[seat]](state, seat, whims[seat])
            seconds[names[seat]] += time.perf_counter() - started
            decisions[names[seat]] += 1
            state = game.apply(state, seat, action)
        outcome = game.outcome(state)
        if outcome is None:
            raise RuntimeError(f"game {number} did not end after {MAX_DECISIONS} decisions")
        for seat in outcome.winners:
            wins[names[seat]] += 1 / len(outcome.winners)
        for key, value in game_stats(game, state).items():
            totals[key] += value
    return ArenaResult(
        game=slug,
        players=players,
        games=games,
        seats=list(seats),
        wins={name: round(value, 4) for name, value in wins.items()},
        win_rate={name: round(value / games, 4) if games else 0.0 for name, value in wins.items()},
        ms_per_decision={name: round(1000 * seconds[name] / decisions[name], 3) if decisions[name] else 0.0
                         for name in wins},
        stats={key: round(value / games, 3) for key, value in totals.items()},
    )
