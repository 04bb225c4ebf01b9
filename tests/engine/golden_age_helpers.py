"""Shared set-ups for the 1930 rule tests: a dealt table in a chosen seat order, and moves by their words."""

from __future__ import annotations

from engine.core import Action
from engine.rules.golden_age import GAME, rules
from engine.rules.golden_age.state import GoldenAgeState


def dealt(players: int, seed: int = 1) -> GoldenAgeState:
    """A new table where seat 0 holds the First Buyer card, seat 1 the second, and so on."""
    state = GAME.setup(players, seed)
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
