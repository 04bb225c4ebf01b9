"""Kobe rules, marker actions: an opponent's NPA for two markers, flush, reserved cards off the board, waiting for
cancellation, stopping early, and the extra marker instead of the extra turn. Each is off unless its option is on."""

from __future__ import annotations

from air_alliance_helpers import (
    GAME,
    CANNES,
    FILM_DIRECTOR,
    HONEYMOONERS,
    POLYNESIA,
    SURFER,
    TOKYO,
    act,
    boarding_pass,
    check_all,
    claim_with,
    finish_turn,
    fly,
    keys,
    put,
    table,
)
from engine.rules.air_alliance import turn
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState, Step
from said import said

SHARE_BLACK, AREA_ALL, AREA_A, AREA_AM = (0, 2), (2, 0), (0, 1), (1, 0)  # red's printed boarding pass


def kobe(rule: str, **kwargs: object) -> AirAllianceState:
    return table(options={f"kobe_{rule}": True}, **kwargs)  # type: ignore[arg-type]


# --- (1) an NPA of an opponent's alliance, once, for two markers ----------------------------------------------------------


def opponents_black(options: bool) -> AirAllianceState:
    state = kobe("opponent_npa", claim=claim_with()) if options else table(claim=claim_with())
    state.alliances[0] = ["yellow", "black"]
    return state


def test_opponent_npa_two_markers_fly_an_npa_of_an_opponents_alliance() -> None:
    state = opponents_black(options=True)
    state = act(state, "icon", *SHARE_BLACK)
    menu = [a for a in GAME.legal_actions(state, 0) if a.kind == "npa"]
    assert menu and all(a.label.endswith("(two markers)") for a in menu)
    state = act(act(state, "npa", "black", "M4"), "land", "A1")
    assert state.board["A1"][0] == "black" and state.markers_left == 1
    assert said(state)[-1] == "{p0} flies black M4 Arabia → A1 Tokyo (two markers on black code sharing)."
    assert not [k for k in keys(state) if k.startswith("icon:0:")]  # the icon's slot is used


def test_opponent_npa_needs_two_markers_in_hand() -> None:
    state = opponents_black(options=True)
    state.markers_left = 1
    assert "icon:0:2" not in keys(state)


def test_without_the_option_an_opponents_npa_stays_closed() -> None:
    assert "icon:0:2" not in keys(opponents_black(options=False))


# --- (2) flush the boarding pass -----------------------------------------------------------------------------------------


def test_flush_one_marker_clears_the_boarding_pass_and_the_printed_slots_show_again() -> None:
    state = kobe("flush", claim=claim_with())
    boarding_pass(state, 0, ("p02",), ("p03",), ("p04",))
    state = fly(state, 0, 0, SUPPLY, "A1")  # a marker on Sumo Wrestler's AU 1-2-3
    assert "icon:0:0" not in keys(state)
    state = act(state, "flush")
    assert state.airlines[0].slots == [[], [], []] and sorted(state.airlines[0].score_pile) == ["p02", "p03", "p04"]
    assert state.markers_left == 1
    assert "icon:0:0" in keys(state)  # the printed slot under the flushed card takes a marker
    assert "flush" not in keys(state)  # nothing left to flush
    check_all(state)


def test_flush_is_offered_only_with_the_option_and_cards_on_the_pass() -> None:
    assert "flush" not in keys(kobe("flush", claim=claim_with()))
    state = table(claim=claim_with())
    boarding_pass(state, 0, ("p02",), (), ())
    assert "flush" not in keys(state)


# --- (3) reserved cards move off the board -----------------------------------------------------------------------------------


def test_reserve_off_board_the_card_leaves_the_claim_which_refills() -> None:
    state = kobe("reserve_off_board", claim=claim_with(), deck_top=("p01",))
    card = state.claim[1]
    state = act(state, "reserve", card)
    assert state.off_board == [card] and card not in state.claim
    assert len(state.claim) == 6 and state.claim[-1] == "p01" and state.airlines[0].reserved == card
    check_all(state)


