"""Phase 1 marker uses: which icons can do something, their parameters as decisions, and their effects."""

from __future__ import annotations

from functools import cache

from engine.core import Action
from engine.rules.air_alliance import events, runways
from engine.rules.air_alliance.alliance import is_free, partners, top_icons
from engine.rules.air_alliance.claim import card_words, p, reserve
from engine.rules.air_alliance.data import Components, Icon, IconKind
from engine.rules.air_alliance.flights import (
    landing_airports as landing_airports,
    move,
    npa_destinations as npa_destinations,
    npa_origins,
    open_for,
    plane_origins,
    shapes,
    where,
)
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.state import SLOTS, SUPPLY, AirAllianceState, Pending, Step
from engine.words import count
from engine.rules.air_alliance.uses import (  # what an icon can do now; markers.<name> stays the way to ask
    # "x as x": re-exported, so that the other modules keep asking markers.<name>
    OPPONENT_NPA_MARKERS,
    can_take_priority as can_take_priority,
    marked as marked,
    open_icons,
    slot_key as slot_key,
    usable as usable,
    usable_icons,
)

# Action kinds; choices.py puts each into words for the menus.
ICON, RESERVE, FLUSH, WAIT, STOP = "icon", "reserve", "flush", "wait", "stop"
PLANE, NPA, LAND, AIRPORT, SWAP, BACK = "plane", "npa", "land", "airport", "swap", "back"


# --- what an icon can do -------------------------------------------------------------------------------------------


def npa_choices(state: AirAllianceState, seat: int, icon: Icon) -> list[tuple[str, int]]:
    """(NPA colour, markers it takes) a code sharing icon lets the seat fly.

    A free NPA of the icon's colour, any NPA of the seat's own alliance whatever the icon's colour, and (Kobe)
    an NPA of an opponent's alliance shown on the icon, for two markers.
    """
    found: dict[str, int] = {}
    for colour in icon.npa:
        if is_free(state, colour):
            found[colour] = 1
    for colour in partners(state, seat):
        found[colour] = 1
    if state.kobe(Kobe.OPPONENT_NPA) and state.markers_left >= OPPONENT_NPA_MARKERS:
        for colour in icon.npa:
            found.setdefault(colour, OPPONENT_NPA_MARKERS)
    return list(found.items())


def priority_airports(state: AirAllianceState) -> list[str]:
    shape = shapes(state.data)
    return [code for code, r in state.board.items() if runways.swaps(shape[code], r)]


def may_reserve(state: AirAllianceState) -> bool:
    """Reserving is closed in the last round and (Kobe) until every player has finished a first turn."""
    if state.in_last_round:
        return False
    return not (state.kobe(Kobe.FIRST_TURN) and any(a.turns == 0 for a in state.airlines))


def icon_label(state: AirAllianceState, seat: int, slot: int, index: int) -> str:
    """'Land your plane on A1-3 or M1-3 · slot 2, Board Gamer'."""
    return slot_icon_label(state.data, state.airlines[seat].colour, slot, state.airlines[seat].top(slot), index)


@cache
def slot_icon_label(c: Components, colour: str, slot: int, top: str | None, index: int) -> str:
    # A label depends only on what lies on the slot: worked out once per card, slot and icon. The slot is not put
    # in brackets: some passengers' names have brackets of their own ('Secret Agent (MI6)').
    icon = c.cards[top].icons[index] if top else c.passes[colour].slots[slot][index]
    on = c.cards[top].passenger if top else "printed icon"
    return f"{icon_words(c, icon, colour)} · slot {slot + 1}, {on}"


def icon_words(c: Components, icon: Icon, colour: str) -> str:
    """What marking the icon does, in words: the printed 'AM 1-2-3' is 'Land your plane on A1-3 or M1-3'."""
    if icon.kind is IconKind.AREA:
        areas = [a.value for a in icon.areas]
        if len(areas) == 4:
            return "Land your plane on any airport numbered 1-3"
        if len(areas) == 1:
            return f"Land your plane on {areas[0]}1, {areas[0]}2 or {areas[0]}3"
        return f"Land your plane on {' or '.join(f'{a}1-3' for a in areas)}"
    if icon.kind is IconKind.SPECIAL:
        assert icon.colour is not None
        if icon.colour != colour:
            return f"Special landing for {icon.colour} only"  # never usable: its airport lets only that colour land
        return f"Special landing: your plane to {where(c, c.special_airport[colour])}"
    if icon.kind is IconKind.PRIORITY:
        return "Priority takeoff: switch two planes at an airport"
    return f"Code sharing: fly a {' or '.join(icon.npa)} NPA plane"


