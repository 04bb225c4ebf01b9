"""Builders for the Air Alliance engine tests: tables laid out by hand, playing by action, and the invariants."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import engine
from engine.core import MAX_CHOICES, MAX_LABEL, Action
from engine.events import Event
from engine.rules.air_alliance import ai, events, runways
from engine.rules.air_alliance.alliance import top_icons
from engine.rules.air_alliance.data import NPA_COLOURS, PLAYER_COLOURS, Components, Shape, components
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.state import (
    CLAIM_SIZE,
    NPA_PLANES_ON_BOARD,
    AirAllianceState,
    Step,
    planes_per_airline,
)
from engine.rules.air_alliance.turn import begin_turn

GAME = engine.get_game("air-alliance")
C = components()
ALL_CARDS = sorted(C.cards)
ALL_KOBE = {kobe.value: True for kobe in Kobe}

# The rulebook's relay example: Polynesia -> Cannes -> Tokyo, and the three cards it gains at once.
POLYNESIA, CANNES, TOKYO = "U2", "E3", "A1"
HONEYMOONERS, FILM_DIRECTOR, SURFER = "p13", "p14", "p15"  # U2->E3, E3->A1, U2->A1


# Cards the flights of the tests never complete: they only fill the baggage claim.
FILLERS = ("p59", "p60", "p57", "p58", "p46", "p55", "p54", "p52")


def claim_with(*cards: str) -> tuple[str, ...]:
    """A full baggage claim: these cards first (leftmost), then fillers."""
    return (*cards, *[card for card in FILLERS if card not in cards][: 6 - len(cards)])


def code_of(name: str) -> str:
    return next(code for code, a in C.airports.items() if a.name == name)


# --- a table laid out by hand -----------------------------------------------------------------------------------------


def table(
    players: int = 2,
    *,
    current: int = 0,
    claim: tuple[str, ...] = (),
    deck_top: tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
) -> AirAllianceState:
    """A game at the start of `current`'s phase 1 (markers in hand) with exactly these claim cards.

    Every card not placed lies in the deck; `deck_top` are its next cards, first drawn first. The NPA planes
    stand on their stars (move them with `put`).
    """
    state = GAME.setup(players, 1, options or {})
    state.claim = list(claim)
    rest = [card for card in ALL_CARDS if card not in claim and card not in deck_top]
    state.deck = [*rest, *reversed(deck_top)]  # the top is the list's end
    state.events, state.turns = [], 0
    begin_turn(state, current)
    state.events = []
    return state


def lift(state: AirAllianceState, card_id: str) -> None:
    """Take a card from wherever it lies, so a test can put it somewhere else."""
    for pile in (state.deck, state.claim, state.discards, state.off_board, state.gained):
        if card_id in pile:
            pile.remove(card_id)
            return
    for airline in state.airlines:
        for pile in (*airline.slots, airline.score_pile):
            if card_id in pile:
                pile.remove(card_id)
                return
    raise AssertionError(f"card {card_id} is nowhere")


def boarding_pass(state: AirAllianceState, seat: int, *slots: tuple[str, ...]) -> None:
    """Lay these cards (bottom first) on the seat's three slots; the turn's markers start afresh."""
    for slot, cards in enumerate(slots):
        for card in cards:
            lift(state, card)
        state.airlines[seat].slots[slot] = list(cards)


def set_claim(state: AirAllianceState, *cards: str) -> None:
    for card in list(state.claim):
        state.deck.insert(0, card)  # to the bottom of the deck
    state.claim = []
    for card in cards:
        lift(state, card)
        state.claim.append(card)


def put(state: AirAllianceState, code: str, *colours: str | None) -> None:
    """Set an airport's runways (in place order), keeping every plane counted.

    Player planes come from (or go back to) their supply; an NPA plane comes from another airport holding that
    colour (its starred airports first) and one taken off goes back to a starred airport with room.
    """
    r = state.board[code]
    removed = [c for c in r if c is not None]
    state.board[code] = [*colours, *[None] * (len(r) - len(colours))]
    for colour in removed:
        if colour in PLAYER_COLOURS:
            state.airlines[PLAYER_COLOURS.index(colour)].supply += 1
        else:
            home = next(c for c in [*C.npa_start[colour], *state.board] if c != code and None in state.board[c]
                        and C.airports[c].allows(colour))
            runways.land(C.airports[home].shape, state.board[home], colour)
    for colour in colours:
        if colour in PLAYER_COLOURS:
            state.airlines[PLAYER_COLOURS.index(colour)].supply -= 1
        elif colour is not None:
            away = next(c for c in [*C.npa_start[colour], *state.board] if c != code and colour in state.board[c])
            runways.remove_at(C.airports[away].shape, state.board[away], state.board[away].index(colour))


# --- playing ----------------------------------------------------------------------------------------------------------


def act(state: AirAllianceState, kind: str, *args: str | int) -> AirAllianceState:
    """The seat to act takes an action (checked by apply like any other)."""
    return GAME.apply(state, GAME.to_act(state)[0], Action(kind, tuple(args)))


def keys(state: AirAllianceState) -> list[str]:
    return [a.key for a in GAME.legal_actions(state, GAME.to_act(state)[0])]


def fly(state: AirAllianceState, slot: int, icon: int, origin: str, destination: str) -> AirAllianceState:
    """One landing permit used: the icon, the plane's origin (an airport or 'supply'), the destination."""
    return act(act(act(state, "icon", slot, icon), "plane", origin), "land", destination)


