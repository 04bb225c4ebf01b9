"""Airships throws: which dice are rolled and kept, imaginary dice, Materials exchanges, and the bonuses."""

from __future__ import annotations

import pytest

from airships_helpers import (
    GAME,
    C,
    act,
    give,
    kept_values,
    keys,
    offered,
    set_chips,
    set_field,
    table,
    throw_for,
    white_faces,
)
from engine.core import Action, IllegalAction
from engine.rules.airships import dice as airship_dice
from engine.rules.airships.records import Department, Dice
from engine.rules.airships.state import AirshipsState, Step, Throw
from engine.view import to_json

# Company boards, built from cards whose dice the tests need (the entrepreneur adds 1 white, and 1 red in era 2).
THREE_WHITE = ("s-financiers", "s-hangars")  # + entrepreneur: 3 white
FIVE_WHITE = ("e1-financiers-2", "e1-hangars-1", "s-captains")  # + entrepreneur: 5 white


def thrown(state: AirshipsState) -> Throw:
    assert state.last_throw is not None
    return state.last_throw


# --- which dice are thrown and kept -----------------------------------------------------------------


def test_at_most_three_dice_of_one_colour_are_rolled(dice) -> None:
    card = C.airships["a-light-1"]
    assert card.cost == Dice(white=2)
    state = table()
    give(state, 0, *FIVE_WHITE)
    high, low = white_faces(card.target)
    dice(1, low, high)
    state = throw_for(state, card.id)
    t = thrown(state)
    assert t.rolled == {"white": (1, low, high)}  # three of the five: a fourth die would find no scripted value
    assert kept_values(t) == [("white", high, False), ("white", low, False)]
    assert t.dice_total == card.target and t.success
    assert dice.script == []


def test_surplus_dice_keep_the_best(dice) -> None:
    # The rulebook's example: 3 white dice thrown 3, 2, 2 for a card needing 2 white and 5 -> 3 + 2 = 5.
    state = table(display=("e1-hangars-2",))
    give(state, 0, *THREE_WHITE)
    assert airship_dice.pool(state, 0).real == Dice(white=3)
    dice(3, 2, 2)
    state = throw_for(state, "e1-hangars-2")
    t = thrown(state)
    assert t.rolled == {"white": (3, 2, 2)}
    assert [v for _, v, _ in kept_values(t)] == [3, 2]
    assert t.dice_total == 5 and t.target == 5 and t.success and t.bonuses == ()
    assert state.companies[0].departments[Department.HANGARS] == "e1-hangars-2"
    # "From this point on, the player now has an (additional) red die at his disposal."
    assert airship_dice.pool(state, 0).real == Dice(white=2, red=1)


def test_colours_the_card_does_not_depict_are_not_thrown(dice) -> None:
    state = table(era=2)
    give(state, 0, "s-hangars")
    assert airship_dice.pool(state, 0).real == Dice(white=2, red=1)
    dice(2, 3)
    state = throw_for(state, "a-light-1")  # 2 white
    assert thrown(state).rolled == {"white": (2, 3)}
    assert dice.thrown == [("white", 2), ("white", 3)]


def test_a_throw_uses_all_the_dice_in_one_throw(dice) -> None:
    state = table(era=2, display=("e1-captains-3",))  # 1 white + 1 red, 6+
    give(state, 0, "s-hangars")
    dice(1, 3, 4)
    state = throw_for(state, "e1-captains-3")
    t = thrown(state)
    assert t.rolled == {"white": (1, 3), "red": (4,)}
    assert kept_values(t) == [("white", 3, False), ("red", 4, False)]
    assert t.dice_total == 7 and t.success


def test_imaginary_die_is_fixed_and_outside_the_three_limit(dice) -> None:
    state = table(display=("e1-financiers-2",))  # 3 white, 7+
    give(state, 0, "e1-hangars-1", "s-captains", "e2-engineers-4")  # 3 real white and an imaginary white 3
    assert airship_dice.pool(state, 0).capacity() == Dice(white=4)
    dice(2, 2, 1)
    state = throw_for(state, "e1-financiers-2")
    t = thrown(state)
    assert t.rolled == {"white": (2, 2, 1)}  # still three real dice thrown
    assert kept_values(t) == [("white", 3, True), ("white", 2, False), ("white", 2, False)]
    assert t.dice_total == 7 and t.success


