"""1930's decisions: who must decide, the choices (a page at a time where there are many), and applying one."""

from __future__ import annotations

from engine.core import MAX_CHOICES, Action, GameOver, IllegalAction, NotYourTurn
from engine.rules.golden_age import end_of_turn, operating, operations, stock
from engine.rules.golden_age.state import GoldenAgeState, Phase

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


def legal_actions(state: GoldenAgeState, seat: int) -> list[Action]:
    """The choices that fit one menu: past 25, the main ones come a page at a time with 'more choices'."""
    if seat not in to_act(state):
        return []
    choices = all_choices(state, seat)
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
    chosen = next((a for a in legal_actions(state, seat) if a == action), None)
    if chosen is None:
        raise IllegalAction("That choice isn't available right now.")
    new = state.copy()
    if chosen.kind == PAGE:
        new.page = int(chosen.args[0])
    else:
        new.page = 0
        dispatch(new, seat, chosen)
        settle(new)
    new.seq += 1
    return new


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
