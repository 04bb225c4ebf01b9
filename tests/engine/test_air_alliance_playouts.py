"""Random Air Alliance games to the end, invariants checked after every action, logs replayed from the seed.

A game of Air Alliance is about five times the work of one of Airships, so each player count and option set
plays a fifth of `--playouts` (100 by default); `--playouts 5000` plays the long run of 1000 each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import engine
from air_alliance_helpers import ALL_KOBE, GAME, Player, check_all, check_choices
from engine.core import Action
from engine.rules.air_alliance.state import AirAllianceState, Step

SHARE = 5  # the suite's --playouts counts Airships games; one Air Alliance game weighs about five
MAX_ACTIONS = 5_000  # a game longer than this is a loop the rules never leave
OPTION_SETS = {"base": {}, "kobe": ALL_KOBE}


@dataclass
class Playout:
    moves: list[tuple[int, Action]] = field(default_factory=list)
    state: Any = None
    seen: Counter[str] = field(default_factory=Counter)


def play(players: int, seed: int, options: dict[str, Any], check: bool = True, greedy: float = 0.08) -> Playout:
    """One game by the leaning random player, every invariant checked after every action."""
    chooser = Player(seed * 31 + players, greedy)
    playout = Playout()
    state: AirAllianceState = GAME.setup(players, seed, options)
    if check:
        check_all(state)
    while (to_act := GAME.to_act(state)) and len(playout.moves) < MAX_ACTIONS:
        seat = to_act[0]
        legal = GAME.legal_actions(state, seat)
        if check:
            check_choices(state, legal)
        action = chooser(state, seat, legal)
        state = GAME.apply(state, seat, action)
        playout.moves.append((seat, action))
        playout.seen[action.kind] += 1
        if check:
            check_all(state)
    playout.state = state
    return playout


def check_finished(state: AirAllianceState, moves: int) -> None:
    assert state.step is Step.OVER and GAME.to_act(state) == [], f"not finished after {moves} actions"
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.scores) == state.players
    assert sorted(seat for group in outcome.ranking for seat in group) == list(range(state.players))
    assert state.last_round and state.final_turns == []


@pytest.mark.parametrize("options", list(OPTION_SETS), ids=list(OPTION_SETS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_with_the_table_intact_and_replay_from_the_seed(
    players: int, options: str, playout_seeds: Callable[[int], range]
) -> None:
    for seed in playout_seeds(SHARE):
        playout = play(players, seed, OPTION_SETS[options])
        check_finished(playout.state, len(playout.moves))
        replayed = engine.replay(GAME, players, seed, OPTION_SETS[options], playout.moves)
        assert replayed == playout.state, f"seed {seed}: the log replays to another state"


@pytest.mark.slow
def test_random_games_reach_every_part_of_the_rules() -> None:
    """The fuzz is only as good as what it reaches: alliances, relays, extra turns, every Kobe choice."""
    seen: Counter[str] = Counter()
    states = []
    for players in (2, 3, 4):
        for seed in range(12):
            for options in OPTION_SETS.values():
                playout = play(players, seed, options, check=False, greedy=0.6)
                seen.update(playout.seen)
                states.append(playout.state)
    assert {"icon", "plane", "npa", "land", "airport", "swap", "back", "reserve", "place", "ally", "no_alliance",
            "refresh", "keep", "flush", "wait", "claim", "keep_waiting", "stop", "done", "gain", "leave"} <= set(seen)
    assert any(s.alliances_formed for s in states)
    assert all(s.reshuffles >= 1 for s in states)  # every game ends through the deck running out
    assert any(any(a.retired for a in s.airlines) for s in states)
    assert any(s.off_board for s in states)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_of_the_first_edition_still_play_to_the_end_by_its_rules(players: int) -> None:
    """A game started before edition 2 keeps its rules and components: five planes, ALL on Oceania and Mexico,
    every carried card gained, and plays to the end with the table intact."""
    options = {**ALL_KOBE, "edition": 1}
    for seed in range(3):
        playout = play(players, seed, options)
        check_finished(playout.state, len(playout.moves))
        assert playout.state.edition == 1 and "gain" not in playout.seen and "leave" not in playout.seen
        assert engine.replay(GAME, players, seed, options, playout.moves) == playout.state
