"""1930 random games to the end at 2-6 players: no exception, every invariant after every move, replay identical.

Plays a fiftieth of `--playouts` per player count (10 by default); `--playouts 50000` plays 1000 each."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest

import engine
from engine.rules.golden_age import GAME, board, market, rules
from engine.options import EDITION
from engine.rules.golden_age.state import BANK, GATES_AT_START, GATES_IN_RESERVE, MAX_TOKENS, GoldenAgeState
from engine.view import to_json
from tests.engine.golden_age_helpers import weighed

GATES = 1 + GATES_AT_START + GATES_IN_RESERVE
# The suite's --playouts counts Airships games; a 1930 game (hundreds of decisions) weighs about a hundred.
SHARE = 50


def check_invariants(state: GoldenAgeState) -> None:
    data = state.data
    count = data.player_counts[state.players]
    assert state.bank + sum(p.money for p in state.seats) == BANK, "money is conserved between bank and players"
    assert all(p.money >= 0 for p in state.seats)
    for key, airline in state.airlines.items():
        held = sum(p.held(key) for p in state.seats)
        assert airline.pool + held + airline.unreleased + airline.removed == count.total_tokens, key
        assert 0 <= airline.price_box < len(data.market)
        assert 1 <= airline.tech_box <= len(data.tech), "no box beyond the tech track's gray one"
        gates = sum(1 for c in state.cities.values() if key in c.gates)
        if airline.bankrupt:
            assert gates == 0 and held == 0
            continue
        assert gates + airline.gates_available + airline.gates_reserve == GATES, f"{key}'s gates are conserved"
        assert airline.income == board.income_of(state, key)
        most = max(p.held(key) for p in state.seats)
        if most:
            assert most < market.in_play(state, key), "nobody holds every token of an airline in play"
        for city in board.cities_with_gate(state, key):
            assert board.reaches(state, key, data.cities[city].region), "no airline beyond its tech's regions"
    for key, city in state.cities.items():
        assert len(city.gates) <= data.cities[key].spots, f"{key} is over its spots"
        assert len(set(city.gates)) == len(city.gates), "one gate per airline per city"
        if city.hub is not None:
            assert data.cities[key].hub_allowed and city.hub in city.gates
    for player in state.seats:
        assert player.total() <= MAX_TOKENS
        assert all(n <= count.cap for n in player.tokens.values())
        assert all(0 <= player.used.get(k, 0) <= n for k, n in player.tokens.items())


def random_game(players: int, seed: int, check: bool = True,
                edition: int = GAME.edition) -> tuple[GoldenAgeState, list[tuple[int, object]]]:
    """A game of random choices to its end; `check`: every invariant after every move, and every event weighed by
    one of the rules' sentences."""
    state = GAME.setup(players, seed, {EDITION: edition})
    chooser = random.Random(seed)
    moves = []
    while to_act := GAME.to_act(state):
        seat = to_act[0]
        choices = GAME.legal_actions(state, seat)
        assert 0 < len(choices) <= 25
        action = chooser.choice(choices)
        state = GAME.apply(state, seat, action)
        moves.append((seat, action))
        if check:
            check_invariants(state)
            for event in state.events:
                weighed(event)
        assert len(moves) < 20_000, "a game that never ends"
    return state, moves


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_end_with_every_invariant_kept(players: int, playout_seeds: Callable[[int], range]) -> None:
    for seed in playout_seeds(SHARE):
        state, _ = random_game(players, seed)
        result = GAME.outcome(state)
        assert result is not None and len(result.scores) == players
        assert result.scores == tuple(market.value_of(state, s) for s in range(players))


@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in range(3, 7))])
def test_no_move_changes_a_state_before_it(players: int) -> None:
    """States share the records a move leaves alone (copy on write): every state of a game, compared at its end
    with a deep copy taken when it was made, must be unchanged by all the moves after it."""
    state, chooser = GAME.setup(players, players), random.Random(players)
    kept: list[tuple[GoldenAgeState, GoldenAgeState, object]] = []
    while to_act := GAME.to_act(state):
        kept.append((state, copy.deepcopy(state, {id(state.data): state.data}), to_json(GAME.view(state, None))))
        state = GAME.apply(state, to_act[0], chooser.choice(GAME.legal_actions(state, to_act[0])))
    for number, (state, taken, view) in enumerate(kept):
        assert state == taken, f"a later move changed the state before move {number + 1}"
        assert to_json(GAME.view(state, None)) == view
        # The menu each state remembered (the one its move was checked against) is still its menu.
        assert state.menus and all(rules.all_choices(state, seat) == menu for seat, menu in state.menus.items())


def test_a_replayed_log_gives_the_same_game() -> None:
    state, moves = random_game(4, 11, check=False)
    replayed = engine.replay(GAME, 4, 11, {}, moves)  # type: ignore[arg-type]
    assert to_json(GAME.view(replayed, None)) == to_json(GAME.view(state, None))
    assert all(to_json(GAME.view(replayed, s)) == to_json(GAME.view(state, s)) for s in range(4))
