"""Air Alliance phase 1, flights: markers on flight icons, planes and destinations as decisions, relays and gains."""

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
    fly,
    keys,
    put,
    share,
    table,
)
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState, Flight, Step
from said import said

# Red's printed boarding pass: slot 1 special red / A / code sharing black, slot 2 AM / priority / code sharing
# white, slot 3 ALL / EU / code sharing purple (indices below are 0-based).
SPECIAL, AREA_A, SHARE_BLACK = (0, 0), (0, 1), (0, 2)
AREA_AM, PRIORITY, SHARE_WHITE = (1, 0), (1, 1), (1, 2)
AREA_ALL, AREA_EU, SHARE_PURPLE = (2, 0), (2, 1), (2, 2)


# --- markers --------------------------------------------------------------------------------------------------------------


def test_a_marker_goes_on_one_icon_of_a_slot_and_the_slots_other_icons_close() -> None:
    state = table(claim=claim_with())
    assert {"icon:0:0", "icon:0:1", "icon:0:2", "icon:2:0"} <= set(keys(state))
    state = fly(state, *AREA_ALL, SUPPLY, "E2")
    assert state.markers_left == 2
    assert not [k for k in keys(state) if k.startswith("icon:2:")]  # one marker per slot
    assert "icon:0:1" in keys(state)


def test_an_icon_with_no_possible_use_is_not_offered() -> None:
    state = table(claim=claim_with())
    assert "icon:1:1" not in keys(state)  # priority takeoff: no airport holds two planes of different colours
    put(state, "E2", "black", "white")
    assert "icon:1:1" in keys(state)


def test_back_returns_to_the_marker_choice_without_spending_a_marker() -> None:
    state = table(claim=claim_with())
    chosen = act(act(state, "icon", *AREA_ALL), "plane", SUPPLY)
    assert chosen.step is Step.DESTINATION and "back" in keys(chosen)
    back = act(chosen, "back")
    assert back.step is Step.MARKER and back.markers_left == 3 and back.board == state.board
    assert keys(back) == keys(state)
    assert [a for a in GAME.legal_actions(chosen, 0) if a.kind == "back"][0].minor


def test_the_all_permit_offers_the_twelve_airports_numbered_1_to_3() -> None:
    state = act(act(table(claim=claim_with()), "icon", *AREA_ALL), "plane", SUPPLY)
    assert len(keys(state)) == 13  # the twelve 1-3 airports and back


# --- landing permits ----------------------------------------------------------------------------------------------------


def test_an_area_permit_lands_on_the_numbers_1_to_3_of_its_areas() -> None:
    state = act(act(table(claim=claim_with()), "icon", *AREA_AM), "plane", SUPPLY)
    assert keys(state) == ["land:A1", "land:A2", "land:A3", "land:M1", "land:M2", "land:M3", "back"]


def test_a_landing_from_the_supply_is_no_flight_and_carries_no_passenger() -> None:
    # Ruling: the plane departs from nowhere, so a card arriving where it lands is not gained.
    state = table(claim=claim_with("p05"))  # E3 -> E1
    state = fly(state, *AREA_ALL, SUPPLY, "E1")
    assert state.board["E1"][0] == "red" and state.airlines[0].supply == 3
    assert state.flights == [] and state.gained == [] and "p05" in state.claim
    assert said(state) == ["{p0} lands a red plane from the supply on E1 London."]


def test_a_flight_gains_the_card_whose_route_it_flies_and_the_claim_refills() -> None:
    state = table(claim=claim_with(HONEYMOONERS), deck_top=("p01",))
    put(state, POLYNESIA, "red")
    state = fly(state, *AREA_ALL, POLYNESIA, CANNES)
    assert state.flights == [Flight(POLYNESIA, CANNES, "red", 0)]
    assert state.gained == [HONEYMOONERS] and HONEYMOONERS not in state.claim
    assert len(state.claim) == 6 and state.claim[-1] == "p01"  # shifted left, the new card on the right
    assert said(state) == ["{p0} flies red U2 Polynesia → E3 Cannes and gains Honeymooners (4,000 miles).",
                            "The baggage claim refills: Hong Kong → Tokyo is drawn."]
    check_all(state)


def test_the_relay_polynesia_cannes_tokyo_gains_all_three_cards() -> None:
    # The rulebook's tip: a transit in relay Polynesia -> Cannes -> Tokyo gains all three passenger cards.
    state = table(claim=claim_with(HONEYMOONERS, FILM_DIRECTOR, SURFER))
    put(state, POLYNESIA, "red")
    state = fly(state, *AREA_ALL, POLYNESIA, CANNES)
    assert state.gained == [HONEYMOONERS]
    state = fly(state, *AREA_A, CANNES, TOKYO)
    assert sorted(state.gained) == sorted([HONEYMOONERS, FILM_DIRECTOR, SURFER])
    assert state.gained_this_turn == 3
    check_all(state)


