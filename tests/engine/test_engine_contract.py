"""The engine contract as Airships keeps it: the registry, choices, errors, pure apply, replays and views."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import engine
from airships_helpers import C, GAME, check_cards_conserved, give, lay, set_field, table
from engine.core import MAX_CHOICES, MAX_LABEL, Action, Game, GameError, GameOver, IllegalAction, NotYourTurn
from engine.rules.airships.data import Department
from engine.cli.simulate import play_random

PLAYER_COUNTS = (2, 3, 4)
# The fast tier checks two seats; three and four are slow.
SLOW_ABOVE_TWO = (2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow))


def recorded_game(players: int, seed: int) -> tuple[list[tuple[int, Action]], list[Any]]:
    """A random game's log and the state after setup and after every action."""
    states: list[Any] = []
    playout = play_random(GAME, players, seed, on_move=lambda state, seat, action: states.append(state))
    return playout.moves, states


# --- the registry ----------------------------------------------------------------------------------------


def test_list_games_contains_airships() -> None:
    assert "airships" in engine.list_games()


def test_get_game_for_an_unknown_slug_raises_game_error() -> None:
    with pytest.raises(GameError, match="airships"):  # the message names the games there are
        engine.get_game("nope")


def test_airships_keeps_the_game_protocol() -> None:
    game = engine.get_game("airships")
    assert isinstance(game, Game)
    assert (game.slug, game.min_players, game.max_players) == ("airships", 2, 4)
    assert game.title and game.guide and game.guide[0].key == "overview"  # /rules starts with the overview


def test_explain_fills_in_the_details_of_the_same_choices() -> None:
    game = engine.get_game("airships")
    state = game.setup(3, seed=4)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    explained = game.explain(state, seat, legal)
    assert explained == legal and [a.label for a in explained] == [a.label for a in legal]  # same actions, same order
    assert all(a.detail for a in explained) and not any(a.detail for a in legal)


def test_errors_share_one_base() -> None:
    assert issubclass(IllegalAction, GameError)
    assert issubclass(NotYourTurn, IllegalAction) and issubclass(GameOver, IllegalAction)
    assert engine.IllegalAction is IllegalAction and engine.NotYourTurn is NotYourTurn and engine.GameOver is GameOver


# --- choices -------------------------------------------------------------------------------------------


def fullest_table():
    """Every throw at once: 18 expansions on display, 3 airship tops, 4 open Hindenburg phases, all in reach."""
    state = table(era=2)
    set_field(state, 0)
    held = ("e2-financiers-3", "e2-hangars-3", "e2-captains-4", "e2-engineers-4", "e2-materials-1")
    give(state, 0, *held)
    for department in Department:
        cards = [e.id for e in C.expansions.values() if e.department is department and e.id not in held]
        lay(state, *cards[-3:])
    return state


def test_legal_actions_never_exceed_25_choices() -> None:
    state = fullest_table()
    assert sum(card is not None for row in state.display.values() for card in row) == 18
    check_cards_conserved(state)
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == MAX_CHOICES == 25  # the contract's limit is exactly the fullest table
    assert all(len(a.label) <= MAX_LABEL for a in legal)
    assert len({a.key for a in legal}) == len(legal)


def test_every_card_label_fits_a_select_option() -> None:
    state = fullest_table()
    for action in GAME.legal_actions(state, 0):
        assert not action.label.endswith(" ") and len(action.label) <= MAX_LABEL
        assert action.label.startswith("Throw for ")


def test_legal_actions_are_empty_for_a_seat_not_to_act() -> None:
    state = GAME.setup(3, 4, {})
    assert GAME.to_act(state) == [0]
    assert GAME.legal_actions(state, 1) == [] and GAME.legal_actions(state, 2) == []


# --- apply ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", SLOW_ABOVE_TWO)
def test_apply_never_mutates_its_input(players: int) -> None:
    for seed in range(8):
        moves, states = recorded_game(players, seed)
        for (seat, action), state in zip(moves, states):
            before, view = copy.deepcopy(state), GAME.view(state, None)
            GAME.apply(state, seat, action)
            assert state == before, f"seed {seed}: apply changed its input on {action.key}"
            assert GAME.view(state, None) == view


def test_apply_refuses_an_action_not_in_the_list() -> None:
    state = GAME.setup(2, 7, {})
    refused = [
        Action("throw", ("a-dark-1",)),  # under the top card
        Action("throw", (state.pile[-1],)),  # still in the pile
        Action("throw", ("hindenburg-1",)),  # not open yet
        Action("throw", ("no-such-card",)),
        Action("throw", ()),
        Action("go", ("again",)),  # not this step
        Action("roll", (-1,)),
        Action("chip", ("use",)),
        Action("resign", ()),
    ]
    for action in refused:
        with pytest.raises(IllegalAction) as raised:
            GAME.apply(state, 0, action)
        assert type(raised.value) is IllegalAction and str(raised.value)


def test_apply_refuses_the_wrong_seat() -> None:
    state = GAME.setup(3, 7, {})
    action = GAME.legal_actions(state, 0)[0]
    for seat in (1, 2):
        with pytest.raises(NotYourTurn):
            GAME.apply(state, seat, action)


