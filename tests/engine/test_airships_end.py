"""The end of an Airships game, the passes that may lead to it, scoring and the tie-break."""

from __future__ import annotations

import pytest

from airships_helpers import (
    BLACK_FIELDS,
    C,
    GAME,
    act,
    build_phase,
    give,
    offered,
    set_chips,
    set_field,
    table,
    throw_for,
    white_faces,
)
from engine.core import GameOver
from engine.rules.airships import scoring
from engine.rules.airships.records import Back, Dice
from engine.rules.airships.state import AirshipsState, Step
from said import said
from engine.view import to_json

HINDENBURG_BUILDER = ("e2-financiers-3", "e2-hangars-3", "e2-captains-4")
LAST_LIGHT = C.airships["a-light-4"]  # the last card but one: 2 white


def vp(*airship_ids: str) -> int:
    return sum(C.airships[card_id].vp for card_id in airship_ids)


def over(state: AirshipsState) -> AirshipsState:
    """The same table with the game ended, to score it."""
    state = state.copy()
    state.step = Step.OVER
    return state


# --- when the game ends -----------------------------------------------------------------------------


def last_but_one_table() -> AirshipsState:
    """Three fields down to one card, the fourth to two: the next airship won ends the game."""
    state = table()
    for index in range(3):
        set_field(state, index, f"a-dark-{index + 1}")
    set_field(state, 3, "a-medium-4", LAST_LIGHT.id)
    give(state, 0, "s-hangars")  # 2 white
    assert LAST_LIGHT.cost == Dice(white=2)
    return state