def test_a_relay_may_change_planes_where_one_landed() -> None:
    state = table(claim=claim_with(HONEYMOONERS, FILM_DIRECTOR, SURFER))
    put(state, POLYNESIA, "red")
    put(state, CANNES, "white")  # first in the queue at Cannes
    state = fly(state, *AREA_ALL, POLYNESIA, CANNES)
    state = share(state, *SHARE_WHITE, "white", CANNES, TOKYO)
    assert sorted(state.gained) == sorted([HONEYMOONERS, FILM_DIRECTOR, SURFER])


def test_a_relay_runs_forwards_in_time_only() -> None:
    state = table(claim=claim_with(HONEYMOONERS, FILM_DIRECTOR, SURFER))
    put(state, POLYNESIA, "red")
    put(state, CANNES, "white")
    state = share(state, *SHARE_WHITE, "white", CANNES, TOKYO)  # Cannes -> Tokyo first
    state = fly(state, *AREA_ALL, POLYNESIA, CANNES)  # then Polynesia -> Cannes
    assert sorted(state.gained) == sorted([FILM_DIRECTOR, HONEYMOONERS])
    assert SURFER in state.claim  # Polynesia -> Tokyo needs Cannes -> Tokyo after Polynesia -> Cannes


def test_a_flight_gains_only_passengers_who_are_waiting() -> None:
    # Ruling: "if you take a flight through the route ... designated on a Passenger Card in the Baggage Claim
    # Area": the passenger must be waiting when the flights carry them. Surfer (Polynesia -> Tokyo) is drawn after
    # Polynesia -> Cannes -> Tokyo was flown, so those flights did not carry that passenger.
    state = table(claim=claim_with(FILM_DIRECTOR), deck_top=(SURFER,))
    put(state, POLYNESIA, "red")
    state = fly(state, *AREA_ALL, POLYNESIA, CANNES)
    assert state.gained == []
    state = fly(state, *AREA_A, CANNES, TOKYO)
    assert state.gained == [FILM_DIRECTOR] and SURFER in state.claim
    assert said(state)[-1] == "The baggage claim refills: Polynesia → Tokyo is drawn."


def test_a_passenger_drawn_during_a_relay_boards_only_the_flights_after_it() -> None:
    for drawn, gained in ((FILM_DIRECTOR, True), (SURFER, False)):  # Cannes -> Tokyo; Polynesia -> Tokyo
        state = table(claim=claim_with(HONEYMOONERS), deck_top=(drawn,))
        put(state, POLYNESIA, "red")
        state = fly(state, *AREA_ALL, POLYNESIA, CANNES)  # gains Polynesia -> Cannes; the drawn card shows
        assert state.gained == [HONEYMOONERS] and drawn in state.claim
        state = fly(state, *AREA_A, CANNES, TOKYO)
        assert (drawn in state.gained) is gained, drawn


def test_edition_1_gains_a_card_drawn_onto_a_route_already_flown_at_once() -> None:
    state = table(claim=claim_with(FILM_DIRECTOR), deck_top=(SURFER,), options={"edition": 1})
    put(state, POLYNESIA, "red")
    state = fly(state, *AREA_ALL, POLYNESIA, CANNES)
    assert state.gained == []
    state = fly(state, *AREA_A, CANNES, TOKYO)
    assert state.gained == [FILM_DIRECTOR, SURFER]


def test_a_card_reserved_by_another_player_is_not_gained() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    state.airlines[1].reserved = HONEYMOONERS
    put(state, POLYNESIA, "red")
    state = fly(state, *AREA_ALL, POLYNESIA, CANNES)
    assert state.gained == [] and HONEYMOONERS in state.claim


def test_the_special_landing_permit_lands_on_its_colours_special_airport() -> None:
    state = act(act(table(claim=claim_with()), "icon", *SPECIAL), "plane", SUPPLY)
    assert keys(state) == ["land:A4", "back"]  # red's special airport, Seoul


def test_another_colours_special_landing_permit_does_nothing_for_you() -> None:
    # Ruling: the permit names an airport that only lets its own colour (and NPAs) land.
    state = table(claim=claim_with())
    boarding_pass(state, 0, ("p08",), (), ())  # Safari Guide: E / special green / code sharing black
    assert "icon:0:1" not in keys(state) and "icon:0:0" in keys(state)


