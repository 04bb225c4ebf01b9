"""1930's stock phase: the First Stock Round's founding and two single buys, and Normal Stock Rounds."""

from __future__ import annotations

from engine.core import Action, News
from engine.events import Blank, Seat
from engine.rules.golden_age import market
from engine.rules.golden_age.board import article, name
from engine.rules.golden_age.choices import worded
from engine.rules.golden_age.events import PLAIN_WORDS, SENTENCES
from engine.rules.golden_age.state import (
    FIRST_ROUND_TOKENS, INITIAL_PRICES, MAX_TOKENS, GoldenAgeState, Phase, Step,
)
from engine.words import count

BUY, PASS, PRICE, TRADE_IN, BACK = "buy", "pass", "price", "trade-in", "back"
FOUNDING_TOKENS = 2  # the First Stock Round's first buy founds an airline with two tokens

FOUNDED = SENTENCES.add("founded", "{seat} founds {airline} at ${price} and buys {tokens} for ${cost}{given}.", News.PLAY)
BOUGHT = SENTENCES.add("bought", "{seat} buys a token of {airline} for ${cost}{given}.", News.PLAY)
PASSED = SENTENCES.add("passed", "{seat} passes.", News.ROUTINE)
NOTHING_TO_BUY = SENTENCES.add("nothing_to_buy", "{seat} can buy nothing and passes.", News.ROUTINE)
NO_FIRST_ROUND_BUY = SENTENCES.add("no_first_round_buy", "{seat} cannot afford or may not buy another token, and buys none.", News.ROUTINE)


def founding_count(state: GoldenAgeState) -> int:
    return FOUNDING_TOKENS if state.phase is Phase.FIRST_STOCK and state.buy == 0 else 1


def prices_affordable(state: GoldenAgeState, seat: int, tokens: int, credit: int = 0) -> list[int]:
    money = state.seats[seat].money + credit
    return [p for p in INITIAL_PRICES if p * tokens <= money]


def buyable(state: GoldenAgeState, seat: int) -> list[str]:
    """The airlines this seat may buy from now (founding an unfounded one included)."""
    player = state.seats[seat]
    tokens = founding_count(state)
    first = state.phase is Phase.FIRST_STOCK
    result = []
    for key, airline in state.airlines.items():
        if airline.bankrupt:
            continue
        if first and state.buy == 0 and airline.founded:
            continue  # each player founds a different airline
        if first and key in player.bought:
            continue  # never the airline founded, and two different airlines for the single buys
        if not market.may_hold_one_more(state, seat, key, tokens):
            continue
        credit = market.trade_in_value(state, seat, key)
        if player.total() + tokens > MAX_TOKENS and (first or credit == 0):
            continue
        if airline.founded:
            if market.price(state, key) * tokens > player.money + credit:
                continue
        elif not prices_affordable(state, seat, tokens, credit):
            continue
        result.append(key)
    return result


def legal(state: GoldenAgeState, seat: int) -> list[Action]:
    if state.step is Step.PRICE:
        tokens = founding_count(state)
        credit = market.trade_in_value(state, seat, state.choosing)
        # At ten tokens a trade-in follows, and the token given back pays toward the price.
        less = ", less the token you give back" if trading_in(state, seat) else ""
        prices = [Action(PRICE, (p,), f"${p} a token", detail=f"You pay ${p * tokens} for {count(tokens, 'token')}{less}")
                  for p in prices_affordable(state, seat, tokens, credit)]
        return [*prices, Action(BACK, (), "Back: choose another airline", minor=True)]
    if state.step is Step.TRADE_IN:
        return [*trade_ins(state, seat), Action(BACK, (), "Back: choose another airline", minor=True)]
    actions = [Action(BUY, (key,), buy_label(state, seat, key), detail=buy_detail(state, seat, key))
               for key in buyable(state, seat)]
    if state.phase is Phase.STOCK:
        actions.append(Action(PASS, (), "Pass", detail="Buy nothing more this stock round", minor=True))
    return actions


def buy_label(state: GoldenAgeState, seat: int, key: str) -> str:
    """'Buy Green Airline', or 'Found Pink Airline' (its founder sets the price next)."""
    return f"{'Buy' if state.airlines[key].founded else 'Found'} {name(state, key)}"


def buy_detail(state: GoldenAgeState, seat: int, key: str) -> str:
    """What the buy would mean: its price (a founder's to set), the tokens held after it (a trade-in gives one
    back) and left for sale, and what a flight pays a token now."""
    airline = state.airlines[key]
    tokens = founding_count(state)
    held = state.seats[seat].held(key) + tokens
    trade = ", giving one back" if trading_in(state, seat) else ""
    flight = f"a flight pays ${state.data.dividend(airline.income)} a token"
    if airline.founded:
        return f"${market.price(state, key)} a token; you'd hold {held}{trade}; {airline.pool - tokens} left for sale; {flight}"
    prices = prices_affordable(state, seat, tokens, market.trade_in_value(state, seat, key))
    span = f"${prices[0]}" if len(prices) == 1 else f"${prices[0]} to ${prices[-1]}"
    return f"You set its price ({span}) and buy {count(tokens, 'token')}{trade}; {flight}"


def trading_in(state: GoldenAgeState, seat: int) -> bool:
    """Whether this buy takes the player past ten tokens, so one goes back."""
    return state.seats[seat].total() + founding_count(state) > MAX_TOKENS


def trade_ins(state: GoldenAgeState, seat: int) -> list[Action]:
    """At ten tokens: the tokens that may go back to pay toward the new one (another airline's, covering the cost)."""
    player = state.seats[seat]
    cost = cost_of(state, state.choosing)
    return [worded(TRADE_IN, (key,), trade_in_words(state, key, cost))
            for key in market.returnable(state, seat, state.choosing)
            if max(0, cost - market.price(state, key)) <= player.money]


