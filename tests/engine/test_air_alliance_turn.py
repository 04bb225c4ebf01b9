"""Air Alliance turn: reserving, refilling, lost baggage (phase 2), flight control, extra turns, Kobe games' log."""

from __future__ import annotations

import copy
import json
import random

import pytest

import engine
from air_alliance_helpers import (
    ALL_KOBE,
    GAME,
    Player,
    CANNES,
    FILM_DIRECTOR,
    HONEYMOONERS,
    POLYNESIA,
    SURFER,
    TOKYO,
    act,
    check_all,
    claim_with,
    fly,
    keys,
    lift,
    put,
    table,
)
from engine.platform.secrets import dealer, shows_hidden
from engine.core import Action, IllegalAction, NotYourTurn
from engine.rules.air_alliance import ai, claim, turn
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState, Step
from said import said
from engine.view import to_json

AREA_A, AREA_ALL, AREA_AM = (0, 1), (2, 0), (1, 0)  # on red's printed boarding pass


def relay_of_three() -> AirAllianceState:
    """Red's first two markers: Polynesia -> Cannes -> Tokyo, gaining the three cards of the relay example."""
    state = table(claim=claim_with(HONEYMOONERS, FILM_DIRECTOR, SURFER))
    put(state, POLYNESIA, "red")
    state = fly(state, *AREA_ALL, POLYNESIA, CANNES)
    return fly(state, *AREA_A, CANNES, TOKYO)


# --- reserving ---------------------------------------------------------------------------------------------------------


def test_reserving_puts_a_marker_on_a_claim_card_once_per_turn() -> None:
    state = table(claim=claim_with())
    card = state.claim[2]
    state = act(state, "reserve", card)
    assert state.airlines[0].reserved == card and state.markers_left == 2
    assert not [k for k in keys(state) if k.startswith("reserve:")]  # "only 1 card per turn"
    assert said(state) == [f"{{p0}} reserves {claim.card_words(state.data, card)}."]


def test_a_card_reserved_by_someone_cannot_be_reserved_again() -> None:
    state = table(claim=claim_with())
    state.airlines[1].reserved = state.claim[0]
    assert f"reserve:{state.claim[0]}" not in keys(state) and f"reserve:{state.claim[1]}" in keys(state)


def test_a_reserved_card_survives_lost_baggage_and_the_leftmost_unreserved_card_is_discarded() -> None:
    state = table(claim=claim_with())
    first, second = state.claim[0], state.claim[1]
    state = act(state, "reserve", first)
    state = fly(state, *AREA_ALL, SUPPLY, "E2")
    state = fly(state, *AREA_AM, SUPPLY, "A2")  # the third marker: phase 2 follows
    assert state.current == 1
    assert state.discards == [second] and first in state.claim and len(state.claim) == 6
    assert any(e.startswith("Lost baggage: ") for e in said(state))
    check_all(state)


def test_the_reservation_marker_comes_back_at_the_reservers_next_phase_1() -> None:
    state = table(claim=claim_with())
    card = state.claim[0]
    state.airlines[0].reserved = card  # from red's last turn
    state.current = 1
    turn.begin_turn(state, 0)
    assert state.airlines[0].reserved is None and card in state.claim  # the card stays, unreserved
    assert state.markers_left == 3


def test_no_other_player_gains_a_reserved_card() -> None:
    state = table(players=2, current=1, claim=claim_with(HONEYMOONERS))
    state.airlines[0].reserved = HONEYMOONERS
    put(state, POLYNESIA, "yellow")
    state = fly(state, 2, 0, POLYNESIA, CANNES)  # yellow's ALL 1-2-3
    assert state.gained == [] and HONEYMOONERS in state.claim


# --- refilling and lost baggage -------------------------------------------------------------------------------------------


