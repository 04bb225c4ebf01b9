"""1930 AI players: `choose` weighs each move by every seat's expected final worth; `greedy` by its score now."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Chooser
from engine.rules.choosing import best, required
from engine.rules.golden_age import rules
from engine.rules.golden_age.ai_plan import hidden_removed, scored
from engine.rules.golden_age.ai_value import immediate, standing
from engine.rules.golden_age.state import GoldenAgeState, Step

EPSILON = 1e-9
GOING_BACK = ("cancel", "back")


def decision(state: GoldenAgeState, seat: int) -> list[Action]:
    """The seat's choices on the menu shown now (a page of them where there are many)."""
    return required(rules.legal_actions(state, seat), seat)


def pick(choices: list[tuple[float, Action]], legal: list[Action], rng: Chooser) -> Action:
    """The best-scored choice if this page shows one, else the next page (never a loop: the best stays the best);
    with nothing scored (only going back is left), going back."""
    shown = {action: action for action in legal}  # an action equals its legal twin: take the one with the label
    if not choices:
        return next((a for a in legal if a.kind in GOING_BACK), legal[0])
    top = max(value for value, _ in choices)
    on_page = [(value, shown[action]) for value, action in choices if action in shown]
    if on_page and max(value for value, _ in on_page) >= top - EPSILON:
        return best(on_page, rng)
    page = next((a for a in legal if a.kind == rules.PAGE), None)
    return page if page is not None else best(on_page, rng) if on_page else legal[0]


def breadth(state: GoldenAgeState) -> dict[str, Any]:
    """How far a decision looks: choosing a token looks at every airline's every operation, so each only narrowly;
    choosing the operation looks wider, and the steps within it widest."""
    if state.step is Step.AIRLINE:
        return {"widths": (1,), "candidates": 3, "sources": 2}
    if state.step is Step.ACTION:
        return {"widths": (2, 1), "candidates": 4, "sources": 2}
    return {}


def choose(state: GoldenAgeState, seat: int, rng: Chooser) -> Action:
    """Each choice followed to the end of the move (the operation, the buy, the contract), the few most promising
    lines at each step; the move that leaves the seat's expected final worth highest, less a share of the best
    rival's, is taken."""
    legal = decision(state, seat)
    if len(legal) == 1:
        return legal[0]
    view = hidden_removed(state, seat)
    return pick(scored(view, seat, standing, **breadth(state)), legal, rng)


def greedy(state: GoldenAgeState, seat: int, rng: Chooser) -> Action:
    """The move that adds most to the seat's score now (money and tokens at market price) and to one flight's
    dividends, looking no further than the end of the move."""
    legal = decision(state, seat)
    if len(legal) == 1:
        return legal[0]
    view = hidden_removed(state, seat)
    return pick(scored(view, seat, immediate, widths=(2, 1), candidates=4, sources=2), legal, rng)


def worth(state: GoldenAgeState, seat: int) -> float:
    """How well the seat stands: its expected final worth less a share of its best rival's (what `choose` raises)."""
    return standing(hidden_removed(state, seat), seat)


def worth_words(value: float) -> str:
    """'an expected worth $612 above half the best rival's': what `standing` measures, in words."""
    return f"an expected worth ${abs(value):,.0f} {'above' if value >= 0 else 'below'} half the best rival's"
