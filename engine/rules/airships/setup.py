"""Airships' setup: the table laid out and the companies dealt, as 'Preparing the game' describes."""

from __future__ import annotations

from typing import Any

from engine.options import edition_of, pack_of
from engine.rules.airships.data import EDITION, components
from engine.rules.airships.rules import begin_go
from engine.rules.airships.records import NATIONS, Back, Department, Era
from engine.rules.airships.state import (
    AIRSHIP_FIELDS, DISPLAY_FIELDS, FIRST_PLAYER_CHIPS, OTHER_PLAYER_CHIPS, STARTING_DISPLAY, AirshipsState, Company,
    Step, place_in_display,
)
from engine.rules.rng import GameRng


def new_table(players: int, seed: int, options: dict[str, Any]) -> AirshipsState:
    """A new game as its first decision finds it: the data checked, the table laid out, the first go begun."""
    components(EDITION, pack_of(options))  # validate the data before the first game, naming any bad entry
    edition_of(options, EDITION)  # Airships has one edition so far: only a wrong one is refused
    state = setup_state(players, seed, options)
    begin_go(state, 0)  # the starting player's first go begins with turning over a card
    return state


def setup_state(players: int, seed: int, options: dict[str, Any]) -> AirshipsState:
    """Prepare the game exactly as 'Preparing the game' describes, for 2 to 4 players."""
    pack = pack_of(options)
    c = components(EDITION, pack)
    rng = GameRng(seed, "setup")
    removed: list[str] = []

    # Dark at the bottom, then medium, then light on top; two of each back stay in the box.
    fields: list[list[str]] = [[] for _ in range(AIRSHIP_FIELDS)]
    for back in (Back.DARK, Back.MEDIUM, Back.LIGHT):
        cards = rng.shuffled([a.id for a in c.airships.values() if a.back is back])
        for pile, card in zip(fields, cards):
            pile.append(card)
        removed.extend(cards[AIRSHIP_FIELDS:])

    def era_cards(era: Era) -> list[str]:
        return rng.shuffled([e.id for e in c.expansions.values() if e.era is era])

    # Era 2 at the bottom, the Change of Era card on it, Era 1 on top (the top is the list's end).
    pile = [*era_cards(Era.ERA_2), c.change_of_era, *era_cards(Era.ERA_1)]
    starters = era_cards(Era.STARTER)
    # Seats beyond the player count leave their nation's material in the box ("surplus material").
    companies = [
        Company(
            nation=NATIONS[seat],
            departments={c.expansions[starters[seat]].department: starters[seat]},
            chips=FIRST_PLAYER_CHIPS if seat == 0 else OTHER_PLAYER_CHIPS,
            chips_in_supply=c.chips_per_nation - (FIRST_PLAYER_CHIPS if seat == 0 else OTHER_PLAYER_CHIPS),
        )
        for seat in range(players)
    ]
    state = AirshipsState(
        players=players,
        seed=seed,
        seq=0,
        era=1,
        pile=pile,
        display={d: [None] * DISPLAY_FIELDS for d in Department},
        fields=fields,
        hindenburg=[None] * len(c.hindenburg),
        wooden_airship=None,
        companies=companies,
        current=0,
        step=Step.CHOOSE_CARD,
        removed=removed,
        pack=pack,
        data=c,
    )
    for card in starters[players:]:
        place_in_display(state, card)
    while on_display(state) < STARTING_DISPLAY:
        place_in_display(state, state.pile.pop())
    return state


def on_display(state: AirshipsState) -> int:
    return sum(1 for row in state.display.values() for card in row if card is not None)
