"""Air Alliance AI outside the markers: alliances, flight control, the claim's refresh, free takeoffs, cancellations."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import Action, Chooser
from engine.rules.air_alliance import runways
from engine.rules.air_alliance.ai_plan import Planner
from engine.rules.air_alliance.ai_value import ALLIANCE_NPA, EXTRA_MARKER, EXTRA_TURN, Valuer
from engine.rules.air_alliance.alliance import Formation, form, partners
from engine.rules.air_alliance.claim import gainable
from engine.rules.air_alliance.data import NPA_COLOURS
from engine.rules.air_alliance.flights import shapes
from engine.rules.air_alliance.state import CLAIM_SIZE, MARKERS, SLOTS, AirAllianceState
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.turn import EXTRA_TURN_CARDS, PLACE_CHOICES_SHOWN

REFRESH_SAMPLES = 2  # claims drawn at random (from the deck's make-up, never its order) to value a refresh
ALLIANCE_HINT = 0.5  # a boarding pass that can form a wanted alliance next turn: half the alliance's worth
COMPARE_BUDGET = 100  # positions searched per table when a decision compares several
PLACE_SEARCH_LIMIT = 5  # more gained cards than this are placed one at a time, each on its best slot


def turn_value(state: AirAllianceState, seat: int) -> float:
    """What the seat's best plan for a whole turn from this table is worth (its reservation marker back in hand).

    Several tables are compared in one decision, so each gets a smaller search than a marker decision does.
    """
    s = state.copy()
    airline = s.airlines[seat]
    airline.reserved, airline.waiting = None, False
    s.used, s.reserved_this_turn, s.pending = [], False, None
    s.markers_left = MARKERS
    return Planner(s, seat, budget=COMPARE_BUDGET).plan().value


# --- phase 0 ----------------------------------------------------------------------------------------------------------


def alliance_choice(state: AirAllianceState, seat: int, legal: list[Action]) -> Action:
    """Form the alliance whose NPAs, and the turn it leaves us with the printed boarding pass, are worth most."""
    v = Valuer(state, seat)
    none = next(a for a in legal if a.kind == "no_alliance")
    best, best_value = none, turn_value(state, seat) + v.alliance_worth(state.alliances)
    seen: dict[tuple[Any, ...], float] = {}
    for action in legal:
        if action.kind != "ally":
            continue
        s = state.copy()
        form(s, seat, Formation(tuple(str(action.args[0]).split("+")), int(action.args[1])))
        mine = frozenset(partners(s, seat))
        theirs = frozenset(c for area in s.alliances if s.airlines[seat].colour not in area for c in area
                           if c in NPA_COLOURS)
        signature = (mine, theirs)  # formations alike for us (the same NPAs ours, theirs, free) are planned once
        if signature not in seen:
            seen[signature] = turn_value(s, seat) + v.alliance_worth(s.alliances)
        if seen[signature] > best_value + 1e-6:
            best, best_value = action, seen[signature]
    return best


# --- phase 3 ----------------------------------------------------------------------------------------------------------


def pass_worth(state: AirAllianceState, seat: int, v: Valuer, tops: tuple[str | None, ...]) -> float:
    """Next turn's boarding pass with these top cards, and the alliance it would let us form."""
    c = state.data
    colour = state.airlines[seat].colour
    icons = [c.cards[top].icons if top else c.passes[colour].slots[slot] for slot, top in enumerate(tops)]
    value = v.pass_value(icons, gainable(state, seat))
    shared = set(NPA_COLOURS)
    for slot_icons in icons:
        shared &= {n for icon in slot_icons if icon.npa for n in icon.npa}
    wanted = shared - set(partners(state, seat))
    if wanted and v.future:
        value += ALLIANCE_HINT * ALLIANCE_NPA * len(wanted)
    return value


def placement(state: AirAllianceState, seat: int, legal: list[Action]) -> Action:
    """Put the gained cards so that the best icons show on top next turn: searched over every order of placing."""
    v = Valuer(state, seat)
    airline = state.airlines[seat]
    tops0 = tuple(airline.top(slot) for slot in range(SLOTS))
    if len(state.gained) > PLACE_SEARCH_LIMIT:
        return max(legal, key=lambda a: pass_worth(state, seat, v, with_top(tops0, str(a.args[0]), int(a.args[1]))))

    @cache
    def best(remaining: frozenset[str], covered: frozenset[int], full: bool, tops: tuple[str | None, ...]) -> float:
        if not remaining:
            return pass_worth(state, seat, v, tops)
        return max(best(remaining - {x}, covered | {slot}, full or len(covered | {slot}) >= SLOTS,
                        with_top(tops, x, slot))
                   for x, slot in moves(remaining, covered, full))

    def moves(remaining: frozenset[str], covered: frozenset[int], full: bool) -> list[tuple[str, int]]:
        shown = [x for x in state.gained if x in remaining][:PLACE_CHOICES_SHOWN]
        slots = range(SLOTS) if full else [slot for slot in range(SLOTS) if slot not in covered]
        return [(x, slot) for x in shown for slot in slots]

    covered = frozenset(state.covered_slots)
    full = len(state.covered_slots) >= SLOTS
    remaining = frozenset(state.gained)
    scored = []
    for action in legal:
        x, slot = str(action.args[0]), int(action.args[1])
        now_covered = covered | {slot}
        scored.append((best(remaining - {x}, now_covered, full or len(state.covered_slots) + 1 >= SLOTS,
                            with_top(tops0, x, slot)), action))
    top = max(score for score, _ in scored)
    return next(action for score, action in scored if score >= top - 1e-6)