def test_reserve_off_board_only_the_reserver_gains_it_on_their_next_turn() -> None:
    state = kobe("reserve_off_board", claim=claim_with(HONEYMOONERS))
    state = act(state, "reserve", HONEYMOONERS)
    state = finish_turn(state)  # yellow's turn: the card is off the board under red's marker
    put(state, POLYNESIA, "yellow")
    yellow = fly(state, 2, 0, POLYNESIA, CANNES)
    assert HONEYMOONERS in yellow.off_board and HONEYMOONERS not in yellow.gained
    state = finish_turn(state)  # red again: the marker comes back, the card stays off the board
    assert state.current == 0 and state.airlines[0].reserved is None and HONEYMOONERS in state.off_board
    put(state, POLYNESIA, "red")
    state = fly(state, *AREA_ALL, POLYNESIA, CANNES)
    assert state.gained == [HONEYMOONERS] and HONEYMOONERS not in state.off_board


def reserving_after_a_flight(edition: int) -> AirAllianceState:
    """Red flies Cannes -> Tokyo, reserves a card off the board (the refill draws Cannes -> Tokyo), flies on."""
    state = table(options={"kobe_reserve_off_board": True, "edition": edition}, claim=claim_with(),
                  deck_top=(FILM_DIRECTOR,))
    put(state, CANNES, "red")
    state = fly(state, *AREA_A, CANNES, TOKYO)
    state = act(state, "reserve", state.claim[1])
    assert state.claim[-1] == FILM_DIRECTOR
    return fly(state, *AREA_ALL, TOKYO, "E2")  # Tokyo -> Rome: no card's route


def test_reserve_off_board_a_card_the_refill_draws_is_not_carried_by_earlier_flights() -> None:
    state = reserving_after_a_flight(2)
    assert state.gained == [] and FILM_DIRECTOR in state.claim
    assert reserving_after_a_flight(1).gained == [FILM_DIRECTOR]  # edition 1: any later flight gained it


def test_reserve_off_board_an_unmarked_card_is_discarded_at_phase_2() -> None:
    state = kobe("reserve_off_board", claim=claim_with())
    card = state.claim[0]
    state = finish_turn(finish_turn(act(state, "reserve", card)))  # red's turn ends; yellow's turn ends
    assert state.current == 0 and card in state.off_board
    state = finish_turn(state)
    assert card in state.discards and card not in state.off_board


# --- (4) waiting for cancellation ----------------------------------------------------------------------------------------------


def yellows_three_markers(state: AirAllianceState) -> AirAllianceState:
    return fly(fly(fly(state, 2, 0, SUPPLY, "E2"), 1, 0, SUPPLY, "E1"), 0, 1, SUPPLY, "M1")


def test_waiting_marker_lets_a_player_reserve_after_another_players_phase_1() -> None:
    state = kobe("wait_cancellation", players=3, claim=claim_with())
    state = act(state, "wait")
    assert state.airlines[0].waiting and not [k for k in keys(state) if k.startswith("reserve:")]  # reserve OR wait
    state = yellows_three_markers(finish_turn(state))
    assert state.step is Step.WAITING and state.waiting_queue == [0] and GAME.to_act(state) == [0]
    card = state.claim[2]
    state = act(state, "claim", card)
    assert state.current == 2  # yellow's phases 2 and 3 followed; green plays with red's marker on the card
    assert state.airlines[0].reserved == card and not state.airlines[0].waiting and card in state.claim
    assert f"reserve:{card}" not in keys(state)


def test_waiting_precedence_goes_to_the_farthest_player_from_the_current_one() -> None:
    state = kobe("wait_cancellation", players=4, current=1, claim=claim_with())
    state.airlines[0].waiting = state.airlines[2].waiting = state.airlines[3].waiting = True
    state.markers_left = 0
    turn.end_markers(state)
    assert state.waiting_queue == [0, 3, 2]  # from yellow: red is farthest in turn order, then blue, then green


def test_a_waiting_player_may_keep_waiting() -> None:
    state = kobe("wait_cancellation", players=3, claim=claim_with())
    state = yellows_three_markers(finish_turn(act(state, "wait")))
    state = act(state, "keep_waiting")
    assert state.current == 2 and state.airlines[0].waiting and state.airlines[0].reserved is None


def test_the_waiting_marker_comes_back_at_the_players_phase_1() -> None:
    state = finish_turn(finish_turn(act(kobe("wait_cancellation", claim=claim_with()), "wait")))
    assert state.current == 0 and not state.airlines[0].waiting