def share(state: AirAllianceState, slot: int, icon: int, colour: str, origin: str, destination: str) -> AirAllianceState:
    """One code sharing icon used: the NPA plane and where it lands."""
    return act(act(act(state, "icon", slot, icon), "npa", colour, origin), "land", destination)


QUICK = ("keep", "no_alliance", "done", "stop", "keep_waiting", "reserve", "icon", "plane", "npa", "land", "place")


def finish_turn(state: AirAllianceState) -> AirAllianceState:
    """Play the current turn (extra turn included) to its end with the first quick choice of each decision."""
    seat, turns = state.current, state.airlines[state.current].turns
    while GAME.to_act(state) and state.current == seat and state.airlines[seat].turns == turns:
        legal = GAME.legal_actions(state, GAME.to_act(state)[0])
        action = min(legal, key=lambda a: QUICK.index(a.kind) if a.kind in QUICK else len(QUICK))
        state = GAME.apply(state, GAME.to_act(state)[0], action)
    if state.extra_turn and state.current == seat and GAME.to_act(state):
        return finish_turn(state)
    return state


def icon_index(state: AirAllianceState, seat: int, slot: int, label: str) -> int:
    """Which of the slot's three icons shows this label ('AM 1-2-3', 'Code sharing: black')."""
    return next(i for i, icon in enumerate(top_icons(state, seat, slot)) if icon.label == label)


# --- invariants, cheap enough to check after every action of thousands of games ----------------------------------------


def card_places(state: AirAllianceState) -> list[str]:
    found = [*state.deck, *state.claim, *state.off_board, *state.discards, *state.gained]
    for airline in state.airlines:
        found += airline.cards()
    return found


def check_cards(state: AirAllianceState) -> None:
    found = card_places(state)
    if sorted(found) != ALL_CARDS:
        missing = sorted(set(ALL_CARDS) - set(found))
        doubled = sorted({c for c in found if found.count(c) > 1})
        raise AssertionError(f"cards not conserved: missing {missing}, in two places {doubled}")
    assert len(state.claim) <= CLAIM_SIZE, state.claim