def with_top(tops: tuple[str | None, ...], card_id: str, slot: int) -> tuple[str | None, ...]:
    return tuple(card_id if i == slot else top for i, top in enumerate(tops))


# --- phase 1: gaining a card or leaving it waiting ----------------------------------------------------------------


def gain_choice(state: AirAllianceState, seat: int, legal: list[Action]) -> Action:
    """Gain the card unless the boarding pass it would cost (an alliance in the making) is worth more than the
    card and the extra turn it may bring: both passes valued with their best placement at flight control."""
    gain, leave = (next(a for a in legal if a.kind == kind) for kind in ("gain", "leave"))
    card_id = str(gain.args[0])
    if len(state.gained) >= PLACE_SEARCH_LIMIT:
        return gain
    v = Valuer(state, seat)
    taken = v.gain(frozenset((card_id,))) + extra_turn_worth(state) + best_pass(state, seat, v, (*state.gained, card_id))
    return gain if taken >= best_pass(state, seat, v, tuple(state.gained)) else leave


def extra_turn_worth(state: AirAllianceState) -> float:
    """What one more card is worth when it is the third of the turn: the extra turn (Kobe: the extra marker)."""
    if state.gained_this_turn + 1 != EXTRA_TURN_CARDS:
        return 0.0
    if state.kobe(Kobe.EXTRA_MARKER):
        return 0.0 if state.extra_marker else EXTRA_MARKER
    return 0.0 if state.extra_turn else EXTRA_TURN


def best_pass(state: AirAllianceState, seat: int, v: Valuer, cards: tuple[str, ...]) -> float:
    """The best next boarding pass flight control can make by placing these cards (turn.open_slots' rule)."""
    airline = state.airlines[seat]

    @cache
    def best(remaining: frozenset[str], covered: frozenset[int], tops: tuple[str | None, ...]) -> float:
        if not remaining:
            return pass_worth(state, seat, v, tops)
        slots = range(SLOTS) if len(covered) >= SLOTS else [slot for slot in range(SLOTS) if slot not in covered]
        return max(best(remaining - {x}, covered | {slot}, with_top(tops, x, slot)) for x in sorted(remaining)
                   for slot in slots)

    return best(frozenset(cards), frozenset(state.covered_slots), tuple(airline.top(slot) for slot in range(SLOTS)))


# --- the last round's refresh and the Kobe first turn -----------------------------------------------------------------


def refresh_choice(state: AirAllianceState, seat: int, legal: list[Action], rng: Chooser) -> Action:
    """Refresh when new cards drawn at random (from the deck's make-up) promise a better turn than the claim here."""
    keep_value = turn_value(state, seat)
    kept = [x for x in state.claim if state.reserver(x) is not None]
    pool = sorted(state.deck)  # sorted: the planner knows which cards are in the deck, never their order
    need = min(CLAIM_SIZE - len(kept), len(pool))
    if need <= 0:
        return next(a for a in legal if a.kind == "keep")
    total = 0.0
    for _ in range(REFRESH_SAMPLES):
        sample: list[str] = []
        rest = list(pool)
        for _ in range(need):
            x = rng.choice(rest)
            rest.remove(x)
            sample.append(x)
        s = state.copy()
        s.claim = [*kept, *sample]
        total += turn_value(s, seat)
    wanted = "refresh" if total / REFRESH_SAMPLES > keep_value else "keep"
    return next(a for a in legal if a.kind == wanted)


def takeoff_choice(state: AirAllianceState, seat: int, legal: list[Action]) -> Action:
    """Kobe first turn: a free priority takeoff only where it makes our turn better."""
    done = next(a for a in legal if a.kind == "done")
    best, best_value = done, turn_value(state, seat)
    for action in legal:
        if action.kind != "airport":
            continue
        code = str(action.args[0])
        value = max(swapped_value(state, seat, code, pair) for pair in runways.swaps(shapes(state.data)[code], state.board[code]))
        if value > best_value + 1e-6:
            best, best_value = action, value
    return best


def swapped_value(state: AirAllianceState, seat: int, code: str, pair: tuple[int, int]) -> float:
    s = state.copy()
    runways.swap(s.board[code], *pair)
    return turn_value(s, seat)


def free_swap_choice(state: AirAllianceState, seat: int, legal: list[Action]) -> Action:
    assert state.pending is not None and state.pending.airport is not None
    code = state.pending.airport
    swaps = [a for a in legal if a.kind == "swap"]
    return max(swaps, key=lambda a: swapped_value(state, seat, code, (int(a.args[0]), int(a.args[1]))))


# --- Kobe: waiting for cancellation -----------------------------------------------------------------------------------


def waiting_choice(state: AirAllianceState, seat: int, legal: list[Action]) -> Action:
    """Reserve the card most worth keeping for our next turn, if any is worth a marker."""
    v = Valuer(state, seat)
    supply = state.airlines[seat].supply
    claims = [(v.reserve_value(state.board, supply, str(a.args[0]), state.claim), a)
              for a in legal if a.kind == "claim"]
    if claims:
        value, action = max(claims, key=lambda c: c[0])
        if value > 0:
            return action
    return next(a for a in legal if a.kind == "keep_waiting")
