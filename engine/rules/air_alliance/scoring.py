"""Air Alliance scoring: the miles of every card gained, trio bonuses, the Kobe economy bonus, and the outcome."""

from __future__ import annotations

from engine.core import Outcome, rank
from engine.rules.air_alliance.data import Travel
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.state import AirAllianceState

TRIO_BONUS = 30_000  # "each Trio Set is worth 30,000 bonus miles"
ECONOMY_BONUS = 10_000  # Kobe: "an additional 10,000 miles for every five ECONOMY CLASS Passenger Cards"
ECONOMY_SET = 5


def trios(state: AirAllianceState, seat: int) -> list[str]:
    """The trios the seat holds all three cards of (each trio has exactly three cards in the game)."""
    c = state.data
    held = set(state.airlines[seat].cards())
    return [name for name in c.trios
            if len(members := [card for card in c.cards.values() if card.trio == name]) == 3
            and all(card.id in held for card in members)]


def economy_cards(state: AirAllianceState, seat: int) -> int:
    c = state.data
    return sum(1 for card in state.airlines[seat].cards() if c.cards[card].travel is Travel.ECONOMY)


def card_miles(state: AirAllianceState, seat: int) -> int:
    c = state.data
    return sum(c.cards[card].miles for card in state.airlines[seat].cards())


def miles_of(state: AirAllianceState, seat: int) -> int:
    """Score pile and boarding pass alike, plus 30,000 per trio and (Kobe) 10,000 per five economy cards."""
    total = card_miles(state, seat) + TRIO_BONUS * len(trios(state, seat))
    if state.kobe(Kobe.ECONOMY):
        total += ECONOMY_BONUS * (economy_cards(state, seat) // ECONOMY_SET)
    return total


def outcome(state: AirAllianceState) -> Outcome | None:
    """Most miles wins; the rulebook has no tie-break, so tied players share the place."""
    if not state.over:
        return None
    scores = tuple(miles_of(state, seat) for seat in range(state.players))
    return Outcome(scores=scores, ranking=rank(scores, (0,) * state.players), unit="miles",
                   details="Game over: the last round has been played.")
