"""The arena: seat policies (random, greedy, the AI levels) play many games against each other, seats rotating, with figures."""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import engine
from engine.cli.code_print import code_print
from engine.core import GameError, Policy
from engine.figures import game_stats
from engine.platform.levels import LEVEL_NAMES, Level, Player
from engine.platform.stats import seat_positions
from engine.platform.thinking import look_ahead

POLICIES = ("random", "greedy", "ai", *LEVEL_NAMES)  # "ai" is the standard level, by its older name
MAX_DECISIONS = 10_000  # a game longer than this is a bug in a policy or the rules, not a long game


def policy(name: str, slug: str) -> Policy:
    """The policy a name stands for; raises GameError naming the ones there are.

    The strong level thinks by worlds, not by the clock, so a run's figures do not depend on the machine."""
    game = engine.get_game(slug)
    if name == "random":
        return lambda state, seat, rng: rng.choice(game.legal_actions(state, seat))
    if name == "greedy":
        return engine.get_ai(slug).greedy
    if name == "ai" or name in LEVEL_NAMES:
        return Player(slug, Level.read("standard" if name == "ai" else name), clock=None).choose
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


def table_seed(seed: int, game_number: int, players: int, one_policy: bool = False) -> int:
    """The deal of game `game_number`.

    Policies that differ get one deal per full rotation: each meets the same cards from every seat, which evens
    out the deals. One policy in every seat gets a deal per game: rotating identical seats would replay the same
    deal `players` times, and a seat-balance figure would then rest on a `players`-th of its games.
    """
    deal = game_number if one_policy else game_number // players
    digest = hashlib.blake2b(f"{seed}:deal:{deal}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


@dataclass
class ArenaResult:
    """What an arena run measured: wins per policy and per seat position (a shared first place split), speed
    and the games' figures."""

    game: str
    players: int
    games: int
    seats: list[str]
    wins: dict[str, float]
    win_rate: dict[str, float]
    ms_per_decision: dict[str, float]
    stats: dict[str, float]
    options: dict[str, Any] = field(default_factory=dict)
    # By seat position: the order in which seats first played (in 1930 the First Round cards', not the seats').
    seat_wins: list[float] = field(default_factory=list)
    seat_win_rate: list[float] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    def seat_gap(self) -> float:
        """The largest gap, in points of win share, between a seat position and its fair share."""
        fair = 1 / self.players
        return round(100 * max((abs(rate - fair) for rate in self.seat_win_rate), default=0.0), 1)

    def seat_z(self) -> float:
        """The largest such gap in standard errors of a fair game's win share (about 2 is chance's edge)."""
        fair = 1 / self.players
        error = math.sqrt(fair * (1 - fair) / self.games) if self.games else 1.0
        return round(max((abs(rate - fair) for rate in self.seat_win_rate), default=0.0) / error, 1)

    def summary(self) -> list[str]:
        """A few lines for people; the JSON line carries the same figures."""
        switched = ", ".join(key for key, on in self.options.items() if on)
        lines = [f"{self.game}: {self.games} games at {self.players} players, seats {','.join(self.seats)} rotating"
                 + (f", with {switched}" if switched else "")]
        for name in self.wins:
            lines.append(f"  {name}: {self.wins[name]:g} wins ({self.win_rate[name]:.1%}), "
                         f"{self.ms_per_decision[name]:.3f} ms per decision")
        shares = ", ".join(f"seat {seat}: {rate:.1%}" for seat, rate in enumerate(self.seat_win_rate))
        lines.append(f"  by seat position (fair {1 / self.players:.1%}): {shares}; "
                     f"largest gap {self.seat_gap():g} points (z {self.seat_z():g})")
        if self.stats:
            lines.append("  per game: " + ", ".join(f"{key} {value:g}" for key, value in self.stats.items()))
        return lines


@dataclass
class Played:
    """One arena game: who won (by seat), how long each policy thought, and the game's own figures."""

    number: int
    winners: tuple[int, ...]
    positions: list[int]  # each seat's position in the order the seats first played: 0 played first
    names: list[str]
    seconds: dict[str, float]
    decisions: dict[str, int]
    stats: dict[str, float]


def play_one(slug: str, players: int, seed: int, seats: list[str], options: dict[str, Any], number: int) -> Played:
    """Game `number` of an arena run: the policies seated rotated by the number, every whim from (seed, k, seat)."""
    game = engine.get_game(slug)
    names = seated(seats, number)
    policies = {name: policy(name, slug) for name in seats}
    whims = [random.Random(f"{seed}:{number}:{seat}") for seat in range(players)]
    seconds: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    state = game.setup(players, table_seed(seed, number, players, len(set(seats)) == 1), dict(options))
    first_played: list[int] = []
    for _ in range(MAX_DECISIONS):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        if seat not in first_played:
            first_played.append(seat)
        started = time.perf_counter()
        action = policies[names[seat]](state, seat, whims[seat])
        seconds[names[seat]] += time.perf_counter() - started
        decisions[names[seat]] += 1
        state = game.apply(state, seat, action)
    outcome = game.outcome(state)
    if outcome is None:
        raise RuntimeError(f"game {number} did not end after {MAX_DECISIONS} decisions")
    positions = list(seat_positions(first_played, players))
    return Played(number, tuple(outcome.winners), positions, names, dict(seconds), dict(decisions),
                  game_stats(game, state))


def played_as_they_end(play: Callable[[int], Played], numbers: list[int], jobs: int) -> Iterator[Played]:
    """Each game as soon as it ends (over `jobs` processes, not in order), so a log keeps every finished one."""
    if jobs > 1 and len(numbers) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for future in as_completed([pool.submit(play, number) for number in numbers]):
                yield future.result()
    else:
        yield from map(play, numbers)


@dataclass
class RunLog:
    """A file keeping an arena run's games as they end (a JSON line each, after one naming the run), so a run
    stopped part-way goes on where it stopped: a game's result depends on its number alone."""

    path: Path | None
    run: dict[str, Any]

    def played(self) -> dict[int, Played]:
        if self.path is None or not self.path.exists():
            return {}
        text = self.path.read_text(encoding="utf-8")
        if not text.endswith("\n"):  # the run was stopped in the middle of a line: that game is played again
            text = text[: text.rfind("\n") + 1]
            self.path.write_text(text, encoding="utf-8")
        if not text.strip():
            return {}
        head, *rows = text.splitlines()
        kept = json.loads(head)
        if kept != self.run:
            differ = ", ".join(sorted(k for k in {*kept, *self.run} if kept.get(k) != self.run.get(k)))
            raise GameError(f"{self.path} keeps another run's games (not the same {differ}): give a new file "
                            "for this one.")
        games = [Played(**json.loads(row)) for row in rows if row.strip()]
        return {one.number: replace(one, winners=tuple(one.winners)) for one in games}

    def add(self, one: Played) -> None:
        if self.path is None:
            return
        with self.path.open("a", encoding="utf-8") as file:
            if file.tell() == 0:
                file.write(json.dumps(self.run) + "\n")
            file.write(json.dumps(asdict(one)) + "\n")


def run_named(slug: str, players: int, seed: int, seats: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """What makes a run's games what they are: the code and data that play them (so a log kept before the rules or
    an AI changed is not taken for this run's), and with a strong seat its look-ahead (the worlds, choices and
    confidence it thinks by). Not the bot's budget: the arena thinks by worlds, never by the clock, so a new budget
    leaves the games as they were."""
    run: dict[str, Any] = {"game": slug, "players": players, "seed": seed, "seats": seats, "options": options,
                           "code": code_print(slug)}
    if Level.STRONG.value in seats:
        run["look_ahead"] = {name: value for name, value in asdict(look_ahead(slug)).items() if name != "seconds"}
    return run


def arena(slug: str, players: int, games: int, seed: int, seats: list[str],
          options: dict[str, Any] | None = None, jobs: int = 1, log: Path | None = None) -> ArenaResult:
    """Play `games` games (over `jobs` processes: each game depends on its number alone, so the figures are the
    same for any number of jobs); a shared first place is split between the seats that share it. With a `log`,
    each game is kept in it as it ends, and the games it already holds for this run are not played again."""
    check_seats(slug, players, seats)
    if jobs < 1:
        raise GameError(f"--jobs is how many processes play the games: 1 or more, not {jobs}.")
    chosen = dict(options or {})
    play = partial(play_one, slug, players, seed, list(seats), chosen)
    kept = RunLog(log, run_named(slug, players, seed, list(seats), chosen))
    done = kept.played()
    todo = [number for number in range(games) if number not in done]
    for one in played_as_they_end(play, todo, jobs):
        done[one.number] = one
        kept.add(one)
    played = [done[number] for number in range(games)]
    wins: dict[str, float] = {name: 0.0 for name in seats}
    seat_wins = [0.0] * players
    seconds: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    totals: dict[str, float] = defaultdict(float)
    for one in played:
        for seat in one.winners:
            wins[one.names[seat]] += 1 / len(one.winners)
            seat_wins[one.positions[seat]] += 1 / len(one.winners)
        for name, spent in one.seconds.items():
            seconds[name] += spent
            decisions[name] += one.decisions[name]
        for key, value in one.stats.items():
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
        options=chosen,
        seat_wins=[round(value, 4) for value in seat_wins],
        seat_win_rate=[round(value / games, 4) if games else 0.0 for value in seat_wins],
    )
