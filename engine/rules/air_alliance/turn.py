"""The flow of a turn: its opening steps, phases 1 to 3, extra turns, waiting for cancellation and the last round."""

from __future__ import annotations

from engine.events import Run
from engine.rules.air_alliance import events, markers
from engine.rules.air_alliance.alliance import formations
from engine.rules.air_alliance.claim import lost_baggage, p, reservable, reserve
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.removal import retire
from engine.rules.air_alliance.scoring import miles_of
from engine.rules.air_alliance.state import MARKERS, SLOTS, AirAllianceState, Step
from engine.words import count

EXTRA_TURN_CARDS = 3  # "if you manage to get 3 or 4 Passenger Cards during the same turn"
PLACE_CHOICES_SHOWN = 8  # gained cards offered at once in flight control: 8 × 3 slots fit one menu


def is_first_turn(state: AirAllianceState) -> bool:
    """Kobe: the player's first turn (not an extra turn) has its own opening."""
    return state.kobe(Kobe.FIRST_TURN) and state.airlines[state.current].turns == 0 and not state.extra_turn


def begin_turn(state: AirAllianceState, seat: int, extra: bool = False) -> None:
    """A turn (or the extra turn) starts afresh; a refresh, free takeoffs or phase 0 may come before phase 1."""
    state.current, state.extra_turn, state.extra_marker = seat, extra, False
    state.turns += 1
    state.extra_turns += extra
    state.gained, state.gained_this_turn, state.covered_slots, state.flights = [], 0, [], []
    state.waiting_since = {}
    state.used, state.reserved_this_turn, state.pending = [], False, None
    state.markers_left, state.takeoffs_left = MARKERS, 0
    if is_first_turn(state) or (state.in_last_round and not state.airlines[seat].refreshed):
        state.step = Step.REFRESH
        return
    after_refresh(state)


def after_refresh(state: AirAllianceState) -> None:
    """Kobe first turn: free priority takeoffs, as many as the seat's place in the order (0 to 3)."""
    if is_first_turn(state) and state.current > 0:
        state.takeoffs_left = state.current
        continue_takeoffs(state)
        return
    after_takeoffs(state)


def continue_takeoffs(state: AirAllianceState) -> None:
    if state.takeoffs_left and markers.can_take_priority(state):
        state.step = Step.TAKEOFFS
    else:
        state.takeoffs_left = 0
        after_takeoffs(state)


def after_takeoffs(state: AirAllianceState) -> None:
    """Phase 0 when an alliance can be formed, else phase 1."""
    if formations(state, state.current):
        state.step = Step.ALLIANCE
    else:
        begin_markers(state)


def begin_markers(state: AirAllianceState) -> None:
    """Phase 1: all three markers come back to hand, the reservation and the waiting marker too."""
    airline = state.airlines[state.current]
    airline.reserved, airline.waiting = None, False
    state.markers_left = MARKERS
    continue_markers(state)


def continue_markers(state: AirAllianceState) -> None:
    """The next marker, if one is left and can do something (ruling: else phase 1 ends)."""
    state.pending = None
    if state.markers_left > 0 and markers.has_marker_use(state, state.current):
        state.step = Step.MARKER
    else:
        end_markers(state)


def end_markers(state: AirAllianceState) -> None:
    """Phase 1 is over: (Kobe) players waiting for cancellation answer, then phases 2 and 3."""
    if state.extra_marker:
        flight_control(state)  # Kobe: the extra marker comes after phases 2 and 3, which are not repeated
        return
    if state.kobe(Kobe.WAIT_CANCELLATION) and markers.may_reserve(state):
        n, seat = state.players, state.current
        # Precedence goes to the farthest player in turn order from the current player: ask them first.
        state.waiting_queue = [s for s in ((seat - k) % n for k in range(1, n)) if state.airlines[s].waiting]
        if next_waiting(state):
            return
    phase_two(state)


def next_waiting(state: AirAllianceState) -> bool:
    """Whether a waiting player has a card to reserve and must answer now."""
    while state.waiting_queue and not reservable(state):
        state.waiting_queue.pop(0)
    if state.waiting_queue:
        state.step = Step.WAITING
        return True
    return False


