"""1930's stock phase: the First Stock Round's founding and two single buys, and Normal Stock Rounds."""

from __future__ import annotations

from engine.core import Action
from engine.rules.golden_age import market
from engine.rules.golden_age.board import article, name
from engine.rules.golden_age.state import (
    FIRST_ROUND_TOKENS, INITIAL_PRICES, MAX_TOKENS, GoldenAgeState, Phase, Step,
)

BUY, PASS, PRICE, TRADE_IN, BACK = "buy", "pass", "price", "trade-in", "back"
FOUNDING_TOKENS = 2  # the First Stock Round's first buy founds an airline with two tokens


def founding_count(state: GoldenAgeState) -> int:
    return FOUNDING_TOKENS if state.phase is Phase.FIRST_STOCK and state.buy == 0 else 1


def prices_affordable(state: GoldenAgeState, seat: int, count: int, credit: int = 0) -> list[int]:
    money = state.seats[seat].money + credit
    return [p for p in INITIAL_PRICES if p * count <= money]


def buyable(state: GoldenAgeState, seat: int) -> list[str]:
    """The airlines this seat may buy from now (founding an unfounded one included)."""
    player = state.seats[seat]
    count = founding_count(state)
    first = state.phase is Phase.FIRST_STOCK
    result = []
    for key, airline in state.airlines.items():
        if airline.bankrupt:
            continue
        if first and state.buy == 0 and airline.founded:
            continue  # each player founds a different airline
        if first and key in player.bought:
            continue  # never the airline founded, and two different airlines for the single buys
        if not market.may_hold_one_more(state, seat, key, count):
            continue
        credit = market.trade_in_value(state, seat, key)
        if player.total() + count > MAX_TOKENS and (first or credit == 0):
            continue
        if airline.founded:
            if market.price(state, key) * count > player.money + credit:
                continue
        elif not prices_affordable(state, seat, count, credit):
            continue
        result.append(key)
    return result


def legal(state: GoldenAgeState, seat: int) -> list[Action]:
    if state.step is Step.PRICE:
        count = founding_count(state)
        credit = market.trade_in_value(state, seat, state.choosing)
        # At ten tokens a trade-in follows, and the token given back pays toward the price.
        less = ", less the token you give back" if trading_in(state, seat) else ""
        prices = [Action(PRICE, (p,), f"${p} a token (pay ${p * count}{less})") for p in
                  prices_affordable(state, seat, count, credit)]
        return [*prices, Action(BACK, (), "Back: choose another airline", minor=True)]
    if state.step is Step.TRADE_IN:
        return [*trade_ins(state, seat), Action(BACK, (), "Back: choose another airline", minor=True)]
    actions = [Action(BUY, (key,), buy_label(state, seat, key), detail=buy_detail(state, seat, key))
               for key in buyable(state, seat)]
    if state.phase is Phase.STOCK:
        actions.append(Action(PASS, (), "Pass: buy nothing more this round", minor=True))
    return actions


def buy_label(state: GoldenAgeState, seat: int, key: str) -> str:
    if state.airlines[key].founded:
        return f"Buy {name(state, key)} (${market.price(state, key)})"
    count = founding_count(state)
    prices = prices_affordable(state, seat, count, market.trade_in_value(state, seat, key))
    span = f"${prices[0]}" if len(prices) == 1 else f"${prices[0]}-${prices[-1]}"
    return f"Found {name(state, key)} (set its price, {span})"


def buy_detail(state: GoldenAgeState, seat: int, key: str) -> str:
    """What the buy would mean: the tokens held after it (or the one given back), and what the airline earns now."""
    airline = state.airlines[key]
    count = founding_count(state)
    held = state.seats[seat].held(key) + count
    trade = ", giving another token back" if trading_in(state, seat) else ""
    return (f"You'd hold {held}{trade}; {airline.pool - count} left for sale; income ${airline.income}, "
            f"dividend ${state.data.dividend(airline.income)} a token")


def trading_in(state: GoldenAgeState, seat: int) -> bool:
    """Whether this buy takes the player past ten tokens, so one goes back."""
    return state.seats[seat].total() + founding_count(state) > MAX_TOKENS


def trade_ins(state: GoldenAgeState, seat: int) -> list[Action]:
    """At ten tokens: the tokens that may go back to pay toward the new one (another airline's, covering the cost)."""
    player = state.seats[seat]
    cost = cost_of(state, state.choosing)
    return [Action(TRADE_IN, (key,), trade_in_words(state, key, cost))
            for key in market.returnable(state, seat, state.choosing)
            if max(0, cost - market.price(state, key)) <= player.money]


def trade_in_words(state: GoldenAgeState, key: str, cost: int) -> str:
    """'Give back a Yellow token (worth $7): pay $4'; a token worth more pays it all and the rest is lost."""
    value = market.price(state, key)
    pay = f"pay ${cost - value}" if value < cost else "pay nothing"
    lost = f", ${value - cost} is lost" if value > cost else ""
    return f"Give back {article(name(state, key))} {name(state, key)} token (worth ${value}): {pay}{lost}"



def cost_of(state: GoldenAgeState, key: str) -> int:
    """The tokens' price before any trade-in (a founder's price is set before the trade-in is chosen)."""
    return market.price(state, key) * founding_count(state)


def on_back(state: GoldenAgeState, seat: int, action: Action) -> None:
    state.step, state.choosing = Step.AIRLINE, ""


def on_pass(state: GoldenAgeState, seat: int, action: Action) -> None:
    state.writable_seat(seat).passed = True
    state.events.append(f"{{p{seat}}} passes.")
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
    count = founding_count(state)
    if initial is not None:
        airline.founded = True
        airline.price_box = state.data.market_index(initial)
    cost = market.price(state, key) * count
    words = ""
    if returned is not None:
        value = market.price(state, returned)
        market.return_token(state, seat, returned)
        words = f", giving back a {name(state, returned)} token worth ${value}"
        cost = max(0, cost - value)
    market.buy_token(state, seat, key, cost, count)
    if state.phase is Phase.STOCK and not airline.purchased:
        airline.purchased = True
    player.bought.append(key)
    tokens = "two tokens" if count == 2 else "a token"
    verb = f"founds {name(state, key)} at ${market.price(state, key)} and buys {tokens}" if initial is not None \
        else f"buys {tokens} of {name(state, key)}"
    state.events.append(f"{{p{seat}}} {verb} for ${cost}{words}.")
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
        state.events.append(f"{{p{seat}}} cannot afford or may not buy another token, and buys none.")
        position += 1


def advance_normal(state: GoldenAgeState) -> None:
    for seat in state.seat_order(state.current + 1):
        if state.seats[seat].passed:
            continue
        if not buyable(state, seat):
            state.writable_seat(seat).passed = True
            state.events.append(f"{{p{seat}}} can buy nothing and passes.")
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