# Menus hold the same few choices again and again, and building an Action (a checked dataclass) costs more than
# deciding it: each distinct choice is built once and the frozen object serves every menu.


@cache
def icon_action(data: Components, colour: str, slot: int, top: str | None, index: int) -> Action:
    return Action(ICON, (slot, index), slot_icon_label(data, colour, slot, top, index))


@cache
def reserve_action(data: Components, card: str) -> Action:
    return Action(RESERVE, (card,), f"Reserve {card_words(data, card)}")


WAIT_ACTION = Action(WAIT, (), "Wait for cancellation (a marker on the logo)")
FLUSH_ACTION = Action(FLUSH, (), "Flush your boarding pass to your score pile")
BACK_ACTION = Action(BACK, (), "Back: use this marker another way", minor=True)


@cache
def plane_action(data: Components, colour: str, origin: str) -> Action:
    words = f"A {colour} plane from your supply" if origin == SUPPLY else f"Your {colour} plane at {where(data, origin)}"
    return Action(PLANE, (origin,), words)


@cache
def npa_action(data: Components, colour: str, origin: str, cost: int) -> Action:
    extra = " (two markers)" if cost > 1 else ""
    return Action(NPA, (colour, origin), f"The {colour} NPA plane at {where(data, origin)}{extra}")


@cache
def land_action(data: Components, from_supply: bool, colour: str | None, code: str) -> Action:
    if from_supply:
        return Action(LAND, (code,), f"Land the {colour} plane from your supply on {where(data, code)}")
    return Action(LAND, (code,), f"Fly the {colour} plane to {where(data, code)}")


@cache
def airport_action(data: Components, code: str) -> Action:
    return Action(AIRPORT, (code,), f"Priority takeoff at {where(data, code)}")


@cache
def swap_action(first: int, second: int, words: str) -> Action:
    return Action(SWAP, (first, second), words)


def can_reserve_now(state: AirAllianceState) -> bool:
    return not state.reserved_this_turn and may_reserve(state)


def can_wait_now(state: AirAllianceState) -> bool:
    """Kobe: the logo takes a marker instead of a reservation, even in the first turns (reserving comes later);
    ruling: not in the last round, when no reservation can come of it."""
    return state.kobe(Kobe.WAIT_CANCELLATION) and not state.reserved_this_turn and not state.in_last_round


def has_marker_use(state: AirAllianceState, seat: int) -> bool:
    """Whether the next marker can do anything at all (the quick question asked after every marker)."""
    if can_wait_now(state) or (can_reserve_now(state) and any(state.reserver(card) is None for card in state.claim)):
        return True
    if state.kobe(Kobe.FLUSH) and any(state.airlines[seat].slots):
        return True
    return next(usable_icons(state, seat), None) is not None


def marker_uses(state: AirAllianceState, seat: int) -> list[Action]:
    """The choices for the next marker, without the Kobe 'stop'; empty means no marker can do anything."""
    airline = state.airlines[seat]
    actions = [icon_action(state.data, airline.colour, slot, airline.top(slot), index)
               for slot, index in open_icons(state, seat)]
    return actions + other_uses(state, seat)


def other_uses(state: AirAllianceState, seat: int) -> list[Action]:
    """marker_uses after the icons: reserving, (Kobe) waiting for cancellation and flushing."""
    actions = []
    if can_reserve_now(state):
        actions += [reserve_action(state.data, card) for card in state.claim if state.reserver(card) is None]
    if can_wait_now(state):
        actions.append(WAIT_ACTION)
    if state.kobe(Kobe.FLUSH) and any(state.airlines[seat].slots):
        actions.append(FLUSH_ACTION)
    return actions


# --- the parameters of a marker use -----------------------------------------------------------------------------------


# The decision after choosing an icon: which plane, which NPA plane, or which airport.
STEP_FOR_ICON = {IconKind.AREA: Step.PLANE, IconKind.SPECIAL: Step.PLANE, IconKind.PRIORITY: Step.PRIORITY_AIRPORT,
                 IconKind.CODE_SHARING: Step.NPA_PLANE}


def choose_icon(state: AirAllianceState, seat: int, slot: int, index: int) -> None:
    icon = top_icons(state, seat, slot)[index]
    state.pending = Pending(icon.kind, slot, index)
    state.step = STEP_FOR_ICON[icon.kind]


def pending_icon(state: AirAllianceState, seat: int) -> Icon:
    pending = state.pending
    assert pending is not None and pending.slot is not None and pending.icon is not None
    return top_icons(state, seat, pending.slot)[pending.icon]


def back_action() -> Action:
    return BACK_ACTION