def test_imaginary_die_stands_in_for_a_colour_with_no_real_die(dice) -> None:
    state = table(display=("e1-captains-3",))  # 1 white + 1 red, 6+
    give(state, 0, "e1-engineers-3")  # imaginary red 4; no red die in era 1
    assert [a.args[0] for a in GAME.legal_actions(state, 0)].count("e1-captains-3") == 1
    dice(2)
    state = throw_for(state, "e1-captains-3")
    t = thrown(state)
    assert t.rolled == {"white": (2,), "red": ()}
    assert kept_values(t) == [("white", 2, False), ("red", 4, True)]
    assert t.dice_total == 6 and t.success


# --- Materials: the exchange is chosen before the throw and lasts one throw ------------------------------------


def test_choosing_without_exchange_rolls_at_once(dice) -> None:
    state = table(display=("e1-hangars-2",))
    give(state, 0, *THREE_WHITE)
    dice(3, 3, 3)
    after = throw_for(state, "e1-hangars-2")
    assert after.last_throw is not None and after.last_throw.exchange is None
    assert after.step is Step.ADDITIONAL_GO  # the go is over: no exchange step in between

    # A Materials card whose exchange gives a colour the card does not show is no reason to ask.
    state = table(display=("e1-hangars-2",))
    give(state, 0, *THREE_WHITE, "e1-materials-1")  # 2 white -> 1 red
    dice(3, 3, 3)
    after = throw_for(state, "e1-hangars-2")
    assert after.last_throw is not None and after.step is Step.ADDITIONAL_GO


def test_exchange_is_chosen_before_the_throw(dice) -> None:
    state = table(era=2, display=("e1-captains-3",))  # 1 white + 1 red, 6+
    give(state, 0, *THREE_WHITE, "e1-materials-1")  # 3 white + 1 red; 2 white -> 1 red
    state = throw_for(state, "e1-captains-3")
    assert state.step is Step.EXCHANGE and state.chosen == "e1-captains-3"
    assert dice.thrown == [] and state.last_throw is None
    assert keys(state) == ["roll:-1", "roll:0", "back"]
    back = act(state, "back")  # nothing irreversible yet: another card may be chosen
    assert back.step is Step.CHOOSE_CARD and back.chosen is None and dice.thrown == []
    dice(1, 2, 5)  # after the exchange: 1 white, 2 red
    state = act(state, "roll", 0)
    t = thrown(state)
    assert t.exchange == "2 white → 1 red"
    assert t.rolled == {"white": (1,), "red": (2, 5)}
    assert t.dice_total == 6 and t.success


def test_exchange_offered_only_when_its_dice_still_cover_the_card() -> None:
    # 3 white -> 2 red for a card of 2 white + 1 red: with 4 white only 1 would be left.
    state = table(display=("e1-financiers-3",))  # 1 white + 1 red
    set_field(state, 0, "a-dark-1", "a-medium-3")  # 2 white + 1 red
    give(state, 0, "e1-hangars-1", "e1-financiers-2", "e1-materials-2")  # 4 white
    assert "a-medium-3" not in offered(state)
    assert "e1-financiers-3" in offered(state)
    give(state, 0, "s-captains")  # a fifth white die: 2 white + 2 red after the exchange
    assert "a-medium-3" in offered(state)


def worked_example_table():
    """The rulebook's Materials example: 5 white, an Engineer's imaginary white 3, 3 red, Materials 3 white -> 1 black."""
    state = table(era=2, display=("e2-engines-3",))  # Maybach VL-2: 1 white + 1 red + 1 black, 15+
    give(state, 0, "s-engines", "e2-engineers-4", "e1-materials-3", "e1-financiers-3", "e1-captains-2", "e2-hangars-1")
    set_chips(state, 0, 4)
    return state


def test_materials_to_black_worked_example(dice) -> None:
    state = worked_example_table()
    pool = airship_dice.pool(state, 0)
    assert pool.real == Dice(white=5, red=3)
    assert [(d.colour.value, d.value) for d in pool.imaginary] == [("white", 3)]
    assert airship_dice.cost_and_target(state.data, "e2-engines-3") == (Dice(white=1, red=1, black=1), 15)

    state = throw_for(state, "e2-engines-3")  # no black die: only an exchange opens the card
    assert keys(state) == ["roll:0", "roll:1", "back"]
    dice(1, 2, 5, 2, 3, 6)  # 2 white left after the exchange, 3 red, the new black
    state = act(state, "roll", 0)  # 3 real white -> 1 black, the imaginary 3 kept
    t = state.pending
    assert t is not None and state.step is Step.BONUS_CHIP
    assert t.exchange == "3 white → 1 black"
    assert t.rolled == {"white": (1, 2), "red": (5, 2, 3), "black": (6,)}
    assert kept_values(t) == [("white", 3, True), ("red", 5, False), ("black", 6, False)]
    assert t.dice_total == 14 and t.target == 15 and t.bonuses == ()
    assert keys(state) == ["chip:use", "chip:keep"]

    state = act(state, "chip", "use")
    t = thrown(state)
    assert t.success and t.total == 15 and t.bonuses == (("bonus chip", 1),)
    company = state.companies[0]
    assert company.departments[Department.ENGINES] == "e2-engines-3"  # the old Engines card is replaced
    assert "s-engines" in state.removed
    assert company.chips == 3 and company.chips_in_supply == 3  # the chip went back to the supply


