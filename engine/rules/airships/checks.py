"""Airships' fast legality check: the action `apply` plays, or None when it is not one of the choices."""

from __future__ import annotations

from engine.core import Action, find_choice
from engine.rules.airships import dice
from engine.rules.airships.rules import THROW, legal_actions, targets, throw_action
from engine.rules.airships.state import AirshipsState, Step


def legal_choice(state: AirshipsState, seat: int, action: Action) -> Action | None:
    """The legal action equal to `action`.

    Choosing a card is checked for that card alone: the menu would test the dice against every card on the
    table, which is most of the cost of a move. The other decisions' menus are short, so it looks in them."""
    if state.step is Step.CHOOSE_CARD and action.kind == THROW and seat == state.current:
        card = action.args[0] if len(action.args) == 1 else None
        if not isinstance(card, str) or card not in targets(state) or not dice.throwable(state, seat, [card]):
            return None
        return throw_action(state.data, card)
    return find_choice(legal_actions(state, seat), action)
