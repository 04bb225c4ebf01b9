"""Airships scoring: victory points, the airships-built tie-break, and the outcome."""

from __future__ import annotations

from engine.core import Outcome, rank
from engine.rules.airships.state import AirshipsState


def victory_points(state: AirshipsState, seat: int) -> int:
    """Stars on the cards still held, airships, and Hindenburg phases (higher values only if complete)."""
    c = state.data
    company = state.companies[seat]
    points = sum(c.expansions[card].vp for card in company.departments.values())
    points += sum(c.airships[card].vp for card in company.airships)
    complete = state.hindenburg_complete
    for number in company.phases:
        phase = c.hindenburg[number - 1]
        points += phase.vp_high if complete else phase.vp_low
    return points


def airships_built(state: AirshipsState, seat: int) -> int:
    """The tie-break: 'each construction phase of the Hindenburg is equivalent to one airship'."""
    company = state.companies[seat]
    return len(company.airships) + len(company.phases)


def outcome(state: AirshipsState) -> Outcome | None:
    if not state.over:
        return None
    scores = tuple(victory_points(state, seat) for seat in range(state.players))
    built = tuple(airships_built(state, seat) for seat in range(state.players))
    ending = "the Hindenburg is complete" if state.hindenburg_complete else "the airship piles are down to one card each"
    if not state.hindenburg_complete and not all(len(pile) <= 1 for pile in state.fields):
        ending = "no one could throw for any card"
    return Outcome(scores=scores, ranking=rank(scores, built), tiebreak=built, details=f"Game over: {ending}.",
                   tiebreak_words=("airship built", "airships built"))