def test_exchange_can_include_the_imaginary_die(dice) -> None:
    state = throw_for(worked_example_table(), "e2-engines-3")
    labels = [a.label for a in GAME.legal_actions(state, 0)]
    assert "imaginary" not in labels[0] and labels[1] == "Exchange 3 white dice (1 imaginary) for 1 black die, then throw"
    dice(3, 1, 1, 5, 4, 3, 8)  # the imaginary white goes: 3 real white stay, 3 red, 1 black
    state = act(state, "roll", 1)
    t = thrown(state)
    assert t.rolled == {"white": (3, 1, 1), "red": (5, 4, 3), "black": (8,)}
    assert kept_values(t) == [("white", 3, False), ("red", 5, False), ("black", 8, False)]
    assert t.dice_total == 16 and t.success


def test_exchange_is_valid_for_one_throw_only(dice) -> None:
    state = worked_example_table()
    state = throw_for(state, "e2-engines-3")
    dice(3, 3, 5, 5, 5, 8)
    state = act(state, "roll", 0)
    assert thrown(state).success and state.step is Step.ADDITIONAL_GO
    # The company's own dice again (less the white of the Daimler Engine the new card replaced): no black.
    assert airship_dice.pool(state, 0).real == Dice(white=4, red=3)
    state = act(state, "go", "again")
    dice(1, 2, 1)
    state = throw_for(state, "a-light-1")  # 2 white: all three white dice thrown, no black
    assert thrown(state).rolled == {"white": (1, 2, 1)}
    assert thrown(state).exchange is None


def test_exchange_choice_outside_the_list_is_refused() -> None:
    state = throw_for(worked_example_table(), "e2-engines-3")
    with pytest.raises(IllegalAction):
        act(state, "roll", -1)  # no black die without the exchange
    with pytest.raises(IllegalAction):
        act(state, "roll", 2)


# --- bonuses after a short throw ---------------------------------------------------------------------------


LIGHT = C.airships["a-light-4"]  # on top of the fourth standard field


def two_white_table(**kwargs):
    """Seat 0 with 2 white dice before the light airships; LIGHT needs only those 2 white dice."""
    assert LIGHT.cost == Dice(white=2)
    state = table(**kwargs)
    give(state, 0, "s-hangars")
    return state


def test_bonus_chip_is_a_choice(dice) -> None:
    state = two_white_table()
    dice(*white_faces(LIGHT.target - 1))
    state = throw_for(state, LIGHT.id)
    assert state.step is Step.BONUS_CHIP and state.pending is not None and state.pending.total == LIGHT.target - 1
    assert to_json(GAME.view(state, None))["last_throw"]["total"] == LIGHT.target - 1
    assert keys(state) == ["chip:use", "chip:keep"]

    used = act(state, "chip", "use")
    assert thrown(used).success and thrown(used).total == LIGHT.target
    assert thrown(used).bonuses == (("bonus chip", 1),)
    assert used.companies[0].airships == [LIGHT.id]
    assert (used.companies[0].chips, used.companies[0].chips_in_supply) == (2, 4)  # back to the supply

    kept = act(state, "chip", "keep")
    assert not thrown(kept).success and thrown(kept).bonuses == ()
    assert kept.companies[0].airships == [] and kept.fields[3][-1] == LIGHT.id
    assert (kept.companies[0].chips, kept.companies[0].chips_in_supply) == (4, 2)  # the compensation chip


def test_at_most_one_bonus_chip(dice) -> None:
    state = two_white_table()
    set_chips(state, 0, 5)
    dice(*white_faces(LIGHT.target - 2))
    state = throw_for(state, LIGHT.id)  # 2 short: two chips would do, one may be used
    assert state.step is not Step.BONUS_CHIP
    assert not thrown(state).success and thrown(state).bonuses == ()
    assert state.companies[0].chips == 6  # compensation only


