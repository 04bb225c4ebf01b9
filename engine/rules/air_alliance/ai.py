"""Air Alliance AI players: `choose` plans each turn's markers as a whole; `greedy` takes the best flight now."""

from __future__ import annotations

from collections import OrderedDict

from engine.core import Action, Chooser
from engine.rules.choosing import best, required
from engine.rules.air_alliance import ai_phases, choices, markers, rules, scoring
from engine.rules.air_alliance.ai_moves import FLUSH, FLY, RESERVE, SHARE, STOP, SWAP, WAIT, Use
from engine.rules.air_alliance.ai_plan import Plan, Planner
from engine.rules.air_alliance.alliance import top_icons
from engine.rules.air_alliance.data import IconKind
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState, Pending, Step

AVOID = {"back", "stop", "keep_waiting", "no_alliance", "leave"}  # declines: taken only when nothing else helps
RESERVE_WORTH = 0.25  # a reserved card is worth a quarter of its miles: it still has to be flown


def decision(state: AirAllianceState, seat: int) -> list[Action]:
    return required(rules.legal_actions(state, seat), seat)


def gain(state: AirAllianceState, seat: int, moves: list[choices.Move]) -> float:
    found = choices.best_move(state, seat, moves)
    return float(choices.total(state.data, found[1])) if found else 0.0


def value(state: AirAllianceState, seat: int, action: Action) -> float:
    """Miles the action gains at once (a reservation a share of its card), a small bonus for planes on the board."""
    kind, args = action.kind, action.args
    if kind in AVOID:
        return -1.0
    if kind == "icon":
        icon = top_icons(state, seat, int(args[0]))[int(args[1])]
        if icon.kind is IconKind.PRIORITY:
            return 0.0
        if icon.kind is IconKind.CODE_SHARING:
            return gain(state, seat, choices.npa_moves(state, seat, icon))
        return gain(state, seat, choices.permit_moves(state, seat, icon)) + 1.0
    if kind == "reserve":
        return RESERVE_WORTH * choices.total(state.data, [str(args[0])])
    if kind == "gain":
        return float(choices.total(state.data, [str(args[0])]))
    if kind == "plane":
        colour = state.airlines[seat].colour
        targets = markers.destinations_for(state, seat, str(args[0]))
        moves = [(colour, str(args[0]), t) for t in targets]
        return gain(state, seat, moves) + (0.5 if args[0] == SUPPLY else 0.0)
    if kind == "npa":
        colour, origin = str(args[0]), str(args[1])
        return gain(state, seat, [(colour, origin, t) for t in markers.npa_destinations(state, colour, origin)])
    if kind == "land":
        pending = state.pending
        assert pending is not None and pending.origin is not None and pending.colour is not None
        return gain(state, seat, [(pending.colour, pending.origin, str(args[0]))])
    return 0.0


def greedy(state: AirAllianceState, seat: int, rng: Chooser) -> Action:
    """The choice that gains the most miles at once; alliances are always formed, refreshes and swaps at whim."""
    legal = decision(state, seat)
    if state.step is Step.ALLIANCE:
        return legal[0]
    return best([(value(state, seat, action), action) for action in legal], rng)


def choose(state: AirAllianceState, seat: int, rng: Chooser) -> Action:
    """Plan the turn's markers as a whole (relays, takeoffs, reservations), then alliances, flight control and the
    Kobe choices for the most miles; the plan is made again at each decision, so a surprise changes it."""
    legal = decision(state, seat)
    if len(legal) == 1:
        return legal[0]
    step = state.step
    if step is Step.ALLIANCE:
        return ai_phases.alliance_choice(state, seat, legal)
    if step is Step.FLIGHT_CONTROL:
        return ai_phases.placement(state, seat, legal)
    if step is Step.REFRESH:
        return ai_phases.refresh_choice(state, seat, legal, rng)
    if step is Step.TAKEOFFS:
        return ai_phases.takeoff_choice(state, seat, legal)
    if step is Step.WAITING:
        return ai_phases.waiting_choice(state, seat, legal)
    if step is Step.GAIN:
        return ai_phases.gain_choice(state, seat, legal)
    if step is Step.SWAP and state.pending is not None and state.pending.slot is None:
        return ai_phases.free_swap_choice(state, seat, legal)
    return marker_choice(state, seat, legal, rng)


