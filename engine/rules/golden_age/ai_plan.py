"""1930 AI plan: a decision's choices followed to the end of the seat's move (an operation, a buy, a contract)."""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from engine.core import Action
from engine.rules.golden_age import board, rules
from engine.rules.golden_age.end_of_turn import contract
from engine.rules.golden_age.operation_decisions import CITY, DONE, FROM
from engine.rules.golden_age.state import GoldenAgeState, Operation, Phase, Step
from engine.rules.golden_age.stock import TRADE_IN

Evaluate = Callable[[GoldenAgeState, int], float]
AVOID = frozenset({"cancel", "back", rules.PAGE})  # going back or paging never ends a move
STUCK = -1e9  # a line that can only be cancelled
WIDTHS = (3, 2, 1)  # lines kept after each choice that changes the map, the first choice first
CANDIDATES = 6  # cities worth a full look at a step with many, by a quick estimate of the gate's income
SOURCES = 3  # a relocation's gates worth a full look, by what they earn where they are
RESCUE_WIDTH = 99  # the second look follows every first move
# Choices simulated per look: past it, a line is judged where it stands. Few decisions need more (the largest
# menus of six-player games reach about 300) and it bounds a decision's time whatever the table.
STEP_BUDGET = 250


def hidden_removed(state: GoldenAgeState, seat: int) -> GoldenAgeState:
    """A copy without what the seat cannot know: the other players' contracts and the undealt ones."""
    view = state.copy()
    for other in range(view.players):
        if other != seat:
            view.writable_seat(other).contracts = []
    view.contract_deck = []
    view.before = None
    return view


def advance(state: GoldenAgeState, seat: int, action: Action) -> GoldenAgeState:
    """The state after a choice from the current decision, on a copy (the rules' own steps, unchecked)."""
    new = state.copy()
    new.page = 0
    rules.dispatch(new, seat, action)
    rules.settle(new)
    return new


def settled(state: GoldenAgeState) -> bool:
    """Nothing is under way: the move that began is over (the next decision is a new one)."""
    return state.over or (state.pending is None and not state.choosing and state.contract == 0
                                          and state.step in (Step.AIRLINE, Step.CONTRACT))


def options(state: GoldenAgeState, seat: int) -> list[Action]:
    """The choices that move on, bare (their words are most of a menu's cost, and the search reads none). A token
    bought this round is never given back for another: trading back and forth could go on for ever."""
    bought = state.seats[seat].bought if state.phase is Phase.STOCK and state.step is Step.TRADE_IN else []
    return [a for a in rules.all_choices(state, seat, words=False)
            if a.kind not in AVOID and not (a.kind == TRADE_IN and a.args[0] in bought)]


def changes_map(state: GoldenAgeState, action: Action) -> bool:
    """Whether the choice itself changes the table, so that the state after it is worth judging before the rest."""
    step, pending = state.step, state.pending
    if step in (Step.AIRLINE, Step.ACTION, Step.CONTRACT):
        return False
    if pending is not None and step in (Step.CITY, Step.GATE_FROM, Step.MORE):
        if pending.operation is Operation.OPEN:
            return step is Step.GATE_FROM  # the city is only named; the tile and gate come with the source
        if pending.operation is Operation.RELOCATE:
            return action.kind == CITY  # a source is only named; the move happens with the destination
    return True


def shortlist(state: GoldenAgeState, seat: int, choices: list[Action], keep: int) -> list[Action]:
    """At a step with many cities, the few whose gate would earn most (a quick estimate before the full look)."""
    pending = state.pending
    cities = [a for a in choices if a.kind == CITY]
    if pending is None or len(cities) <= keep or pending.operation not in (
            Operation.EXPAND, Operation.RELOCATE, Operation.OPEN):
        return choices
    airline = pending.airline
    wanted = contract_cities(state, seat)
    rank = board.tech_colour(state, airline).rank

    def quick(action: Action) -> float:
        key = str(action.args[0])
        city = state.cities[key]
        colour = city.colour
        if pending.operation is Operation.OPEN:
            colour = board.tile_for(state, airline, key)
        value = 0.0 if colour is None else float(state.data.cities[key].value(colour))
        if not city.gates:
            value += state.data.cities[key].bonus
        elif len(city.gates) == state.data.cities[key].spots - 1:
            value -= state.data.cities[key].penalty
        if colour is not None and colour.rank < rank - 1:
            value -= 8  # a box lost each End of Turn
        return value + (3.0 if key in wanted else 0.0)

    ranked = sorted(cities, key=quick, reverse=True)[:keep]
    return [a for a in choices if a.kind != CITY or a in ranked]