def test_bonus_chip_needs_a_chip_on_the_board(dice) -> None:
    state = two_white_table()
    set_chips(state, 0, 0)
    dice(*white_faces(LIGHT.target - 1))  # 1 short: a chip would do, if there were one
    state = throw_for(state, LIGHT.id)
    assert not thrown(state).success
    assert (state.companies[0].chips, state.companies[0].chips_in_supply) == (1, 5)


def test_wooden_airship_adds_one(dice) -> None:
    state = two_white_table()
    state.wooden_airship = 0
    dice(*white_faces(LIGHT.target - 1))
    after = throw_for(state, LIGHT.id)
    assert thrown(after).success and thrown(after).total == LIGHT.target
    assert thrown(after).dice_total == LIGHT.target - 1
    assert thrown(after).bonuses == (("wooden airship", 1),)
    assert after.companies[0].chips == 3  # no chip spent

    state.wooden_airship = 1  # someone else's wooden airship is no help
    dice(*white_faces(LIGHT.target - 1))
    assert throw_for(state, LIGHT.id).step is Step.BONUS_CHIP


@pytest.mark.parametrize(
    ("engine", "short", "bonus", "success"),
    [
        ("e1-engines-1", 1, 0, False),  # black +1 on a white card: nothing
        ("e1-engines-3", 2, 0, False),  # black +2 on a white card: nothing
        ("e2-engines-1", 1, 1, True),  # grey: any die
        ("e2-engines-3", 2, 2, True),  # grey +2
        ("e2-engines-2", 2, 0, False),  # red +2 on a white card: nothing
        ("e2-engines-4", 2, 0, False),  # black +2 on a white card: nothing
    ],
)
def test_engine_bonus_by_colour(dice, engine: str, short: int, bonus: int, success: bool) -> None:
    state = two_white_table()
    set_chips(state, 0, 0)
    give(state, 0, engine)
    dice(*white_faces(LIGHT.target - short))  # short of the target by as much as the engine gives, or could
    t = thrown(throw_for(state, LIGHT.id))  # white dice only
    assert t.success is success
    assert t.bonuses == ((("engine", bonus),) if bonus else ())
    assert t.dice_total == LIGHT.target - short and t.total == LIGHT.target - short + bonus


def test_engine_bonus_needs_its_colour_on_the_card(dice) -> None:
    # Red +2 helps no white-only card, and helps a card showing red even when the red is an imaginary die.
    state = table(display=("e1-captains-3",))  # 1 white + 1 red, 6+
    give(state, 0, "e1-engineers-3", "e2-engines-2")  # imaginary red 4; red +2
    set_chips(state, 0, 0)
    dice(1)
    t = thrown(throw_for(state, "e1-captains-3"))
    assert t.dice_total == 5 and t.bonuses == (("engine", 2),) and t.total == 7 and t.success

    give(state, 0, "s-hangars")  # 2 white for the white-only light airship
    assert LIGHT.cost == Dice(white=2)
    dice(*white_faces(LIGHT.target - 2))  # the red +2 would make it, if it counted
    t = thrown(throw_for(state, LIGHT.id))
    assert t.dice_total == LIGHT.target - 2 and t.bonuses == () and not t.success


def test_all_bonuses_together_give_at_most_four(dice) -> None:
    state = table(display=("e1-financiers-2",))  # 3 white, 7+
    give(state, 0, "s-hangars", "s-captains", "e2-engines-3")  # 3 white; grey +2
    state.wooden_airship = 0
    dice(1, 1, 1)
    state = throw_for(state, "e1-financiers-2")
    assert state.step is Step.BONUS_CHIP and state.pending.total == 6
    assert state.pending.bonuses == (("wooden airship", 1), ("engine", 2))
    t = thrown(act(state, "chip", "use"))
    assert t.success and t.total == 7 and t.dice_total == 3
    assert t.bonuses == (("wooden airship", 1), ("engine", 2), ("bonus chip", 1))


def test_success_without_bonuses_uses_none(dice) -> None:
    state = two_white_table()
    give(state, 0, "e2-engines-3")
    state.wooden_airship = 0
    dice(*white_faces(LIGHT.target))
    after = throw_for(state, LIGHT.id)
    t = thrown(after)
    assert t.success and t.bonuses == () and t.total == LIGHT.target
    assert after.companies[0].chips == 3 and after.companies[0].chips_in_supply == 3


def test_card_choice_must_be_on_offer() -> None:
    state = two_white_table()
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action("throw", ("a-medium-4",)))  # under LIGHT, a-light-4
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action("throw", ("e2-engines-3",)))  # in the pile

