"""Air Alliance AI players: `greedy` takes the flight that gains the most miles now; `choose` plays the same way."""

from __future__ import annotations

from engine.core import Action, Chooser
from engine.rules.air_alliance import choices, markers, rules
from engine.rules.air_alliance.alliance import top_icons
from engine.rules.air_alliance.data import IconKind
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState, Step

AVOID = {"back", "stop", "keep_waiting", "no_alliance"}  # declines: taken only when nothing else helps
RESERVE_WORTH = 0.25  # a reserved card is worth a quarter of its miles: it still has to be flown


def decision(state: AirAllianceState, seat: int) -> list[Action]:
    legal = rules.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide now")
    return legal


def best(scored: list[tuple[float, Action]], rng: Chooser) -> Action:
    """The highest-scored action; equal scores are settled by the player's whim."""
    top = max(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score >= top - 1e-9])


def gain(state: AirAllianceState, seat: int, moves: list[choices.Move]) -> float:
    found = choices.best_move(state, seat, moves)
    return float(choices.total(found[1])) if found else 0.0


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
        return RESERVE_WORTH * choices.total([str(args[0])])
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
    """For now the greedy player: the flight that gains the most miles now."""
    return greedy(state, seat, rng)
