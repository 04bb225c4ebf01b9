"""1930's stock market: prices, buying and founding, the ownership limits, CEOs, dividends and bankruptcy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import News
from engine.events import Run, Seat
from engine.rules.golden_age.board import name, refresh_incomes
from engine.rules.golden_age.events import SENTENCES

if TYPE_CHECKING:
    from engine.rules.golden_age.state import GoldenAgeState

STOCK_UP = SENTENCES.add("stock_up", "{airline} stock up to ${price} ({why}).", News.GAIN)  # every holder's tokens are worth more
STOCK_DOWN = SENTENCES.add("stock_down", "{airline} stock down to ${price} ({why}).", News.PLAY)
# The $1 box: bankrupt at the End of Turn unless the stock climbs out of it first.
BANKRUPT_BOX = SENTENCES.add("bankrupt_box", "{airline} stock down to ${price} ({why}). It is in the bankrupt box.", News.MILESTONE)
DIVIDEND_PAID = SENTENCES.add("dividend_paid", "{airline} pays {words} of ${per_token} a token{to_whom}.", News.MILESTONE)
TO_WHOM = SENTENCES.add("to_whom", ": {paid}", News.ROUTINE)  # DIVIDEND_PAID's clause: a run of PAID_TO
PAID_TO = SENTENCES.add("paid_to", "{seat} ${amount}", News.ROUTINE)
BANKRUPT = SENTENCES.add("bankrupt", "{airline} goes bankrupt: its tokens, gates and hubs leave the game.", News.MILESTONE)


def price(state: GoldenAgeState, airline: str) -> int:
    return state.data.market[state.airlines[airline].price_box].price


def action_cost(state: GoldenAgeState, airline: str) -> int:
    return state.data.market[state.airlines[airline].price_box].action_cost


def move_price(state: GoldenAgeState, airline: str, steps: int, why: str) -> None:
    """Move the Stock Market token; it stops at either end of the track."""
    box = state.airlines[airline].price_box
    new = max(0, min(len(state.data.market) - 1, box + steps))
    if new == box:
        return
    state.writable_airline(airline).price_box = new
    said = STOCK_UP if steps > 0 else BANKRUPT_BOX if new == 0 else STOCK_DOWN
    state.events.append(said.event(airline=name(state, airline), price=price(state, airline), why=why))


def cap(state: GoldenAgeState) -> int:
    return state.data.player_counts[state.players].cap


def in_play(state: GoldenAgeState, airline: str) -> int:
    """Tokens in the pool or held by players; tokens still waiting for the income track do not count."""
    return state.airlines[airline].pool + sum(p.held(airline) for p in state.seats)


def may_hold_one_more(state: GoldenAgeState, seat: int, airline: str, count: int = 1) -> bool:
    """The per-airline cap, and never every token of the airline in play."""
    held = state.seats[seat].held(airline) + count
    return (state.airlines[airline].pool >= count and held <= cap(state) and held < in_play(state, airline))


def returnable(state: GoldenAgeState, seat: int, airline: str) -> list[str]:
    """The tokens a player at ten may give back for one of `airline`: another airline's, and not one bought this
    round (ruling: else two trade-ins back and forth would keep a stock round going for ever at no cost)."""
    player = state.seats[seat]
    return [key for key, n in sorted(player.tokens.items()) if n and key != airline and key not in player.bought]


def trade_in_value(state: GoldenAgeState, seat: int, airline: str) -> int:
    """At ten tokens, the best token to give back's value: it counts toward the price, never as cash back."""
    if state.seats[seat].total() < 10:
        return 0
    return max((price(state, key) for key in returnable(state, seat, airline)), default=0)


def buy_token(state: GoldenAgeState, seat: int, airline: str, cost: int, count: int = 1) -> None:
    """Pay the bank and take tokens from the pool."""
    player = state.writable_seat(seat)
    player.money -= cost
    state.bank += cost
    player.tokens[airline] = player.held(airline) + count
    state.writable_airline(airline).pool -= count


def return_token(state: GoldenAgeState, seat: int, airline: str) -> None:
    player = state.writable_seat(seat)
    player.tokens[airline] -= 1
    if player.used.get(airline, 0) > player.tokens[airline]:
        player.used[airline] = player.tokens[airline]
    if not player.tokens[airline]:
        del player.tokens[airline]
        player.used.pop(airline, None)
    state.writable_airline(airline).pool += 1


def ceo(state: GoldenAgeState, airline: str) -> int | None:
    """The player with more of the airline's tokens than any other single player; None on a tie for most."""
    counts = [p.held(airline) for p in state.seats]
    most = max(counts)
    if most == 0 or counts.count(most) > 1:
        return None
    return counts.index(most)


def pay_dividend(state: GoldenAgeState, airline: str, per_token: int, words: str) -> None:
    """The bank pays each player per token of the airline they hold (used tokens still count)."""
    paid = []
    for seat, player in enumerate(state.seats):
        amount = per_token * player.held(airline)
        if amount:
            state.writable_seat(seat).money += amount
            state.bank -= amount
            paid.append(PAID_TO.event(seat=Seat(seat), amount=amount))
    to_whom = TO_WHOM.event(paid=Run(tuple(paid), joint=", ")) if paid else ""
    state.events.append(DIVIDEND_PAID.event(airline=name(state, airline), words=words, per_token=per_token,
                                          to_whom=to_whom))


def half(amount: int) -> int:
    return (amount + 1) // 2  # "divide in half and round up to the nearest $1"


def go_bankrupt(state: GoldenAgeState, airline: str) -> None:
    """Tokens, gates and hubs leave the game; the gates to their right slide left and incomes follow."""
    record = state.writable_airline(airline)
    record.bankrupt = True
    held = sum(p.held(airline) for p in state.seats)
    for seat, player in enumerate(state.seats):
        if airline in player.tokens or airline in player.used:
            player = state.writable_seat(seat)
            player.tokens.pop(airline, None)
            player.used.pop(airline, None)
    record.removed += record.pool + held + record.unreleased
    record.pool = record.unreleased = 0
    for key, city in list(state.cities.items()):
        if airline in city.gates or city.hub == airline:
            city = state.writable(key)
            if airline in city.gates:
                city.gates.remove(airline)
            if city.hub == airline:
                city.hub = None
    record.gates_available = record.gates_reserve = record.hubs_available = 0
    state.events.append(BANKRUPT.event(airline=name(state, airline)))
    refresh_incomes(state)
    record.income = 0


def value_of(state: GoldenAgeState, seat: int) -> int:
    """Money plus every token at its market price: the score."""
    player = state.seats[seat]
    return player.money + sum(price(state, key) * n for key, n in player.tokens.items())
