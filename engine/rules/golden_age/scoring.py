"""1930 scoring: each player's money plus their stock tokens at market price; tied players share the win."""

from __future__ import annotations

from engine.core import Outcome, rank
from engine.rules.golden_age.market import value_of
from engine.rules.golden_age.state import GoldenAgeState


def outcome(state: GoldenAgeState) -> Outcome | None:
    """After the final flight: the most money (tokens counted at market value) wins; the rulebook breaks no ties."""
    if not state.over:
        return None
    scores = tuple(value_of(state, seat) for seat in range(state.players))
    return Outcome(scores=scores, ranking=rank(scores, (0,) * state.players), unit="dollars",
                   details="Game over: six turns and the final flight have been played.")