def test_lost_baggage_refills_first_then_discards_and_refills_again() -> None:
    state = table(claim=claim_with()[:5], deck_top=("p01", "p02"))
    left = state.claim[0]
    claim.lost_baggage(state)
    assert state.discards == [left]
    assert state.claim[-2:] == ["p01", "p02"] and len(state.claim) == 6


def test_lost_baggage_skips_every_reserved_card_on_the_left() -> None:
    state = table(players=3, claim=claim_with())
    state.airlines[1].reserved, state.airlines[2].reserved = state.claim[0], state.claim[1]
    third = state.claim[2]
    claim.lost_baggage(state)
    assert state.discards == [third]


# --- phase 1 ends ---------------------------------------------------------------------------------------------------------


def test_phase_1_ends_when_no_marker_can_do_anything() -> None:
    # Ruling: a marker must do something; with none that can, the remaining markers stay in hand.
    state = table(claim=claim_with())
    state.in_last_round = True  # no reserving
    state.alliances[0] = ["yellow", "black", "white", "purple"]  # every NPA closed to red
    put(state, "E2", "black", "red", "red")
    put(state, "E3", "white", "red")
    put(state, "M2", "purple", "red")
    state.used, state.markers_left = [(1, "", 1)], 2  # a priority takeoff already switched two planes
    assert state.airlines[0].supply == 0  # all four of red's planes are stuck behind NPA planes
    turn.continue_markers(state)
    assert state.current == 1 and state.airlines[0].turns == 1  # phases 2 and 3 came with a marker in hand


def test_the_turn_passes_after_three_markers_and_phases_2_and_3() -> None:
    state = table(claim=claim_with())
    state = fly(state, *AREA_ALL, SUPPLY, "E2")
    state = fly(state, *AREA_AM, SUPPLY, "A2")
    state = fly(state, *AREA_A, SUPPLY, "A3")
    assert state.current == 1 and state.step is Step.MARKER and state.markers_left == 3
    assert state.airlines[0].turns == 1 and state.flights == []


# --- flight control ----------------------------------------------------------------------------------------------------------


def test_gained_cards_wait_until_flight_control() -> None:
    state = relay_of_three()
    assert state.airlines[0].slots == [[], [], []] and len(state.gained) == 3
    state = act(state, "reserve", state.claim[0])  # the third marker
    assert state.step is Step.FLIGHT_CONTROL and len(keys(state)) == 9  # 3 cards x 3 slots


def test_cards_gained_in_one_turn_do_not_cover_each_other() -> None:
    state = act(relay_of_three(), "reserve", claim_with()[0])
    state = act(state, "place", HONEYMOONERS, 1)
    assert "place:" + FILM_DIRECTOR + ":1" not in keys(state)
    assert sorted(keys(state)) == sorted(f"place:{c}:{s}" for c in (FILM_DIRECTOR, SURFER) for s in (0, 2))
    state = act(state, "place", FILM_DIRECTOR, 0)
    # The last card has one slot left: it is placed at once.
    assert state.airlines[0].slots == [[FILM_DIRECTOR], [HONEYMOONERS], [SURFER]]


def test_a_fourth_card_covers_one_of_the_first_three() -> None:
    state = table(claim=claim_with())
    for card in (HONEYMOONERS, FILM_DIRECTOR, SURFER, "p01"):
        lift(state, card)
        state.gained.append(card)
    turn.flight_control(state)
    state = act(state, "place", HONEYMOONERS, 0)
    state = act(state, "place", FILM_DIRECTOR, 1)
    state = act(state, "place", SURFER, 2)
    assert sorted(keys(state)) == ["place:p01:0", "place:p01:1", "place:p01:2"]
    state = act(state, "place", "p01", 1)
    assert state.airlines[0].slots[1] == [FILM_DIRECTOR, "p01"]


def test_a_card_covers_the_icons_below_it_for_the_next_turn() -> None:
    state = act(relay_of_three(), "reserve", claim_with()[0])
    state = act(act(state, "place", HONEYMOONERS, 0), "place", FILM_DIRECTOR, 1)
    assert state.airlines[0].top(0) == HONEYMOONERS and state.airlines[0].top(2) == SURFER