def answer_waiting(state: AirAllianceState, seat: int, card_id: str | None) -> None:
    state.waiting_queue.pop(0)
    if card_id is None:
        state.events.append(events.KEEPS_WAITING.event(who=p(seat)))
    else:
        state.airlines[seat].waiting = False
        state.events.append(reserve(state, seat, card_id, cancellation=True))
    if not next_waiting(state):
        phase_two(state)


def phase_two(state: AirAllianceState) -> None:
    lost_baggage(state)
    flight_control(state)


# --- phase 3 ---------------------------------------------------------------------------------------------------------


def open_slots(state: AirAllianceState) -> list[int]:
    """This turn's cards may not cover each other, except after one has gone on every slot."""
    if len(state.covered_slots) >= SLOTS:
        return list(range(SLOTS))
    return [slot for slot in range(SLOTS) if slot not in state.covered_slots]


def flight_control(state: AirAllianceState) -> None:
    """Phase 3: each gained card goes onto the boarding pass; a single possible placement is made at once."""
    while state.gained:
        slots = open_slots(state)
        if len(state.gained) > 1 or len(slots) > 1:
            state.step = Step.FLIGHT_CONTROL
            return
        place(state, state.current, state.gained[0], slots[0])
    after_flight_control(state)


def place(state: AirAllianceState, seat: int, card_id: str, slot: int) -> None:
    airline = state.airlines[seat]
    under = airline.top(slot)
    airline.slots[slot].append(card_id)
    state.gained.remove(card_id)
    state.covered_slots.append(slot)
    cover = f", covering {state.data.cards[under].passenger}" if under else ""
    state.events.append(events.PLACES.event(who=p(seat), card=state.data.cards[card_id].passenger, slot=slot + 1,
                                          cover=cover))


def after_flight_control(state: AirAllianceState) -> None:
    state.used = []  # "remove all of your markers other than those for reservation"
    earned = state.gained_this_turn >= EXTRA_TURN_CARDS
    if state.kobe(Kobe.EXTRA_MARKER) and earned and not state.extra_marker:
        state.extra_marker, state.markers_left = True, 1
        state.events.append(events.EXTRA_MARKER.event(who=p(state.current), cards=count(state.gained_this_turn, "card")))
        continue_markers(state)
        return
    end_turn(state)


def end_turn(state: AirAllianceState) -> None:
    """After phase 3: the extra turn won with 3+ cards, else the next player's turn."""
    seat = state.current
    state.airlines[seat].turns += 1
    state.step = Step.MARKER  # until the next turn's opening says otherwise
    earned = state.gained_this_turn >= EXTRA_TURN_CARDS and not state.kobe(Kobe.EXTRA_MARKER)
    if earned and not state.extra_turn:
        state.events.append(events.EXTRA_TURN.event(who=p(seat), cards=count(state.gained_this_turn, "card")))
        begin_turn(state, seat, extra=True)
        return
    next_turn(state)


def next_turn(state: AirAllianceState) -> None:
    """The next player in order, or in the last round the next player still to play their last turn."""
    seat, finals = state.current, state.final_turns
    if finals is None:
        begin_turn(state, (seat + 1) % state.players)
        return
    if state.in_last_round:
        finals.pop(0)  # this seat has played its last turn
        leaving = [seat]
    else:
        # The deck ran out during this turn: whoever has no last turn leaves now, this seat too (its turn was its
        # last). Edition 2 removed the others the moment the deck ran out (removal.remove_the_planeless).
        leaving = [s for s in range(state.players) if s not in finals]
    if state.kobe(Kobe.REMOVE_PLANES):
        for s in leaving:
            retire(state, s)
    if not finals:
        game_over(state)
        return
    state.in_last_round = True
    begin_turn(state, finals[0])


def game_over(state: AirAllianceState) -> None:
    state.step = Step.OVER
    state.pending = None
    scores = Run(tuple(events.SCORE.event(who=p(seat), miles=f"{miles_of(state, seat):,}")
                       for seat in range(state.players)), joint=", ")
    state.events.append(events.GAME_OVER.event(scores=scores))
