"""Flights: where a plane may leave from and land, moving it, and the passengers a turn's relay of flights carries."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.rules.air_alliance import events, runways
from engine.rules.air_alliance.claim import gainable, p, passengers, refilled
from engine.rules.air_alliance.data import Components, Icon, IconKind, Shape
from engine.rules.air_alliance.gaining import carried, offer, settle
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState, Flight


@cache
def airport_name(data: Components, code: str) -> str:
    return data.airports[code].name


@cache
def where(data: Components, code: str) -> str:
    """'E2 Cannes'."""
    return f"{code} {airport_name(data, code)}"


def landing_airports(state: AirAllianceState, seat: int, icon: Icon) -> list[str]:
    """Where a landing permit lets the seat land one of its own planes.

    Area permits land on numbers 1-3 of their areas. Ruling: a special landing permit names one airport, and
    whoever marks it lands one of their own planes there if that airport lets their colour land (in practice
    only the owner of that colour).
    """
    return list(permits(state.data, icon, state.airlines[seat].colour))


# (id of the icon, colour) -> (the icon, the components, its airports): an icon's hash is slow (enum fields), its
# id is not. The entry holds the icon, so no other object can take its id while the entry lives.
_PERMITS: dict[tuple[int, str], tuple[Icon, Components, tuple[str, ...]]] = {}


def permits(data: Components, icon: Icon, colour: str) -> tuple[str, ...]:
    """permit_airports, looked up by the icon's identity (asked for every icon of every menu)."""
    hit = _PERMITS.get((id(icon), colour))
    if hit is None or hit[0] is not icon or hit[1] is not data:
        hit = _PERMITS[id(icon), colour] = (icon, data, permit_airports(data, icon, colour))
    return hit[2]


@cache
def permit_airports(data: Components, icon: Icon, colour: str) -> tuple[str, ...]:
    c = data
    if icon.kind is IconKind.AREA:
        return tuple(code for code, a in c.airports.items() if a.number <= 3 and a.area in icon.areas)
    assert icon.kind is IconKind.SPECIAL and icon.colour is not None
    code = c.special_airport[icon.colour]
    return (code,) if c.airports[code].allows(colour) else ()


def open_for(state: AirAllianceState, code: str, colour: str, origin: str) -> bool:
    """A plane of this colour may land here: its silhouette (or ALL) is printed and a place is free."""
    return code != origin and None in state.board[code] and code in allowed(state.data, colour)


@cache
def allowed(data: Components, colour: str) -> frozenset[str]:
    """The airports whose silhouettes let this colour land (looked up on every menu, so computed once)."""
    return frozenset(code for code, a in data.airports.items() if a.allows(colour))


@cache
def shapes(data: Components) -> dict[str, Shape]:
    return {code: a.shape for code, a in data.airports.items()}


Memo = dict[tuple[Any, ...], Any]  # answers about one unchanged state, shared by the questions of one menu


@cache
def second_leaves(data: Components) -> frozenset[str]:
    """The airports whose second place may take off too (a Y's other 01, a V's other runway); a first always may."""
    return frozenset(code for code, a in data.airports.items() if 1 in runways.LEAVING[a.shape])


def departures(state: AirAllianceState, colour: str, memo: Memo | None = None) -> list[str]:
    """The airports where a plane of this colour may take off now."""
    if memo is not None and ("departures", colour) in memo:
        known: list[str] = memo["departures", colour]
        return known
    two = second_leaves(state.data)  # runways.can_leave without its calls: this runs for every menu
    found = [code for code, r in state.board.items() if r[0] == colour or (r[1] == colour and code in two)]
    if memo is not None:
        memo["departures", colour] = found
    return found


def leaving_colours(state: AirAllianceState, memo: Memo) -> set[str | None]:
    """Every colour with a plane that may take off somewhere now, found in one pass over the board."""
    # Whether departures would find anything, for every colour at once: most questions of a menu need no more.
    if ("leaving",) not in memo:
        two = second_leaves(state.data)
        found = {r[0] for r in state.board.values()}
        found.update([r[1] for code, r in state.board.items() if code in two])
        memo["leaving",] = found
    leaving: set[str | None] = memo["leaving",]
    return leaving


