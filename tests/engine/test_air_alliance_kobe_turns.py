"""Kobe rules for turns and scoring: the first turn, equal turns, planes leaving after the last turn, economy bonus."""

from __future__ import annotations

import random

import pytest

from air_alliance_helpers import (
    CANNES,
    GAME,
    HONEYMOONERS,
    POLYNESIA,
    act,
    check_all,
    claim_with,
    finish_turn,
    fly,
    keys,
    put,
    table,
)
from engine.rules.air_alliance import ai, markers, scoring
from engine.rules.air_alliance.state import AirAllianceState, Step
from said import said

FIRST_TURN = {"kobe_first_turn": True}


# --- "First Turn" ------------------------------------------------------------------------------------------------------------


def test_first_turn_the_player_may_refresh_the_whole_claim() -> None:
    state = GAME.setup(3, 3, FIRST_TURN)
    assert state.step is Step.REFRESH and keys(state) == ["refresh", "keep"]
    before = list(state.claim)
    state = act(state, "refresh")
    assert not set(before) & set(state.claim) and state.discards == before
    assert state.step is Step.MARKER  # the first seat takes no free takeoff
    check_all(state)


def test_first_turn_free_priority_takeoffs_follow_the_seat_order() -> None:
    state = act(GAME.setup(4, 3, FIRST_TURN), "keep")
    assert state.step is Step.MARKER  # 1st player: none
    state = finish_turn(state)
    put(state, "E2", "black", "red")
    state = act(state, "keep")
    assert state.current == 1 and state.step is Step.TAKEOFFS and state.takeoffs_left == 1
    assert "airport:E2" in keys(state) and "done" in keys(state)
    state = act(act(state, "airport", "E2"), "swap", 0, 1)
    assert state.board["E2"] == ["red", "black", None]
    assert state.step is Step.MARKER and state.markers_left == 3  # the takeoff took no marker
    assert any("priority takeoff (free, first turn)" in e for e in said(state))


def test_first_turn_takeoffs_count_two_and_three_for_the_third_and_fourth_seats() -> None:
    state = act(GAME.setup(4, 3, FIRST_TURN), "keep")
    put(state, "E2", "black", "red")
    state = finish_turn(finish_turn(state))
    state = act(state, "keep")
    assert state.current == 2 and state.takeoffs_left == 2
    assert said(state) == ["{p2} keeps the baggage claim as it is."]  # /log tells each choice (issue 53, item 8)
    state = act(state, "done")  # a free takeoff may be declined
    assert state.step is Step.MARKER
    assert said(state) == ["{p2} skips the 2 free takeoffs left."]
    state = act(finish_turn(state), "keep")
    assert state.current == 3 and state.takeoffs_left == 3


def test_no_reserving_until_every_first_turn_is_over_but_waiting_is_allowed() -> None:
    state = act(GAME.setup(3, 3, {**FIRST_TURN, "kobe_wait_cancellation": True}), "keep")
    assert not [k for k in keys(state) if k.startswith("reserve:")] and "wait" in keys(state)
    state = finish_turn(finish_turn(finish_turn(state)))
    assert state.current == 0 and [k for k in keys(state) if k.startswith("reserve:")]
    assert state.step is Step.MARKER  # the second turn has no first-turn refresh


def test_without_the_option_the_first_turn_is_an_ordinary_turn() -> None:
    state = GAME.setup(3, 3)
    assert state.step is Step.MARKER and [k for k in keys(state) if k.startswith("reserve:")]


# --- equal turns ---------------------------------------------------------------------------------------------------------------


def running_out(players: int, current: int, options: dict[str, bool]) -> AirAllianceState:
    """The current seat's flight draws the deck's last card."""
    state = table(players=players, current=current, claim=claim_with(HONEYMOONERS), options=options)
    last = state.deck.pop()
    state.discards, state.deck = state.deck, [last]
    put(state, POLYNESIA, state.airlines[current].colour)
    return fly(state, 2, 0, POLYNESIA, CANNES)


def test_equal_turns_the_game_ends_after_the_last_seat_in_order() -> None:
    state = running_out(4, 1, {"kobe_equal_turns": True})
    assert state.final_turns == [2, 3]  # depleted during the 2nd player's turn: the 3rd and 4th play
    state = finish_turn(finish_turn(finish_turn(state)))
    assert state.step is Step.OVER


