"""An Airships go: turning a card over, choosing a card, what a won or lost throw brings, additional goes, the Hindenburg."""

from __future__ import annotations

import pytest

from airships_helpers import (
    C,
    CHANGE_OF_ERA,
    GAME,
    act,
    build_phase,
    check_cards_conserved,
    check_chips_conserved,
    give,
    keys,
    lay,
    lift,
    offered,
    set_chips,
    set_field,
    starting_dice,
    table,
    throw_for,
    white_faces,
)
from engine.core import IllegalAction
from engine.rules.airships import dice as airship_dice
from engine.rules.airships import rules, scoring
from engine.rules.airships.records import Department, Dice
from engine.rules.airships.state import AirshipsState, Step
from said import said
from engine.view import to_json

# A company with the dice for every Hindenburg phase: 2 white, 4 red (3 thrown), 3 black.
HINDENBURG_BUILDER = ("e2-financiers-3", "e2-hangars-3", "e2-captains-4")
PHASES = [f"hindenburg-{n}" for n in range(1, 5)]


def end_go(state: AirshipsState, again: bool = False) -> AirshipsState:
    """Finish the current go at the additional-go question: pay for another or pass to the next player."""
    state = state.copy()
    state.step = Step.ADDITIONAL_GO
    if again:
        set_chips(state, state.current, 3)
    return act(state, "go", "again" if again else "end")


# --- 1. turning over an expansion card ------------------------------------------------------------


def test_reveal_places_card_in_leftmost_free_field() -> None:
    state = table(display=("e1-engineers-1",), pile=["e2-engineers-1", "e1-engineers-3", "e1-engineers-2"])
    starting_dice(state, 0, 1)  # dice for the light airships: nobody passes
    state = end_go(state)
    assert state.current == 1 and state.step is Step.CHOOSE_CARD
    assert state.display[Department.ENGINEERS] == ["e1-engineers-1", "e1-engineers-2", None]
    assert state.pile == ["e2-engineers-1", "e1-engineers-3"]

    lift(state, "e1-engineers-1")  # a won card leaves a free field on the left
    state = end_go(state)
    assert state.display[Department.ENGINEERS] == ["e1-engineers-3", "e1-engineers-2", None]


def test_reveal_into_a_full_row_drops_its_leftmost_card() -> None:
    state = table(display=("e1-hangars-1", "e1-hangars-2", "e1-hangars-3"), pile=["e2-hangars-1"])
    state = end_go(state)
    assert state.display[Department.HANGARS] == ["e1-hangars-2", "e1-hangars-3", "e2-hangars-1"]
    assert state.removed[-1] == "e1-hangars-1"  # out of the game
    assert any("is discarded from the display" in line for line in said(state))
    check_cards_conserved(state)


def test_reveal_is_skipped_once_the_pile_is_empty() -> None:
    state = table(display=("e1-hangars-1",), pile=[])
    starting_dice(state, 1)
    before = {d: list(row) for d, row in state.display.items()}
    state = end_go(state)
    assert state.current == 1 and state.step is Step.CHOOSE_CARD
    assert state.display == before and state.pile == []
    assert not any("turns over" in line for line in said(state))


def test_change_of_era_turns_every_entrepreneur() -> None:
    state = table(players=3, display=("e1-hangars-1",), pile=["e2-hangars-1", CHANGE_OF_ERA])
    before = {d: list(row) for d, row in state.display.items()}
    assert [airship_dice.pool(state, s).real for s in range(3)] == [Dice(white=1)] * 3
    state = end_go(state)
    assert state.era == 2
    assert [airship_dice.pool(state, s).real for s in range(3)] == [Dice(white=1, red=1)] * 3
    assert state.removed[-1] == CHANGE_OF_ERA
    assert state.pile == ["e2-hangars-1"]  # no other card turned over in its place
    assert state.display == before
    assert [c["entrepreneur"]["side"] for c in to_json(GAME.view(state, None))["companies"]] == [2, 2, 2]
    check_cards_conserved(state)


