"""1930's map rules: gate spots and their income (the Seattle and Chicago examples), sliding left, reach, tiles, hubs."""

from __future__ import annotations

import random

import pytest

from engine.rules.golden_age import GAME, airline_operations, board
from engine.rules.golden_age.data import Colour, Region
from tests.engine.golden_age_helpers import gates_of, operating


def test_seattle_first_spot_earns_6_middle_4_last_2_and_yellow_makes_it_6() -> None:
    state = operating()
    state.cities["seattle"].gates = ["green", "orange", "blue", "yellow"]
    assert [board.spot_value(state, "seattle", spot) for spot in range(4)] == [6, 4, 4, 2]
    board.place_tile(state, "seattle", Colour.YELLOW)
    assert board.city_value(state, "seattle") == 6
    assert board.spot_value(state, "seattle", 1) == 6


def test_chicago_yellow_upgrade_raises_every_airline_there_by_3_and_the_first_keeps_its_bonus() -> None:
    state = operating()
    state.cities["chicago"].gates = ["yellow", "orange", "blue"]
    board.refresh_incomes(state)
    before = {key: state.airlines[key].income for key in ("yellow", "orange", "blue")}
    assert board.spot_value(state, "chicago", 0) == 7 + 3
    board.place_tile(state, "chicago", Colour.YELLOW)
    board.refresh_incomes(state)
    assert {key: state.airlines[key].income - before[key] for key in before} == {"yellow": 3, "orange": 3, "blue": 3}
    assert board.spot_value(state, "chicago", 0) == 13


def test_when_a_gate_leaves_the_gates_to_its_right_slide_left_and_incomes_follow() -> None:
    state = operating()
    state.cities["chicago"].gates = ["green", "orange", "blue", "pink"]
    board.refresh_incomes(state)
    pink, blue = state.airlines["pink"].income, state.airlines["blue"].income
    board.remove_gate(state, "green", "chicago")
    board.refresh_incomes(state)
    assert state.cities["chicago"].gates == ["orange", "blue", "pink"]
    assert state.airlines["pink"].income == pink + 2  # no longer on the last spot: the penalty is gone
    assert state.airlines["blue"].income == blue  # a middle spot either way


def test_white_technology_expands_one_gate_in_the_usa_and_yellow_two_in_the_usa_or_canada() -> None:
    state = operating()
    assert airline_operations.gates_per_expand(state, "green") == 1
    assert all(state.data.cities[k].region is Region.USA for k in airline_operations.expand_cities(state, "green"))
    state.airlines["green"].tech_box = 2
    state.cities["winnipeg"].colour = Colour.YELLOW  # in play
    assert airline_operations.gates_per_expand(state, "green") == 2
    assert "winnipeg" in airline_operations.expand_cities(state, "green")


def test_a_gate_goes_only_where_the_city_is_in_play_has_room_and_the_airline_is_not() -> None:
    state = operating()
    state.airlines["green"].tech_box = 4
    assert not board.can_gate(state, "green", "santiago")  # not in play until a tile opens it
    assert not board.can_gate(state, "green", "seattle")  # green's home: one gate per airline per city
    state.cities["chicago"].gates = ["orange", "blue", "pink", "yellow"]
    assert not board.can_gate(state, "green", "chicago")  # every spot taken


def test_a_city_upgraded_beyond_an_airlines_tech_still_takes_its_gate_where_it_reaches() -> None:
    state = operating()
    board.place_tile(state, "los_angeles", Colour.BROWN)
    assert board.can_gate(state, "green", "los_angeles")  # the USA is reached at white


def test_tiles_are_the_airlines_own_colour_never_lower_and_skipped_ones_are_gone() -> None:
    state = operating()
    assert board.tile_for(state, "green", "chicago") is None  # white technology places no tile
    state.airlines["green"].tech_box = 6
    assert board.tile_for(state, "green", "chicago") is Colour.BROWN
    board.place_tile(state, "chicago", Colour.BROWN)
    assert state.cities["chicago"].used_tiles == [Colour.YELLOW, Colour.GREEN, Colour.BROWN]
    state.airlines["orange"].tech_box = 4
    assert board.tile_for(state, "orange", "chicago") is None  # a city never goes back down


def test_a_hub_needs_the_airlines_gate_in_usa_or_canada_one_per_city_and_counts_the_plain_value() -> None:
    state = operating()
    state.airlines["green"].hubs_available = 2
    assert airline_operations.hub_cities(state, "green") == ["seattle"]
    before = state.airlines["green"].income
    airline_operations.hub(state, 0, "green", "seattle")
    assert state.airlines["green"].income == before + 4  # no bonus or penalty on a hub
    assert board.locked(state, "green", "seattle")  # its gate may never leave
    assert "seattle" not in airline_operations.movable_gates(state, "green")
    state.cities["seattle"].gates.append("orange")
    state.airlines["orange"].hubs_available = 1
    assert "seattle" not in airline_operations.hub_cities(state, "orange")  # one hub per city
    state.airlines["green"].tech_box = 6
    state.cities["santiago"].colour = Colour.GREEN
    state.cities["santiago"].gates.append("green")
    assert not board.can_hub(state, "green", "santiago")  # no hubs outside the USA and Canada


def test_income_releases_stock_tokens_at_26_51_100_and_hubs_at_26_76_100() -> None:
    state = operating()
    green = state.airlines["green"]
    pool, unreleased = green.pool, green.unreleased
    for key in ("chicago", "los_angeles", "dallas", "boston"):
        board.place_tile(state, key, Colour.YELLOW)
        state.cities[key].gates.insert(0, "green")
    board.refresh_incomes(state)
    assert green.income >= 26
    assert (green.pool, green.unreleased) == (pool + 1, unreleased - 1)
    assert green.hubs_available == 1
    gates_before = gates_of(state, "green")
    board.refresh_incomes(state)
    assert green.pool == pool + 1 and gates_of(state, "green") == gates_before  # a mark releases once


def test_no_token_is_released_at_100_in_a_two_player_game() -> None:
    state = operating(players=2)
    green = state.airlines["green"]
    green.releases_done = 2  # 26 and 51 already passed
    green.income = 0
    pool = green.pool
    for key in [k for k in state.cities if state.data.cities[k].region is Region.USA][:12]:
        if "green" not in state.cities[key].gates:
            state.cities[key].gates.insert(0, "green")
        top = state.data.cities[key].colours[-1]
        board.place_tile(state, key, top)
    board.refresh_incomes(state)
    assert green.income >= 100
    assert green.pool == pool and green.releases_done == 3


@pytest.mark.slow
def test_the_cities_open_offers_are_exactly_those_with_a_gate_that_keeps_the_income() -> None:
    """Open's quick scan (the cheapest gate to bring against the new spot) agrees with asking every city where its
    gate could come from, in every position of whole random games."""
    for players in (2, 4, 6):
        state, chooser, positions = GAME.setup(players, players), random.Random(players), 0
        while to_act := GAME.to_act(state):
            for airline in state.live_airlines():
                slow = [key for key, city in state.cities.items()
                        if airline not in city.gates and board.free_spot(state, key)
                        and airline_operations.open_sources(state, airline, key)]
                assert airline_operations.open_cities(state, airline) == slow
                assert bool(airline_operations.open_cities(state, airline, first=True)) == bool(slow)
                positions += bool(slow)
            state = GAME.apply(state, to_act[0], chooser.choice(GAME.legal_actions(state, to_act[0])))
        assert positions > 0, "the games reached no position where a city could be opened"
