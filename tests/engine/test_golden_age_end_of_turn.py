"""1930's End of Turn: bought actions, the penalties, contracts (hidden until played), bankruptcy, the game's end."""

from __future__ import annotations

import json

import pytest

from engine.rules.golden_age import GAME, end_of_turn, market, operations
from engine.rules.golden_age.data import Colour
from engine.rules.golden_age.state import TURNS, Phase, Step
from tests.engine.golden_age_helpers import keys, operating, play


def test_a_ceo_may_buy_one_action_at_the_markets_action_cost() -> None:
    state = operating()
    state.seats[0].money = 20
    end_of_turn.begin_end_of_turn(state)
    assert state.phase is Phase.PURCHASE and state.current == 0
    assert "airline:green" in keys(state, 0) and "airline:orange" not in keys(state, 0)  # not orange's CEO
    cost = market.action_cost(state, "green")
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "research")
    assert state.seats[0].money == 20 - cost
    assert state.current != 0 or state.phase is not Phase.PURCHASE  # one bought action per player


def test_airlines_that_did_not_fly_lose_a_box_and_cities_far_behind_their_tech_cost_one_each() -> None:
    state = operating()
    state.airlines["green"].flown = True
    state.airlines["green"].tech_box = 4  # green technology: white cities are more than one level behind
    state.cities["chicago"].gates.append("green")
    green, orange = state.airlines["green"].price_box, state.airlines["orange"].price_box
    assert end_of_turn.behind_cities(state, "green") == ["seattle", "chicago"]
    end_of_turn.after_purchases(state)
    assert state.airlines["green"].price_box == green - 2
    assert state.airlines["orange"].price_box == orange - 1


def test_a_contract_goes_to_an_airline_with_gates_in_every_city_it_names_whatever_their_colour() -> None:
    state = operating()
    card = next(c for c in state.data.contracts if len(c.cities) == 2
                and all(k in state.cities and state.data.cities[k].printed for k in c.cities))
    state.seats[0].contracts = [card.number]
    for key in card.cities:
        if "green" not in state.cities[key].gates:
            state.cities[key].gates.append("green")
    state.cities[card.cities[0]].colour = Colour.YELLOW  # an upgraded city is still the city named
    assert end_of_turn.eligible(state, card.number) == ["green"]
    state.phase, state.step, state.current = Phase.CONTRACTS, Step.CONTRACT, 0
    price, money = state.airlines["green"].price_box, state.seats[0].money
    state = play(state, 0, "contract", card.number)
    state = play(state, 0, "award", "green")
    assert state.airlines["green"].price_box == price + 1
    assert state.seats[0].money == money + card.value and card.number in state.discards


@pytest.mark.parametrize("players", range(2, 7))
def test_contract_hands_never_appear_in_the_public_view(players: int) -> None:
    state = GAME.setup(players, 3)
    public = json.dumps(GAME.view(state, None))
    assert '"you"' not in public and "contract_deck" not in public
    for seat in range(players):
        mine = GAME.view(state, seat)["you"]["contracts"]
        assert [c["number"] for c in mine] == state.seats[seat].contracts
        for card in mine:  # nothing of a secret card: neither its words nor its number
            assert card["words"] not in public and f'"number": {card["number"]}' not in public
        others = [GAME.view(state, other)["you"] for other in range(players) if other != seat]
        assert all(o["contracts"] != mine for o in others)  # each seat sees only its own hand
    assert [s["contracts"] for s in GAME.view(state, None)["seats"]] == [5] * players


def test_an_airline_ending_the_turn_in_the_one_dollar_box_goes_bankrupt() -> None:
    state = operating()
    state.airlines["blue"].price_box = 0
    state.cities["chicago"].gates = ["green", "blue", "orange"]
    end_of_turn.end_turn(state)
    blue = state.airlines["blue"]
    assert blue.bankrupt and "blue" not in state.seats[1].tokens
    assert state.cities["chicago"].gates == ["green", "orange"] and "blue" not in state.cities["boston"].gates
    assert blue.removed == state.data.player_counts[4].total_tokens


def test_the_first_player_marker_passes_left_and_a_new_stock_round_begins() -> None:
    state = operating()
    state.seats[0].used = {"green": 2}
    state.airlines["green"].flown = state.airlines["green"].advanced = True
    end_of_turn.end_turn(state)
    assert state.turn == 2 and state.first_player == 1 and state.phase is Phase.STOCK
    assert state.seats[0].used == {} and not state.airlines["green"].flown and not state.airlines["green"].advanced


def test_after_the_sixth_turn_every_airline_flies_for_full_dividends_and_the_game_is_scored() -> None:
    state = operating()
    state.turn = TURNS
    money = [p.money for p in state.seats]
    end_of_turn.end_turn(state)
    assert state.phase is Phase.OVER and GAME.to_act(state) == []
    green = state.data.dividend(state.airlines["green"].income)
    orange = state.data.dividend(state.airlines["orange"].income)
    assert state.seats[0].money - money[0] == 2 * green + orange
    result = GAME.outcome(state)
    assert result is not None
    assert result.scores[0] == state.seats[0].money + 2 * market.price(state, "green") + market.price(state, "orange")


def test_tied_players_share_the_win() -> None:
    state = operating(players=2)
    state.seats[0].tokens, state.seats[1].tokens = {}, {}
    state.seats[0].money = state.seats[1].money = 50
    state.phase = Phase.OVER
    result = GAME.outcome(state)
    assert result is not None and result.winners == (0, 1)


def test_the_ceo_holds_strictly_more_tokens_than_any_other_player() -> None:
    state = operating()
    assert market.ceo(state, "green") == 0 and market.ceo(state, "orange") == 2
    state.seats[1].tokens["orange"] = 2
    assert market.ceo(state, "orange") is None
    assert operations.purchasable(state, 1) == ["blue"] or state.seats[1].money < market.action_cost(state, "blue")


def test_a_bought_actions_price_is_fixed_when_bought_even_if_the_action_lifts_the_stock() -> None:
    state = operating()
    state.airlines["green"].price_box = next(  # the last box before the action cost goes up
        i for i, box in enumerate(state.data.market[:-1]) if i and state.data.market[i + 1].action_cost > box.action_cost)
    cost = market.action_cost(state, "green")
    state.seats[0].money = cost
    end_of_turn.begin_end_of_turn(state)
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "fly")
    state = play(state, 0, "dividend", "none+3 gates+tech")  # tech box 2 is yellow: the stock rises
    assert market.action_cost(state, "green") > cost
    assert state.seats[0].money == 0  # the price paid is the one it was bought at