def test_every_go_begins_by_turning_a_card_over_additional_goes_too() -> None:
    state = table(pile=["e1-hangars-3", "e1-hangars-2", "e1-hangars-1"])
    starting_dice(state, 0, 1)
    state = end_go(state, again=True)
    assert state.current == 0 and state.display[Department.HANGARS][0] == "e1-hangars-1"
    state = end_go(state)
    assert state.current == 1 and state.display[Department.HANGARS][1] == "e1-hangars-2"


# --- 2. choosing a card ---------------------------------------------------------------------------------


def test_only_cards_whose_dice_the_player_has_are_offered() -> None:
    state = table(display=("e1-hangars-2", "e1-captains-3", "e1-financiers-2", "s-engines"))
    # Three fields topped by white-only light airships, the fourth by a medium airship of 1 white + 1 red.
    medium = next(c for c in C.airships.values() if c.cost == Dice(white=1, red=1))
    set_field(state, 3, "a-dark-4", medium.id)
    lights = [pile[-1] for pile in state.fields[:3]]
    assert all(C.airships[card].cost in (Dice(white=1), Dice(white=2)) for card in lights)
    give(state, 0, "s-hangars")  # 2 white
    assert sorted(offered(state)) == sorted([*lights, "e1-hangars-2", "s-engines"])
    state.current = 1  # 1 white
    one_white = [card for card in lights if C.airships[card].cost == Dice(white=1)]
    assert sorted(offered(state)) == sorted([*one_white, "s-engines"])
    give(state, 1, "e1-hangars-1", "e1-financiers-1", "e1-engineers-3")  # 3 white and an imaginary red
    assert sorted(offered(state)) == sorted(
        [*lights, medium.id, "e1-hangars-2", "e1-captains-3", "e1-financiers-2", "s-engines"])


def test_exchange_makes_a_card_throwable() -> None:
    state = table(era=2, display=("e2-captains-2",))  # 1 red + 1 black
    give(state, 0, "e1-financiers-2")  # 3 white + 1 red, no black
    assert "e2-captains-2" not in offered(state)
    give(state, 0, "e1-materials-3")  # 3 white -> 1 black
    assert "e2-captains-2" in offered(state)
    state = throw_for(state, "e2-captains-2")
    assert keys(state) == ["roll:0", "back"]  # without the exchange the card is out of reach


def test_only_the_top_airship_cards_are_offered() -> None:
    state = table(era=2)
    give(state, 0, *HINDENBURG_BUILDER)
    airships = [card for card in offered(state) if card in C.airships]
    assert airships == [pile[-1] for pile in state.fields] == ["a-light-1", "a-light-2", "a-light-3", "a-light-4"]
    for buried in ("a-medium-1", "a-dark-1"):
        with pytest.raises(IllegalAction):
            throw_for(state, buried)


def test_hindenburg_phases_open_only_once_a_pile_is_empty() -> None:
    state = table(era=2)
    give(state, 0, *HINDENBURG_BUILDER)
    assert not state.hindenburg_open and not set(PHASES) & set(offered(state))
    set_field(state, 0)
    assert state.hindenburg_open
    assert [card for card in offered(state) if card.startswith("hindenburg")] == PHASES
    build_phase(state, 1, 2)
    assert [card for card in offered(state) if card.startswith("hindenburg")] == ["hindenburg-1", "hindenburg-3", "hindenburg-4"]
    with pytest.raises(IllegalAction):
        throw_for(state, "hindenburg-2")  # each phase is built once


def test_a_player_must_still_have_the_dice_for_a_phase() -> None:
    state = table(era=2)
    set_field(state, 0)
    give(state, 0, "e2-hangars-2")  # 1 white + 1 red + 1 black: not 2 red
    assert not set(PHASES) & set(offered(state))


# --- a won throw ------------------------------------------------------------------------------------------