def check_planes(state: AirAllianceState, npa_total: int = NPA_PLANES_ON_BOARD) -> None:
    on_board: dict[str, int] = {}
    for r in state.board.values():
        for colour in r:
            if colour is not None:
                on_board[colour] = on_board.get(colour, 0) + 1
    for airline in state.airlines:
        total = on_board.get(airline.colour, 0) + airline.supply
        assert total == planes_per_airline(state.edition), f"{airline.colour}: {total} planes (board + supply)"
        assert airline.supply >= 0
    for colour in NPA_COLOURS:
        assert on_board.get(colour, 0) == npa_total, f"{colour}: {on_board.get(colour, 0)} NPA planes"
    unseated = set(on_board) - set(NPA_COLOURS) - {a.colour for a in state.airlines}
    assert not unseated, f"planes of colours nobody plays: {unseated}"


@cache
def allows(data: Components) -> dict[str, set[str | None]]:
    """Per airport, the colours its silhouettes let land (and None, a free place), for the game's components."""
    return {code: {c for c in (*PLAYER_COLOURS, *NPA_COLOURS) if a.allows(c)} | {None} for code, a in data.airports.items()}


SHAPES = {code: (a.shape, a.capacity) for code, a in C.airports.items()}


def check_airports(state: AirAllianceState) -> None:
    """No airport over capacity, only the colours it allows, planes packed as the shape says."""
    allowed = allows(state.data)
    for code, r in state.board.items():
        shape, capacity = SHAPES[code]
        assert len(r) == capacity, f"{code}: {len(r)} places"
        assert set(r) <= allowed[code], f"{code} holds a plane it does not allow: {r}"
        if shape is Shape.REVERSE_Y:
            assert r[0] is not None or r[1] is None and r[2] is None, f"{code}: the reverse Y queue has a gap: {r}"
            assert r[1] is not None or r[2] is None, f"{code}: the reverse Y queue has a gap: {r}"
        elif shape is Shape.Y:
            assert r[2] is None or (r[0] is not None and r[1] is not None), f"{code}: a plane waits on 02 by a free 01"


def check_alliances(state: AirAllianceState) -> None:
    seen: list[str] = []
    for area in state.alliances:
        assert len(area) <= 4, area
        if area:
            assert any(c in NPA_COLOURS for c in area) and any(c not in NPA_COLOURS for c in area), area
        seen += area
    assert len(seen) == len(set(seen)), f"a colour marks two alliances: {state.alliances}"


def check_choices(state: AirAllianceState, legal: list[Action]) -> None:
    """The choices of a decision: some, at most one menu's worth, labels that fit, keys that differ."""
    if legal:
        assert 0 < len(legal) <= MAX_CHOICES, f"{len(legal)} choices at {state.step}"
        assert all(len(a.label) <= MAX_LABEL for a in legal)
        assert len({a.key for a in legal}) == len(legal), "two choices with one key"


def check_news(state: AirAllianceState) -> None:
    """Every event of the last action was emitted from a sentence of the catalogue, which words and weighs it."""
    for event in state.events:
        assert isinstance(event, Event) and event.key in events.SENTENCES, f"{event!r}: add it to events.SENTENCES"
        events.SENTENCES.words(event, edition=state.edition)  # every blank its words need


def check_all(state: AirAllianceState) -> None:
    check_news(state)
    check_cards(state)
    check_planes(state)
    check_airports(state)
    check_alliances(state)


class Player:
    """Random legal play that leans towards what makes a game interesting: flights that gain, alliances."""

    def __init__(self, seed: int, greedy: float = 0.08) -> None:
        self.rng = random.Random(seed)
        self.greedy = greedy  # the share of decisions taken by the greedy AI: more cards gained, more alliances

    def __call__(self, state: AirAllianceState, seat: int, legal: list[Action]) -> Action:
        if self.rng.random() < self.greedy:
            return ai.greedy(state, seat, self.rng)
        if state.step is Step.ALLIANCE and self.rng.random() < 0.7:
            return legal[0]
        if len(legal) > 1 and self.rng.random() < 0.9:
            # Going back or stopping early now and then is enough to test them; mostly, play on.
            legal = [a for a in legal if a.kind not in ("back", "stop")] or legal
        return self.rng.choice(legal)