def test_equal_turns_when_the_last_seat_runs_the_deck_out_everyone_plays_again() -> None:
    state = running_out(4, 3, {"kobe_equal_turns": True})
    assert state.final_turns == [0, 1, 2, 3]


def test_equal_turns_the_seats_that_play_a_last_turn_match_the_rulebook() -> None:
    # The 2nd seat plays a last turn only if the deck runs out in the 4th or 1st player's turn; the 3rd seat in
    # the 4th, 1st or 2nd; the 1st only in the 4th's; the 4th always.
    plays = {seat: [depleted for depleted in range(4)
                    if seat in running_out(4, depleted, {"kobe_equal_turns": True}).final_turns]  # type: ignore[operator]
             for seat in range(4)}
    assert plays == {0: [3], 1: [0, 3], 2: [0, 1, 3], 3: [0, 1, 2, 3]}


def test_without_equal_turns_everyone_plays_and_the_depleter_last() -> None:
    assert running_out(4, 1, {}).final_turns == [2, 3, 0, 1]


def turns_played(players: int, depleter: int, options: dict[str, bool]) -> list[int]:
    """Every seat's turns at the end of a game whose deck runs out in the depleter's fifth turn."""
    state = running_out(players, depleter, options)
    for seat, airline in enumerate(state.airlines):
        airline.turns = 5 if seat < depleter else 4  # the depleter's fifth turn is under way
    while state.step is not Step.OVER:
        state = finish_turn(state)
    return [airline.turns for airline in state.airlines]


def test_without_equal_turns_the_start_player_up_to_the_depleter_play_one_turn_more() -> None:
    # "The player who depletes the deck will be the last player": the start player's edge, which equal turns removes.
    assert turns_played(4, 1, {}) == [6, 6, 5, 5]
    assert turns_played(2, 0, {}) == [6, 5]
    assert turns_played(2, 1, {}) == [6, 6]
    for depleter in range(4):
        assert len(set(turns_played(4, depleter, {"kobe_equal_turns": True}))) == 1, depleter


def regular_turns_of_a_whole_game(players: int, seed: int, options: dict[str, bool]) -> list[int]:
    """Each seat's turns in a game played out by the greedy AI, the extra turns won with 3+ cards aside."""
    state, whim = GAME.setup(players, seed, options), random.Random(seed)
    turns, turn = [0] * players, (state.turns, state.current, state.extra_turn)
    while state.step is not Step.OVER:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, ai.greedy(state, seat, whim))
        if state.turns != turn[0] or state.step is Step.OVER:
            turns[turn[1]] += 0 if turn[2] else 1
            turn = (state.turns, state.current, state.extra_turn)
    return turns


@pytest.mark.parametrize("players", [2, 3, 4])
def test_equal_turns_each_player_plays_the_same_number_of_turns_in_a_game(players: int) -> None:
    for seed in range(3):
        turns = regular_turns_of_a_whole_game(players, seed, {"kobe_equal_turns": True})
        assert len(set(turns)) == 1 and turns[0] > 3, (seed, turns)


# --- planes leave the board after the last turn --------------------------------------------------------------------------


def test_remove_planes_after_your_last_turn_your_planes_leave_the_board() -> None:
    state = running_out(2, 0, {"kobe_remove_planes": True})
    put(state, "E2", "black", "yellow", "white")
    state = finish_turn(state)  # red's turn ends: the last round begins with yellow
    assert any(colour == "red" for r in state.board.values() for colour in r)  # red still plays a last turn
    state = finish_turn(state)  # yellow's last turn
    assert not any(colour == "yellow" for r in state.board.values() for colour in r)
    assert state.board["E2"] == ["black", "white", None]  # the planes behind moved up
    assert state.airlines[1].retired and state.airlines[1].supply == 4  # all four back in the supply
    check_all(state)


def test_remove_planes_a_player_who_will_have_no_last_turn_leaves_at_once() -> None:
    state = running_out(3, 0, {"kobe_remove_planes": True, "kobe_equal_turns": True})
    assert state.final_turns == [1, 2]
    put(state, "A2", "red")
    state = finish_turn(state)
    assert state.airlines[0].retired and not any(c == "red" for r in state.board.values() for c in r)
    assert not state.airlines[1].retired


