"""The engine contract as Air Alliance keeps it: registry, pure apply, refusals, the log, reveals and the AI."""

from __future__ import annotations

import copy
import json
import random

import pytest

import engine
from air_alliance_helpers import ALL_KOBE, GAME, HONEYMOONERS, POLYNESIA, Player, act, claim_with, fly, put, table
from engine.core import Action, Game, GameOver, IllegalAction, NotYourTurn
from engine.rules.air_alliance import ai
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState


def recorded(players: int, seed: int, options: dict[str, bool]) -> tuple[list[tuple[int, Action]], list[AirAllianceState]]:
    chooser = Player(seed, greedy=0.5)
    state = GAME.setup(players, seed, options)
    states, moves = [state], []
    while to_act := GAME.to_act(state):
        action = chooser(state, to_act[0], GAME.legal_actions(state, to_act[0]))
        moves.append((to_act[0], action))
        state = GAME.apply(state, to_act[0], action)
        states.append(state)
    return moves, states


def test_air_alliance_is_registered_and_keeps_the_game_protocol() -> None:
    assert "air-alliance" in engine.list_games()
    game = engine.get_game("air-alliance")
    assert isinstance(game, Game) and (game.slug, game.min_players, game.max_players) == ("air-alliance", 2, 4)
    assert engine.get_ai("air-alliance") is ai
    engine.check_games()


@pytest.mark.parametrize("options", [{}, ALL_KOBE], ids=["base", "kobe"])
def test_apply_never_mutates_its_input(options: dict[str, bool]) -> None:
    moves, states = recorded(3, 2, options)
    for (seat, action), state in zip(moves, states):
        before, view = copy.deepcopy(state), GAME.view(state, None)
        GAME.apply(state, seat, action)
        assert state == before and GAME.view(state, None) == view, action.key


def test_apply_refuses_what_is_not_a_choice_now() -> None:
    state = GAME.setup(2, 7)
    for action in (Action("land", ("A1",)), Action("icon", (5, 0)), Action("reserve", ("p99",)), Action("swap", (0, 1)),
                   Action("ally", ("black", 0)), Action("place", (state.claim[0], 0)), Action("resign")):
        with pytest.raises(IllegalAction) as raised:
            GAME.apply(state, 0, action)
        assert type(raised.value) is IllegalAction and str(raised.value)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, GAME.legal_actions(state, 0)[0])


def test_apply_refuses_everything_after_the_end() -> None:
    moves, states = recorded(2, 4, {})
    assert GAME.outcome(states[-1]) is not None and GAME.to_act(states[-1]) == []
    with pytest.raises(GameOver):
        GAME.apply(states[-1], moves[-1][0], moves[-1][1])


def test_actions_round_trip_and_replay_to_the_same_views() -> None:
    moves, states = recorded(3, 6, ALL_KOBE)
    stored = [(seat, Action.from_dict(json.loads(json.dumps(a.to_dict())))) for seat, a in moves]
    for step in range(0, len(states), 25):
        replayed = engine.replay(GAME, 3, 6, ALL_KOBE, stored[:step])
        assert GAME.view(replayed, None) == GAME.view(states[step], None)
    assert engine.replay(GAME, 3, 6, ALL_KOBE, stored) == states[-1]


def test_a_move_that_draws_a_card_reveals_and_one_that_does_not_does_not() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    chosen = act(act(state, "icon", 2, 0), "plane", POLYNESIA)
    assert not GAME.reveals(state, chosen)
    landed = act(chosen, "land", "E3")  # gains Honeymooners: a card is drawn into the claim
    assert GAME.reveals(chosen, landed)
    quiet = fly(state, 2, 0, SUPPLY, "E2")
    assert not GAME.reveals(state, quiet)


def test_the_ai_always_chooses_a_legal_action_and_takes_the_flight_that_gains() -> None:
    moves, states = recorded(2, 8, ALL_KOBE)
    rng = random.Random(1)
    for state in states[::9]:
        for seat in GAME.to_act(state):
            assert ai.choose(state, seat, rng) in GAME.legal_actions(state, seat)
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    state = act(act(state, "icon", 2, 0), "plane", POLYNESIA)
    assert ai.greedy(state, 0, rng) == Action("land", ("E3",))