def plane_actions(state: AirAllianceState, seat: int) -> list[Action]:
    targets = landing_airports(state, seat, pending_icon(state, seat))
    colour = state.airlines[seat].colour
    return [*(plane_action(state.data, colour, origin) for origin in plane_origins(state, seat, targets)), BACK_ACTION]


def npa_actions(state: AirAllianceState, seat: int) -> list[Action]:
    actions = []
    for colour, cost in npa_choices(state, seat, pending_icon(state, seat)):
        actions += [npa_action(state.data, colour, origin, cost) for origin in npa_origins(state, colour)]
    return [*actions, BACK_ACTION]


def destinations(state: AirAllianceState, seat: int) -> list[str]:
    pending = state.pending
    assert pending is not None and pending.colour is not None and pending.origin is not None
    if pending.kind is IconKind.CODE_SHARING:
        return npa_destinations(state, pending.colour, pending.origin)
    return destinations_for(state, seat, pending.origin)


def destinations_for(state: AirAllianceState, seat: int, origin: str) -> list[str]:
    """Where the pending landing permit lets the seat's plane from `origin` land."""
    colour = state.airlines[seat].colour
    return [code for code in landing_airports(state, seat, pending_icon(state, seat))
            if open_for(state, code, colour, origin)]


def destination_actions(state: AirAllianceState, seat: int) -> list[Action]:
    pending = state.pending
    assert pending is not None
    supply = pending.origin == SUPPLY
    return [*(land_action(state.data, supply, pending.colour, code) for code in destinations(state, seat)), BACK_ACTION]


def airport_actions(state: AirAllianceState) -> list[Action]:
    return [airport_action(state.data, code) for code in priority_airports(state)]


def swap_actions(state: AirAllianceState) -> list[Action]:
    pending = state.pending
    assert pending is not None and pending.airport is not None
    code = pending.airport
    shape = state.data.airports[code].shape
    r = state.board[code]
    names = runways.PLACE_WORDS[shape]
    # The plane behind moves up: say where each of the two ends up (two pairs may switch the same colours).
    actions = [swap_action(i, j, f"Move {r[j]} up to {names[i]}, {r[i]} back to {names[j]}")
               for i, j in runways.swaps(shape, r)]
    return [*actions, BACK_ACTION]


# --- effects --------------------------------------------------------------------------------------------------------


def spend(state: AirAllianceState, seat: int) -> None:
    """The marker (or two) is placed: on its slot's icon, or for a free Kobe takeoff on nothing."""
    pending = state.pending
    assert pending is not None
    if pending.slot is None:
        state.takeoffs_left -= 1
    else:
        assert pending.icon is not None
        state.markers_left -= pending.markers
        state.used.append((pending.slot, slot_key(state, seat, pending.slot), pending.icon))
    state.pending = None


def land_plane(state: AirAllianceState, seat: int, destination: str) -> None:
    pending = state.pending
    assert pending is not None and pending.colour is not None and pending.origin is not None
    how = f" (two markers on {pending.colour} code sharing)" if pending.markers > 1 else ""
    move(state, seat, pending.colour, pending.origin, destination, how)
    spend(state, seat)


def swap_planes(state: AirAllianceState, seat: int, first: int, second: int) -> None:
    pending = state.pending
    assert pending is not None and pending.airport is not None
    code = pending.airport
    r = state.board[code]
    names = runways.PLACE_WORDS[state.data.airports[code].shape]
    free = " (free, first turn)" if pending.slot is None else ""
    state.events.append(events.PRIORITY.event(who=p(seat), free=free, airport=where(state.data, code), up=str(r[second]),
                                            ahead=names[first], down=str(r[first]), behind=names[second]))
    runways.swap(r, first, second)
    spend(state, seat)


def reserve_card(state: AirAllianceState, seat: int, card_id: str) -> None:
    state.markers_left -= 1
    state.reserved_this_turn = True
    state.events.append(reserve(state, seat, card_id))


def wait_for_cancellation(state: AirAllianceState, seat: int) -> None:
    state.markers_left -= 1
    state.reserved_this_turn = True  # "you may only either reserve or wait for cancellation once"
    state.airlines[seat].waiting = True
    state.events.append(events.WAITS.event(who=p(seat)))


def flush(state: AirAllianceState, seat: int) -> None:
    """Kobe: one marker clears the boarding pass; the printed slots show again and may take markers."""
    airline = state.airlines[seat]
    cards = [card for slot in airline.slots for card in slot]
    airline.score_pile.extend(cards)
    airline.slots = [[] for _ in range(SLOTS)]
    state.markers_left -= 1
    state.events.append(events.FLUSHES.event(who=p(seat), cards=count(len(cards), "card"),
                                           go="goes" if len(cards) == 1 else "go"))
