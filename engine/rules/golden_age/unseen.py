"""What a seat cannot see, dealt again: 1930's secret contracts (the other hands and the undealt cards)."""

from __future__ import annotations

from engine.core import Dealer
from engine.rules.golden_age.end_of_turn import EVERYONE_ASKED, eligible
from engine.rules.golden_age.state import GoldenAgeState, Phase, Step

# The first edition: re-deals tried for the player being asked, whose hand the table knows can play a card now,
# before one of the cards that could is simply put in it.
TRIES = 20
SEED_BITS = 62

Hands = dict[int, list[int]]  # seat -> its contracts, in the order of its hand


def redeal(state: GoldenAgeState, seat: int | None, dealer: Dealer) -> GoldenAgeState:
    """A copy with every contract `seat` cannot see dealt again (None: every hand), and a new seed.

    What the table knows of a hand stays: how many cards it holds and their values (everyone was dealt one of
    each value, and each card played is shown with who played it). So each hidden card is swapped for an unseen
    card of its value. Nothing else of 1930 is hidden: the tiles are open, the turn-order cards dealt face up, and
    no die is thrown after the deal. The unseen cards are sorted before they are shuffled, so the result depends
    on what the seat can see and the dealer alone. The input is never changed."""
    hidden = [other for other in range(state.players) if other != seat]
    value = values_of(state)
    values = {other: [value[n] for n in state.seats[other].contracts] for other in hidden}
    pools = unseen(state, seat)
    asker = asked_player(state, hidden)
    hands, deck = deal(pools, values, dealer)
    for _ in range(TRIES - 1):
        if asker is None or can_play(state, hands[asker]):
            break
        hands, deck = deal(pools, values, dealer)
    if asker is not None and not can_play(state, hands[asker]):
        hands, deck = given_a_playable(state, asker, hands, deck, dealer)
    chosen = state.contract
    if asker is not None and state.step is Step.CONTRACT_AIRLINE:  # the first edition's card, chosen in secret
        playable = sorted(n for n in hands[asker] if eligible(state, n))
        chosen = playable[int(dealer.random() * len(playable))]
    return dealt(state, hands, deck, chosen, dealer.getrandbits(SEED_BITS))


def values_of(state: GoldenAgeState) -> dict[int, int]:
    """Each contract's value by its number."""
    return {card.number: card.value for card in state.data.contracts}


def unseen(state: GoldenAgeState, seat: int | None) -> dict[int, list[int]]:
    """The cards `seat` cannot see, by value, in number order: the game's contracts less those played and its own."""
    seen = set(state.discards) | (set(state.seats[seat].contracts) if seat is not None else set())
    pools: dict[int, list[int]] = {}
    for card in state.data.contracts_for(state.players):
        if card.number not in seen:
            pools.setdefault(card.value, []).append(card.number)
    return {value: sorted(cards) for value, cards in sorted(pools.items())}


def asked_player(state: GoldenAgeState, hidden: list[int]) -> int | None:
    """The first edition asked only a player who could play a contract now, so the table knows the hand of the
    player being asked holds one (a hidden hand only: a seat's own is kept as it is)."""
    if state.edition >= EVERYONE_ASKED or state.phase is not Phase.CONTRACTS or state.current not in hidden:
        return None
    return state.current


def can_play(state: GoldenAgeState, hand: list[int]) -> bool:
    return any(eligible(state, n) for n in hand)


def deal(pools: dict[int, list[int]], values: dict[int, list[int]], dealer: Dealer) -> tuple[Hands, list[int]]:
    """Each pool shuffled; every hidden hand gets a card of each of its values, in seat order; the rest is the
    undealt deck, by value as the setup leaves it."""
    shuffled = {value: list(cards) for value, cards in pools.items()}
    for cards in shuffled.values():
        dealer.shuffle(cards)
    hands = {seat: [shuffled[value].pop() for value in hand] for seat, hand in values.items()}
    return hands, [n for value in sorted(shuffled) for n in shuffled[value]]


def given_a_playable(state: GoldenAgeState, asker: int, hands: Hands, deck: list[int],
                     dealer: Dealer) -> tuple[Hands, list[int]]:
    """The deal with one unseen card that can be played now, of a value the asked player holds, swapped into
    their hand (the real deal shows there is one)."""
    value = values_of(state)
    wanted = {value[n] for n in hands[asker]}
    cards = sorted(n for n in [*deck, *(n for hand in hands.values() for n in hand)]
                   if value[n] in wanted and eligible(state, n))
    if not cards:  # only a table the rules could not reach: nothing the hand could hold is playable
        return hands, deck
    card = cards[int(dealer.random() * len(cards))]
    place = next(i for i, n in enumerate(hands[asker]) if value[n] == value[card])
    old = hands[asker][place]
    swapped = {seat: [old if n == card else n for n in hand] for seat, hand in hands.items()}
    swapped[asker][place] = card
    return swapped, [old if n == card else n for n in deck]


def dealt(state: GoldenAgeState, hands: Hands, deck: list[int], chosen: int, seed: int) -> GoldenAgeState:
    """A copy of the state holding the new deal. The state an operation under way goes back to on 'cancel' holds
    the same deal: contracts change hands only at End of Turn, when no operation is under way."""
    new = state.copy()
    new.events = list(state.events)  # a copy starts a move's events afresh; the view shows the last move's
    for seat, hand in hands.items():
        new.writable_seat(seat).contracts = list(hand)
    new.contract_deck, new.contract, new.seed = list(deck), chosen, seed
    if state.before is not None:
        new.before = dealt(state.before, hands, deck, state.before.contract, seed)
    return new