def yellow_runs_the_deck_out(edition: int) -> AirAllianceState:
    """Equal turns at three players: yellow's flight draws the deck's last card, so red (seat 1) will have no last
    turn. Red's plane heads Cape Town's queue, the black plane behind it."""
    state = table(players=3, current=1, claim=claim_with(HONEYMOONERS),
                  options={"kobe_remove_planes": True, "kobe_equal_turns": True, "edition": edition})
    last = state.deck.pop()
    state.discards, state.deck = state.deck, [last]
    put(state, "M2", "red", "black")
    put(state, POLYNESIA, "yellow")
    return fly(state, 2, 0, POLYNESIA, CANNES)


def test_remove_planes_when_it_turns_out_you_have_no_last_turn_they_leave_immediately() -> None:
    # "When it turns out that you won't have a Last Turn, you must immediately remove all of your planes."
    state = yellow_runs_the_deck_out(2)
    assert state.final_turns == [2] and state.current == 1 and state.markers_left == 2  # yellow plays on
    assert state.airlines[0].retired and state.board["M2"] == ["black", None, None]  # black may take off now
    assert not any(c == "red" for r in state.board.values() for c in r)
    assert "airport:M2" not in [a.key for a in markers.airport_actions(state)]  # nothing left there to switch
    assert not state.airlines[1].retired  # yellow's own turn is their last: they leave when it ends
    assert finish_turn(state).airlines[1].retired
    check_all(state)


def test_edition_1_removes_the_planes_of_a_player_without_a_last_turn_when_the_turn_ends() -> None:
    state = yellow_runs_the_deck_out(1)
    assert not state.airlines[0].retired and state.board["M2"] == ["red", "black", None]
    assert finish_turn(state).airlines[0].retired


def test_remove_planes_the_alliance_plane_leaves_its_area_too() -> None:
    # Ruling: the alliance areas are on the board ("The Game Board has an Alliance Area on each side"), so the
    # removed player's alliance plane leaves; an area left without a player is no alliance (ruling 11).
    state = table(players=3, current=1, claim=claim_with(HONEYMOONERS),
                  options={"kobe_remove_planes": True, "kobe_equal_turns": True})
    state.alliances[0], state.alliances[1] = ["red", "black"], ["green", "white"]
    last = state.deck.pop()
    state.discards, state.deck = state.deck, [last]
    put(state, "E2", "red")
    put(state, POLYNESIA, "yellow")
    state = fly(state, 2, 0, POLYNESIA, CANNES)
    assert state.airlines[0].retired and state.alliances[0] == [] and state.alliances[1] == ["green", "white"]
    assert "{p0} has no more turns: 1 red plane leaves the board, and their alliance plane leaves alliance area 1." \
        in said(state)
    assert "Alliance area 1 is cleared (no player is left): black returns beside the board." in said(state)
    assert markers.npa_choices(state, 1, state.data.passes["yellow"].slots[2][2]) == [("black", 1)]  # free again
    check_all(state)


def test_edition_1_keeps_a_removed_players_alliance_plane_in_its_area() -> None:
    state = finish_turn(yellow_runs_the_deck_out(1))
    assert state.airlines[0].retired and state.alliances == [[], [], [], []]  # red was in no alliance here
    state = yellow_runs_the_deck_out(1)
    state.alliances[0] = ["red", "black"]
    assert finish_turn(state).alliances[0] == ["red", "black"]


def test_without_the_option_planes_stay() -> None:
    state = finish_turn(running_out(2, 0, {}))
    state = finish_turn(state)
    assert not any(a.retired for a in state.airlines)


# --- economy bonus --------------------------------------------------------------------------------------------------------


def economy_table(options: dict[str, bool]) -> AirAllianceState:
    state = table(options=options)
    economy = [card for card in state.deck if card in ("p02", "p03", "p04", "p07", "p08", "p10", "p11")][:7]
    for card in economy:
        state.deck.remove(card)
    state.airlines[0].score_pile = economy
    return state


def test_economy_bonus_10000_miles_for_every_five_economy_cards() -> None:
    state = economy_table({"kobe_economy": True})
    assert scoring.economy_cards(state, 0) == 7
    assert scoring.miles_of(state, 0) == scoring.card_miles(state, 0) + 10_000  # 7 economy cards: one set of five


def test_without_the_option_economy_cards_score_only_their_miles() -> None:
    state = economy_table({})
    assert scoring.miles_of(state, 0) == scoring.card_miles(state, 0)
