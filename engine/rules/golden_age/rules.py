"""1930's decisions: who must decide, the choices (a page at a time where there are many), and applying one."""

from __future__ import annotations

from engine.core import MAX_CHOICES, Action, Effect
from engine.rules.golden_age import end_of_turn, operation_decisions, operation_effects, stock
from engine.rules.golden_age.state import GoldenAgeState, Phase

PAGE = "page"
BACK, DONE = operation_decisions.BACK, operation_decisions.DONE  # words more than one phase uses


def to_act(state: GoldenAgeState) -> list[int]:
    return [] if state.over else [state.current]


def all_choices(state: GoldenAgeState, seat: int, words: bool = True) -> list[Action]:
    """Every choice of the current decision, before it is cut into pages; without `words`, the operations' choices
    come bare (no label or detail: for the AI's search, which reads none)."""
    if state.phase in STOCK_PHASES:
        return stock.legal(state, seat)
    if state.phase in (Phase.OPERATIONS, Phase.PURCHASE):
        return operation_decisions.legal(state, seat, words)
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
    more = Action(PAGE, ((page + 1) % pages,), f"More choices (page {(page + 1) % pages + 1} of {pages})",
                  detail="The menu's other choices, a page at a time", minor=True)
    return [*shown, more, *minor]


def turn_page(state: GoldenAgeState, seat: int, action: Action) -> None:
    state.page = int(action.args[0])


def on_back(state: GoldenAgeState, seat: int, action: Action) -> None:
    """'Back' is a word of three phases' menus; each takes back its own choice."""
    if state.phase in STOCK_PHASES:
        stock.on_back(state, seat, action)
    elif state.phase is Phase.CONTRACTS:
        end_of_turn.on_back(state, seat, action)
    else:
        operation_effects.on_back(state, seat, action)


def on_done(state: GoldenAgeState, seat: int, action: Action) -> None:
    """'Done' ends the contracts a player plays, or an operation (or the purchase of one)."""
    if state.phase is Phase.CONTRACTS:
        end_of_turn.on_done(state, seat, action)
    else:
        operation_effects.on_done(state, seat, action)


STOCK_PHASES = (Phase.FIRST_STOCK, Phase.STOCK)

# The effect of each kind of move, on the state it changes (the AI's search plays these unchecked).
MOVES: dict[str, Effect[GoldenAgeState]] = {
    stock.BUY: stock.on_buy, stock.PASS: stock.on_pass, stock.PRICE: stock.on_price,
    stock.TRADE_IN: stock.on_trade_in, end_of_turn.CONTRACT: end_of_turn.on_contract,
    end_of_turn.AWARD: end_of_turn.on_award, operation_decisions.AIRLINE: operation_effects.on_airline,
    operation_decisions.OPERATION: operation_effects.on_operation, operation_decisions.CITY: operation_effects.on_build,
    operation_decisions.FROM: operation_effects.on_build, operation_decisions.CANCEL: operation_effects.on_cancel,
    operation_decisions.DIVIDEND: operation_effects.on_dividend, BACK: on_back, DONE: on_done,
}


def dispatch(state: GoldenAgeState, seat: int, action: Action) -> None:
    MOVES[action.kind](state, seat, action)


def play(state: GoldenAgeState, seat: int, action: Action) -> None:
    """A move: its effect, then whatever phase follows; the board keeps the news of the last move that had any."""
    state.page = 0
    dispatch(state, seat, action)
    settle(state)
    if state.events:
        state.news = list(state.events)


# What each kind of action does to the copy engine.core.Rules.apply hands it, once the choice is checked.
EFFECTS: dict[str, Effect[GoldenAgeState]] = {PAGE: turn_page, **dict.fromkeys(MOVES, play)}


def settle(state: GoldenAgeState) -> None:
    """Begin the next phase while one has ended (a phase may end at once: nobody able to buy or act)."""
    while state.phase_done:
        state.phase_done = False
        if state.phase in STOCK_PHASES:
            operation_decisions.begin_operations(state)
        elif state.phase is Phase.OPERATIONS:
            end_of_turn.begin_end_of_turn(state)
        elif state.phase is Phase.PURCHASE:
            end_of_turn.after_purchases(state)
