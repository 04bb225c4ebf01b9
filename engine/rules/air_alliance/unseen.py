"""What a seat cannot see, dealt again: in Air Alliance only the passenger deck's order and the shuffles to come."""

from __future__ import annotations

from engine.core import Dealer
from engine.rules.air_alliance.state import AirAllianceState

# Everything else is on the table for all to see, or was: the baggage claim, the cards off the board, the boarding
# passes and the planes lie face up; each discard, covered card and score pile card was face up when it went there
# (the log names it), so the deck's make-up is known to all, as every card of the box minus those. Nothing is
# secret to one seat alone, so a seat sees exactly what the table sees.


def redeal(state: AirAllianceState, seat: int | None, dealer: Dealer) -> AirAllianceState:
    """A copy of the table with the deck's cards in a new random order and a new seed for the reshuffles still to
    come (the discards' new deck when the deck runs out). The deck is sorted before it is shuffled, so the result
    depends on the dealer and what the table can see, never on the real order; `seat` changes nothing."""
    dealt = state.copy()
    dealt.events = list(state.events)  # copy() starts a move's events afresh; a re-deal keeps the last move's
    deck = sorted(state.deck)
    dealer.shuffle(deck)
    dealt.deck = deck
    dealt.seed = dealer.getrandbits(62)
    return dealt
