"""Gaining passengers: the cards a flight carries, and the choice to leave one waiting where leaving can matter."""

from __future__ import annotations

import copy
from functools import cache
from typing import NamedTuple

from engine.events import Event
from engine.rules.air_alliance import events
from engine.rules.air_alliance.alliance import partners, top_icons
from engine.rules.air_alliance.claim import gainable, p, passengers, refill, refilled, take
from engine.rules.air_alliance.data import NPA_COLOURS, Components, IconKind
from engine.rules.air_alliance.state import SLOTS, AirAllianceState, Flight

# The edition from which gaining is a choice ("you can gain that Passenger Card"), asked where leaving the card
# can matter; edition 1 gained every card a flight carried.
OPTIONAL_GAINS = 2
# A code sharing colour the boarding pass shows on this many slots is an alliance in the making: a card that
# would cover one is worth a question (all three slots of one colour form an alliance).
SAVED = 2


# --- relays -------------------------------------------------------------------------------------------------------


def reachable(flights: list[Flight], departure: str) -> set[str]:
    """Airports a passenger from `departure` can reach on this turn's flights, each leaving where the previous
    one landed, later in the turn: 'an indirect or transit flight' in relay."""
    reach = {departure}
    for flight in flights:
        if flight.origin in reach:
            reach.add(flight.destination)
    return reach


def covered(data: Components, flights: list[Flight], card_id: str) -> bool:
    card = data.cards[card_id]
    return card.arrival in reachable(flights, card.departure)


def carried(state: AirAllianceState, flights: list[Flight], card_id: str) -> bool:
    """Whether these flights of the turn carry the card's passenger to its arrival: only the flights made since
    the passenger began to wait (ruling: a card drawn after its route was flown is not gained through it)."""
    return covered(state.data, flights[state.waiting_since.get(card_id, 0):], card_id)


# --- gaining ------------------------------------------------------------------------------------------------------


def offer(state: AirAllianceState, seat: int) -> None:
    """After a flight: the cards whose passengers this turn's flights now carry to their arrival, in claim order."""
    state.offered = [card for card in gainable(state, seat) if carried(state, state.flights, card)]


class Settled(NamedTuple):
    """What settling an offer did: the cards gained at once, the card now asked about, the cards drawn."""

    gained: list[str]
    asked: str | None
    drawn: list[str]

    def words(self, state: AirAllianceState, seat: int) -> Event | str:
        """The tail of the event after what was gained: '; ann can gain Art Student (2,000 miles) or leave it
        waiting' (the cards drawn have an event of their own, claim.refilled); nothing when no card is asked."""
        if self.asked is None:
            return ""
        return events.CAN_GAIN.event(who=p(seat), cards=passengers(state.data, [self.asked]))


def settle(state: AirAllianceState, seat: int, answered: bool = False) -> Settled:
    """Gain the offered cards in turn while leaving one could not matter; stop at one the player must answer.

    Once the offer is settled after a gain (or an answer) the claim refills; edition 1 (ruling): a drawn card the
    turn's flights already cover is offered, and gained, at once.
    """
    gained: list[str] = []
    drawn: list[str] = []
    while True:
        while state.offered and not may_leave(state, seat, state.offered[0]):
            card = state.offered.pop(0)
            gain(state, seat, card)
            gained.append(card)
            answered = True
        if state.offered or not answered:
            break
        drawn.extend(refill(state))
        offer(state, seat)
        answered = False
    return Settled(gained, state.offered[0] if state.offered else None, drawn)


def gain(state: AirAllianceState, seat: int, card_id: str) -> None:
    take(state, seat, card_id)
    state.gained.append(card_id)
    state.gained_this_turn += 1


