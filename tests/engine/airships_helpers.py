"""Builders for the Airships engine tests: tables laid out by hand, scripted dice, and the invariants."""

from __future__ import annotations

import itertools
from typing import Any

import engine
from engine.core import MAX_CHOICES, MAX_LABEL, Action
from engine.rules.airships import dice as airship_dice
from engine.events import Event
from engine.rules.airships.events import SENTENCES
from engine.rules.airships.data import components
from engine.rules.airships.records import Colour, Department, Era
from engine.rules.airships.state import (
    AIRSHIP_FIELDS,
    DISPLAY_FIELDS,
    AirshipsState,
    Step,
    Throw,
    place_in_display,
)
from engine.rules.rng import GameRng

GAME = engine.get_game("airships")
C = components()
CHANGE_OF_ERA = C.change_of_era
CHIPS_PER_NATION = C.chips_per_nation
ALL_CARDS = sorted([*C.airships, *C.expansions, CHANGE_OF_ERA])

# Fields whose tops are the light airships 1-4: white-only throws (2 white dice, the dice every company starts
# with, open them all) that leave every pile with 3 cards.
STANDARD_FIELDS = [[f"a-dark-{i}", f"a-medium-{i}", f"a-light-{i}"] for i in range(1, AIRSHIP_FIELDS + 1)]
# Fields no company without black dice can throw for, none of them empty (the Hindenburg stays shut).
BLACK_FIELDS = [["a-dark-1", "a-dark-2"], ["a-dark-3", "a-dark-4"], ["a-dark-5"], ["a-dark-6"]]
# Starter cards worth one real white die, one per seat: with the entrepreneur, the 2 white dice
# every company starts with.
WHITE_STARTERS = ("s-hangars", "s-financiers", "s-materials", "s-engines")


# --- a table laid out by hand ---------------------------------------------------------------------


def table(
    players: int = 2,
    *,
    era: int = 1,
    current: int = 0,
    display: tuple[str, ...] = (),
    fields: list[list[str]] | None = None,
    pile: list[str] | None = None,
) -> AirshipsState:
    """A game at the start of `current`'s acquisition step with exactly these cards on the table.

    Companies hold only their entrepreneur (use `give`); chips are the setup's 3 / 4. Every card not
    placed lies in `removed`, so the cards stay conserved. The default pile is every other expansion
    card, Era 2 under the Change of Era (only in era 1) under Era 1.
    """
    state = GAME.setup(players, 1, {})
    state.era, state.current, state.step = era, current, Step.CHOOSE_CARD
    state.display = {d: [None] * DISPLAY_FIELDS for d in Department}
    state.fields = [list(p) for p in (STANDARD_FIELDS if fields is None else fields)]
    state.hindenburg = [None] * len(C.hindenburg)
    state.wooden_airship = None
    state.chosen = state.pending = state.last_throw = None
    state.passes_in_a_row = 0
    state.events = []
    for company in state.companies:
        company.departments, company.airships, company.phases = {}, [], []
    for card in display:
        place_in_display(state, card)
    placed = {*display, *(card for p in state.fields for card in p)}
    if pile is None:
        spare = [e for e in C.expansions.values() if e.id not in placed and e.era is not Era.STARTER]
        pile = [e.id for e in spare if e.era is Era.ERA_2]
        pile += [CHANGE_OF_ERA] if era == 1 else []
        pile += [e.id for e in spare if e.era is Era.ERA_1]
    state.pile = list(pile)
    placed |= set(pile)
    state.removed = [card for card in ALL_CARDS if card not in placed]
    return state


def lift(state: AirshipsState, card_id: str) -> None:
    """Take a card from wherever it lies (a field, the pile, the display, a company, out of the game)."""
    for where in (state.pile, state.removed, *state.fields):
        if card_id in where:
            where.remove(card_id)
            return
    for row in state.display.values():
        if card_id in row:
            row[row.index(card_id)] = None
            return
    for company in state.companies:
        if card_id in company.airships:
            company.airships.remove(card_id)
            return
        for department, held in list(company.departments.items()):
            if held == card_id:
                del company.departments[department]
                return
    raise AssertionError(f"{card_id} is nowhere on the table")


def give(state: AirshipsState, seat: int, *card_ids: str) -> None:
    """Put cards on a company board: expansions in their department (the one there leaves), airships stacked."""
    company = state.companies[seat]
    for card_id in card_ids:
        lift(state, card_id)
        if card_id in C.airships:
            company.airships.append(card_id)
            continue
        department = C.expansions[card_id].department
        if department in company.departments:
            state.removed.append(company.departments[department])
        company.departments[department] = card_id


def starting_dice(state: AirshipsState, *seats: int) -> None:
    """Give these seats the 2 white dice of a company at the start: each its own starter worth a white die."""
    for seat in seats:
        give(state, seat, WHITE_STARTERS[seat])


def lay(state: AirshipsState, *card_ids: str) -> None:
    """Turn cards face-up on the display, each in the leftmost free field of its row."""
    for card_id in card_ids:
        lift(state, card_id)
        place_in_display(state, card_id)


def set_field(state: AirshipsState, index: int, *card_ids: str) -> None:
    """Stack these airship cards (bottom first) on a field; the cards there before leave the game."""
    state.removed.extend(state.fields[index])
    state.fields[index] = []
    for card_id in card_ids:
        lift(state, card_id)
    state.fields[index] = list(card_ids)


def set_chips(state: AirshipsState, seat: int, board: int, supply: int | None = None) -> None:
    """Chips on a company board; the nation's other chips (not marking a phase) wait in the supply."""
    company = state.companies[seat]
    company.chips = board
    company.chips_in_supply = CHIPS_PER_NATION - board - len(company.phases) if supply is None else supply


