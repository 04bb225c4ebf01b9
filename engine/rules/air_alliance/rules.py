"""Air Alliance decisions: who acts, the choices of the current decision, and applying one."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from engine.core import Action, Effect
from engine.rules.air_alliance import claim, events, gaining, markers, turn
from engine.rules.air_alliance.alliance import Formation, form, form_name, formations
from engine.rules.air_alliance.claim import card_words, p, passengers
from engine.rules.air_alliance.data import Components, IconKind
from engine.rules.air_alliance.markers import (
    AIRPORT, BACK, FLUSH, ICON, LAND, NPA, PLANE, RESERVE, STOP, SWAP, WAIT,
)
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.state import AirAllianceState, Pending, Step
from engine.words import count

# Action kinds of the decisions outside phase 1 (markers.py has phase 1's); choices.py words them all.
REFRESH, KEEP, DONE, ALLY, NO_ALLIANCE, PLACE, CLAIM, KEEP_WAITING, GAIN, LEAVE = (
    "refresh", "keep", "done", "ally", "no_alliance", "place", "claim", "keep_waiting", "gain", "leave")

# The fixed choices, built once like markers.py's: an Action is frozen, and building one is slow.
REFRESH_ACTION = Action(REFRESH, (), "Refresh the baggage claim")
KEEP_ACTION = Action(KEEP, (), "Keep the baggage claim as it is", minor=True)
NO_ALLIANCE_ACTION = Action(NO_ALLIANCE, (), "Form no alliance now", minor=True)
KEEP_WAITING_ACTION = Action(KEEP_WAITING, (), "Keep waiting for cancellation", minor=True)


def to_act(state: AirAllianceState) -> list[int]:
    if state.over:
        return []
    if state.step is Step.WAITING:
        return [state.waiting_queue[0]]
    return [state.current]


def legal_actions(state: AirAllianceState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    step = state.step
    if step is Step.REFRESH:
        return [REFRESH_ACTION, KEEP_ACTION]
    if step is Step.TAKEOFFS:
        return [*markers.airport_actions(state), done_action(state.takeoffs_left)]
    if step is Step.ALLIANCE:
        return [*(alliance_action(state, seat, f) for f in formations(state, seat)), NO_ALLIANCE_ACTION]
    if step is Step.MARKER:
        return with_stop(state, markers.marker_uses(state, seat))
    if step is Step.PLANE:
        return markers.plane_actions(state, seat)
    if step is Step.NPA_PLANE:
        return markers.npa_actions(state, seat)
    if step is Step.DESTINATION:
        return markers.destination_actions(state, seat)
    if step is Step.GAIN:
        return [gain_action(state.data, state.offered[0]), leave_action(state.data, state.offered[0])]
    if step is Step.PRIORITY_AIRPORT:
        return [*markers.airport_actions(state), markers.BACK_ACTION]
    if step is Step.SWAP:
        return markers.swap_actions(state)
    if step is Step.FLIGHT_CONTROL:
        return place_actions(state, seat)
    if step is Step.WAITING:
        return [*(claim_action(state.data, card) for card in claim.reservable(state)), KEEP_WAITING_ACTION]
    return []


def with_stop(state: AirAllianceState, actions: list[Action]) -> list[Action]:
    """The marker decision's choices end with 'stop' when (Kobe) markers may be kept or the extra one declined."""
    if state.kobe(Kobe.FREE_MARKERS) or state.extra_marker:
        what = "Skip the extra marker" if state.extra_marker else f"Stop, keeping {count(state.markers_left, 'marker')}"
        actions.append(stop_action(what))
    return actions


@cache
def stop_action(words: str) -> Action:
    return Action(STOP, (), words, minor=True)


@cache
def done_action(left: int) -> Action:
    return Action(DONE, (), f"Skip the {count(left, 'free takeoff')} left", minor=True)


@cache
def gain_action(data: Components, card: str) -> Action:
    return Action(GAIN, (card,), f"Gain {passengers(data, [card])}")


@cache
def leave_action(data: Components, card: str) -> Action:
    return Action(LEAVE, (card,), f"Leave {data.cards[card].passenger} waiting in the baggage claim", minor=True)


@cache
def claim_action(data: Components, card: str) -> Action:
    return Action(CLAIM, (card,), f"Reserve {card_words(data, card)}")


def alliance_action(state: AirAllianceState, seat: int, formation: Formation) -> Action:
    npas = " and ".join(formation.npas)
    label = f"Ally with {npas} in alliance area {formation.area + 1}: {form_name(state, seat, formation)}"
    return Action(ALLY, (formation.key, formation.area), label)


def place_actions(state: AirAllianceState, seat: int) -> list[Action]:
    airline = state.airlines[seat]
    return [place_action(state.data, card, slot, airline.top(slot))
            for card in state.gained[: turn.PLACE_CHOICES_SHOWN] for slot in turn.open_slots(state)]


@cache
def place_action(data: Components, card: str, slot: int, top: str | None) -> Action:
    cover = f", covering {data.cards[top].passenger}" if top else ""
    return Action(PLACE, (card, slot), f"Put {data.cards[card].passenger} on slot {slot + 1}{cover}")


# --- applying a decision ------------------------------------------------------------------------------------------


def on_refresh(state: AirAllianceState, seat: int, action: Action) -> None:
    if not turn.is_first_turn(state):
        state.airlines[seat].refreshed = True  # the last round's refresh is allowed only once
    claim.refresh(state, seat)
    turn.after_refresh(state)


