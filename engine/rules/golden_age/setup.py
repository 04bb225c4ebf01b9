"""1930's setup: the airlines for the player count, home gates, turn-order cards, money and contracts."""

from __future__ import annotations

from typing import Any

from engine.options import edition_of, pack_of

from engine.rules.golden_age.board import refresh_incomes
from engine.rules.golden_age.data import EDITION, components
from engine.rules.golden_age.state import BANK, Airline, CityState, GoldenAgeState, Player
from engine.rules.rng import GameRng


def new_table(players: int, seed: int, options: dict[str, Any]) -> GoldenAgeState:
    """A new game as its first decision finds it: every edition's data checked, the table laid out; its first
    decision, the First Stock Round's founding buy, needs nothing begun (GoldenAgeState starts there)."""
    for edition in range(1, EDITION + 1):  # every edition's data, before the first game: a bad entry is named
        components(edition)
    return setup_state(players, seed, options, edition_of(options, EDITION))


def setup_state(players: int, seed: int, options: dict[str, Any], edition: int) -> GoldenAgeState:
    """Setup: the airlines for this player count, the home gates, dealt turn-order cards, money and contracts."""
    pack = pack_of(options)
    c = components(edition, pack)
    count = c.player_counts[players]
    rng = GameRng(seed, "setup")
    order = rng.shuffled(range(players))  # order[i] holds First Round Turn Order card i + 1
    seats = [Player(money=0) for _ in range(players)]
    bank = BANK
    for card, seat in enumerate(order):
        seats[seat].money = c.first_round_money[card]
        bank -= c.first_round_money[card]
    cities = {city.key: CityState(city.printed) for city in c.cities_for(players)}
    airlines: dict[str, Airline] = {}
    for airline in c.airlines_for(players):
        airlines[airline.key] = Airline(airline.key, pool=count.start_tokens,
                                        unreleased=count.total_tokens - count.start_tokens)
        cities[airline.home].gates.append(airline.key)  # the highest-value spot: the first
    state = GoldenAgeState(players=players, seed=seed, airlines=airlines, seats=seats, cities=cities,
                           contract_deck=[], first_round_order=order, current=order[0], first_player=order[0],
                           bank=bank, owned=set(cities), owned_airlines=set(airlines),
                           owned_seats=set(range(players)), edition=edition, pack=pack, data=c)
    deal_contracts(state, rng)
    refresh_incomes(state)
    return state


def deal_contracts(state: GoldenAgeState, rng: GameRng) -> None:
    """Each player gets one contract of each value (we read 'sort the cards by value' as dealing one of each)."""
    by_value: dict[int, list[int]] = {}
    for contract in state.data.contracts_for(state.players):
        by_value.setdefault(contract.value, []).append(contract.number)
    for value in sorted(by_value):
        cards = rng.shuffled(sorted(by_value[value]))
        for seat in range(state.players):
            state.seats[seat].contracts.append(cards.pop())
        state.contract_deck.extend(cards)
