"""Air Alliance's fast legality check: a chosen action checked against the decision without building its menu."""

# Each finder returns the menu's action equal to the chosen one (with its label), or None when the menu has none,
# exactly as check_choice(legal_actions(...)) would: apply does this for every action, so it must be cheap.

from __future__ import annotations

from typing import Any, cast

from engine.core import Action, find_choice
from engine.rules.air_alliance import markers
from engine.rules.air_alliance.alliance import top_icons
from engine.rules.air_alliance.data import IconKind
from engine.rules.air_alliance.rules import legal_actions, with_stop
from engine.rules.air_alliance.flights import can_depart, npa_origins, open_for, permits
from engine.rules.air_alliance.state import SLOTS, SUPPLY, AirAllianceState, Step


def plain(args: Any, *types: type) -> bool:
    """Whether the arguments are a tuple of exactly these built-in types, the only ones the shortcuts handle."""
    if type(args) is not tuple or len(args) != len(types):
        return False
    for arg, kind in zip(args, types):  # a loop, not all(): this runs for every action
        if type(arg) is not kind:
            return False
    return True


def icon_choice(state: AirAllianceState, seat: int, action: Action) -> Action | None:
    """markers.marker_uses' icon choice: only the chosen icon is decided, not all nine."""
    if not plain(action.args, int, int):
        return find_choice(markers.marker_uses(state, seat), action)
    slot, index = cast(tuple[int, int], action.args)  # plain() has checked the types
    if not (0 <= slot < SLOTS and 0 <= index < SLOTS) or markers.marked(state, seat, slot) is not None:
        return None  # a slot shows three icons, as many as there are slots
    airline = state.airlines[seat]
    candidate = markers.icon_action(state.data, airline.colour, slot, airline.top(slot), index)
    if candidate != action or not markers.usable(state, seat, top_icons(state, seat, slot)[index]):
        return None
    return candidate


def plane_choice(state: AirAllianceState, seat: int, action: Action) -> Action | None:
    """markers.plane_actions' choice: the origin is checked alone, as plane_origins would find it."""
    if not plain(action.args, str):
        return find_choice(markers.plane_actions(state, seat), action)
    origin = cast(str, action.args[0])  # plain() has checked the type
    targets = markers.landing_airports(state, seat, markers.pending_icon(state, seat))
    airline = state.airlines[seat]
    if origin == SUPPLY:
        found = bool(airline.supply)
    else:
        found = origin in state.board and can_depart(state, origin, airline.colour)
    if not found or not any(open_for(state, t, airline.colour, origin) for t in targets):
        return None
    candidate = markers.plane_action(state.data, airline.colour, origin)
    return candidate if candidate == action else None


def npa_choice(state: AirAllianceState, seat: int, action: Action) -> Action | None:
    """markers.npa_actions' choice: only the chosen NPA's origins are listed."""
    if not plain(action.args, str, str):
        return find_choice(markers.npa_actions(state, seat), action)
    colour, origin = cast(tuple[str, str], action.args)  # plain() has checked the types
    cost = dict(markers.npa_choices(state, seat, markers.pending_icon(state, seat))).get(colour)
    if cost is None or origin not in npa_origins(state, colour):
        return None
    candidate = markers.npa_action(state.data, colour, origin, cost)
    return candidate if candidate == action else None


def land_choice(state: AirAllianceState, seat: int, action: Action) -> Action | None:
    """markers.destination_actions' choice: the destination is checked alone, as markers.destinations would."""
    pending = state.pending
    assert pending is not None and pending.colour is not None and pending.origin is not None
    if not plain(action.args, str):
        return find_choice(markers.destination_actions(state, seat), action)
    code = action.args[0]
    if pending.kind is IconKind.CODE_SHARING:
        found = code in state.board and open_for(state, code, pending.colour, pending.origin)
    else:
        colour = state.airlines[seat].colour
        icon = markers.pending_icon(state, seat)
        found = code in permits(state.data, icon, colour) and open_for(state, code, colour, pending.origin)
    if not found:
        return None
    candidate = markers.land_action(state.data, pending.origin == SUPPLY, pending.colour, code)
    return candidate if candidate == action else None


def back_choice(state: AirAllianceState, seat: int, action: Action) -> Action | None:
    """'Back', which ends every menu of a marker use's parameters whatever else it lists."""
    # The checks those menus make of the pending use still run, so a broken state fails as it did.
    pending = state.pending
    if state.step is Step.PLANE or state.step is Step.NPA_PLANE:
        markers.pending_icon(state, seat)
    elif state.step is Step.DESTINATION:
        assert pending is not None and pending.colour is not None and pending.origin is not None
    elif state.step is Step.SWAP:
        assert pending is not None and pending.airport is not None
    return markers.BACK_ACTION if markers.BACK_ACTION == action else None


# The decisions whose menus end with markers.back_action() whatever else they list.
BACK_STEPS = (Step.PLANE, Step.NPA_PLANE, Step.DESTINATION, Step.PRIORITY_AIRPORT, Step.SWAP)


def legal_choice(state: AirAllianceState, seat: int, action: Action) -> Action | None:
    """find_choice(legal_actions(...)), checking only the choice made wherever that finds the same action."""
    # Building every menu twice (for the player, then here) was most of a game's work. A marker's other uses are
    # checked against the choices after the icons; the frequent decisions by the finders above; the rest the long way.
    step, kind = state.step, action.kind
    if step is Step.MARKER and kind != markers.ICON:
        return find_choice(with_stop(state, markers.other_uses(state, seat)), action)
    if step is Step.MARKER:
        return icon_choice(state, seat, action)
    if step is Step.PLANE and kind == markers.PLANE:
        return plane_choice(state, seat, action)
    if step is Step.NPA_PLANE and kind == markers.NPA:
        return npa_choice(state, seat, action)
    if step is Step.DESTINATION and kind == markers.LAND:
        return land_choice(state, seat, action)
    if step in BACK_STEPS and kind == markers.BACK:
        return back_choice(state, seat, action)
    return find_choice(legal_actions(state, seat), action)