def on_keep(state: AirAllianceState, seat: int, action: Action) -> None:
    state.events.append(events.KEEPS_CLAIM.event(who=p(seat)))
    turn.after_refresh(state)


def on_done(state: AirAllianceState, seat: int, action: Action) -> None:
    state.events.append(events.SKIPS_TAKEOFFS.event(who=p(seat), takeoffs=count(state.takeoffs_left, "free takeoff")))
    state.takeoffs_left = 0
    turn.after_takeoffs(state)


def on_ally(state: AirAllianceState, seat: int, action: Action) -> None:
    form(state, seat, Formation(tuple(str(action.args[0]).split("+")), int(action.args[1])))
    turn.begin_markers(state)


def on_no_alliance(state: AirAllianceState, seat: int, action: Action) -> None:
    state.events.append(events.NO_ALLIANCE.event(who=p(seat)))
    turn.begin_markers(state)


def on_icon(state: AirAllianceState, seat: int, action: Action) -> None:
    markers.choose_icon(state, seat, int(action.args[0]), int(action.args[1]))


def on_reserve(state: AirAllianceState, seat: int, action: Action) -> None:
    markers.reserve_card(state, seat, str(action.args[0]))
    turn.continue_markers(state)


def on_wait(state: AirAllianceState, seat: int, action: Action) -> None:
    markers.wait_for_cancellation(state, seat)
    turn.continue_markers(state)


def on_flush(state: AirAllianceState, seat: int, action: Action) -> None:
    markers.flush(state, seat)
    turn.continue_markers(state)


def on_stop(state: AirAllianceState, seat: int, action: Action) -> None:
    state.events.append(events.STOPS.event(who=p(seat), markers=count(state.markers_left, "marker")))
    state.markers_left = 0
    turn.end_markers(state)


def on_plane(state: AirAllianceState, seat: int, action: Action) -> None:
    assert state.pending is not None
    state.pending = replace(state.pending, colour=state.airlines[seat].colour, origin=str(action.args[0]))
    state.step = Step.DESTINATION


def on_npa(state: AirAllianceState, seat: int, action: Action) -> None:
    assert state.pending is not None
    colour = str(action.args[0])
    cost = dict(markers.npa_choices(state, seat, markers.pending_icon(state, seat)))[colour]
    state.pending = replace(state.pending, colour=colour, origin=str(action.args[1]), markers=cost)
    state.step = Step.DESTINATION


def on_land(state: AirAllianceState, seat: int, action: Action) -> None:
    markers.land_plane(state, seat, str(action.args[0]))
    after_flight(state)


def after_flight(state: AirAllianceState) -> None:
    """A card the flight carried waits for the player's answer (edition 2), else the next marker."""
    if state.offered:
        state.step = Step.GAIN
    else:
        turn.continue_markers(state)


def on_gain(state: AirAllianceState, seat: int, action: Action) -> None:
    gaining.answer(state, seat, str(action.args[0]), gained=True)
    after_flight(state)


def on_leave(state: AirAllianceState, seat: int, action: Action) -> None:
    gaining.answer(state, seat, str(action.args[0]), gained=False)
    after_flight(state)


def on_airport(state: AirAllianceState, seat: int, action: Action) -> None:
    code = str(action.args[0])
    if state.step is Step.TAKEOFFS:
        state.pending = Pending(IconKind.PRIORITY, airport=code)  # a free takeoff: no slot, no marker
    else:
        assert state.pending is not None
        state.pending = replace(state.pending, airport=code)
    state.step = Step.SWAP


def on_swap(state: AirAllianceState, seat: int, action: Action) -> None:
    assert state.pending is not None
    free = state.pending.slot is None
    markers.swap_planes(state, seat, int(action.args[0]), int(action.args[1]))
    if free:
        turn.continue_takeoffs(state)
    else:
        turn.continue_markers(state)


def on_back(state: AirAllianceState, seat: int, action: Action) -> None:
    assert state.pending is not None
    free = state.pending.slot is None
    state.pending = None
    state.step = Step.TAKEOFFS if free else Step.MARKER


def on_place(state: AirAllianceState, seat: int, action: Action) -> None:
    turn.place(state, seat, str(action.args[0]), int(action.args[1]))
    turn.flight_control(state)


def on_claim(state: AirAllianceState, seat: int, action: Action) -> None:
    turn.answer_waiting(state, seat, str(action.args[0]))


def on_keep_waiting(state: AirAllianceState, seat: int, action: Action) -> None:
    turn.answer_waiting(state, seat, None)


# What each kind of action does to the copy engine.core.Rules.apply hands it, once the choice is checked.
EFFECTS: dict[str, Effect[AirAllianceState]] = {
    REFRESH: on_refresh, KEEP: on_keep, DONE: on_done, ALLY: on_ally, NO_ALLIANCE: on_no_alliance,
    ICON: on_icon, RESERVE: on_reserve, WAIT: on_wait, FLUSH: on_flush, STOP: on_stop, PLANE: on_plane,
    NPA: on_npa, LAND: on_land, AIRPORT: on_airport, SWAP: on_swap, BACK: on_back, PLACE: on_place,
    CLAIM: on_claim, KEEP_WAITING: on_keep_waiting, GAIN: on_gain, LEAVE: on_leave,
}