def can_depart(state: AirAllianceState, code: str, colour: str) -> bool:
    """Whether departures would list this airport: departures' test, for one airport."""
    r = state.board[code]
    return r[0] == colour or (r[1] == colour and code in second_leaves(state.data))


def can_land(state: AirAllianceState, seat: int, icon: Icon, memo: Memo | None = None) -> bool:
    """Whether a landing permit has any use now (the quick form of plane_origins, asked for every icon shown)."""
    airline = state.airlines[seat]
    board = state.board
    free = [code for code in permits(state.data, icon, airline.colour) if None in board[code]]
    if not free:
        return False
    if airline.supply:
        return True
    if len(free) > 1 and memo is not None:
        return airline.colour in leaving_colours(state, memo)  # any plane of the seat's that may leave will do
    # Some plane of the seat's may leave for a free permit airport other than the one it stands on.
    return any(len(free) > 1 or free[0] != o for o in departures(state, airline.colour, memo))


def plane_origins(state: AirAllianceState, seat: int, targets: list[str]) -> list[str]:
    """Where the seat's plane could come from for a landing on one of `targets`: the supply or an airport."""
    airline = state.airlines[seat]
    origins = [SUPPLY] if airline.supply else []
    origins += departures(state, airline.colour)
    return [o for o in origins if any(open_for(state, t, airline.colour, o) for t in targets)]


def npa_destinations(state: AirAllianceState, colour: str, origin: str) -> list[str]:
    return [code for code in state.board if open_for(state, code, colour, origin)]


def npa_origins(state: AirAllianceState, colour: str, memo: Memo | None = None) -> list[str]:
    """Where a plane of this NPA may leave from for some airport that lets it land and has room."""
    board = state.board
    found = [code for code in allowed(state.data, colour) if None in board[code]]
    if not found:
        return []
    return [code for code in departures(state, colour, memo) if len(found) > 1 or found[0] != code]


def can_fly(state: AirAllianceState, colour: str, memo: Memo) -> bool:
    """Whether npa_origins would find anything: the quick question asked for every code sharing icon shown."""
    if ("fly", colour) not in memo:
        board = state.board
        if len([code for code in allowed(state.data, colour) if None in board[code]]) > 1:
            memo["fly", colour] = colour in leaving_colours(state, memo)  # any of its planes that may leave will do
        else:
            memo["fly", colour] = bool(npa_origins(state, colour, memo))
    return bool(memo["fly", colour])


def move(state: AirAllianceState, seat: int, colour: str, origin: str, destination: str, how: str = "") -> None:
    """Land the plane; from an airport it is a flight, and the passengers it carries to their arrival are gained
    (edition 2: or offered, where leaving one waiting can matter; state.offered then awaits the answer).

    `how` follows the route in the event (' (two markers on black code sharing)')."""
    c = state.data
    if origin == SUPPLY:
        state.airlines[seat].supply -= 1
    else:
        runways.take_off(c.airports[origin].shape, state.board[origin], colour)
    runways.land(c.airports[destination].shape, state.board[destination], colour)
    if origin == SUPPLY:
        # Ruling: a plane from the supply departs from nowhere, so it is no flight and carries no passenger.
        state.events.append(events.LANDS.event(who=p(seat), colour=colour, airport=where(c, destination)))
        return
    state.flights.append(Flight(origin, destination, colour, seat))
    offer(state, seat)
    settled = settle(state, seat)
    route = f"{where(c, origin)} → {where(c, destination)}{how}"
    after = settled.words(state, seat)
    if settled.gained:
        state.events.append(events.FLIES_AND_GAINS.event(who=p(seat), colour=colour, route=route,
                                                       cards=passengers(c, settled.gained), after=after))
    else:
        state.events.append(events.FLIES.event(who=p(seat), colour=colour, route=route, after=after))
    refilled(state, settled.drawn)


def would_gain(state: AirAllianceState, seat: int, origin: str, destination: str,
               cards: list[str] | None = None) -> list[str]:
    """The cards a flight would gain at once (those in the claim now; cards it would draw are unknown).

    `cards`: the seat's gainable cards, when the caller asks about many flights from one table.
    """
    if origin == SUPPLY:
        return []
    flights = [*state.flights, Flight(origin, destination, "", seat)]
    return [card for card in (gainable(state, seat) if cards is None else cards) if carried(state, flights, card)]