def build_phase(state: AirshipsState, seat: int, number: int) -> None:
    """A Hindenburg phase already built by `seat`, marked with a chip from its supply."""
    state.hindenburg[number - 1] = seat
    state.companies[seat].phases.append(number)
    state.companies[seat].chips_in_supply -= 1


# --- playing ----------------------------------------------------------------------------------------


def act(state: AirshipsState, kind: str, *args: str | int) -> AirshipsState:
    """The current player takes an action (checked by apply like any other)."""
    return GAME.apply(state, state.current, Action(kind, tuple(args)))


def throw_for(state: AirshipsState, card_id: str) -> AirshipsState:
    return act(state, "throw", card_id)


def offered(state: AirshipsState, seat: int | None = None) -> list[str]:
    """The cards a player is offered to throw for."""
    seat = state.current if seat is None else seat
    return [str(a.args[0]) for a in GAME.legal_actions(state, seat) if a.kind == "throw"]


def keys(state: AirshipsState) -> list[str]:
    return [a.key for a in GAME.legal_actions(state, state.current)]


class ScriptedDice:
    """Replaces GameRng.face: each die thrown shows the next scripted value (which must be one of its faces)."""

    def __init__(self) -> None:
        self.script: list[int] = []
        self.thrown: list[tuple[str, int]] = []  # (colour, value) of every die thrown

    def __call__(self, *values: int) -> ScriptedDice:
        self.script.extend(values)
        return self

    def face(self, faces: Any) -> int:
        colour = next(c.value for c, f in C.faces.items() if tuple(f) == tuple(faces))
        if not self.script:
            raise AssertionError(f"a {colour} die was thrown that the test did not script")
        value = self.script.pop(0)
        if value not in faces:
            raise AssertionError(f"the test scripted {value}, not a face of a {colour} die")
        self.thrown.append((colour, value))
        return value

    def install(self, monkeypatch: Any) -> ScriptedDice:
        monkeypatch.setattr(GameRng, "face", lambda _rng, faces: self.face(faces))
        return self


def white_faces(total: int, count: int = 2) -> tuple[int, ...]:
    """`count` white dice showing exactly `total`, highest first: scripted to reach a target or miss it by one."""
    faces = sorted(set(C.faces[Colour.WHITE]), reverse=True)
    for combination in itertools.combinations_with_replacement(faces, count):
        if sum(combination) == total:
            return combination
    raise AssertionError(f"{count} white dice cannot show {total}")


def kept_values(throw: Throw) -> list[tuple[str, int, bool]]:
    return [(d.colour, d.value, d.imaginary) for d in throw.kept]


# --- invariants, cheap enough to check after every action of thousands of games --------------------------


def card_places(state: AirshipsState) -> list[str]:
    """Every card id wherever it lies; a card in two places or none shows up here."""
    found = list(state.pile)
    found += [card for row in state.display.values() for card in row if card is not None]
    for pile in state.fields:
        found += pile
    for company in state.companies:
        found += company.departments.values()
        found += company.airships
    found += state.removed
    return found


def check_cards_conserved(state: AirshipsState) -> None:
    found = card_places(state)
    if len(found) != len(ALL_CARDS) or sorted(found) != ALL_CARDS:
        missing = set(ALL_CARDS) - set(found)
        doubled = sorted({c for c in found if found.count(c) > 1})
        raise AssertionError(f"cards not conserved: missing {sorted(missing)}, in two places {doubled}")


def check_chips_conserved(state: AirshipsState) -> None:
    for seat, company in enumerate(state.companies):
        markers = sum(1 for owner in state.hindenburg if owner == seat)
        assert markers == len(company.phases), f"seat {seat}: {markers} markers, phases {company.phases}"
        assert company.chips >= 0 and company.chips_in_supply >= 0, f"seat {seat}: negative chips"
        total = company.chips + company.chips_in_supply + markers
        assert total == CHIPS_PER_NATION, f"{company.nation}: {total} chips (board + supply + markers)"


def check_throw(throw: Throw) -> None:
    """At most 3 dice of a colour rolled, each a face of its die, and exactly the depicted dice kept."""
    cost, target = airship_dice.cost_and_target(C, throw.card)
    for colour, values in throw.rolled.items():
        assert len(values) <= 3, f"{len(values)} {colour} dice rolled: {throw}"
        faces = C.faces[Colour(colour)]
        assert all(v in faces for v in values), throw
    assert len(throw.kept) == cost.total(), f"kept {len(throw.kept)} dice for a {cost.text()} card"
    for colour, count in cost.items():
        assert sum(1 for d in throw.kept if d.colour == colour.value) == count, throw
    assert throw.dice_total == sum(d.value for d in throw.kept) and throw.target == target
    assert throw.success == (throw.total >= throw.target), throw


def check_events_weighed(events: list[Event]) -> None:
    """Every event was emitted from a sentence of the catalogue, which words it and weighs it for the headline."""
    unknown = [event for event in events if not isinstance(event, Event) or event.key not in SENTENCES]
    assert not unknown, f"events no sentence of the catalogue emits: {unknown}"
    SENTENCES.lines(events)  # every blank their words need


def check_choices(state: AirshipsState) -> None:
    for seat in GAME.to_act(state):
        legal = GAME.legal_actions(state, seat)
        assert 0 < len(legal) <= MAX_CHOICES, f"{len(legal)} choices"
        assert all(len(a.label) <= MAX_LABEL for a in legal)

