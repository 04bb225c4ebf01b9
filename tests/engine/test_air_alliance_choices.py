"""Air Alliance choices in words: every option says what it does, which plane and airport, and what it gains."""

from __future__ import annotations

import re

from air_alliance_helpers import (
    ALL_KOBE,
    CANNES,
    FILM_DIRECTOR,
    GAME,
    HONEYMOONERS,
    POLYNESIA,
    SURFER,
    Player,
    TOKYO,
    act,
    boarding_pass,
    claim_with,
    fly,
    put,
    table,
)
from engine.core import MAX_LABEL, Action
from engine.rules.air_alliance import markers, turn
from engine.rules.air_alliance.data import PLAYER_COLOURS, components
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState
from said import said


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
    assert menu["icon:2:0"].label == "Land your plane on any airport numbered 1-3 · slot 3, printed icon"
    assert menu["icon:1:1"].label == "Priority takeoff: switch two planes at an airport · slot 2, printed icon"
    assert menu["icon:1:1"].detail.startswith("Switch two planes at E2 Rome, so one takes off sooner")
    reserve = next(a for k, a in menu.items() if k.startswith("reserve:"))
    assert reserve.label.startswith("Reserve ") and "miles" in reserve.label
    assert "no one else may gain it" in reserve.detail


def test_an_icon_says_the_best_flight_and_the_cards_it_gains() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    menu = explained(state)
    # The plane and its flight, then the passenger it carries, by name: the route is said once.
    assert menu["icon:2:0"].detail == "Best: red plane Polynesia → Cannes gains Honeymooners (4,000 miles)"
    assert menu["icon:0:0"].label == "Special landing: your plane to A4 Seoul · slot 1, printed icon"
    assert menu["icon:0:0"].detail.startswith("Lands your plane on A4 Seoul")


def test_a_code_sharing_icon_says_which_npa_it_flies() -> None:
    menu = explained(table(claim=("p02", "p03", "p04", "p05", "p06", "p07")))  # none leaves a black airport
    assert menu["icon:0:2"].label == "Code sharing: fly a black NPA plane · slot 1, printed icon"
    assert menu["icon:0:2"].detail == "Flies black; no flight gains a card now"


def test_the_plane_choice_names_the_airport_and_the_supply_carries_no_passenger() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    menu = explained(act(state, "icon", 2, 0))
    assert menu[f"plane:{SUPPLY}"].label == "A red plane from your supply"
    assert menu[f"plane:{SUPPLY}"].detail == "From the supply: no flight, so it carries no passenger"
    assert menu[f"plane:{POLYNESIA}"].label == "Your red plane at U2 Polynesia"
    assert menu[f"plane:{POLYNESIA}"].detail.endswith(" gains Honeymooners (4,000 miles)")
    assert menu["back"].detail == "Nothing has moved yet" and menu["back"].minor


def test_a_destination_says_what_the_flight_would_gain_relay_included() -> None:
    state = table(claim=claim_with(HONEYMOONERS, FILM_DIRECTOR, SURFER))
    put(state, POLYNESIA, "red")
    state = fly(state, 2, 0, POLYNESIA, CANNES)
    menu = explained(act(act(state, "icon", 0, 1), "plane", CANNES))  # A 1-2-3 from Cannes
    assert menu[f"land:{TOKYO}"].label == "Fly the red plane to A1 Tokyo"
    assert menu[f"land:{TOKYO}"].detail == "Gains Film Director and Surfer (9,000 miles)"
    assert menu["land:A2"].detail == "Gains no card now"


def test_alliance_choices_say_what_the_alliance_brings() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, ("p01",), ("p05",), ("p06",))
    turn.begin_turn(state, 0)
    menu = explained(state)
    assert menu["ally:black:0"].label == "Ally with black in alliance area 1: a new alliance"
    assert menu["ally:black:0"].detail == ("Any code sharing icon then flies black, and no one else's; "
                                           "3 cards go to your score pile")
    assert menu["no_alliance"].minor


def test_flight_control_choices_show_the_icons_the_slot_will_offer() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    state = fly(state, 2, 0, POLYNESIA, CANNES)
    state = fly(fly(state, 0, 1, SUPPLY, "A2"), 1, 0, SUPPLY, "A3")
    menu = explained(state)
    assert menu[f"place:{HONEYMOONERS}:0"].label == "Put Honeymooners on slot 1"
    assert menu[f"place:{HONEYMOONERS}:0"].detail == (
        "Next turn slot 1 offers: Priority takeoff, Special landing: green, Code sharing: black/purple")


BUTTON_LABEL = 80  # Discord cuts a button's label here; a decision of five choices or fewer shows buttons


def test_every_icon_label_fits_a_button_without_brackets_in_brackets() -> None:
    """Some passengers' names have brackets of their own ('Secret Agent (MI6)'): the slot is not put in more."""
    data = components()
    for colour in PLAYER_COLOURS:
        for slot in range(3):
            for top in (None, *data.cards):
                for index in range(3):
                    label = markers.slot_icon_label(data, colour, slot, top, index)
                    assert len(label) <= BUTTON_LABEL, label
                    assert not re.search(r"\([^)]*\(", label), label


def test_the_words_of_a_random_games_menus_fit_without_being_cut() -> None:
    """Every description is composed short enough (fewer words where more would not fit), never cut."""
    chooser = Player(7, greedy=0.3)
    for players, options in ((3, {}), (4, ALL_KOBE)):
        state = GAME.setup(players, 7, options)
        while to_act := GAME.to_act(state):
            legal = GAME.legal_actions(state, to_act[0])
            for action in GAME.explain(state, to_act[0], legal):
                assert action.detail and not action.detail.endswith("…"), (action.key, action.detail)
                assert len(action.label) <= MAX_LABEL and "  " not in action.label + action.detail
            state = GAME.apply(state, to_act[0], chooser(state, to_act[0], legal))


def test_a_stop_says_how_many_markers_are_kept_in_words() -> None:
    state = table(claim=claim_with(), options={"kobe_free_markers": True})
    assert explained(state)["stop"].label == "Stop, keeping 3 markers"
    state = fly(state, 2, 0, SUPPLY, "E2")
    state = fly(state, 0, 1, SUPPLY, "A2")
    stop = explained(state)["stop"]
    assert stop.label == "Stop, keeping 1 marker" and stop.detail == "Go on to lost baggage and flight control"


def test_a_priority_takeoff_says_which_plane_moves_up_in_line() -> None:
    state = table(claim=claim_with())
    put(state, "E2", "black", "white")  # a reverse Y: black first in line, white behind it
    menu = explained(act(act(state, "icon", 1, 1), "airport", "E2"))
    assert menu["swap:0:1"].label == "Move white up to first in line, black back to second in line"
    assert menu["swap:0:1"].detail == "Then white takes off before black; not a flight"
    state = act(act(act(state, "icon", 1, 1), "airport", "E2"), "swap", 0, 1)
    assert said(state) == ["{p0} uses a priority takeoff at E2 Rome: white moves up to first in line and black back "
                            "to second in line."]
