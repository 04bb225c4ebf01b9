"""What a seat cannot see, dealt again: the expansion pile's order, the airships under the tops and in the box, the dice."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial

from engine.core import Dealer
from engine.rules.airships.records import Components
from engine.rules.airships.state import AirshipsState

SEED_BITS = 62  # the dice to come: GameRng(seed, seq) draws every throw from the seed

# Airships has no hand and no secret of one player: every seat sees exactly what the table sees. Unseen are
# - the expansion pile's order: its make-up is public (every expansion not yet turned over) and so is each card's
#   back (Era 2 at the bottom, the Change of Era on it, Era 1 on top), not which card of a back lies where;
# - the airships under each field's top and the six left in the box at setup: which of them lie where, within
#   one back (dark, medium, light), for each field shows only its top card and how many lie beneath;
# - the seed of the dice still to come.
# Everything else (the display, the companies, the cards out of the game, the last throw) was face up.

Place = tuple[list[str], int]  # a list of card ids and an index in it: one face-down spot


def redeal(state: AirshipsState, seat: int | None, dealer: Dealer) -> AirshipsState:
    """A copy of `state` with the unseen dealt again, the same for any seat (nobody holds a secret of their own).

    Each group of unseen cards is sorted before it is shuffled and the spots are visited in the table's order, so
    the result depends only on what the table sees and on the dealer: never on where the cards really lay.
    """
    new = state.copy()
    new.events = list(state.events)  # copy() clears them for the next move; the re-dealt table still shows them
    deal_again(pile_places(new), partial(pile_back, new.data), dealer)
    deal_again(airship_places(new), partial(airship_back, new.data), dealer)
    new.seed = dealer.getrandbits(SEED_BITS)
    return new


def pile_back(data: Components, card_id: str) -> str:
    """What the back of a pile card tells: its era, or that it is the Change of Era."""
    return "change of era" if card_id == data.change_of_era else data.expansions[card_id].era.value


def airship_back(data: Components, card_id: str) -> str:
    return data.airships[card_id].back.value


def pile_places(state: AirshipsState) -> list[Place]:
    """Every card of the face-down pile, bottom first."""
    return [(state.pile, i) for i in range(len(state.pile))]


def airship_places(state: AirshipsState) -> list[Place]:
    """Every airship nobody sees: under each field's top (field by field, bottom first), then in the box."""
    places: list[Place] = [(pile, i) for pile in state.fields for i in range(len(pile) - 1)]
    airships = state.data.airships
    # The box shares `removed` with face-up cards that left the game: only its airships were never seen.
    return places + [(state.removed, i) for i, card_id in enumerate(state.removed) if card_id in airships]


def deal_again(places: list[Place], back: Callable[[str], Hashable], dealer: Dealer) -> None:
    """Shuffle the cards of each back among the spots of that back (in place); backs dealt in their first spot's order."""
    groups: dict[Hashable, list[Place]] = {}
    for cards, i in places:
        groups.setdefault(back(cards[i]), []).append((cards, i))
    for spots in groups.values():  # insertion order: the order of the spots, which the table sees
        cards = sorted(held[i] for held, i in spots)
        dealer.shuffle(cards)
        for (held, i), card_id in zip(spots, cards):
            held[i] = card_id