def test_won_expansion_replaces_the_card_of_its_department(dice) -> None:
    state = table(display=("e1-financiers-2",))  # 3 white, 7+
    give(state, 0, "e2-financiers-1", "s-hangars")  # 3 white; Frank Seiberling is worth 3
    assert scoring.victory_points(state, 0) == 3
    dice(3, 2, 2)
    state = throw_for(state, "e1-financiers-2")
    company = state.companies[0]
    assert company.departments == {Department.FINANCIERS: "e1-financiers-2", Department.HANGARS: "s-hangars"}
    assert state.removed[-1] == "e2-financiers-1"  # out of the game, victory points and all
    assert scoring.victory_points(state, 0) == 0
    assert state.display[Department.FINANCIERS] == [None, None, None]
    assert airship_dice.pool(state, 0).real == Dice(white=4)
    check_cards_conserved(state)


def test_airship_cards_stack_and_take_the_wooden_airship(dice) -> None:
    state = table()
    give(state, 0, "s-hangars", "a-dark-5")
    give(state, 1, "s-captains")
    dice(*white_faces(C.airships["a-light-1"].target))
    state = throw_for(state, "a-light-1")
    assert state.companies[0].airships == ["a-dark-5", "a-light-1"]  # the new one on top
    assert state.fields[0] == ["a-dark-1", "a-medium-1"]
    assert state.wooden_airship == 0
    assert scoring.victory_points(state, 0) == C.airships["a-dark-5"].vp + C.airships["a-light-1"].vp

    state = end_go(state)
    dice(*white_faces(C.airships["a-light-2"].target))
    state = throw_for(state, "a-light-2")
    assert state.wooden_airship == 1
    assert state.companies[1].airships == ["a-light-2"]


def test_captain_chips_once_when_won(dice) -> None:
    state = table(current=1, display=("e1-captains-2",))  # 3 white, 7+; 1 white + 2 chips
    give(state, 1, "s-financiers", "s-hangars")
    assert (state.companies[1].chips, state.companies[1].chips_in_supply) == (4, 2)
    dice(3, 3, 1)
    won = throw_for(state, "e1-captains-2")
    assert won.companies[1].departments[Department.CAPTAINS] == "e1-captains-2"
    assert (won.companies[1].chips, won.companies[1].chips_in_supply) == (6, 0)
    assert (won.companies[0].chips, won.companies[0].chips_in_supply) == (3, 3)  # another nation's chips

    # Only once: the next go's throw brings no more chips.
    won = act(won, "go", "again")  # 6 -> 3 chips
    dice(3, 3, 3)
    won = throw_for(won, "a-light-1")
    assert (won.companies[1].chips, won.companies[1].chips_in_supply) == (3, 3)

    # Limited to the chips left in the nation's supply.
    set_chips(state, 1, 5)
    dice(3, 3, 1)
    won = throw_for(state, "e1-captains-2")
    assert (won.companies[1].chips, won.companies[1].chips_in_supply) == (6, 0)


def test_failed_throw_pays_one_chip_from_the_nations_supply(dice) -> None:
    state = table()
    give(state, 0, "s-hangars")
    dice(1, 1)
    lost = throw_for(state, "a-light-4")  # 2 white: 2 is short of every light airship
    assert not lost.last_throw.success
    assert (lost.companies[0].chips, lost.companies[0].chips_in_supply) == (4, 2)
    assert (lost.companies[1].chips, lost.companies[1].chips_in_supply) == (4, 2)
    assert lost.fields[3][-1] == "a-light-4"

    set_chips(state, 0, 6, 0)  # none left in the supply: empty-handed
    dice(1, 1)
    lost = throw_for(state, "a-light-4")
    assert (lost.companies[0].chips, lost.companies[0].chips_in_supply) == (6, 0)
    assert said(lost)[-1] == "{p0} fails to win Parseval PL 1; no bonus chip is left to take."


