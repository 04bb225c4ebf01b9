"""Phase 0: alliances between players and NPAs, formed in the four alliance areas, and who may fly which NPA."""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event, Run, Seat as p  # events name seats by value (not claim.p: claim needs this)
from engine.rules.air_alliance import events
from engine.rules.air_alliance.events import listed
from engine.rules.air_alliance.data import NPA_COLOURS, Icon, IconKind
from engine.rules.air_alliance.state import ALLIANCE_ROOM, SLOTS, AirAllianceState
from engine.words import count


def top_icons(state: AirAllianceState, seat: int, slot: int) -> tuple[Icon, Icon, Icon]:
    """The icons a marker may use on a slot: its top card's, or the printed slot's when it holds no card."""
    c = state.data
    airline = state.airlines[seat]
    top = airline.top(slot)
    return c.cards[top].icons if top else c.passes[airline.colour].slots[slot]


def area_of(state: AirAllianceState, colour: str) -> int | None:
    return next((i for i, area in enumerate(state.alliances) if colour in area), None)


def partners(state: AirAllianceState, seat: int) -> list[str]:
    """The NPAs in the seat's alliance: its planes fly them with any code sharing icon."""
    area = area_of(state, state.airlines[seat].colour)
    return [] if area is None else [c for c in state.alliances[area] if c in NPA_COLOURS]


def is_free(state: AirAllianceState, npa: str) -> bool:
    """An NPA in no alliance: anyone may fly it with a code sharing icon of its colour."""
    return area_of(state, npa) is None


def shared_colours(state: AirAllianceState, seat: int) -> list[str]:
    """NPA colours shown on all three code sharing icons of the boarding pass (one code sharing icon per slot)."""
    common = set(NPA_COLOURS)
    for slot in range(SLOTS):
        common &= {c for icon in top_icons(state, seat, slot) if icon.kind is IconKind.CODE_SHARING for c in icon.npa}
    return [c for c in NPA_COLOURS if c in common]


@dataclass(frozen=True)
class Formation:
    """One way to form an alliance: these NPAs and the player, together in this area."""

    npas: tuple[str, ...]
    area: int

    @property
    def key(self) -> str:
        return "+".join(self.npas)


def arrivals(state: AirAllianceState, colours: list[str], area: int) -> int:
    return sum(1 for colour in colours if colour not in state.alliances[area])


def formations(state: AirAllianceState, seat: int) -> list[Formation]:
    """Every alliance the seat may form now: with one shared colour or (if two are shared) both, in any area with
    room for the planes that would move in.

    The rulebook's forms are (A) joining the NPA's area, (B) the NPA joining the player's area and (C) both going
    into any area; all three come down to choosing the area. Ruling: an alliance is offered only if it brings the
    player an NPA not already in their alliance.
    """
    colour = state.airlines[seat].colour
    shared = shared_colours(state, seat)
    choices = [(c,) for c in shared] + ([tuple(shared)] if len(shared) == 2 else [])
    mine = partners(state, seat)
    found = []
    for npas in choices:
        if all(npa in mine for npa in npas):
            continue
        for area in range(len(state.alliances)):
            if len(state.alliances[area]) + arrivals(state, [colour, *npas], area) <= ALLIANCE_ROOM:
                found.append(Formation(npas, area))
    return found


def form_name(state: AirAllianceState, seat: int, formation: Formation) -> str:
    """The rulebook's form in the player's words: joining the NPA's alliance, the NPA joining yours, both joining
    another, or a new one ('you join black and green')."""
    area = state.alliances[formation.area]
    colour = state.airlines[seat].colour
    npas = listed(list(formation.npas))
    if not area:
        return "a new alliance"
    if colour in area:
        others = [c for c in area if c != colour and c not in formation.npas]
        verb = "joins" if len(formation.npas) == 1 else "join"
        return f"{npas} {verb} you" + (f" and {listed(others)}" if others else "")
    if any(npa in area for npa in formation.npas):
        return f"you join {listed(list(area))}"
    return f"you and {npas} join {listed(list(area))}"


def form(state: AirAllianceState, seat: int, formation: Formation) -> None:
    """Move the marking planes, clear areas that no longer make an alliance, and clear the boarding pass."""
    airline = state.airlines[seat]
    target = state.alliances[formation.area]
    moving = [c for c in (airline.colour, *formation.npas) if c not in target]  # planes already there stay put
    for area in state.alliances:
        area[:] = [c for c in area if c not in moving]
    target.extend(moving)
    cleared = clear_areas(state)
    cards = sum(len(s) for s in airline.slots)
    airline.score_pile.extend(card for s in airline.slots for card in s)
    airline.slots = [[] for _ in range(SLOTS)]
    state.alliances_formed += 1
    state.events.append(events.ALLIES.event(
        who=p(seat), npas=listed(list(formation.npas)), area=formation.area + 1, members=listed(target),
        cards=count(cards, "card"), go="goes" if cards == 1 else "go", cleared=Run(tuple(cleared), lead=" ")))


def clear_areas(state: AirAllianceState) -> list[Event]:
    """Empty the areas that are no alliance any more, returning their marking planes beside the board.

    An area without NPA planes serves no purpose (rulebook, form A). Ruling: an area without any player is no
    alliance either, so its NPAs return beside the board and anyone may code-share them again.
    """
    words = []
    for number, area in enumerate(state.alliances, start=1):
        if not area:
            continue
        npas = [c for c in area if c in NPA_COLOURS]
        players = [c for c in area if c not in NPA_COLOURS]
        if not npas or not players:
            why = "no NPA is left" if not npas else "no player is left"
            words.append(events.AREA_CLEARED.event(area=number, why=why, planes=listed(area),
                                                 go="returns" if len(area) == 1 else "return"))
            area.clear()
    return words