def test_apply_refuses_every_action_after_the_end() -> None:
    moves, states = recorded_game(2, 11)
    final = states[-1]
    assert GAME.outcome(final) is not None and GAME.to_act(final) == []
    for seat, action in moves[-3:]:
        with pytest.raises(GameOver):
            GAME.apply(final, seat, action)
    with pytest.raises(GameOver):
        GAME.apply(final, 1, Action("go", ("end",)))


def test_action_label_is_not_part_of_its_identity() -> None:
    assert Action("throw", ("a-light-1",), "one label") == Action("throw", ("a-light-1",), "another")
    with pytest.raises(ValueError):
        Action("throw", (), "x" * (MAX_LABEL + 1))


# --- the log -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_actions_round_trip_through_dicts(players: int) -> None:
    for seed in range(5):
        _, states = recorded_game(players, seed)
        for state in states:
            for seat in GAME.to_act(state):
                for action in GAME.legal_actions(state, seat):
                    stored = json.loads(json.dumps(action.to_dict()))
                    assert Action.from_dict(stored) == action
                    assert Action.from_dict(stored).key == action.key


@pytest.mark.parametrize(
    "malformed",
    [
        None, [], "throw", 3, {}, {"args": []}, {"kind": 3}, {"kind": None},
        {"kind": "throw", "args": "a-light-1"}, {"kind": "throw", "args": ("a-light-1",)},
        {"kind": "throw", "args": [True]}, {"kind": "throw", "args": [1.5]}, {"kind": "throw", "args": [None]},
        {"kind": "throw", "args": [["a-light-1"]]}, {"kind": "throw", "args": [{"id": "a-light-1"}]},
    ],
)
def test_from_dict_rejects_malformed_dicts(malformed: Any) -> None:
    with pytest.raises(IllegalAction):
        Action.from_dict(malformed)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.slow
def test_replayed_log_gives_an_identical_view_at_every_step(players: int) -> None:
    for seed in range(2):
        moves, states = recorded_game(players, seed)
        stored = [(seat, Action.from_dict(json.loads(json.dumps(a.to_dict())))) for seat, a in moves]  # labels lost
        for step, state in enumerate(states):
            replayed = engine.replay(GAME, players, seed, {}, stored[:step])
            for seat in (None, *range(players)):
                assert GAME.view(replayed, seat) == GAME.view(state, seat), f"seed {seed}, step {step}, seat {seat}"


@pytest.mark.slow
def test_replayed_logs_end_the_same_way() -> None:
    for players in PLAYER_COUNTS:
        for seed in range(100, 120):
            playout = play_random(GAME, players, seed)
            replayed = engine.replay(GAME, players, seed, {}, playout.moves)
            assert replayed == playout.state
            assert GAME.outcome(replayed) == GAME.outcome(playout.state)


def test_same_seed_same_dice_and_shuffles() -> None:
    first, second = play_random(GAME, 3, 77), play_random(GAME, 3, 77)
    assert first.moves == second.moves and first.state == second.state


# --- views ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", SLOW_ABOVE_TWO)
def test_views_are_json_serialisable_and_hide_the_pile(players: int) -> None:
    for seed in range(3):
        _, states = recorded_game(players, seed)
        for state in states:
            for seat in (None, *range(players)):
                view = GAME.view(state, seat)
                assert json.loads(json.dumps(view)) == view  # plain dicts, lists, strings, numbers
            text = json.dumps(GAME.view(state, None))
            hidden = {*state.pile, *(card for pile in state.fields for card in pile[:-1])} - {C.change_of_era}
            assert not [card for card in hidden if f'"{card}"' in text]


def test_view_shows_the_next_back_of_the_pile() -> None:
    state = table(pile=["e2-hangars-1", C.change_of_era, "e1-hangars-1"])
    assert GAME.view(state, None)["pile"] == {"left": 3, "next": "era 1"}
    state.pile.pop()
    assert GAME.view(state, None)["pile"] == {"left": 2, "next": "change of era"}
    state.pile.pop()
    assert GAME.view(state, None)["pile"] == {"left": 1, "next": "era 2"}
    state.pile.pop()
    assert GAME.view(state, None)["pile"] == {"left": 0, "next": None}


def test_seat_view_adds_only_that_seats_choices() -> None:
    state = GAME.setup(2, 5, {})
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine["you"]["legal"] == [a.key for a in GAME.legal_actions(state, 0)]
    assert theirs["you"]["legal"] == []
    assert {k: v for k, v in mine.items() if k != "you"} == GAME.view(state, None)



def test_seat_tokens_are_named_in_one_pass() -> None:
    from engine.core import name_seats

    lines = ["{p0} throws; {p1} waits; {p7} is no one"]
    assert name_seats(lines, ["Ann {p1}", "Bob"]) == ["Ann {p1} throws; Bob waits; {p7} is no one"]
    assert name_seats(lines, {1: "Bob"}) == ["{p0} throws; Bob waits; {p7} is no one"]