def sources_shortlist(state: GoldenAgeState, choices: list[Action], keep: int) -> list[Action]:
    """A relocation's gates worth moving: those earning least where they are, and those behind the technology."""
    pending = state.pending
    sources = [a for a in choices if a.kind == FROM]
    if pending is None or pending.operation is not Operation.RELOCATE or len(sources) <= keep:
        return choices
    airline = pending.airline
    rank = board.tech_colour(state, airline).rank

    def loss(action: Action) -> float:
        key = str(action.args[0])
        city = state.cities[key]
        earned = board.spot_value(state, key, city.gates.index(airline))
        behind = city.colour is not None and city.colour.rank < rank - 1
        return earned - (8 if behind else 0)

    ranked = sorted(sources, key=loss)[:keep]
    return [a for a in choices if a.kind != FROM or a in ranked]


def keeping_moves(state: GoldenAgeState, choices: list[Action]) -> list[Action]:
    """A relocation's choices when no line followed kept the income (Relocate may be the airline's only operation):
    every first move is looked at, and after it only 'done', which the rules offer when the income was kept."""
    pending = state.pending
    if pending is None or pending.operation is not Operation.RELOCATE or not pending.moves:
        return choices
    return [a for a in choices if a.kind == DONE]


def contract_cities(state: GoldenAgeState, seat: int) -> set[str]:
    return {key for n in state.seats[seat].contracts for key in contract(state, n).cities}


class Planner:
    """Lines followed from a decision: `widths` lines kept after each choice that changes the map (the first choice
    first), `candidates` cities given a full look where there are many, sources of a relocation likewise."""

    def __init__(self, seat: int, evaluate: Evaluate, widths: tuple[int, ...] = WIDTHS,
                 candidates: int = CANDIDATES, sources: int = SOURCES, rescue: bool = False) -> None:
        self.seat, self.evaluate, self.widths = seat, evaluate, widths
        self.candidates, self.sources = candidates, sources
        self.rescue = rescue  # relocations only by the single moves that keep the income
        self.steps = 0  # choices simulated so far (see STEP_BUDGET)

    def advance(self, state: GoldenAgeState, seat: int, action: Action) -> GoldenAgeState:
        self.steps += 1
        return advance(state, seat, action)

    def line_value(self, state: GoldenAgeState, depth: int = 0) -> float:
        """The best value the seat reaches by finishing what is under way, following the most promising lines."""
        if settled(state) or self.steps >= STEP_BUDGET:
            return self.evaluate(state, self.seat)
        actor = state.current
        if actor != self.seat:  # another CEO chooses the dividend: they are taken to choose what suits them
            return self.line_value(others_choice(state, actor, self.evaluate), depth)
        return max((value for value, _ in self.scored(state, depth)), default=STUCK)

    def scored(self, state: GoldenAgeState, depth: int = 0) -> list[tuple[float, Action]]:
        """Each of the decision's choices (but going back) with the best value its line reaches."""
        seat = self.seat
        narrow = 1 if depth == 0 else 2  # deeper in a line, fewer cities and gates are worth a look
        choices = options(state, seat)
        if self.rescue and state.pending is not None and state.pending.operation is Operation.RELOCATE:
            choices = keeping_moves(state, choices)
        else:
            choices = shortlist(state, seat, choices, max(2, self.candidates // narrow))
            choices = sources_shortlist(state, choices, max(1, self.sources // narrow))
        result: list[tuple[float, Action]] = []
        judged: list[tuple[float, Action, GoldenAgeState]] = []
        for action in choices:
            after = self.advance(state, seat, action)
            if settled(after):
                result.append((self.evaluate(after, seat), action))
            elif changes_map(state, action):
                judged.append((self.evaluate(after, seat), action, after))
            else:
                result.append((self.line_value(after, depth), action))
        if judged:
            width = self.widths[min(depth, len(self.widths) - 1)]
            judged.sort(key=lambda item: -item[0])
            for rank, (_quick, action, after) in enumerate(judged):
                if rank < width:
                    result.append((self.line_value(after, depth + 1), action))
                else:
                    result.append((STUCK / 2, action))  # not followed: taken only if every followed line is stuck
        return result


def others_choice(state: GoldenAgeState, actor: int, evaluate: Evaluate) -> GoldenAgeState:
    """The state after another seat's one-step choice that suits it best (a CEO's dividend)."""
    best: tuple[float, GoldenAgeState] | None = None
    for action in options(state, actor):
        after = advance(state, actor, action)
        value = evaluate(after, actor)
        if best is None or value > best[0]:
            best = (value, after)
    assert best is not None  # a dividend always offers the full one
    return best[1]


def scored(state: GoldenAgeState, seat: int, evaluate: Evaluate, **breadth: Any) -> list[tuple[float, Action]]:
    """The decision's choices with the values of their lines; if every line followed ends where only cancelling is
    left (a relocation that must keep its income), a second look follows every first move and then 'done'."""
    result = Planner(seat, evaluate, **breadth).scored(state)
    if result and max(value for value, _ in result) <= STUCK / 2:
        result = Planner(seat, evaluate, widths=(RESCUE_WIDTH,), rescue=True).scored(state)
    return result
