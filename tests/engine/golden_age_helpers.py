"""Shared set-ups for the 1930 rule tests: a dealt table in a chosen seat order, and moves by their words."""

from __future__ import annotations

from engine.core import Action, News
from engine.events import Event
from engine.options import EDITION
from engine.rules.golden_age import GAME, events, rules
from engine.rules.golden_age.state import GoldenAgeState


def dealt(players: int, seed: int = 1, edition: int = GAME.edition) -> GoldenAgeState:
    """A new table (of the rules' edition) where seat 0 holds the First Buyer card, seat 1 the second, and so on."""
    state = GAME.setup(players, seed, {EDITION: edition})
    money = state.data.first_round_money
    state.first_round_order = list(range(players))
    for seat, player in enumerate(state.seats):
        state.bank += player.money - money[seat]
        player.money = money[seat]
    state.current = state.first_player = 0
    return state


def play(state: GoldenAgeState, seat: int, kind: str, *args: str | int) -> GoldenAgeState:
    """Apply a move by kind and arguments, failing the test if it is not among the choices."""
    wanted = Action(kind, tuple(args))
    choices = rules.all_choices(state, seat)
    assert wanted in choices, f"{wanted.key} is not a choice; choices: {[a.key for a in choices]}"
    state.page = next(i for i in range(len(choices)) if _shown(state, seat, wanted, i))
    return GAME.apply(state, seat, wanted)


def _shown(state: GoldenAgeState, seat: int, wanted: Action, page: int) -> bool:
    state.page = page
    return wanted in rules.legal_actions(state, seat)


def keys(state: GoldenAgeState, seat: int) -> list[str]:
    return [a.key for a in rules.all_choices(state, seat)]


def operating(players: int = 4, seed: int = 1, edition: int = GAME.edition) -> GoldenAgeState:
    """A table in turn 1's operation phase: seat 0 holds 2 green and 1 orange token, seat 1 one green and two
    blue, seat 2 two orange (CEOs: green seat 0, blue seat 1, orange seat 2); green, orange and blue are founded
    at $6, $5 and $5; seat 0 acts first."""
    from engine.rules.golden_age.state import Phase, Step

    state = dealt(players, seed, edition)
    for key, price in (("green", 6), ("orange", 5), ("blue", 5)):
        airline = state.airlines[key]
        airline.founded, airline.price_box = True, state.data.market_index(price)
    holdings = {0: {"green": 2, "orange": 1}, 1: {"green": 1, "blue": 2}, 2: {"orange": 2}}
    for seat, tokens in holdings.items():
        if seat < players:
            state.seats[seat].tokens = dict(tokens)
            for key, n in tokens.items():
                state.airlines[key].pool -= n
    state.phase, state.step, state.current, state.first_player = Phase.OPERATIONS, Step.AIRLINE, 0, 0
    return state


def gates_of(state: GoldenAgeState, airline: str) -> list[str]:
    return [key for key, city in state.cities.items() if airline in city.gates]


def weighed(event: Event) -> News:
    """The event's weight for the headline, failing the test unless it was emitted from a sentence of the game's
    catalogue (its key is one), which words it in every edition."""
    assert isinstance(event, Event) and event.key in events.SENTENCES, f"{event!r} is no sentence of the catalogue"
    for edition in range(1, GAME.edition + 1):
        events.SENTENCES.words(event, edition=edition)  # every blank its words need, in every edition
    return events.SENTENCES.weight(event)