def marker_choice(state: AirAllianceState, seat: int, legal: list[Action], rng: Chooser) -> Action:
    """The next step of the best plan for the markers left.

    While an icon is being resolved (plane, destination, swap), the plan is the one made when the marker was
    placed: the table before the icon was chosen is the same but for the pending choice, so its plan is found
    again (or taken from the cache) and followed, and the icon's choices follow one intention.
    """
    pending = state.pending
    if pending is None:
        plan = turn_plan(state, seat)
    else:
        before = state.copy()
        before.pending, before.step = None, Step.MARKER
        plan = turn_plan(before, seat)
        first = plan.uses[0] if plan.uses else None
        if first is None or (first.slot, first.icon) != (pending.slot, pending.icon) or not fits(first, pending):
            planner = Planner(state, seat)
            assert pending.slot is not None and pending.icon is not None
            icon = top_icons(state, seat, pending.slot)[pending.icon]
            plan = planner.plan(planner.icon_uses(pending.slot, pending.icon, icon, pending))
    wanted = as_action(state, plan.uses[0]) if plan.uses else None
    if wanted is not None and wanted in legal:
        return next(a for a in legal if a == wanted)
    return greedy(state, seat, rng)  # the plan found nothing the rules offer: should not happen, but stay legal


def fits(use: Use, pending: Pending) -> bool:
    """The planned use agrees with what has been chosen for the pending icon so far."""
    return ((pending.colour is None or pending.colour == use.colour)
            and (pending.origin is None or pending.origin == use.origin)
            and (pending.airport is None or pending.airport == use.origin))


_PLANS: OrderedDict[str, Plan] = OrderedDict()
PLANS_KEPT = 32


def turn_plan(state: AirAllianceState, seat: int) -> Plan:
    """The plan for a table at a marker decision. Cached by everything the planner reads (never the deck's order),
    so the cache saves time and cannot change a choice."""
    key = f"{seat}|{fingerprint(state)}"
    plan = _PLANS.get(key)
    if plan is None:
        plan = Planner(state, seat).plan()
        _PLANS[key] = plan
        if len(_PLANS) > PLANS_KEPT:
            _PLANS.popitem(last=False)
    return plan


def fingerprint(state: AirAllianceState) -> str:
    """Every part of the table a plan depends on; the deck only as its sorted make-up, the log's length not at all."""
    airlines = [(a.colour, a.supply, a.slots, sorted(a.score_pile), a.reserved, a.waiting, a.turns, a.refreshed,
                 a.retired) for a in state.airlines]
    return repr((state.edition, state.players, sorted(o.value for o in state.options), sorted(state.deck),
                 state.claim, state.board, airlines, sorted(state.discards), state.off_board, sorted(state.off_board_owner.items()),
                 state.alliances, state.current, state.step.value, state.markers_left, state.used,
                 state.reserved_this_turn, state.gained, state.gained_this_turn, state.covered_slots,
                 state.flights, sorted(state.waiting_since.items()), state.offered, state.pending, state.extra_turn, state.extra_marker, state.takeoffs_left,
                 state.last_round, state.final_turns, state.in_last_round, state.waiting_queue))


def as_action(state: AirAllianceState, use: Use) -> Action:
    """The action the current decision needs for this marker use."""
    step = state.step
    if step is Step.MARKER:
        if use.kind in (FLY, SHARE, SWAP):
            return Action(markers.ICON, (use.slot, use.icon))
        if use.kind == RESERVE:
            return Action(markers.RESERVE, (use.card,))
        return Action({FLUSH: markers.FLUSH, WAIT: markers.WAIT, STOP: markers.STOP}[use.kind])
    if step is Step.PLANE:
        return Action(markers.PLANE, (use.origin,))
    if step is Step.NPA_PLANE:
        return Action(markers.NPA, (use.colour, use.origin))
    if step is Step.DESTINATION:
        return Action(markers.LAND, (use.destination,))
    if step is Step.PRIORITY_AIRPORT:
        return Action(markers.AIRPORT, (use.origin,))
    return Action(markers.SWAP, use.places)


def worth(state: AirAllianceState, seat: int) -> float:
    """How well the seat stands: its miles and what its best next turn would add, less the same of its best rival.

    Cached like the turn plans, by everything the planner reads: a look-ahead's worlds differ in the deck's order,
    which it never reads, so they often reach tables it has already judged."""
    key = f"{seat}|{fingerprint(state)}"
    found = _WORTHS.get(key)
    if found is None:
        found = _WORTHS[key] = worth_now(state, seat)
        if len(_WORTHS) > WORTHS_KEPT:
            _WORTHS.popitem(last=False)
    return found


_WORTHS: OrderedDict[str, float] = OrderedDict()
WORTHS_KEPT = 256


def worth_now(state: AirAllianceState, seat: int) -> float:
    over = scoring.outcome(state) is not None

    def prospect(other: int) -> float:
        return scoring.miles_of(state, other) + (0.0 if over else ai_phases.turn_value(state, other))

    return prospect(seat) - max((prospect(s) for s in range(state.players) if s != seat), default=0.0)


def worth_words(value: float) -> str:
    """'12,000 miles ahead of the best rival', each counted with their best next turn."""
    if round(value) == 0:
        return "level on miles with the best rival"
    return f"{abs(value):,.0f} miles {'ahead of' if value > 0 else 'behind'} the best rival"
