"""1930's turn order: the First Round Turn Order cards order the whole first turn; then clockwise from the marker."""

from __future__ import annotations

from itertools import groupby

from engine.options import EDITION
from engine.rules.golden_age import GAME
from engine.rules.golden_age.state import GoldenAgeState, Phase, Step
from engine.view import to_json

GOES = {Phase.FIRST_STOCK: Step.AIRLINE, Phase.OPERATIONS: Step.AIRLINE, Phase.PURCHASE: Step.AIRLINE,
        Phase.CONTRACTS: Step.CONTRACT}  # the decision that begins a player's go in each phase


def first_turn(edition: int = GAME.edition) -> tuple[dict[Phase, list[int]], GoldenAgeState]:
    """A 4-player game of seed 2 (cards dealt to seats 0, 2, 1, 3) played through turn 1 by each menu's first
    choice: who began a go in each phase, in order (a go of several contracts counted once), and the state after."""
    state = GAME.setup(4, 2, {EDITION: edition})
    goes: dict[Phase, list[int]] = {phase: [] for phase in GOES}
    while state.turn == 1:
        seat = GAME.to_act(state)[0]
        if GOES.get(state.phase) is state.step:
            goes[state.phase].append(seat)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return {phase: [seat for seat, _ in groupby(seats)] for phase, seats in goes.items()}, state


def test_the_first_round_cards_set_the_turn_order_of_the_whole_first_turn() -> None:
    """'These cards set the turn order for the first turn of the game.'"""
    cards = [0, 2, 1, 3]
    assert GAME.setup(4, 2).first_round_order == cards
    goes, after = first_turn()
    assert goes[Phase.FIRST_STOCK][:4] == cards
    assert goes[Phase.OPERATIONS] == cards * 4  # every operating round, not clockwise
    assert goes[Phase.PURCHASE] == cards  # End of Turn step 1, "in turn order"
    assert goes[Phase.CONTRACTS] == cards  # step 4
    # Then the First Player marker passes to the First Buyer's left, and play goes clockwise from it.
    assert after.first_player == 1 and after.turn_order() == [1, 2, 3, 0]


def test_the_view_says_the_turn_order_and_edition_1_went_clockwise_after_the_first_stock_round() -> None:
    assert to_json(GAME.view(GAME.setup(4, 2), None))["turn_order"] == [0, 2, 1, 3]
    goes, after = first_turn(edition=1)
    assert goes[Phase.FIRST_STOCK][:4] == [0, 2, 1, 3]
    assert goes[Phase.OPERATIONS][:4] == [0, 1, 2, 3]
    assert "turn_order" not in to_json(GAME.view(GAME.setup(4, 2, {EDITION: 1}), None))  # as its games were recorded