def test_chips_are_conserved_per_nation(dice) -> None:
    # Ruling 2: a compensation chip, a Captain's chips and a Hindenburg marker all come from the nation's supply.
    state = table(players=3, era=2, current=1, display=("e2-captains-1",))  # 2 red, 7+; 1 red + 1 black + 1 chip
    set_field(state, 0)
    give(state, 1, *HINDENBURG_BUILDER)
    check_chips_conserved(state)
    others = [(c.chips, c.chips_in_supply) for i, c in enumerate(state.companies) if i != 1]

    dice(3, 3, 2)  # 3 of the 4 red dice: 6 of 7, and the chip is kept
    state = throw_for(state, "e2-captains-1")
    state = act(state, "chip", "keep")
    assert (state.companies[1].chips, state.companies[1].chips_in_supply) == (5, 1)  # compensation
    check_chips_conserved(state)

    state = act(state, "go", "again")  # 2 on the board, 4 in the supply
    dice(5, 4, 3)
    state = throw_for(state, "e2-captains-1")
    assert (state.companies[1].chips, state.companies[1].chips_in_supply) == (3, 3)  # the Captain's 1
    check_chips_conserved(state)

    state = act(state, "go", "again")  # none on the board, 6 in the supply
    dice(5, 5, 5, 8, 8, 8)  # the new Captain replaced a red and a black die with the same: 3 red and 3 black thrown
    state = throw_for(state, "hindenburg-1")
    assert (state.companies[1].chips, state.companies[1].chips_in_supply) == (0, 5)  # the marker
    assert state.hindenburg[0] == 1
    check_chips_conserved(state)
    assert [(c.chips, c.chips_in_supply) for i, c in enumerate(state.companies) if i != 1] == others


# --- additional goes ---------------------------------------------------------------------------------------


def test_additional_go_costs_three_chips_back_to_the_supply(dice) -> None:
    state = table()
    give(state, 0, "s-hangars")
    dice(3, 3)
    state = throw_for(state, "a-light-1")
    assert state.step is Step.ADDITIONAL_GO and state.current == 0
    assert keys(state) == ["go:again", "go:end"]
    pile = len(state.pile)
    state = act(state, "go", "again")
    assert state.current == 0 and state.step is Step.CHOOSE_CARD
    assert (state.companies[0].chips, state.companies[0].chips_in_supply) == (0, 6)
    assert len(state.pile) == pile - 1  # a complete go: the first step too


def test_additional_goes_may_follow_one_another(dice) -> None:
    state = table()
    starting_dice(state, 0, 1)
    set_chips(state, 0, 6)
    for expected_chips, card in ((3, "a-light-1"), (0, "a-light-2")):
        dice(3, 3)
        state = throw_for(state, card)
        assert state.step is Step.ADDITIONAL_GO
        state = act(state, "go", "again")
        assert state.current == 0 and state.companies[0].chips == expected_chips
    dice(3, 3)
    state = throw_for(state, "a-light-4")
    assert state.current == 1 and state.step is Step.CHOOSE_CARD  # no chips left for a third


@pytest.mark.parametrize(("players", "seat", "following"), [(2, 0, 1), (2, 1, 0), (3, 1, 2), (3, 2, 0), (4, 3, 0)])
def test_declined_additional_go_passes_to_the_next_player_clockwise(players: int, seat: int, following: int) -> None:
    state = table(players=players, current=seat)
    starting_dice(state, following)  # dice for the light airships: the next player has a go, not a pass
    state.step = Step.ADDITIONAL_GO
    chips = [(c.chips, c.chips_in_supply) for c in state.companies]
    state = act(state, "go", "end")
    assert state.current == following and state.step is Step.CHOOSE_CARD
    assert GAME.to_act(state) == [following]
    assert [(c.chips, c.chips_in_supply) for c in state.companies] == chips  # declining costs nothing


def test_fewer_than_three_chips_end_the_turn(dice) -> None:
    state = table()
    starting_dice(state, 0, 1)
    set_chips(state, 0, 2)
    dice(3, 3)
    state = throw_for(state, "a-light-1")
    assert state.current == 1 and state.step is Step.CHOOSE_CARD


