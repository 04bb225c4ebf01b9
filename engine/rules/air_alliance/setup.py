"""Air Alliance's setup: the shuffled deck, the baggage claim and the NPA planes on their stars."""

from __future__ import annotations

from typing import Any

from engine.options import edition_of, pack_of

from engine.rules.air_alliance import runways
from engine.rules.air_alliance.data import EDITION, NPA_COLOURS, PLAYER_COLOURS, components
from engine.rules.air_alliance.options import read_options
from engine.rules.air_alliance.state import CLAIM_SIZE, AirAllianceState, Airline, planes_per_airline
from engine.rules.air_alliance.turn import begin_turn
from engine.rules.rng import GameRng


def new_table(players: int, seed: int, options: dict[str, Any]) -> AirAllianceState:
    """A new game as its first decision finds it: the data checked, the table prepared, the first turn begun."""
    components()  # validate the data before the first game, naming any bad entry
    state = setup_state(players, seed, options, edition_of(options, EDITION))
    begin_turn(state, 0)  # the start player's first turn
    return state


def setup_state(players: int, seed: int, options: dict[str, Any], edition: int) -> AirAllianceState:
    """Preparations: the shuffled deck, six cards in the baggage claim, the twelve NPA planes on their stars, and
    each player's four planes in their supply (the fifth, beside the board, marks their alliances)."""
    pack = pack_of(options)
    c = components(edition, pack)
    kobe = read_options(options)
    deck = GameRng(seed, "setup").shuffled(sorted(c.cards))
    board = {code: runways.empty(airport.shape) for code, airport in c.airports.items()}
    for colour in NPA_COLOURS:
        for code in c.npa_start[colour]:
            board[code][0] = colour  # "place the plane on either of the runways"
    airlines = [Airline(PLAYER_COLOURS[seat], supply=planes_per_airline(edition)) for seat in range(players)]
    state = AirAllianceState(players=players, seed=seed, options=kobe, deck=deck, claim=[], board=board,
                             airlines=airlines, edition=edition, pack=pack, data=c)
    for _ in range(CLAIM_SIZE):
        state.claim.append(state.deck.pop())
    return state
