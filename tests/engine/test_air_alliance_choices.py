"""Air Alliance choices in words: every option says what it does, which plane and airport, and what it gains."""

from __future__ import annotations

from air_alliance_helpers import (
    CANNES,
    FILM_DIRECTOR,
    GAME,
    HONEYMOONERS,
    POLYNESIA,
    SURFER,
    TOKYO,
    act,
    boarding_pass,
    claim_with,
    fly,
    put,
    table,
)
from engine.core import MAX_LABEL, Action
from engine.rules.air_alliance import turn
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState


def explained(state: AirAllianceState) -> dict[str, Action]:
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    actions = GAME.explain(state, seat, legal)
    assert actions == legal and [a.label for a in actions] == [a.label for a in legal]
    assert all(a.detail and len(a.detail) <= MAX_LABEL for a in actions)
    return {a.key: a for a in actions}


def test_every_choice_of_a_marker_has_words() -> None:
    state = table(claim=claim_with())
    put(state, "E2", "black", "white")
    menu = explained(state)
    assert menu["icon:2:0"].label == "Slot 3: ALL 1-2-3 (printed)"
    assert menu["icon:1:1"].detail.startswith("Switch two planes on one of 1 airports")
    reserve = next(a for k, a in menu.items() if k.startswith("reserve:"))
    assert reserve.label.startswith("Reserve ") and "miles" in reserve.label
    assert "no one else may gain it" in reserve.detail


def test_an_icon_says_the_best_flight_and_the_cards_it_gains() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    menu = explained(state)
    assert menu["icon:2:0"].detail == "Best: red Polynesia → Cannes gains Polynesia → Cannes (4,000 miles)"
    assert menu["icon:0:0"].detail.startswith("Lands your plane on A4 Seoul")  # red's special airport


def test_a_code_sharing_icon_says_which_npa_it_flies() -> None:
    menu = explained(table(claim=("p02", "p03", "p04", "p05", "p06", "p07")))  # none leaves a black airport
    assert menu["icon:0:2"].detail == "Flies black; no card at once"


def test_the_plane_choice_names_the_airport_and_the_supply_carries_no_passenger() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    menu = explained(act(state, "icon", 2, 0))
    assert menu[f"plane:{SUPPLY}"].label == "A red plane from your supply"
    assert menu[f"plane:{SUPPLY}"].detail == "From the supply: no flight, so it carries no passenger"
    assert menu[f"plane:{POLYNESIA}"].label == "Your red plane at U2 Polynesia"
    assert "gains Polynesia → Cannes (4,000 miles)" in menu[f"plane:{POLYNESIA}"].detail
    assert menu["back"].detail == "Nothing has moved yet" and menu["back"].minor


def test_a_destination_says_what_the_flight_would_gain_relay_included() -> None:
    state = table(claim=claim_with(HONEYMOONERS, FILM_DIRECTOR, SURFER))
    put(state, POLYNESIA, "red")
    state = fly(state, 2, 0, POLYNESIA, CANNES)
    menu = explained(act(act(state, "icon", 0, 1), "plane", CANNES))  # A 1-2-3 from Cannes
    assert menu[f"land:{TOKYO}"].label == "Fly red to A1 Tokyo"
    assert menu[f"land:{TOKYO}"].detail == ("Gains 2 cards (9,000 miles): Cannes → Tokyo, Polynesia → Tokyo")
    assert menu["land:A2"].detail == "Gains no card now"


def test_alliance_choices_say_what_the_alliance_brings() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, ("p01",), ("p05",), ("p06",))
    turn.begin_turn(state, 0)
    menu = explained(state)
    assert menu["ally:black:0"].label == "Ally with black in area 1: a new alliance with black"
    assert menu["ally:black:0"].detail == "Any code sharing icon then flies black; 3 cards go to your score pile"
    assert menu["no_alliance"].minor


def test_flight_control_choices_show_the_icons_the_slot_will_offer() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    state = fly(state, 2, 0, POLYNESIA, CANNES)
    state = fly(fly(state, 0, 1, SUPPLY, "A2"), 1, 0, SUPPLY, "A3")
    menu = explained(state)
    assert menu[f"place:{HONEYMOONERS}:0"].label == "Put Polynesia → Cannes on slot 1"
    assert menu[f"place:{HONEYMOONERS}:0"].detail == (
        "Slot 1 will offer: Priority takeoff, Special landing: green, Code sharing: black/purple")
