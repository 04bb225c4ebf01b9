"""1930's stock phase: the First Stock Round (the rulebook's Carla, Neal and Chuck example) and Normal Stock Rounds."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, NotYourTurn
from engine.rules.golden_age import GAME, market
from engine.rules.golden_age.state import GoldenAgeState, Phase, Step
from tests.engine.golden_age_helpers import dealt, keys, play
from said import said

CARLA, NEAL, CHUCK = 0, 1, 2


def test_setup_deals_money_by_turn_order_card_and_contracts_of_each_value() -> None:
    for players in range(2, 7):
        state = GAME.setup(players, seed=players)
        money = sorted(p.money for p in state.seats)
        assert money == sorted(state.data.first_round_money[:players])
        for player in state.seats:
            values = sorted(next(c.value for c in state.data.contracts if c.number == n) for n in player.contracts)
            assert values == [1, 2, 3, 4, 5]
        assert len(state.airlines) == state.data.player_counts[players].airlines
        for key, airline in state.airlines.items():
            home = next(a.home for a in state.data.airlines if a.key == key)
            assert state.cities[home].gates == [key]
            assert (airline.gates_available, airline.gates_reserve) == (5, 6)
            assert airline.pool == state.data.player_counts[players].start_tokens
            assert airline.tech_box == 1


def test_the_rulebook_first_stock_round_replays_to_the_dollar() -> None:
    state = dealt(3)
    assert [p.money for p in state.seats] == [20, 21, 22]
    state = play(state, CARLA, "buy", "green")
    state = play(state, CARLA, "price", 6)
    assert state.seats[CARLA].money == 8 and state.seats[CARLA].held("green") == 2
    assert market.price(state, "green") == 6
    state = play(state, NEAL, "buy", "orange")
    state = play(state, NEAL, "price", 5)
    assert state.seats[NEAL].money == 11
    state = play(state, CHUCK, "buy", "blue")
    state = play(state, CHUCK, "price", 7)
    assert state.seats[CHUCK].money == 8
    # Second buys: Carla may not buy green again; she founds Yellow at $3 with one token.
    assert "buy:green" not in keys(state, CARLA)
    state = play(state, CARLA, "buy", "yellow")
    state = play(state, CARLA, "price", 3)
    assert state.seats[CARLA].money == 5 and state.seats[CARLA].held("yellow") == 1
    state = play(state, NEAL, "buy", "blue")  # the last blue token
    assert state.seats[NEAL].money == 4 and state.airlines["blue"].pool == 0
    state = play(state, CHUCK, "buy", "yellow")
    assert state.seats[CHUCK].money == 5
    # Third buys.
    state = play(state, CARLA, "buy", "orange")  # her last $5 for the last orange token
    assert state.seats[CARLA].money == 0
    assert "buy:blue" not in keys(state, NEAL)  # his second buy was blue: two different airlines
    state = play(state, NEAL, "buy", "yellow")  # the last yellow token
    assert state.seats[NEAL].money == 1
    # Chuck has $5: green costs $6, orange and yellow are sold out, blue he founded: he must found another.
    assert all(k.startswith("buy:") for k in keys(state, CHUCK)), "buying is compulsory: no pass"
    assert "buy:green" not in keys(state, CHUCK)
    state = play(state, CHUCK, "buy", "pink")
    assert "price:6" not in keys(state, CHUCK)  # a price he cannot afford is not offered
    state = play(state, CHUCK, "price", 5)
    assert [p.money for p in state.seats] == [0, 1, 0]
    assert [p.total() for p in state.seats] == [4, 4, 4]
    assert not any(a.purchased for a in state.airlines.values())  # no Purchased side in the First Stock Round
    assert state.phase is Phase.OPERATIONS and state.current == CARLA


def test_first_round_founders_must_choose_different_airlines() -> None:
    state = dealt(3)
    state = play(state, CARLA, "buy", "green")
    state = play(state, CARLA, "price", 7)
    assert "buy:green" not in keys(state, NEAL)


def test_a_founder_may_go_back_before_setting_the_price() -> None:
    state = dealt(3)
    state = play(state, CARLA, "buy", "green")
    state = play(state, CARLA, "back")
    assert state.step is Step.AIRLINE and not state.airlines["green"].founded


def test_out_of_turn_and_unknown_moves_are_refused() -> None:
    state = dealt(3)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, NEAL, GAME.legal_actions(state, CARLA)[0])
    with pytest.raises(IllegalAction):
        GAME.apply(state, CARLA, GAME.legal_actions(state, CARLA)[0].__class__("buy", ("concorde",)))


def normal_round(players: int = 3) -> object:
    """A table at the start of turn 2's stock round after a quick first round and operation phase."""
    from engine.rules.golden_age.end_of_turn import end_turn

    state = dealt(players)
    for seat, (airline, price) in enumerate([("green", 5), ("orange", 5), ("blue", 5)][:players]):
        state = play(state, seat, "buy", airline)
        state = play(state, seat, "price", price)
    while state.phase is Phase.FIRST_STOCK:
        seat = state.current
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    new = state.copy()
    new.phase_done = False
    end_turn(new)
    return new


def test_a_normal_round_buys_one_token_and_pass_is_final() -> None:
    state = normal_round()
    assert state.phase is Phase.STOCK and state.turn == 2
    seat = state.current
    assert "pass" in keys(state, seat)
    state = play(state, seat, "pass")
    assert state.seats[seat].passed
    while state.phase is Phase.STOCK:
        assert state.current != seat  # passed players are not asked again this round
        state = play(state, state.current, "pass")