def trade_in_words(state: GoldenAgeState, key: str, cost: int) -> tuple[str, str]:
    """'Give back a Yellow Airline token' and 'Worth $7 toward the new one: you pay $4'; a token worth more pays
    it all and the rest is lost."""
    value = market.price(state, key)
    pay = f"you pay ${cost - value}" if value < cost else "you pay nothing"
    lost = f" and ${value - cost} is lost" if value > cost else ""
    return (f"Give back {article(name(state, key))} {name(state, key)} token",
            f"Worth ${value} toward the new one: {pay}{lost}")


def cost_of(state: GoldenAgeState, key: str) -> int:
    """The tokens' price before any trade-in (a founder's price is set before the trade-in is chosen)."""
    return market.price(state, key) * founding_count(state)


def on_back(state: GoldenAgeState, seat: int, action: Action) -> None:
    state.step, state.choosing = Step.AIRLINE, ""


def on_pass(state: GoldenAgeState, seat: int, action: Action) -> None:
    state.writable_seat(seat).passed = True
    state.events.append(PASSED.event(seat=Seat(seat)))
    advance(state)


def on_buy(state: GoldenAgeState, seat: int, action: Action) -> None:
    key = str(action.args[0])
    state.choosing = key
    if not state.airlines[key].founded:
        state.step = Step.PRICE
        return
    if trading_in(state, seat):
        state.step = Step.TRADE_IN
        return
    complete(state, seat, key, None, None)


def on_price(state: GoldenAgeState, seat: int, action: Action) -> None:
    key, initial = state.choosing, int(action.args[0])
    if trading_in(state, seat):
        state.writable_airline(key).price_box = state.data.market_index(initial)  # the trade-in needs the price
        state.step = Step.TRADE_IN
        return
    complete(state, seat, key, initial, None)


def on_trade_in(state: GoldenAgeState, seat: int, action: Action) -> None:
    initial = None if state.airlines[state.choosing].founded else market.price(state, state.choosing)
    complete(state, seat, state.choosing, initial, str(action.args[0]))


def complete(state: GoldenAgeState, seat: int, key: str, initial: int | None, returned: str | None) -> None:
    """Found or buy, pay (less a returned token's value, never below nothing) and pass the decision on."""
    airline, player = state.writable_airline(key), state.writable_seat(seat)
    tokens = founding_count(state)
    if initial is not None:
        airline.founded = True
        airline.price_box = state.data.market_index(initial)
    cost = market.price(state, key) * tokens
    given = ""
    if returned is not None:
        value = market.price(state, returned)
        market.return_token(state, seat, returned)
        returned_name = name(state, returned)
        given = f", giving back {article(returned_name) if state.edition >= PLAIN_WORDS else 'a'} {returned_name} " \
                f"token worth ${value}"
        cost = max(0, cost - value)
    market.buy_token(state, seat, key, cost, tokens)
    if state.phase is Phase.STOCK and not airline.purchased:
        airline.purchased = True
    player.bought.append(key)
    fields: dict[str, Blank] = {"seat": Seat(seat), "airline": name(state, key), "cost": cost, "given": given}
    if initial is not None:
        bought = "two tokens" if tokens == 2 else "a token"
        state.events.append(FOUNDED.event(**fields, price=market.price(state, key), tokens=bought))
    else:
        state.events.append(BOUGHT.event(**fields))
    state.last = f"{key}:buy"
    state.step, state.choosing = Step.AIRLINE, ""
    advance(state)


def advance(state: GoldenAgeState) -> None:
    """The next buyer; a player with no legal buy is passed over (in a Normal Stock Round, they pass)."""
    if state.phase is Phase.FIRST_STOCK:
        advance_first(state)
    else:
        advance_normal(state)


def advance_first(state: GoldenAgeState) -> None:
    order = state.first_round_order
    position = order.index(state.current) + 1
    while True:
        if position == len(order):
            position, state.buy = 0, state.buy + 1
            if state.buy >= FIRST_ROUND_TOKENS - 1:
                finish_stock_phase(state)
                return
        seat = order[position]
        if buyable(state, seat):
            state.current = seat
            return
        state.events.append(NO_FIRST_ROUND_BUY.event(seat=Seat(seat)))
        position += 1


def advance_normal(state: GoldenAgeState) -> None:
    for seat in state.seat_order(state.current + 1):
        if state.seats[seat].passed:
            continue
        if not buyable(state, seat):
            state.writable_seat(seat).passed = True
            state.events.append(NOTHING_TO_BUY.event(seat=Seat(seat)))
            continue
        state.current = seat
        return
    end_normal_round(state)


def begin_normal_round(state: GoldenAgeState) -> None:
    state.phase, state.step = Phase.STOCK, Step.AIRLINE
    for seat in range(state.players):
        player = state.writable_seat(seat)
        player.passed, player.bought = False, []
    state.current = (state.first_player - 1) % state.players  # advance starts at the seat after this one
    advance_normal(state)


def end_normal_round(state: GoldenAgeState) -> None:
    """Each airline bought this round rises a box, and each sold out rises a box (so up to two)."""
    for key in state.live_airlines():
        if state.airlines[key].purchased:
            state.writable_airline(key).purchased = False
            market.move_price(state, key, 1, "bought this round")
        if state.airlines[key].pool == 0:
            market.move_price(state, key, 1, "sold out")
    finish_stock_phase(state)


def finish_stock_phase(state: GoldenAgeState) -> None:
    for seat, player in enumerate(state.seats):
        if player.bought:
            state.writable_seat(seat).bought = []
    state.phase_done = True  # the operation phase follows (rules.py routes phases)