# --- NPA planes ----------------------------------------------------------------------------------------------------------


def test_code_sharing_flies_a_free_npa_of_the_icons_colour_only() -> None:
    state = act(table(claim=claim_with()), "icon", *SHARE_BLACK)
    assert {k.split(":")[1] for k in keys(state) if k != "back"} == {"black"}
    assert {k.split(":")[2] for k in keys(state) if k != "back"} == {"M4", "M5", "M6", "E4"}


def test_an_npa_lands_only_where_its_silhouette_is_printed() -> None:
    # V airports: "only certain colours can land on these" (edition 2: Oceania and Mexico no longer show ALL).
    state = act(act(table(claim=claim_with()), "icon", *SHARE_BLACK), "npa", "black", "M4")
    landings = {k.split(":")[1] for k in keys(state) if k != "back"}
    v_airports = {code for code in landings if int(code[1]) >= 4}
    assert v_airports == {"A6", "E4", "M5", "M6", "U4"}  # black's six V airports, but the one it leaves
    assert {"A1", "E2", "U3"} <= landings  # numbers 1-3 let every plane land


def test_edition_1_keeps_all_planes_landing_on_oceania_and_mexico() -> None:
    state = table(claim=claim_with(), options={"edition": 1})
    state = act(act(state, "icon", *SHARE_BLACK), "npa", "black", "M4")
    landings = {k.split(":")[1] for k in keys(state) if k != "back"}
    assert {code for code in landings if int(code[1]) >= 4} == {"A6", "E4", "E5", "M5", "M6", "U4", "U5"}


def test_an_npa_in_another_players_alliance_is_closed_to_you() -> None:
    state = table(claim=claim_with())
    state.alliances[0] = ["yellow", "black"]
    assert "icon:0:2" not in keys(state)  # code sharing black


def test_an_npa_of_your_own_alliance_flies_with_any_code_sharing_icon() -> None:
    state = table(claim=claim_with())
    state.alliances[2] = ["red", "black"]
    state = act(state, "icon", *SHARE_WHITE)
    colours = {k.split(":")[1] for k in keys(state) if k != "back"}
    assert colours == {"white", "black"}


def test_an_npa_flight_is_a_flight_and_gains_for_the_player() -> None:
    state = table(claim=claim_with("p59"))  # Nomad M4 -> M6, on black planes
    put(state, "M6", None)
    state = share(state, *SHARE_BLACK, "black", "M4", "M6")
    assert state.gained == ["p59"] and state.flights == [Flight("M4", "M6", "black", 0)]
    check_all(state)


# --- priority takeoff ---------------------------------------------------------------------------------------------------


def test_priority_takeoff_switches_two_planes_of_any_owners_and_is_no_flight() -> None:
    state = table(claim=claim_with())
    put(state, "E2", "black", "yellow", "red")
    state = act(act(state, "icon", *PRIORITY), "airport", "E2")
    assert keys(state) == ["swap:0:1", "swap:0:2", "swap:1:2", "back"]
    state = act(state, "swap", 0, 2)
    assert state.board["E2"] == ["red", "yellow", "black"]
    assert state.flights == [] and state.markers_left == 2
    check_all(state)


def test_priority_takeoff_offers_only_switches_that_change_something() -> None:
    # Ruling: a V airport's runways are independent, a Y's two 01 runways alike, and same colours the same.
    state = table(claim=claim_with())
    put(state, "A1", "black", "white", "purple")
    put(state, "E2", "black", "black")
    state = act(act(state, "icon", *PRIORITY), "airport", "A1")
    assert keys(state) == ["swap:0:2", "swap:1:2", "back"]
    state = act(state, "back")
    assert "airport:E2" not in keys(act(state, "icon", *PRIORITY))
    assert not [k for k in keys(act(state, "icon", *PRIORITY)) if k[-1] in "456"]


# --- "you can gain that Passenger Card" -------------------------------------------------------------------------------

ART_STUDENT = "p04"  # Rome -> Cannes, code sharing white/purple


