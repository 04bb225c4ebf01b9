"""Airships choices in words: exact odds that agree with the real dice, what each card brings, and the events' words."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from airships_helpers import GAME, act, give, set_chips, starting_dice, table, throw_for
from engine.core import MAX_LABEL
from engine.rules.airships import dice as airship_dice
from engine.rules.airships import odds
from engine.rules.airships.state import AirshipsState, Step
from said import said


def details(state: AirshipsState) -> dict[str, str]:
    seat = GAME.to_act(state)[0]
    return {a.key: a.detail for a in GAME.explain(state, seat, GAME.legal_actions(state, seat))}


# --- the odds ---------------------------------------------------------------------------------------


def test_two_white_dice_reach_five_one_time_in_three_and_a_chip_doubles_it() -> None:
    state = table(fields=[["a-light-1"], [], [], []])  # LZ 1: 2 white, 5+
    starting_dice(state, 0)  # entrepreneur + starter: 2 white; 3 chips on the board
    chance = odds.throw_chance(state, 0, "a-light-1")
    # White faces 1 1 2 2 3 3: 5 or more needs 2+3, 3+2 or 3+3 (3 of 9); a chip makes 4 enough (6 of 9).
    assert (chance.alone, chance.with_chip) == (Fraction(1, 3), Fraction(2, 3))
    assert chance.words() == "33% (67% with a bonus chip)"


def test_without_a_chip_the_odds_do_not_promise_one() -> None:
    state = table(fields=[["a-light-1"], [], [], []])
    starting_dice(state, 0)
    set_chips(state, 0, 0)
    assert odds.throw_chance(state, 0, "a-light-1").words() == "33%"


def test_the_wooden_airship_counts_in_the_odds() -> None:
    state = table(fields=[["a-light-1"], [], [], []])
    starting_dice(state, 0)
    state.wooden_airship = 0
    assert odds.throw_chance(state, 0, "a-light-1").alone == Fraction(2, 3)


@pytest.mark.parametrize(
    ("cards", "target"),
    [
        (("s-hangars",), "a-light-1"),  # 2 white for 2 white, 5+
        (("e1-financiers-2", "s-hangars"), "a-light-1"),  # 4 white, thrown as 3, the best 2 kept
        (("e1-financiers-2", "s-hangars"), "e1-hangars-3"),  # 3 white, 7+
        (("e1-materials-1", "e1-financiers-2"), "a-medium-1"),  # white and red: the red comes from the exchange
    ],
)
def test_odds_agree_with_thousands_of_real_throws(cards: tuple[str, ...], target: str) -> None:
    state = table()
    give(state, 0, *cards)
    options = airship_dice.exchange_options(state, 0, target)
    option = options[0] if options else None
    expected = float(odds.throw_chance(state, 0, target, option).alone)
    free = sum(amount for _, amount in airship_dice.free_bonuses(state, 0, target))
    runs = 4000
    hits = 0
    for seq in range(runs):
        state.seq = seq  # the game's RNG is keyed by the log position
        result = airship_dice.throw(state, 0, target, option)
        hits += result.dice_total + free >= result.target
    assert 0 < expected < 1 and abs(hits / runs - expected) < 0.03


def test_each_way_to_roll_gets_its_own_odds() -> None:
    state = table(fields=[["a-medium-1"], [], [], []])
    give(state, 0, "e1-materials-1", "e1-financiers-2")  # 3 white, no red: only the exchange 2 white -> 1 red helps
    state = act(state, "throw", "a-medium-1")
    assert state.step is Step.EXCHANGE
    said = details(state)
    target = airship_dice.cost_and_target(state.data, "a-medium-1")[1]
    rolls = [text for key, text in said.items() if key.startswith("roll:")]
    assert rolls and all(text.startswith(f"Chance to reach {target}: ") and "%" in text for text in rolls)
    assert said["back"] == "Nothing is thrown yet: pick another card"


# --- what a card brings -------------------------------------------------------------------------


def test_throw_choices_say_the_odds_and_what_the_card_brings() -> None:
    state = table(display=("e1-financiers-2",), fields=[["a-light-1"], [], [], []])
    give(state, 0, "e2-financiers-1", "s-hangars")
    said = details(state)
    assert said["throw:e1-financiers-2"] == "37% (63% with a bonus chip) · needs 7 · gives 2 white dice; replaces Frank Seiberling"
    assert said["throw:a-light-1"] == "59% (85% with a bonus chip) · needs 5 on 2 white dice · an airship worth 1 VP"
    assert all(text and len(text) <= MAX_LABEL and "%" in text for text in said.values())


def test_chip_and_additional_go_choices_say_what_they_leave(dice) -> None:
    state = table(fields=[["a-light-1"], [], [], []])
    starting_dice(state, 0)
    dice(2, 2)  # 4 vs 5: one chip short
    state = throw_for(state, "a-light-1")
    assert state.step is Step.BONUS_CHIP
    assert details(state) == {
        "chip:use": "You win the airship LZ 1; 2 bonus chips left",
        "chip:keep": "You take 1 bonus chip from the supply as compensation",
    }
    set_chips(state, 0, 3, 0)  # the nation's supply is empty: nothing to take
    assert details(state)["chip:keep"] == "No bonus chip is left in the supply to take as compensation"


def test_details_never_run_in_the_rules() -> None:
    """The odds are for menus: legal_actions and apply leave every detail empty, so playouts stay fast."""
    state = table(fields=[["a-light-1"], [], [], []])
    starting_dice(state, 0)
    assert all(a.detail == "" for a in GAME.legal_actions(state, 0))


# --- the events' words ----------------------------------------------------------------------------


def test_a_replaced_card_says_whose_and_that_it_is_discarded(dice) -> None:
    state = table(display=("e1-financiers-2",))
    give(state, 0, "e2-financiers-1", "s-hangars")
    dice(3, 2, 2)
    state = throw_for(state, "e1-financiers-2")
    assert said(state)[1] == ("Henri Deutsch de la Meurthe joins {p0}'s Financiers. "
                               "It replaces their Frank Seiberling, which is discarded.")


def test_a_throw_with_more_dice_than_count_says_why(dice) -> None:
    state = table(fields=[["a-light-1"], [], [], []])
    give(state, 0, "e1-financiers-2", "s-hangars")  # 4 white: 3 thrown for a card of 2
    dice(3, 2, 1)
    state = throw_for(state, "a-light-1")
    assert "white 3 2 1 (the best 2 count) → kept 3+2 = 5" in said(state)[0]


@pytest.mark.parametrize("seed", range(20))
def test_leaving_the_game_is_never_said_of_a_card(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.setup(2 + seed % 3, seed)
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert not any("leaves the game" in line for line in said(state))
