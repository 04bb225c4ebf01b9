"""1930's choice words: each menu's labels already say what a choice brings, so explain adds no details."""

from __future__ import annotations

from engine.core import Action
from engine.rules.golden_age.state import GoldenAgeState


def explain(state: GoldenAgeState, seat: int, actions: list[Action]) -> list[Action]:
    """The same choices: a 1930 label names the airline, the city or the price, which is all a choice brings."""
    return actions