def two_black_slots(edition: int = 2) -> AirAllianceState:
    """Red's boarding pass shows black code sharing on slots 1 and 2 (an alliance in the making) and purple on 3.
    Red flies Cannes -> Tokyo, gaining Film Director (white), then Rome -> Cannes, which carries the Art Student."""
    state = table(claim=claim_with(FILM_DIRECTOR, ART_STUDENT), options={"edition": edition})
    boarding_pass(state, 0, ("p01",), ("p05",), ("p02",))  # black, black, purple
    put(state, CANNES, "red")
    put(state, "E2", "red", "black")
    state = fly(state, 2, 0, CANNES, TOKYO)  # AU 1-2-3 on the Sumo Wrestler
    assert state.gained == [FILM_DIRECTOR] and state.step is Step.MARKER  # it can go on slot 3: nothing to ask
    return fly(state, 1, 0, "E2", CANNES)  # E 1-2-3 on the Fashion Designer


def test_you_can_gain_that_passenger_card_or_leave_it_where_it_would_cover_an_alliance_in_the_making() -> None:
    # Phase 1 [A]: "you can gain that Passenger Card". Two of this turn's cards must cover two slots at flight
    # control, so gaining the Art Student would leave black on one slot only: the choice is offered.
    state = two_black_slots()
    assert state.step is Step.GAIN and state.offered == [ART_STUDENT] and ART_STUDENT not in state.gained
    legal = GAME.explain(state, 0, GAME.legal_actions(state, 0))
    assert [(a.key, a.label) for a in legal] == [
        ("gain:p04", "Gain Art Student (2,000 miles)"),
        ("leave:p04", "Leave Art Student waiting in the baggage claim")]
    assert legal[0].detail == "Costs black code sharing: it will show on 1 slot, not 2 (3 form an alliance)"
    gained = act(state, "gain", ART_STUDENT)
    assert gained.gained == [FILM_DIRECTOR, ART_STUDENT] and gained.step is Step.MARKER
    assert said(gained)[0] == "{p0} gains Art Student (2,000 miles)."
    assert said(gained)[1].startswith("The baggage claim refills: ")
    left = act(state, "leave", ART_STUDENT)
    assert left.gained == [FILM_DIRECTOR] and ART_STUDENT in left.claim and left.step is Step.MARKER
    assert said(left)[-1] == "{p0} leaves Art Student waiting in the baggage claim."  # nothing to draw
    check_all(left)


def test_the_flight_says_the_player_can_gain_a_card_they_may_leave_not_that_they_gain_it() -> None:
    state = two_black_slots()
    assert said(state) == ["{p0} flies red E2 Rome → E3 Cannes; {p0} can gain Art Student (2,000 miles) or leave it "
                            "waiting."]


def test_a_menu_says_can_gain_for_a_card_the_player_will_be_asked_about() -> None:
    state = table(claim=claim_with(FILM_DIRECTOR, ART_STUDENT))
    boarding_pass(state, 0, ("p01",), ("p05",), ("p02",))  # black, black, purple
    put(state, CANNES, "red")
    put(state, "E2", "red", "black")
    state = fly(state, 2, 0, CANNES, TOKYO)
    menu = {a.key: a for a in GAME.explain(state, 0, GAME.legal_actions(state, 0))}
    assert menu["icon:1:0"].detail == "Best: red plane Rome → Cannes can gain Art Student (2,000 miles)"
    state = act(act(state, "icon", 1, 0), "plane", "E2")
    land = next(a for a in GAME.explain(state, 0, GAME.legal_actions(state, 0)) if a.key == f"land:{CANNES}")
    assert land.detail == "Can gain Art Student (2,000 miles)"


def test_edition_1_menus_say_gains_as_every_card_is_gained() -> None:
    state = table(claim=claim_with(FILM_DIRECTOR, ART_STUDENT), options={"edition": 1})
    boarding_pass(state, 0, ("p01",), ("p05",), ("p02",))
    put(state, CANNES, "red")
    put(state, "E2", "red", "black")
    state = act(act(fly(state, 2, 0, CANNES, TOKYO), "icon", 1, 0), "plane", "E2")
    land = next(a for a in GAME.explain(state, 0, GAME.legal_actions(state, 0)) if a.key == f"land:{CANNES}")
    assert land.detail == "Gains Art Student (2,000 miles)"


def test_a_passenger_left_waiting_may_board_a_later_flight() -> None:
    state = act(two_black_slots(), "leave", ART_STUDENT)
    state = share(state, 0, 2, "black", "E2", CANNES)  # the black plane behind red flies Rome -> Cannes too
    assert state.step is Step.GAIN and state.offered == [ART_STUDENT]
    assert act(state, "gain", ART_STUDENT).gained == [FILM_DIRECTOR, ART_STUDENT]


def test_edition_1_gains_every_card_a_flight_carries() -> None:
    state = two_black_slots(edition=1)
    assert state.gained == [FILM_DIRECTOR, ART_STUDENT] and state.step is Step.MARKER
