"""Air Alliance views: exactly the documented public view, JSON-ready, without the deck's order; a seat's view; stats."""

from __future__ import annotations

import json

import pytest

from air_alliance_helpers import (
    ALL_KOBE,
    C,
    GAME,
    HONEYMOONERS,
    POLYNESIA,
    Player,
    act,
    boarding_pass,
    claim_with,
    finish_turn,
    fly,
    put,
    table,
)
from engine.rules.air_alliance.state import AirAllianceState
from engine.view import to_json

TOP_KEYS = {
    "game", "title", "version", "players", "seat_names", "colours", "current", "to_act", "phase", "decision",
    "extra_turn", "last_round", "options", "airports", "baggage_claim", "off_board", "deck", "discards", "alliances",
    "boarding_passes", "scores", "points", "points_unit", "flights", "events", "winners",
}
CARD_KEYS = {"id", "passenger", "departure", "arrival", "departure_name", "arrival_name", "miles", "travel", "trio",
             "icons"}
ICON_KEYS = {"kind", "label", "colour", "areas", "npa"}


def states_of_a_game(players: int, seed: int, options: dict[str, bool]) -> list[AirAllianceState]:
    chooser = Player(seed, greedy=0.5)
    state = GAME.setup(players, seed, options)
    states = [state]
    while to_act := GAME.to_act(state):
        state = GAME.apply(state, to_act[0], chooser(state, to_act[0], GAME.legal_actions(state, to_act[0])))
        states.append(state)
    return states


def test_the_public_view_has_exactly_the_documented_keys() -> None:
    view = to_json(GAME.view(GAME.setup(3, 1), None))
    assert set(view) == TOP_KEYS
    assert (view["game"], view["title"], view["players"]) == ("air-alliance", "Air Alliance", 3)
    assert view["seat_names"] == ["Red", "Yellow", "Green"] and view["colours"] == ["red", "yellow", "green"]
    assert (view["current"], view["to_act"], view["phase"], view["decision"]) == (0, [0], "markers", "place a marker")
    assert view["deck"] == 54 and view["discards"] == 0 and view["winners"] is None
    assert view["alliances"] == [[], [], [], []] and view["flights"] == [] and view["off_board"] == []


def test_airports_show_their_runways_silhouettes_and_special_colour() -> None:
    state = table(claim=claim_with())
    put(state, "E2", "red", "black")
    airports = {a["code"]: a for a in to_json(GAME.view(state, None))["airports"]}
    assert len(airports) == 24
    assert airports["E2"] == {"code": "E2", "name": C.airports["E2"].name, "area": "E", "number": 2,
                              "shape": "reverse Y", "silhouettes": ["all"], "runways": ["red", "black", None],
                              "special_for": None}
    assert airports["A4"]["special_for"] == "red" and airports["A4"]["shape"] == "V"
    assert airports["A4"]["silhouettes"] == ["red", "white"] and airports["A4"]["runways"] == ["white", None]


def test_cards_and_icons_have_their_fields_and_the_claim_its_reservations() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    state.airlines[1].reserved = HONEYMOONERS
    claim = to_json(GAME.view(state, None))["baggage_claim"]
    assert len(claim) == 6 and set(claim[0]) == CARD_KEYS | {"reserved_by"}
    assert claim[0]["id"] == HONEYMOONERS and claim[0]["reserved_by"] == 1 and claim[1]["reserved_by"] is None
    assert (claim[0]["departure_name"], claim[0]["arrival_name"], claim[0]["miles"]) == ("Polynesia", "Cannes", 4000)
    assert all(set(icon) == ICON_KEYS for icon in claim[0]["icons"])
    assert claim[0]["icons"][2] == {"kind": "code_sharing", "label": "Code sharing: black/purple", "colour": None,
                                    "areas": [], "npa": ["black", "purple"]}


