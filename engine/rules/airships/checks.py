"""Airships' fast legality check: the action `apply` plays, or None when it is not one of the choices."""

from __future__ import annotations

from engine.core import Action, find_choice
from engine.rules.airships.rules import legal_actions
from engine.rules.airships.state import AirshipsState


def legal_choice(state: AirshipsState, seat: int, action: Action) -> Action | None:
    """The legal action equal to `action`; Airships' menus are short, so it looks in the menu itself."""
    return find_choice(legal_actions(state, seat), action)
