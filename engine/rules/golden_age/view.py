"""1930 views: the public table as typed values (engine/views/golden_age.py, docs/golden-age-view.md), plus a seat's
own contracts (its only hidden part)."""

from __future__ import annotations

from dataclasses import replace

from engine.rules.golden_age import board, market
from engine.rules.golden_age.end_of_turn import contract, contract_words, eligible
from engine.rules.golden_age.events import own_news
from engine.rules.golden_age.scoring import outcome
from engine.rules.golden_age.state import TURNS, GoldenAgeState, Phase, Step
from engine.views.golden_age import Airline, City, Contract, GoldenAgeView, MarketBox, Seat, TechBox, You


DECISIONS = {  # what each decision asks, in the prompt and the status
    Step.AIRLINE: "choose an airline",
    Step.PRICE: "set the airline's initial stock price",
    Step.TRADE_IN: "choose a token to give back (you hold ten)",
    Step.ACTION: "choose the airline's action",
    Step.CITY: "choose a city",
    Step.GATE_FROM: "choose where the gate comes from",
    Step.MORE: "choose another or finish the action",
    Step.DIVIDEND: "choose how the dividend is paid (as the CEO)",
    Step.CONTRACT: "play a contract or finish",
    Step.CONTRACT_AIRLINE: "choose the airline that wins the contract",
}


def decision(state: GoldenAgeState) -> str:
    if state.over:
        return "nothing: the game is over"
    if state.phase is Phase.STOCK and state.step is Step.AIRLINE:
        return "buy a stock token or pass"
    if state.phase is Phase.FIRST_STOCK and state.step is Step.AIRLINE:
        return "found an airline (two tokens)" if state.buy == 0 else "buy a token of another airline"
    if state.phase is Phase.PURCHASE and state.step is Step.AIRLINE:
        return "buy one action for an airline you are CEO of, or not"
    if state.phase is Phase.OPERATIONS and state.step is Step.AIRLINE:
        return "use a stock token"
    return DECISIONS[state.step]


def airline_view(state: GoldenAgeState, key: str) -> Airline:
    record, data = state.airlines[key], next(a for a in state.data.airlines if a.key == key)
    return Airline(
        key=key, name=data.name, rgb=(data.rgb[0], data.rgb[1], data.rgb[2]), home=data.home,
        founded=record.founded, bankrupt=record.bankrupt,
        price=market.price(state, key) if record.founded else None, price_box=record.price_box,
        action_cost=market.action_cost(state, key) if record.founded else None,
        purchased=record.purchased, flown=record.flown, advanced=record.advanced,
        tech_box=record.tech_box, tech_colour=board.tech_colour(state, key).value,
        income=record.income, dividend=state.data.dividend(record.income),
        pool=record.pool, unreleased=record.unreleased,
        gates_available=record.gates_available, gates_reserve=record.gates_reserve,
        hubs_available=record.hubs_available,
        ceo=market.ceo(state, key) if record.founded else None,
    )


def city_view(state: GoldenAgeState, key: str) -> City:
    data, city = state.data.cities[key], state.cities[key]
    return City(
        key=key, name=data.name, region=data.region.value, x=data.x, y=data.y,
        colour=city.colour.value if city.colour else None, value=board.city_value(state, key),
        spots=data.spots, bonus=data.bonus, penalty=data.penalty, gates=tuple(city.gates),
        hub=city.hub, hub_allowed=data.hub_allowed,
        values={colour.value: value for colour, value in data.values},
        tiles_left=tuple(c.value for c in data.colours if c not in city.used_tiles and c is not city.colour
                         and (city.colour is None or c.rank > city.colour.rank)),
    )


def public_view(state: GoldenAgeState) -> GoldenAgeView:
    """Everything on the table; contract hands only as counts."""
    result = outcome(state)
    return GoldenAgeView(
        game="1930",
        players=state.players,
        seat_names=tuple(f"Seat {seat + 1}" for seat in range(state.players)),  # the service puts in players' names
        turn=state.turn, turns=TURNS,
        phase=state.phase.value, step=state.step.value,
        operating_round=state.operating_round if state.phase is Phase.OPERATIONS else None,
        current=None if state.over else state.current,
        first_player=state.first_player,
        decision=decision(state),
        last=state.last,
        airlines=tuple(airline_view(state, key) for key in state.airlines),
        cities=tuple(city_view(state, key) for key in state.cities),
        market=tuple(MarketBox(price=box.price, action_cost=box.action_cost) for box in state.data.market),
        tech=tuple(TechBox(box=box.number, colour=box.colour.value) for box in state.data.tech),
        seats=tuple(Seat(seat=seat, money=p.money, tokens=dict(p.tokens), used=dict(p.used),
                         contracts=len(p.contracts), worth=market.value_of(state, seat))
                    for seat, p in enumerate(state.seats)),
        contracts_played=tuple(contract_words(state, n) for n in state.discards),
        bank=state.bank,
        points=tuple(market.value_of(state, seat) for seat in range(state.players)),
        points_unit="dollars",
        winners=tuple(result.winners) if result else (),
        events=tuple(state.events),
        news=tuple(state.news),  # the events of the last move that had any: a choice within an action has none
        own_news=last_own_news(state),  # which of them the last action ("last") did: the board tags those
        # the turn's order; a game of edition 1 keeps the view it was recorded with
        turn_order=tuple(state.turn_order()) if state.edition >= 2 else None,
    )


def last_own_news(state: GoldenAgeState) -> tuple[int, ...]:
    key, _, action = state.last.partition(":")
    return tuple(own_news(state.news, action, board.name(state, key))) if key in state.airlines else ()


def seat_view(state: GoldenAgeState, seat: int) -> GoldenAgeView:
    """The public view plus this seat's own contracts, each with the airlines it could go to now."""
    return replace(public_view(state), you=You(seat=seat, contracts=tuple(Contract(
        number=n, value=contract(state, n).value,
        cities=tuple(board.city_name(state, c) for c in contract(state, n).cities),
        words=contract_words(state, n),
        eligible=tuple(board.name(state, key) for key in eligible(state, n)),
    ) for n in state.seats[seat].contracts)))


def hand_fields(view: GoldenAgeView) -> list[tuple[str, str]]:
    """A seat's own view in words, for /hand: money, tokens and the secret contracts with what each could do now."""
    assert view.you is not None, "/hand shows a seat's own view"
    me = view.seats[view.you.seat]
    names = {a.key: a.name for a in view.airlines}
    tokens = ", ".join(f"{names[k]} {n}" for k, n in sorted(me.tokens.items())) or "none"
    lines = []
    for card in view.you.contracts:
        now = ", ".join(card.eligible) or "no airline yet"
        lines.append(f"{card.words} — now: {now}")
    return [
        ("Money", f"${me.money} (worth ${me.worth} with your tokens at market price)"),
        ("Stock tokens", tokens),
        ("Contracts", "\n".join(lines) or "none left"),
    ]