def test_boarding_passes_show_top_printed_icons_cards_under_and_the_marker() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, ("p01", "p02"), (), ())
    state = fly(state, 0, 1, "supply", "E1")  # E 1-2-3 on Sumo Wrestler (p02)
    slots = to_json(GAME.view(state, None))["boarding_passes"][0]["slots"]
    assert slots[0]["top"]["id"] == "p02" and slots[0]["under"] == 1 and slots[0]["marker"] == 1
    assert slots[1] == {"top": None, "printed": slots[1]["printed"], "under": 0, "marker": None}
    assert [i["label"] for i in slots[1]["printed"]] == ["AM 1-2-3", "Priority takeoff", "Code sharing: white"]


def test_scores_and_flights_of_the_turn() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    state = fly(state, 2, 0, POLYNESIA, "E3")
    view = to_json(GAME.view(state, None))
    assert view["flights"] == [{"from": "U2", "to": "E3", "colour": "red", "seat": 0}]
    red = view["scores"][0]
    assert set(red) == {"seat", "miles", "cards", "trios", "economy", "supply", "markers_left", "reserved", "gained"}
    assert red["gained"][0]["id"] == HONEYMOONERS and red["markers_left"] == 2 and red["supply"] == 3
    assert red["miles"] == 0  # set-aside cards count once placed on the boarding pass
    assert view["scores"][1]["gained"] == [] and view["scores"][1]["markers_left"] == 3


def test_phases_as_the_view_names_them() -> None:
    state = GAME.setup(2, 1, ALL_KOBE)
    assert to_json(GAME.view(state, None))["phase"] == "refresh"
    state = finish_turn(act(state, "keep"))
    state = act(state, "keep")
    assert to_json(GAME.view(state, None))["phase"] in ("first_turn", "markers")
    assert to_json(GAME.view(state, None))["options"] == list(ALL_KOBE)


@pytest.mark.parametrize("options", [{}, ALL_KOBE], ids=["base", "kobe"])
def test_views_are_json_and_never_show_the_deck_order(options: dict[str, bool]) -> None:
    for players in (2, 4):
        for state in states_of_a_game(players, 3, options)[::7]:
            for seat in (None, *range(players)):
                view = to_json(GAME.view(state, seat))
                assert json.loads(json.dumps(view)) == view
            text = json.dumps(to_json(GAME.view(state, None)))
            assert not [card for card in state.deck if f'"{card}"' in text]


def test_the_final_view_names_the_winners() -> None:
    final = states_of_a_game(3, 5, {})[-1]
    view = to_json(GAME.view(final, None))
    outcome = GAME.outcome(final)
    assert outcome is not None and view["winners"] == list(outcome.winners)
    assert view["phase"] == "over" and view["current"] is None and view["to_act"] == []


def test_a_seat_view_adds_only_that_seats_choices() -> None:
    state = GAME.setup(2, 5)
    mine, theirs = to_json(GAME.view(state, 0)), to_json(GAME.view(state, 1))
    assert mine["you"]["legal"] == [a.key for a in GAME.legal_actions(state, 0)] and theirs["you"]["legal"] == []
    assert {k: v for k, v in mine.items() if k != "you"} == to_json(GAME.view(state, None))
    fields = dict(GAME.hand_fields(GAME.view(state, 0)))
    assert set(fields) == {"Airline", "Boarding pass", "Planes", "Alliance", "Reserved"}
    assert fields["Planes"] == "0 on the board, 4 in your supply"
    assert fields["Alliance"] == "none yet: your fifth plane waits beside the board to mark one"
    assert fields["Boarding pass"].startswith("Slot 1: printed icons: Special landing: red")


def test_stats_report_the_games_figures() -> None:
    final = states_of_a_game(3, 5, {})[-1]
    stats = GAME.stats(final)
    assert {"turns", "cards_gained", "alliances_formed", "winner_miles"} <= set(stats)
    outcome = GAME.outcome(final)
    assert outcome is not None and stats["winner_miles"] == max(outcome.scores)
    assert stats["turns"] >= 3 and stats["cards_gained"] == sum(len(a.cards()) for a in final.airlines)