def test_purchased_and_sold_out_airlines_rise_at_the_end_of_the_round() -> None:
    state = normal_round()
    seat = state.current
    state.seats[seat].money = 100
    key = next(k[4:] for k in keys(state, seat) if k.startswith("buy:") and state.airlines[k[4:]].founded)
    before = state.airlines[key].price_box
    state = play(state, seat, "buy", key)
    assert state.airlines[key].purchased
    sold_out = state.airlines[key].pool == 0
    while state.phase is Phase.STOCK:
        state = play(state, state.current, "pass")
    assert state.airlines[key].price_box == before + 1 + (1 if sold_out else 0)
    assert not state.airlines[key].purchased


def test_nobody_may_hold_every_token_of_an_airline_in_play_nor_pass_the_cap() -> None:
    state = normal_round()
    seat = state.current
    state.seats[seat].money = 500
    green = state.airlines["green"]
    for player in state.seats:
        player.tokens.pop("green", None)
    green.pool, green.unreleased = 3, 3  # three in play, all in the pool
    state.seats[seat].tokens["green"] = 2
    green.pool = 1  # the last token in play: buying it would mean holding them all
    assert "buy:green" not in keys(state, seat)
    green.pool, green.unreleased = 2, 2  # a released token: now one would still be left for the others
    assert "buy:green" in keys(state, seat)
    state.seats[seat].tokens["green"] = market.cap(state)
    green.pool = 3
    assert "buy:green" not in keys(state, seat)  # the per-player cap


def test_at_ten_tokens_a_buy_gives_one_back_at_its_value_without_cash_back() -> None:
    state = normal_round(3)
    seat = state.current
    player = state.seats[seat]
    player.tokens = {"green": 3, "orange": 4, "blue": 3}
    player.money = 0
    for key in ("green", "orange", "blue"):
        state.airlines[key].pool = 5
    state.airlines["yellow"].founded = True
    state.airlines["yellow"].price_box = state.data.market_index(5)
    assert "buy:yellow" in keys(state, seat)
    state = play(state, seat, "buy", "yellow")
    assert state.step is Step.TRADE_IN
    state = play(state, seat, "trade-in", "orange")
    assert state.seats[seat].total() == 10
    assert state.seats[seat].held("orange") == 3 and state.seats[seat].held("yellow") == 1
    assert state.seats[seat].money == 0  # the token was worth at least $5: no cash comes back


def test_a_token_bought_this_round_is_not_given_back_in_it() -> None:
    """Two trade-ins back and forth would cost nothing and never end the round (ruling 15)."""
    state = normal_round(3)
    seat = state.current
    for other, player in enumerate(state.seats):
        if other != seat:
            player.passed = True
    player = state.seats[seat]
    player.tokens, player.money = {"green": 2, "orange": 2, "blue": 2, "yellow": 2, "pink": 2}, 0
    for key in state.airlines:
        airline = state.airlines[key]
        airline.founded, airline.price_box, airline.pool = True, state.data.market_index(7), 3
    state = play(state, seat, "buy", "brown")
    state = play(state, seat, "trade-in", "pink")  # $7 for $7: nothing to pay
    assert "brown" in state.seats[seat].bought
    state = play(state, seat, "buy", "pink")
    assert "trade-in:brown" not in keys(state, seat)  # brown was bought this round
    assert "trade-in:green" in keys(state, seat)


def at_ten_for_an_eleven_dollar_green() -> tuple[GoldenAgeState, int]:
    """The trade-in example's table: green costs $11; the buyer holds ten tokens, yellow at $7 and orange at $15."""
    state = normal_round(3)
    assert isinstance(state, GoldenAgeState)
    seat = state.current
    prices = {"green": 11, "yellow": 7, "orange": 15, "blue": 5}
    for key, price in prices.items():
        airline = state.airlines[key]
        airline.founded, airline.price_box, airline.pool = True, state.data.market_index(price), 3
    player = state.seats[seat]
    player.tokens, player.money, player.bought = {"yellow": 3, "orange": 3, "blue": 4}, 10, []
    return state, seat


def test_the_rulebooks_trade_in_example_replays_to_the_dollar() -> None:
    """'A green Stock token costs $11 ... returns a Yellow Stock token with a value of $7 ... buys the green Stock
    token for the price difference of $4. If the player returned a $15 Stock token ... would cost that player
    nothing, but no other money would be received. The $4 difference in value is simply lost.'"""
    state, seat = at_ten_for_an_eleven_dollar_green()
    state = play(state, seat, "buy", "green")
    assert state.step is Step.TRADE_IN
    words = {a.key: (a.label, a.detail) for a in GAME.legal_actions(state, seat)}
    assert words["trade-in:yellow"] == ("Give back a Yellow Airline token", "Worth $7 toward the new one: you pay $4")
    assert words["trade-in:orange"] == ("Give back an Orange Airline token",
                                        "Worth $15 toward the new one: you pay nothing and $4 is lost")
    yellow = play(state, seat, "trade-in", "yellow")
    assert said(yellow)[0] == f"{{p{seat}}} buys a token of Green Airline for $4, giving back a Yellow Airline token worth $7."
    assert yellow.seats[seat].money == 10 - 4
    assert yellow.seats[seat].tokens == {"yellow": 2, "orange": 3, "blue": 4, "green": 1}
    assert yellow.airlines["yellow"].pool == 4  # back to the Available Stock Pool
    orange = play(state, seat, "trade-in", "orange")
    assert said(orange)[0].endswith("giving back an Orange Airline token worth $15.")  # 'an' before a vowel
    assert orange.seats[seat].money == 10  # nothing to pay, and nothing comes back
    assert orange.seats[seat].tokens == {"yellow": 3, "orange": 2, "blue": 4, "green": 1}
    assert sum(orange.seats[s].money for s in range(3)) + orange.bank == sum(state.seats[s].money for s in range(3)) + state.bank