# --- (5) markers need not all be spent ------------------------------------------------------------------------------------------


def test_free_markers_stop_ends_phase_1_with_markers_in_hand() -> None:
    state = kobe("free_markers", claim=claim_with())
    assert "stop" in keys(state)
    state = act(state, "stop")
    assert state.current == 1 and state.airlines[0].turns == 1
    assert "stop" not in keys(table(claim=claim_with()))


# --- (6) an extra marker instead of an extra turn --------------------------------------------------------------------------------


def three_gained(options: dict[str, bool]) -> AirAllianceState:
    state = table(options=options, claim=claim_with(HONEYMOONERS, FILM_DIRECTOR, SURFER))
    put(state, POLYNESIA, "red")
    state = fly(fly(state, *AREA_ALL, POLYNESIA, CANNES), *AREA_A, CANNES, TOKYO)
    state = act(state, "reserve", state.claim[0])
    return act(act(state, "place", HONEYMOONERS, 0), "place", FILM_DIRECTOR, 1)


def test_extra_marker_instead_of_an_extra_turn_after_flight_control() -> None:
    state = three_gained({"kobe_extra_marker": True})
    assert state.current == 0 and not state.extra_turn and state.extra_marker
    assert state.step is Step.MARKER and state.markers_left == 1 and "stop" in keys(state)
    assert state.used == []  # markers came off in flight control: every top card may take the extra marker
    state = act(state, "stop")
    assert state.current == 1  # no extra turn follows


def test_extra_marker_gains_go_through_flight_control_without_a_second_lost_baggage() -> None:
    state = three_gained({"kobe_extra_marker": True})
    discards = list(state.discards)
    state.claim[0] = "p01"  # Kung Fu Star, Hong Kong -> Tokyo
    state.deck.remove("p01")
    state.deck.append(discards[0])
    state.discards = []
    put(state, "A2", "red")
    state = fly(state, 2, 1, "A2", TOKYO)  # Surfer's A 1-2-3 on slot 3
    assert state.step is Step.FLIGHT_CONTROL and state.gained == ["p01"]
    assert len(keys(state)) == 3  # every slot already holds one of this turn's cards: any slot
    state = act(state, "place", "p01", 2)
    assert state.current == 1 and state.discards == []


def extra_marker_after_a_flight_to_new_york(edition: int) -> AirAllianceState:
    """The review's game: white flies Tokyo -> New York in phase 1, Tokyo -> New York is drawn at phase 2, and the
    extra marker flies black Arabia -> Istanbul."""
    tokyo_new_york = "p24"
    state = table(options={"kobe_extra_marker": True, "edition": edition},
                  claim=claim_with(HONEYMOONERS, FILM_DIRECTOR, SURFER), deck_top=("p46", "p55", "p54", tokyo_new_york))
    put(state, POLYNESIA, "red")
    put(state, TOKYO, "white")
    state = fly(fly(state, *AREA_ALL, POLYNESIA, CANNES), *AREA_A, CANNES, TOKYO)  # three cards gained
    state = act(act(act(state, "icon", 1, 2), "npa", "white", TOKYO), "land", "U1")  # white Tokyo -> New York
    assert state.claim[-1] == tokyo_new_york and state.step is Step.FLIGHT_CONTROL  # drawn at phase 2
    state = act(act(state, "place", HONEYMOONERS, 0), "place", FILM_DIRECTOR, 1)  # Surfer (black) on slot 3
    assert state.extra_marker
    return act(act(act(state, "icon", 2, 2), "npa", "black", "M4"), "land", "M1")  # black Arabia -> Istanbul


def test_extra_marker_flights_carry_no_passenger_drawn_after_the_route_was_flown() -> None:
    state = extra_marker_after_a_flight_to_new_york(2)
    assert state.gained == [] and "p24" in state.claim and state.current == 1
    assert extra_marker_after_a_flight_to_new_york(1).gained == ["p24"]  # edition 1 gained it


def test_without_the_option_three_cards_give_the_extra_turn() -> None:
    state = three_gained({})
    assert state.current == 0 and state.extra_turn and not state.extra_marker
