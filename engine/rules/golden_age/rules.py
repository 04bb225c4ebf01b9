"""1930's decisions: who must decide, the choices (a page at a time where there are many), and applying one."""

from __future__ import annotations

from engine.core import MAX_CHOICES, Action, GameOver, IllegalAction, NotYourTurn
from engine.rules.golden_age import actions, end_of_turn, operating, operations, stock
from engine.rules.golden_age.state import GoldenAgeState, Operation, Phase, Step

PAGE = "page"


def to_act(state: GoldenAgeState) -> list[int]:
    return [] if state.phase is Phase.OVER else [state.current]


def all_choices(state: GoldenAgeState, seat: int) -> list[Action]:
    """Every choice of the current decision, before it is cut into pages."""
    if state.phase in (Phase.FIRST_STOCK, Phase.STOCK):
        return stock.legal(state, seat)
    if state.phase in (Phase.OPERATIONS, Phase.PURCHASE):
        return operations.legal(state, seat)
    if state.phase is Phase.CONTRACTS:
        return end_of_turn.legal(state, seat)
    return []


def menu(state: GoldenAgeState, seat: int) -> list[Action]:
    """`all_choices`, worked out once per state: the menu a player is shown is the list their move is checked
    against (a state is never changed once `apply` returns it, so the list stays true)."""
    choices = state.menus.get(seat)
    if choices is None:
        choices = state.menus[seat] = all_choices(state, seat)
    return choices


def legal_actions(state: GoldenAgeState, seat: int) -> list[Action]:
    """The choices that fit one menu: past 25, the main ones come a page at a time with 'more choices'."""
    if seat not in to_act(state):
        return []
    choices = menu(state, seat)
    if len(choices) <= MAX_CHOICES:
        return choices
    minor = [a for a in choices if a.minor]
    main = [a for a in choices if not a.minor]
    room = MAX_CHOICES - len(minor) - 1
    pages = (len(main) + room - 1) // room
    page = state.page % pages
    shown = main[page * room:(page + 1) * room]
    more = Action(PAGE, ((page + 1) % pages,), f"More choices (page {(page + 1) % pages + 1} of {pages})", minor=True)
    return [*shown, more, *minor]


def apply(state: GoldenAgeState, seat: int, action: Action) -> GoldenAgeState:
    """The state after `seat` takes `action`; the input is never changed."""
    if state.phase is Phase.OVER:
        raise GameOver("This game is over.")
    if seat not in to_act(state):
        raise NotYourTurn("It's not your turn.")
    if not is_legal(state, seat, action):
        raise IllegalAction("That choice isn't available right now.")
    new = state.copy()
    if action.kind == PAGE:
        new.page = int(action.args[0])
    else:
        new.page = 0
        dispatch(new, seat, action)
        settle(new)
        if new.events:
            new.news = list(new.events)
    new.seq += 1
    return new


def is_legal(state: GoldenAgeState, seat: int, action: Action) -> bool:
    """Whether the action is one of the decision's choices (on any page). The choice of operation is checked
    alone, as building the whole menu of operations to find it was most of a game's work."""
    if action.kind == PAGE:
        return action in legal_actions(state, seat)
    if seat in state.menus:  # the menu was shown: the move is checked against it
        return action in state.menus[seat]
    if action.kind == operations.OPERATION and state.step is Step.ACTION and state.pending is not None:
        values = {op.value: op for op in Operation}
        if len(action.args) != 1 or action.args[0] not in values:
            return False
        op, pending = values[str(action.args[0])], state.pending
        if op is Operation.STAND and not pending.token:
            return False  # a bought action must do something
        return actions.possible(state, pending.airline, op)
    if state.phase in (Phase.OPERATIONS, Phase.PURCHASE) and state.pending is not None and not action.args:
        # The choices that leave or end an action, checked without building the menu they sit in.
        if action.kind == operations.CANCEL:
            return state.step in CITY_STEPS
        if action.kind == operations.BACK:
            return state.step is Step.ACTION
        if action.kind == operations.DONE:
            return state.step is Step.MORE and operations.can_finish(state, state.pending)
    if action.kind in (operations.CITY, operations.FROM) and state.pending is not None and state.step in CITY_STEPS:
        return len(action.args) == 1 and action.args[0] in operations.option_keys(
            state, seat, state.pending, action.kind)
    return action in all_choices(state, seat)


CITY_STEPS = (Step.CITY, Step.GATE_FROM, Step.MORE)


def dispatch(state: GoldenAgeState, seat: int, action: Action) -> None:
    if state.phase in (Phase.FIRST_STOCK, Phase.STOCK):
        stock.apply(state, seat, action)
    elif state.phase is Phase.CONTRACTS:
        end_of_turn.apply(state, seat, action)
    else:
        operating.apply(state, seat, action)


def settle(state: GoldenAgeState) -> None:
    """Begin the next phase while one has ended (a phase may end at once: nobody able to buy or act)."""
    while state.phase_done:
        state.phase_done = False
        if state.phase in (Phase.FIRST_STOCK, Phase.STOCK):
            operations.begin_operations(state)
        elif state.phase is Phase.OPERATIONS:
            end_of_turn.begin_end_of_turn(state)
        elif state.phase is Phase.PURCHASE:
            end_of_turn.after_purchases(state)