# --- the Hindenburg ---------------------------------------------------------------------------------------


def test_hindenburg_opens_when_a_pile_is_used_up(dice) -> None:
    state = table(era=2)
    set_field(state, 2, "a-light-3")  # white only
    give(state, 0, *HINDENBURG_BUILDER)  # 2 white among its dice
    assert not set(PHASES) & set(rules.eligible_targets(state, 0))
    dice(*white_faces(C.airships["a-light-3"].target))
    state = throw_for(state, "a-light-3")
    assert state.fields[2] == [] and state.hindenburg_open
    assert to_json(GAME.view(state, None))["hindenburg"]["open"] is True
    assert any("Hindenburg can now be built" in line for line in said(state))
    assert [c for c in rules.eligible_targets(state, 0) if c.startswith("hindenburg")] == PHASES


def test_last_card_of_a_pile_still_takes_the_wooden_airship(dice) -> None:
    state = table()
    set_field(state, 2, "a-light-3")
    starting_dice(state, 0)
    state.wooden_airship = 1
    dice(*white_faces(C.airships["a-light-3"].target))
    state = throw_for(state, "a-light-3")
    assert state.hindenburg_open
    assert state.wooden_airship == 0


def test_airship_card_no_longer_moves_the_wooden_airship_once_open(dice) -> None:
    state = table()
    set_field(state, 2)
    give(state, 0, "s-hangars")
    state.wooden_airship = 1
    dice(3, 3)
    state = throw_for(state, "a-light-1")
    assert state.companies[0].airships == ["a-light-1"]
    assert state.wooden_airship == 1


def test_hindenburg_phase_takes_a_marker_from_the_supply_and_the_wooden_airship(dice) -> None:
    state = table(era=2)
    set_field(state, 0)
    give(state, 0, *HINDENBURG_BUILDER)
    state.wooden_airship = 1
    dice(5, 5, 4, 8, 4, 4)  # 3 of 4 red dice, 3 black: 5 + 5 + 8 = 18 of 16
    state = throw_for(state, "hindenburg-1")
    assert state.last_throw.success and state.last_throw.dice_total == 18
    assert state.hindenburg == [0, None, None, None] and state.companies[0].phases == [1]
    assert (state.companies[0].chips, state.companies[0].chips_in_supply) == (3, 2)
    assert state.wooden_airship == 0
    assert not {"hindenburg-1"} & set(rules.eligible_targets(state, 0))
    check_chips_conserved(state)


def test_hindenburg_marker_comes_from_the_board_when_the_supply_is_empty(dice) -> None:
    state = table(era=2)
    set_field(state, 0)
    give(state, 0, *HINDENBURG_BUILDER)
    set_chips(state, 0, 6, 0)
    dice(5, 5, 4, 8, 4, 4)
    state = throw_for(state, "hindenburg-1")
    assert state.hindenburg[0] == 0
    assert (state.companies[0].chips, state.companies[0].chips_in_supply) == (5, 0)
    check_chips_conserved(state)


def test_failed_phase_throw_leaves_the_phase_open(dice) -> None:
    state = table(era=2)
    set_field(state, 0)
    give(state, 0, *HINDENBURG_BUILDER)
    dice(2, 2, 2, 4, 4, 4)  # 2 + 2 + 4 = 8 of 16
    state = throw_for(state, "hindenburg-1")
    assert not state.last_throw.success
    assert state.hindenburg == [None] * 4 and state.wooden_airship is None


def test_displayed_card_row_keeps_its_cards_when_another_is_won(dice) -> None:
    state = table(display=("e1-hangars-1", "e1-hangars-2"))
    give(state, 0, "s-financiers")
    dice(3, 2)
    state = throw_for(state, "e1-hangars-1")
    assert state.display[Department.HANGARS] == [None, "e1-hangars-2", None]
    lay(state, "e1-hangars-3")
    assert state.display[Department.HANGARS] == ["e1-hangars-3", "e1-hangars-2", None]
