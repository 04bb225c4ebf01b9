"""1930's End of Turn: bought actions, the penalties, contracts (hidden until played), bankruptcy, the game's end."""

from __future__ import annotations

import json

import pytest

from engine.rules.golden_age import GAME, end_of_turn, market, operation_decisions
from engine.rules.golden_age.data import Colour
from engine.rules.golden_age.state import TURNS, GoldenAgeState, Phase, Step
from engine.view import to_json
from tests.engine.golden_age_helpers import keys, operating, play
from said import said


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
    assert "Orange Airline stock down to $4 (a lazy airline: it did not fly this turn)." in said(state)


def winnable(state: GoldenAgeState, airline: str = "green") -> int:
    """A two-city contract of USA cities, given to the airline's gates in both cities: it can be played now."""
    card = next(c for c in state.data.contracts if len(c.cities) == 2 and c.number not in state.discards
                and all(k in state.cities and state.data.cities[k].printed for k in c.cities))
    for key in card.cities:
        if airline not in state.cities[key].gates:
            state.cities[key].gates.append(airline)
    return card.number


def unwinnable(state: GoldenAgeState, count: int) -> list[int]:
    """Contracts no airline can be awarded now: each names a city where no airline has a gate."""
    return [c.number for c in state.data.contracts
            if any(k not in state.cities or not state.cities[k].gates for k in c.cities)][:count]


@pytest.mark.parametrize("edition", [1, 2])
def test_a_contract_goes_to_an_airline_with_gates_in_every_city_it_names_whatever_their_colour(edition: int) -> None:
    state = operating(edition=edition)
    number = winnable(state)
    card = end_of_turn.contract(state, number)
    state.seats[0].contracts = [number]
    state.cities[card.cities[0]].colour = Colour.YELLOW  # an upgraded city is still the city named
    assert end_of_turn.eligible(state, number) == ["green"]
    state.phase, state.step, state.current = Phase.CONTRACTS, Step.CONTRACT, 0
    price, money = state.airlines["green"].price_box, state.seats[0].money
    if edition == 1:  # the card, then the airline
        state = play(state, 0, "contract", number)
        state = play(state, 0, "award", "green")
    else:  # one choice names both
        state = play(state, 0, "award", number, "green")
    assert state.airlines["green"].price_box == price + 1
    assert state.seats[0].money == money + card.value and number in state.discards


def contracts_at_end_of_turn(edition: int) -> GoldenAgeState:
    """Four players at step 4: seat 0 holds a contract it can play and one it cannot, seats 1 and 3 only contracts
    nobody can play now, seat 2 none at all; seat 0 is the first player."""
    state = operating(edition=edition)
    state.airlines["green"].flown = state.airlines["orange"].flown = state.airlines["blue"].flown = True
    first = winnable(state)
    spare = unwinnable(state, 6)
    state.seats[0].contracts, state.seats[1].contracts = [first, spare[0]], spare[1:3]
    state.seats[2].contracts, state.seats[3].contracts = [], spare[3:6]
    end_of_turn.after_purchases(state)
    return state


def test_every_player_holding_contracts_is_asked_in_turn_order_whatever_they_can_play() -> None:
    # End of Turn, step 4: "players may, in turn order, award any airline a contract card in their possession";
    # whether a secret hand holds a card that can be played now is asked of everyone, in private, alike.
    state = contracts_at_end_of_turn(2)
    assert state.current == 0 and GAME.private(state, 0)
    number = state.seats[0].contracts[0]
    state = play(state, 0, "award", number, "green")
    assert state.current == 0 and keys(state, 0) == ["done"]  # asked again: nothing left it can play, one card held
    state = play(state, 0, "done")
    assert state.current == 1 and keys(state, 1) == ["done"] and GAME.private(state, 1)  # nothing to play: asked
    state = play(state, 1, "done")
    assert state.current == 3  # seat 2 holds no contract, as everyone sees: nobody asks it
    state = play(state, 3, "done")
    assert state.phase is Phase.STOCK and state.turn == 2
    assert said(state)[0] == "{p3} plays no more contracts."


def test_a_player_who_awards_their_last_contract_is_asked_no_more() -> None:
    state = contracts_at_end_of_turn(2)
    state.seats[0].contracts = state.seats[0].contracts[:1]
    state = play(state, 0, "award", state.seats[0].contracts[0], "green")
    assert state.current == 1  # an empty hand, as its count shows: nothing more to ask


def test_passing_and_having_nothing_to_play_leave_the_same_line() -> None:
    state = contracts_at_end_of_turn(2)
    after_pass = play(state, 0, "done")  # seat 0 could have played
    after_nothing = play(after_pass, 1, "done")  # seat 1 could not
    assert said(after_pass) == ["{p0} plays no more contracts."]
    assert said(after_nothing) == ["{p1} plays no more contracts."]


def test_the_first_edition_asks_only_who_can_play_a_contract_now() -> None:
    state = contracts_at_end_of_turn(1)
    assert state.current == 0
    state = play(state, 0, "contract", state.seats[0].contracts[0])
    assert to_json(GAME.view(state, None))["decision"] == "choose the airline that wins the contract"
    state = play(state, 0, "award", "green")
    assert state.phase is Phase.STOCK and state.turn == 2  # nobody else could play: nobody else was asked


@pytest.mark.parametrize("players", range(2, 7))
def test_contract_hands_never_appear_in_the_public_view(players: int) -> None:
    state = GAME.setup(players, 3)
    public = json.dumps(to_json(GAME.view(state, None)))
    assert '"you"' not in public and "contract_deck" not in public
    for seat in range(players):
        mine = to_json(GAME.view(state, seat))["you"]["contracts"]
        assert [c["number"] for c in mine] == state.seats[seat].contracts
        for card in mine:  # nothing of a secret card: neither its words nor its number
            assert card["words"] not in public and f'"number": {card["number"]}' not in public
        others = [to_json(GAME.view(state, other))["you"] for other in range(players) if other != seat]
        assert all(o["contracts"] != mine for o in others)  # each seat sees only its own hand
    assert [s["contracts"] for s in to_json(GAME.view(state, None))["seats"]] == [5] * players


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
    assert operation_decisions.purchasable(state, 1) == ["blue"] \
        or state.seats[1].money < market.action_cost(state, "blue")


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