def answer(state: AirAllianceState, seat: int, card_id: str, gained: bool) -> None:
    """The player gains the offered card or leaves it waiting; then the rest of the offer is settled."""
    state.offered.remove(card_id)
    if gained:
        gain(state, seat, card_id)
    else:
        # The passenger keeps waiting: only a flight made from now on may carry them (carried).
        state.waiting_since[card_id] = len(state.flights)
    settled = settle(state, seat, answered=True)
    who, after, won = p(seat), settled.words(state, seat), ([card_id] if gained else []) + settled.gained
    left = state.data.cards[card_id].passenger
    if gained:
        state.events.append(events.GAINS.event(who=who, cards=passengers(state.data, won), after=after))
    elif won:
        state.events.append(events.LEAVES_AND_GAINS.event(who=who, card=left, cards=passengers(state.data, won),
                                                        after=after))
    else:
        state.events.append(events.LEAVES.event(who=who, card=left, after=after))
    refilled(state, settled.drawn)


def gained_at_once(state: AirAllianceState, seat: int, cards: list[str]) -> int:
    """How many of `cards` (a flight's, in claim order) settle would gain without asking: the first one the player
    may decline, and those after it, wait for an answer. The state is only looked at, through a shallow copy."""
    if state.edition < OPTIONAL_GAINS:
        return len(cards)
    probe = copy.copy(state)
    probe.gained = list(state.gained)
    for index, card in enumerate(cards):
        if may_leave(probe, seat, card):
            return index
        probe.gained.append(card)
    return len(cards)


# --- when leaving a card can matter ---------------------------------------------------------------------------------


def may_leave(state: AirAllianceState, seat: int, card_id: str) -> bool:
    """Whether the player is asked: from edition 2, when gaining the card could cost a code sharing colour that
    two or three slots of the boarding pass show (an alliance in the making), not already the player's ally."""
    return state.edition >= OPTIONAL_GAINS and bool(colours_at_stake(state, seat, card_id))


def colours_at_stake(state: AirAllianceState, seat: int, card_id: str) -> list[tuple[str, int, int]]:
    """(colour, slots it can show after flight control without the card, with it) for each colour it would cost."""
    flags = {colour: tuple(colour in slot_colours(state, seat, slot) for slot in range(SLOTS)) for colour in NPA_COLOURS}
    covered = frozenset(state.covered_slots)
    found = []
    for colour in NPA_COLOURS:
        if colour in partners(state, seat) or sum(flags[colour]) < SAVED:
            continue  # no alliance in the making, or one with an NPA already in the player's alliance
        showing = sum(1 for card in state.gained if colour in card_colours(state, card))
        others = len(state.gained) - showing
        without = most_showing(flags[colour], covered, showing, others)
        shows = colour in card_colours(state, card_id)
        with_card = most_showing(flags[colour], covered, showing + shows, others + (not shows))
        if with_card < without:
            found.append((colour, without, with_card))
    return found


def slot_colours(state: AirAllianceState, seat: int, slot: int) -> set[str]:
    return {c for icon in top_icons(state, seat, slot) if icon.kind is IconKind.CODE_SHARING for c in icon.npa}


def card_colours(state: AirAllianceState, card_id: str) -> set[str]:
    return {c for icon in state.data.cards[card_id].icons if icon.kind is IconKind.CODE_SHARING for c in icon.npa}


@cache
def most_showing(flags: tuple[bool, ...], covered: frozenset[int], showing: int, others: int) -> int:
    """The most slots that can show a colour once flight control has placed this turn's cards still to place
    (`showing` of them show it, `others` do not): they go on slots no card of this turn covers yet, and anywhere
    once each slot has one (turn.open_slots)."""
    if not showing and not others:
        return sum(flags)
    open_slots = range(SLOTS) if len(covered) >= SLOTS else [s for s in range(SLOTS) if s not in covered]
    best = 0
    for slot in open_slots:
        for shows, left in ((True, showing), (False, others)):
            if left:
                placed = tuple(shows if i == slot else flag for i, flag in enumerate(flags))
                best = max(best, most_showing(placed, covered | {slot}, showing - shows, others - (not shows)))
    return best