def test_game_ends_when_every_field_holds_at_most_one_card(dice) -> None:
    state = last_but_one_table()
    set_chips(state, 0, 2)
    dice(*white_faces(LAST_LIGHT.target))
    state = throw_for(state, LAST_LIGHT.id)
    assert state.step is Step.OVER and GAME.to_act(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and "down to one card" in outcome.details
    assert outcome.scores == (LAST_LIGHT.vp, 0) and outcome.ranking == ((0,), (1,))


def test_game_goes_on_while_a_field_holds_two_cards(dice) -> None:
    state = last_but_one_table()
    set_field(state, 2, "a-dark-3", "a-medium-3")
    dice(*white_faces(LAST_LIGHT.target))
    state = throw_for(state, LAST_LIGHT.id)
    assert state.last_throw.success
    assert state.step is Step.ADDITIONAL_GO and GAME.outcome(state) is None


def test_game_does_not_end_after_a_failed_throw_for_the_last_card(dice) -> None:
    state = last_but_one_table()
    dice(1, 1)
    state = throw_for(state, LAST_LIGHT.id)
    assert state.step is not Step.OVER


def test_game_ends_when_the_fourth_phase_is_built(dice) -> None:
    state = table(era=2)
    set_field(state, 0)  # the Hindenburg is open; the other fields keep three cards
    give(state, 0, *HINDENBURG_BUILDER)
    build_phase(state, 1, 1)
    build_phase(state, 0, 2)
    build_phase(state, 1, 3)
    dice(5, 5, 5, 8, 8, 8)  # 3 red + 3 black, every die at its best
    state = throw_for(state, "hindenburg-4")
    assert state.hindenburg == [1, 0, 1, 0] and state.hindenburg_complete
    assert state.step is Step.OVER
    outcome = GAME.outcome(state)
    assert outcome.scores == (8 + 12 + 3, 6 + 10)  # the higher values; Hugo Eckener's 3 stars
    assert "Hindenburg is complete" in outcome.details


def test_hindenburg_phases_may_be_built_in_any_order(dice) -> None:
    """Ruling 18: phase 4 built first does not end the game; the fourth phase built does."""
    state = table(era=2)
    set_field(state, 0)
    give(state, 0, *HINDENBURG_BUILDER)
    assert "hindenburg-4" in offered(state)  # every free phase is open, not only the lowest
    dice(5, 5, 5, 8, 8, 8)
    state = throw_for(state, "hindenburg-4")
    assert state.hindenburg == [None, None, None, 0]
    assert state.step is not Step.OVER
    assert GAME.outcome(state) is None


def test_game_ends_before_additional_go(dice) -> None:
    state = last_but_one_table()
    set_chips(state, 0, 6)
    dice(*white_faces(LAST_LIGHT.target))
    state = throw_for(state, LAST_LIGHT.id)
    assert state.step is Step.OVER  # not the offer of another go
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(GameOver):
        act(state, "go", "again")


def test_a_player_without_dice_for_any_card_passes() -> None:
    state = table(fields=BLACK_FIELDS, pile=["e2-hangars-4"])  # 2 black: nobody has black dice
    state.step = Step.ADDITIONAL_GO
    chips = [(c.chips, c.chips_in_supply) for c in state.companies]
    state = act(state, "go", "end")
    assert state.current == 1 and state.step is Step.ADDITIONAL_GO  # seat 1 passed, and may buy another go
    assert any("passes" in line for line in said(state))
    assert state.last_throw is None
    assert [(c.chips, c.chips_in_supply) for c in state.companies] == chips  # no compensation chip
    assert GAME.legal_actions(state, 1)[0].key == "go:again"

    # With under 3 chips the passing player's turn ends and the next player's go begins.
    state = table(fields=BLACK_FIELDS, pile=["e2-hangars-4"])
    give(state, 0, "e2-hangars-2", "e2-captains-2")  # 2 black: USS Akron
    set_chips(state, 1, 2)
    state.step = Step.ADDITIONAL_GO
    state = act(state, "go", "end")
    assert state.current == 0 and state.step is Step.CHOOSE_CARD
    assert "a-dark-5" in [a.args[0] for a in GAME.legal_actions(state, 0)]


def test_stuck_table_ends_the_game() -> None:
    state = table(fields=BLACK_FIELDS, pile=[])
    set_chips(state, 1, 2)
    set_chips(state, 0, 2)
    state.step = Step.ADDITIONAL_GO
    state = act(state, "go", "end")  # seat 1 passes, then seat 0: nothing can change any more
    assert state.step is Step.OVER
    outcome = GAME.outcome(state)
    assert outcome is not None and "no one could throw" in outcome.details
    assert outcome.ranking == ((0, 1),)


def test_stuck_table_waits_for_every_player_to_pass() -> None:
    # Seat 0 passes twice (an additional go) while seat 1, with black dice, has not had a go yet.
    state = table(fields=BLACK_FIELDS, pile=[])
    give(state, 1, "e2-hangars-4", "e2-financiers-4")  # 2 black: USS Akron
    set_chips(state, 0, 6)
    state.current, state.step = 1, Step.ADDITIONAL_GO
    state = act(state, "go", "end")  # seat 0 passes
    assert state.current == 0 and state.step is Step.ADDITIONAL_GO
    state = act(state, "go", "again")  # and passes again
    assert state.step is not Step.OVER
    state = act(state, "go", "end")
    assert state.current == 1 and state.step is Step.CHOOSE_CARD
    assert "a-dark-5" in [a.args[0] for a in GAME.legal_actions(state, 1)]


def test_stuck_table_counts_only_passes_after_the_last_card_is_turned() -> None:
    # Seat 0 passes before the last card is turned over; that card is one seat 0 can throw for.
    state = table(fields=BLACK_FIELDS, pile=["e1-captains-3", "e2-hangars-4"])  # top last
    give(state, 0, "e1-engineers-3")  # 1 white + an imaginary red 4: enough for e1-captains-3
    set_chips(state, 0, 2)
    set_chips(state, 1, 2)
    state.current, state.step = 1, Step.ADDITIONAL_GO
    state = act(state, "go", "end")  # seat 0 turns over e2-hangars-4, passes; seat 1 turns over the last, passes
    assert state.pile == []
    assert state.step is not Step.OVER
    assert state.current == 0
    assert "e1-captains-3" in [a.args[0] for a in GAME.legal_actions(state, 0)]


# --- scoring ----------------------------------------------------------------------------------------------------


def test_victory_points_count_stars_airships_and_phases() -> None:
    state = table(era=2)
    give(state, 0, "e2-captains-4", "e2-financiers-1", "a-dark-6", "a-light-6")  # 3 + 3 stars and two airships
    give(state, 1, "a-medium-5")
    set_field(state, 0)
    build_phase(state, 1, 3)
    assert C.expansions["e2-captains-4"].vp == C.expansions["e2-financiers-1"].vp == 3
    outcome = GAME.outcome(over(state))
    assert outcome.scores == (3 + 3 + vp("a-dark-6", "a-light-6"), vp("a-medium-5") + C.hindenburg[2].vp_low)
    assert outcome.tiebreak == (2, 2)


def test_hindenburg_scores_lower_values_unless_complete() -> None:
    state = table(era=2)
    set_field(state, 0)
    build_phase(state, 0, 1)
    build_phase(state, 0, 2)
    build_phase(state, 1, 3)
    assert GAME.outcome(over(state)).scores == (3 + 4, 5)
    build_phase(state, 1, 4)
    assert GAME.outcome(over(state)).scores == (6 + 8, 10 + 12)
    assert to_json(GAME.view(over(state), None))["companies"][1]["vp"] == 22


def test_expansion_vp_counts_only_for_cards_still_held(dice) -> None:
    state = table(display=("e1-hangars-1",))  # 2 white, 4+: replaces Hangar One
    give(state, 0, "e2-hangars-4", "e2-financiers-1")  # 3 + 3 stars
    assert scoring.victory_points(state, 0) == 6
    dice(3, 3)  # white only: Hangar One's die is black
    state = throw_for(state, "e1-hangars-1")
    assert "e2-hangars-4" in state.removed
    assert scoring.victory_points(state, 0) == 3
    assert GAME.outcome(over(state)).scores == (3, 0)


def test_tie_break_by_airships_built() -> None:
    # A dark airship worth as much as a medium airship, a light airship and the first phase: the same points,
    # fewer airships built.
    phase, light = C.hindenburg[0], C.airships["a-light-1"]
    medium, dark = next(
        (m, d)
        for m in C.airships.values() if m.back is Back.MEDIUM
        for d in C.airships.values() if d.back is Back.DARK and d.vp == m.vp + light.vp + phase.vp_low
    )
    state = table(players=3, era=2)
    set_field(state, 0)
    give(state, 0, dark.id)  # 1 airship
    give(state, 1, medium.id, light.id)  # and a phase: 3 airships
    build_phase(state, 1, 1)
    give(state, 2, "a-light-2", "a-light-3")  # 2 airships, fewer points
    light_points = vp("a-light-2", "a-light-3")
    assert light_points < dark.vp
    outcome = GAME.outcome(over(state))
    assert outcome.scores == (dark.vp, dark.vp, light_points)
    assert outcome.tiebreak == (1, 3, 2)
    assert outcome.ranking == ((1,), (0,), (2,))
    assert outcome.winners == (1,)


def test_true_ties_share_a_place() -> None:
    state = table(players=4)
    give(state, 0, "a-medium-1")  # one airship
    give(state, 2, "a-medium-2")  # one airship, as many points
    give(state, 3, "a-light-1")  # one airship, fewer points
    assert vp("a-medium-1") == vp("a-medium-2") > vp("a-light-1") > 0
    outcome = GAME.outcome(over(state))
    assert outcome.ranking == ((0, 2), (3,), (1,))
    assert outcome.winners == (0, 2)
    assert to_json(GAME.view(over(state), None))["outcome"]["winners"] == [0, 2]


def test_no_outcome_while_the_game_goes_on() -> None:
    assert GAME.outcome(table()) is None
    assert to_json(GAME.view(table(), None))["outcome"] is None
