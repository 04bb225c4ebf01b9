"""1930's fast legality check: a move checked against its decision, the choice of operation without the menu."""

from __future__ import annotations

from engine.core import Action
from engine.rules.golden_age import airline_operations, operation_decisions
from engine.rules.golden_age.rules import PAGE, all_choices, legal_actions
from engine.rules.golden_age.state import GoldenAgeState, Operation, Phase, Step


CITY_STEPS = (Step.CITY, Step.GATE_FROM, Step.MORE)


def legal_choice(state: GoldenAgeState, seat: int, action: Action) -> Action | None:
    """The action to apply when it is one of the decision's choices (on any page), else None."""
    return action if is_legal(state, seat, action) else None


def is_legal(state: GoldenAgeState, seat: int, action: Action) -> bool:
    """Whether the action is one of the decision's choices (on any page). The choice of operation is checked
    alone, as building the whole menu of operations to find it was most of a game's work."""
    if action.kind == PAGE:
        return action in legal_actions(state, seat)
    if seat in state.menus:  # the menu was shown: the move is checked against it
        return action in state.menus[seat]
    if action.kind == operation_decisions.OPERATION and state.step is Step.ACTION and state.pending is not None:
        values = {op.value: op for op in Operation}
        if len(action.args) != 1 or action.args[0] not in values:
            return False
        op, pending = values[str(action.args[0])], state.pending
        if op is Operation.STAND and not pending.token:
            return False  # a bought action must do something
        return airline_operations.possible(state, pending.airline, op)
    if state.phase in (Phase.OPERATIONS, Phase.PURCHASE) and state.pending is not None and not action.args:
        # The choices that leave or end an action, checked without building the menu they sit in.
        if action.kind == operation_decisions.CANCEL:
            return state.step in CITY_STEPS
        if action.kind == operation_decisions.BACK:
            return state.step is Step.ACTION
        if action.kind == operation_decisions.DONE:
            return state.step is Step.MORE and operation_decisions.can_finish(state, state.pending)
    if action.kind in (operation_decisions.CITY, operation_decisions.FROM) and state.pending is not None \
            and state.step in CITY_STEPS:
        return len(action.args) == 1 and action.args[0] in operation_decisions.option_keys(
            state, seat, state.pending, action.kind)
    return action in all_choices(state, seat)

