"""The baggage claim area: drawing and refilling, reservations, lost baggage, refreshes and the deck running out."""

from __future__ import annotations

from functools import cache

from engine.events import Event, Seat
from engine.rules.air_alliance import events
from engine.rules.air_alliance.events import listed
from engine.rules.air_alliance.data import Components
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.removal import remove_the_planeless
from engine.rules.air_alliance.state import CLAIM_SIZE, AirAllianceState
from engine.rules.rng import GameRng
from engine.words import count


p = Seat  # events name seats by value; a surface puts the players' names in


@cache
def route(data: Components, card_id: str) -> str:
    """'Polynesia → Cannes', the words a card goes by in events and menus."""
    c = data
    card = c.cards[card_id]
    return f"{c.airports[card.departure].name} → {c.airports[card.arrival].name}"


def miles(amount: int) -> str:
    return f"{amount:,} miles"


@cache
def card_words(data: Components, card_id: str) -> str:
    """'Polynesia → Cannes (4,000 miles)'."""
    return f"{route(data, card_id)} ({miles(data.cards[card_id].miles)})"


def passengers(data: Components, cards: list[str]) -> str:
    """'Honeymooners (4,000 miles)', 'Film Director and Surfer (9,000 miles)': the cards a flight carries, by the
    passenger printed on them (a flight's own words already say the route)."""
    return f"{listed([data.cards[card].passenger for card in cards])} ({miles(sum(data.cards[c].miles for c in cards))})"


def drawn_words(data: Components, drawn: list[str]) -> str:
    """'; Hong Kong → Tokyo is drawn' (the tail of an event), or '' when nothing was drawn."""
    if not drawn:
        return ""
    return f"; {listed([route(data, card) for card in drawn])} {'is' if len(drawn) == 1 else 'are'} drawn"


def refilled(state: AirAllianceState, drawn: list[str]) -> None:
    """The event of the claim refilling after a gain: its own line, so the gain's line stays short news."""
    if drawn:
        state.events.append(events.REFILLS.event(cards=listed([route(state.data, card) for card in drawn]),
                                               verb="is" if len(drawn) == 1 else "are"))


# The edition from which a flight carries only the passengers already waiting when it takes off: a card drawn
# later in the turn is not gained through flights made before it showed (edition 1 gained it at once).
WAITING_PASSENGERS = 2


# --- the deck -------------------------------------------------------------------------------------------------


def draw(state: AirAllianceState) -> str | None:
    """Turn over the top card; the moment the deck runs out, the active player shuffles the discards into a new one."""
    if not state.deck:
        return None  # every card is in play: the claim stays short
    card = state.deck.pop()
    state.draws += 1
    if not state.deck:
        run_out(state)
    return card


def run_out(state: AirAllianceState) -> None:
    """Last Turn: the discards become the new deck and, the first time, the last round is announced."""
    state.reshuffles += 1
    state.deck = GameRng(state.seed, f"reshuffle:{state.seq}:{state.reshuffles}").shuffled(state.discards)
    state.discards = []
    who, discards = p(state.current), count(len(state.deck), "discard")
    if state.last_round:
        state.events.append(events.RESHUFFLES.event(who=who, discards=discards))  # a second exhaustion only reshuffles
        return
    state.last_round = True
    state.final_turns = final_turns(state)
    if state.final_turns:
        state.events.append(events.LAST_ROUND.event(who=who, discards=discards, next=p(state.final_turns[0])))
    else:
        state.events.append(events.LAST_TURN.event(who=who, discards=discards))
    remove_the_planeless(state)


def final_turns(state: AirAllianceState) -> list[int]:
    """Who plays a last turn, in order, after the turn in which the deck ran out.

    Every player, the one who ran the deck out last; Kobe equal turns: only up to the last seat in order, so
    every player plays as many turns (all of them again when the last seat ran it out).
    """
    seat, n = state.current, state.players
    if state.kobe(Kobe.EQUAL_TURNS):
        return list(range(seat + 1, n)) if seat < n - 1 else list(range(n))
    return [(seat + k) % n for k in range(1, n + 1)]