# --- extra turns ---------------------------------------------------------------------------------------------------------------


def test_three_cards_in_a_turn_give_an_extra_turn_after_phase_3() -> None:
    state = act(relay_of_three(), "reserve", claim_with()[0])
    state = act(act(state, "place", HONEYMOONERS, 0), "place", FILM_DIRECTOR, 1)
    assert state.current == 0 and state.extra_turn and state.markers_left == 3
    assert state.step is Step.MARKER and state.gained == [] and state.flights == []
    assert any("plays an extra turn" in e for e in said(state))


def test_an_extra_turn_is_counted_for_the_statistics() -> None:
    state = table(claim=claim_with())
    before = GAME.stats(state)["extra_turns"]
    state.gained_this_turn = 3
    turn.end_turn(state)
    assert state.extra_turn and state.extra_turns == before + 1 == GAME.stats(state)["extra_turns"]
    turn.end_turn(state)  # the extra turn ends: the next player's ordinary turn is no extra one
    assert not state.extra_turn and GAME.stats(state)["extra_turns"] == before + 1


def test_an_extra_turn_gives_no_further_extra_turn() -> None:
    state = table(claim=claim_with())
    state.extra_turn, state.gained_this_turn = True, 3
    turn.end_turn(state)
    assert state.current == 1 and not state.extra_turn


def test_two_cards_give_no_extra_turn() -> None:
    state = table(claim=claim_with())
    state.gained_this_turn = 2
    turn.end_turn(state)
    assert state.current == 1


# --- whole games with and without the Kobe rules (the contract for every game is in test_contract.py) ----


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


@pytest.mark.parametrize("options", [{}, ALL_KOBE], ids=["base", "kobe"])
def test_apply_never_mutates_its_input(options: dict[str, bool]) -> None:
    moves, states = recorded(3, 2, options)
    for (seat, action), state in zip(moves, states):
        before, view = copy.deepcopy(state), to_json(GAME.view(state, None))
        GAME.apply(state, seat, action)
        assert state == before and to_json(GAME.view(state, None)) == view, action.key


def test_actions_round_trip_and_replay_to_the_same_views() -> None:
    moves, states = recorded(3, 6, ALL_KOBE)
    stored = [(seat, Action.from_dict(json.loads(json.dumps(a.to_dict())))) for seat, a in moves]
    for step in range(0, len(states), 25):
        replayed = engine.replay(GAME, 3, 6, ALL_KOBE, stored[:step])
        assert to_json(GAME.view(replayed, None)) == to_json(GAME.view(states[step], None))
    assert engine.replay(GAME, 3, 6, ALL_KOBE, stored) == states[-1]


def test_apply_refuses_what_is_not_a_choice_now() -> None:
    state = GAME.setup(2, 7)
    for action in (Action("land", ("A1",)), Action("icon", (5, 0)), Action("reserve", ("p99",)), Action("swap", (0, 1)),
                   Action("ally", ("black", 0)), Action("place", (state.claim[0], 0)), Action("resign")):
        with pytest.raises(IllegalAction) as raised:
            GAME.apply(state, 0, action)
        assert type(raised.value) is IllegalAction and str(raised.value)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, GAME.legal_actions(state, 0)[0])


def test_a_move_that_draws_a_card_shows_something_and_one_that_does_not_does_not() -> None:
    def shows(before: AirAllianceState, kind: str, *args: str | int) -> bool:
        seat, move = GAME.to_act(before)[0], Action(kind, tuple(args))
        return shows_hidden(GAME, before, seat, move, GAME.apply(before, seat, move), dealer(1, before.seq, "t"))

    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    assert not shows(state, "icon", 2, 0)
    chosen = act(act(state, "icon", 2, 0), "plane", POLYNESIA)
    assert shows(chosen, "land", "E3")  # gains Honeymooners: a card is drawn into the claim


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