def refill(state: AirAllianceState) -> list[str]:
    """Shift to the left (a list has no gaps) and fill the rightmost spaces from the deck: the cards drawn."""
    drawn: list[str] = []
    while len(state.claim) < CLAIM_SIZE:
        card = draw(state)
        if card is None:
            break
        state.claim.append(card)
        drawn.append(card)
        if state.edition >= WAITING_PASSENGERS:
            state.waiting_since[card] = len(state.flights)
    return drawn


# --- reservations -----------------------------------------------------------------------------------------------


def reservable(state: AirAllianceState) -> list[str]:
    """Claim cards with no marker on them (and, Kobe, off-board cards whose marker has been taken back)."""
    found = [card for card in state.claim if state.reserver(card) is None]
    if state.kobe(Kobe.RESERVE_OFF_BOARD):
        found += [card for card in state.off_board if state.reserver(card) is None]
    return found


def reserve(state: AirAllianceState, seat: int, card_id: str, cancellation: bool = False) -> Event:
    """Put the seat's marker on the card; Kobe: the card leaves the claim with it, which shifts and refills.

    Returns the event: `cancellation` when a player waiting for cancellation reserves it."""
    state.airlines[seat].reserved = card_id
    more = ""
    if card_id in state.off_board:
        state.off_board_owner[card_id] = seat
    elif state.kobe(Kobe.RESERVE_OFF_BOARD):
        state.off_board_owner[card_id] = seat
        state.claim.remove(card_id)
        state.off_board.append(card_id)
        more = ", moving it off the board" + drawn_words(state.data, refill(state))
    sentence = events.CANCELLATION if cancellation else events.RESERVES
    return sentence.event(who=p(seat), card=card_words(state.data, card_id), more=more)


def gainable(state: AirAllianceState, seat: int) -> list[str]:
    """The cards the seat could gain now: claim cards not reserved by another player, and (Kobe) the off-board
    card the seat reserved, whose marker came back at the start of this turn or still lies on it."""
    others = {a.reserved for s, a in enumerate(state.airlines) if s != seat and a.reserved is not None}
    found = [card for card in state.claim if card not in others]
    found += [card for card in state.off_board if card not in others and owns_off_board(state, seat, card)]
    return found


def owns_off_board(state: AirAllianceState, seat: int, card_id: str) -> bool:
    """Ruling (Kobe reserved cards): an off-board card can be gained only by the player who reserved it last."""
    return state.off_board_owner.get(card_id) == seat


def take(state: AirAllianceState, seat: int, card_id: str) -> None:
    """A gained card leaves the claim (or the off-board row) and its reservation, if any, ends."""
    if card_id in state.claim:
        state.claim.remove(card_id)
    else:
        state.off_board.remove(card_id)
        state.off_board_owner.pop(card_id, None)
    if state.airlines[seat].reserved == card_id:
        state.airlines[seat].reserved = None


# --- phase 2 and the last round's refresh -------------------------------------------------------------------------


def lost_baggage(state: AirAllianceState) -> None:
    """Phase 2: refill first, discard the leftmost card with no marker, shift and refill.

    Kobe reserved cards: an off-board card with no marker left on it is discarded along with it.
    """
    refill(state)
    lost = next((card for card in state.claim if state.reserver(card) is None), None)
    parts = []
    if lost is not None:
        state.claim.remove(lost)
        state.discards.append(lost)
        parts.append(f"{card_words(state.data, lost)} is discarded")
    for card in [c for c in state.off_board if state.reserver(c) is None]:
        state.off_board.remove(card)
        state.off_board_owner.pop(card, None)
        state.discards.append(card)
        parts.append(f"{route(state.data, card)}, no longer reserved, is discarded from off the board")
    what = "; ".join(parts) + drawn_words(state.data, refill(state))
    if what:
        state.events.append(events.LOST_BAGGAGE.event(what=what.removeprefix("; ")))


def refresh(state: AirAllianceState, seat: int) -> None:
    """Discard every claim card with no reservation marker and draw a full claim again."""
    kept = [card for card in state.claim if state.reserver(card) is not None]
    gone = [card for card in state.claim if card not in kept]
    state.discards.extend(gone)
    state.claim = kept
    drawn = refill(state)
    state.events.append(events.REFRESHES.event(who=p(seat), discarded=count(len(gone), "card"), drawn=len(drawn)))
