"""Airships rule statements the other engine tests leave unpinned, each on a constructed table with scripted dice."""

from __future__ import annotations

import pytest

from airships_helpers import (
    BLACK_FIELDS,
    CHANGE_OF_ERA,
    C,
    GAME,
    act,
    check_cards_conserved,
    check_chips_conserved,
    check_throw,
    give,
    kept_values,
    keys,
    offered,
    set_chips,
    set_field,
    starting_dice,
    table,
    throw_for,
)
from engine.core import Action, IllegalAction
from engine.rules.airships import dice as airship_dice
from engine.rules.airships import rules
from engine.rules.airships.records import Department, Dice, Era
from engine.rules.airships.state import AirshipsState, Step, Throw
from engine.rules.rng import GameRng
from said import said

# A company with the dice for every Hindenburg phase in era 2: 2 white, 4 red (3 thrown), 3 black.
HINDENBURG_BUILDER = ("e2-financiers-3", "e2-hangars-3", "e2-captains-4")


def thrown(state: AirshipsState) -> Throw:
    assert state.last_throw is not None
    return state.last_throw


def chips(state: AirshipsState, seat: int) -> tuple[int, int]:
    """(on the board, in the nation's supply)."""
    company = state.companies[seat]
    return company.chips, company.chips_in_supply


# --- 1. Captains: chips "once only, when the card is won with the dice" -------------------------------------


def test_starter_captain_won_from_the_display_gives_its_chip(dice, monkeypatch: pytest.MonkeyPatch) -> None:
    # Ruling 12 only denies the chip to a starter Captain *dealt* at setup (pinned by
    # test_setup_starter_captain_gives_no_chips); one laid in the display and won with the dice is a Captain won.
    captain = C.expansions["s-captains"]
    assert captain.era is Era.STARTER and captain.chips == 1 and captain.cost == Dice(white=1)
    # Reversed shuffles deal seats 0 and 1 the Engines and Hangars starters and lay the Captain in the display.
    monkeypatch.setattr(GameRng, "shuffled", lambda _rng, items: list(reversed(items)))
    state = GAME.setup(2, 0, {})
    assert state.display[Department.CAPTAINS][0] == captain.id
    assert Department.CAPTAINS not in state.companies[0].departments
    assert chips(state, 0) == (3, 3)  # the starting player's 3
    assert captain.id in offered(state)

    dice(2, 1)  # both white dice thrown, the 2 kept: 2 of 2
    state = throw_for(state, captain.id)
    assert thrown(state).success
    assert state.companies[0].departments[Department.CAPTAINS] == captain.id
    assert chips(state, 0) == (4, 2)  # its chip, from the nation's supply
    assert chips(state, 1) == (4, 2)  # nobody else's
    check_chips_conserved(state)
    check_cards_conserved(state)


# --- 2. "A maximum of 3 dice of one colour can be used for each throw" -----------------------------------------


def test_exchange_pushing_a_colour_above_three_still_throws_three(dice) -> None:
    state = table(era=2, display=("e2-captains-1",))  # 2 red, 7+
    # Entrepreneur 1 white + 1 red, then 1 white + 1 red, 1 red, 1 white, 1 white: 4 white and 3 red; 3 white -> 2 red.
    give(state, 0, "e1-financiers-3", "e1-captains-3", "e1-hangars-1", "s-engines", "e1-materials-2")
    assert airship_dice.pool(state, 0).real == Dice(white=4, red=3)
    state = throw_for(state, "e2-captains-1")
    assert keys(state) == ["roll:-1", "roll:0", "back"]
    option = airship_dice.exchange_options(state, 0, "e2-captains-1")[0]
    assert option.apply(airship_dice.pool(state, 0)).real == Dice(white=1, red=5)  # five red at his disposal

    dice(2, 3, 5)  # a fourth or fifth red die would find no scripted value
    state = act(state, "roll", 0)
    t = thrown(state)
    assert t.exchange == "3 white → 2 red"
    assert t.rolled == {"red": (2, 3, 5)}
    assert dice.thrown == [("red", 2), ("red", 3), ("red", 5)]
    assert kept_values(t) == [("red", 5, False), ("red", 3, False)]  # the best two of the three
    assert t.dice_total == 8 and t.success
    check_throw(t)


# --- 3. Engineers: an imaginary black die ("an imaginary black die with a score of 7") ----------------------------


def test_black_imaginary_die_counts_in_a_throw(dice) -> None:
    engineer = C.expansions["e2-engineers-3"]  # the rulebook's black 7
    assert engineer.imaginary is not None and engineer.imaginary.colour.value == "black"
    assert engineer.imaginary.value == 7
    state = table(era=2, display=("e2-captains-2",))  # 1 red + 1 black, 10+
    set_chips(state, 0, 0)  # no chip to bridge a short throw
    assert "e2-captains-2" not in offered(state)  # white + red only: no black die
    give(state, 0, engineer.id)
    assert "e2-captains-2" in offered(state)  # the imaginary black stands in for the missing die

    dice(3)  # only the red die is thrown: 3 + 7 = 10
    after = throw_for(state, "e2-captains-2")
    t = thrown(after)
    assert t.rolled == {"red": (3,), "black": ()}
    assert kept_values(t) == [("red", 3, False), ("black", 7, True)]
    assert t.dice_total == 10 and t.success and t.bonuses == ()

    # Beside a real black die the imaginary 7 joins the throw and the better counts.
    give(state, 0, "e2-hangars-2")  # a real black die
    dice(3, 4)
    t = thrown(throw_for(state, "e2-captains-2"))
    assert t.rolled == {"red": (3,), "black": (4,)}
    assert kept_values(t) == [("red", 3, False), ("black", 7, True)]
    assert t.dice_total == 10 and t.success


# --- 4. Engines: "+1 on every throw involving at least one red die", and black alike -------------------------------


RED_CARD = "e2-captains-1"  # 2 red, 7+
BLACK_CARD = "e2-hangars-4"  # 2 black, 13+
RED_AND_BLACK_CARD = "e2-captains-2"  # 1 red + 1 black, 10+
WHITE_CARD = "a-light-1"  # 2 white, 5+


@pytest.mark.parametrize(
    ("engine", "card", "faces", "bonus"),
    [
        ("e1-engines-2", RED_CARD, (3, 3, 2), 1),  # red +1: 6 + 1 = 7
        ("e2-engines-2", RED_CARD, (3, 2, 2), 2),  # red +2: 5 + 2 = 7
        ("e2-engines-4", BLACK_CARD, (6, 6), 2),  # black +2: 12 + 2 = 14
        ("e2-engines-2", RED_AND_BLACK_CARD, (2, 2, 2, 6, 4), 2),  # red +2 with red among the dice: 8 + 2 = 10
        ("e2-engines-4", RED_AND_BLACK_CARD, (2, 2, 2, 6, 4), 2),  # black +2 likewise
        ("e2-engines-2", BLACK_CARD, (6, 6), 0),  # red +2, no red die in the throw: 12 of 13
        ("e2-engines-4", RED_CARD, (3, 2, 2), 0),  # black +2, no black die: 5 of 7
        ("e1-engines-2", WHITE_CARD, (2, 2), 0),  # red +1 on white dice: 4 of 5
        ("e2-engines-4", WHITE_CARD, (2, 2), 0),  # black +2 on white dice: 4 of 5
    ],
)
def test_red_and_black_engines_help_a_throw_with_their_colour(
    dice, engine: str, card: str, faces: tuple[int, ...], bonus: int
) -> None:
    state = table(era=2, display=(RED_CARD, BLACK_CARD, RED_AND_BLACK_CARD))
    give(state, 0, "e2-financiers-3", "e2-hangars-3", engine)  # 2 white, 3 red, 2 black
    assert airship_dice.pool(state, 0).real == Dice(white=2, red=3, black=2)
    set_chips(state, 0, 0)  # no bonus chip: the engine alone decides a short throw
    dice(*faces)
    t = thrown(throw_for(state, card))
    assert dice.script == []  # exactly the dice of the card's colours were thrown
    assert t.dice_total < t.target  # short without the engine, so its bonus is the difference
    assert t.bonuses == ((("engine", bonus),) if bonus else ())
    assert t.success is (bonus > 0)


# --- 5. Materials: "3 of his white dice for 2 red dice", "2 of his red dice for 1 black die" -------------------------


def test_three_white_for_two_red_exchange_is_thrown_and_counted(dice) -> None:
    materials = C.expansions["e1-materials-2"]
    assert materials.exchange is not None and materials.exchange.text() == "3 white → 2 red"
    state = table(display=("e2-captains-1",))  # era 1, no red die anywhere; the card needs 2 red, 7+
    give(state, 0, "e1-financiers-2", materials.id)  # 3 white
    assert "e2-captains-1" in offered(state)  # only through the exchange
    state = throw_for(state, "e2-captains-1")
    assert keys(state) == ["roll:0", "back"]
    dice(4, 3)
    state = act(state, "roll", 0)
    t = thrown(state)
    assert t.exchange == "3 white → 2 red"
    assert t.rolled == {"red": (4, 3)}  # the two red dice the exchange gave, no white left
    assert kept_values(t) == [("red", 4, False), ("red", 3, False)]
    assert t.dice_total == 7 and t.success
    # The exchange lasted the one throw: the 3 white are back, and the only red and black are the won Captain's.
    assert airship_dice.pool(state, 0).real == Dice(white=3, red=1, black=1)


def test_two_red_for_one_black_exchange_is_thrown_and_counted(dice) -> None:
    materials = C.expansions["e2-materials-1"]
    assert materials.exchange is not None and materials.exchange.text() == "2 red → 1 black"
    state = table(era=2, display=("e2-captains-2",))  # 1 red + 1 black, 10+
    give(state, 0, "e1-financiers-3", "e1-captains-3", materials.id)  # 2 white, 3 red, no black
    assert airship_dice.pool(state, 0).real == Dice(white=2, red=3)
    state = throw_for(state, "e2-captains-2")
    assert keys(state) == ["roll:0", "back"]  # without the exchange there is no black die
    dice(5, 6)  # the one red die left, then the black die the exchange gave
    state = act(state, "roll", 0)
    t = thrown(state)
    assert t.exchange == "2 red → 1 black"
    assert t.rolled == {"red": (5,), "black": (6,)}
    assert kept_values(t) == [("red", 5, False), ("black", 6, False)]
    assert t.dice_total == 11 and t.success


# --- 6 and 7. A Hindenburg phase is thrown for like any card: a failure pays, and the throw ends the go ----------------


def hindenburg_table(board_chips: int) -> AirshipsState:
    state = table(era=2)
    set_field(state, 0)  # a pile used up: the Hindenburg is open
    give(state, 0, *HINDENBURG_BUILDER)
    starting_dice(state, 1)  # seat 1 has the dice for the light airships, so its go is a go, not a pass
    set_chips(state, 0, board_chips)
    return state


def test_failed_hindenburg_throw_earns_a_compensation_chip(dice) -> None:
    state = hindenburg_table(3)
    dice(2, 2, 2, 4, 4, 4)  # 3 red and 3 black thrown: 2 + 2 + 4 = 8 of 16
    state = throw_for(state, "hindenburg-1")
    assert not thrown(state).success
    assert state.hindenburg == [None] * 4 and state.companies[0].phases == []
    assert chips(state, 0) == (4, 2)  # the compensation chip, from the nation's supply
    assert any("compensation" in line for line in said(state))
    check_chips_conserved(state)


@pytest.mark.parametrize("faces", [(5, 5, 4, 8, 4, 4), (2, 2, 2, 4, 4, 4)], ids=["built", "failed"])
@pytest.mark.parametrize("board_chips", [5, 0], ids=["may-buy-a-go", "cannot-buy-a-go"])
def test_hindenburg_phase_throw_ends_the_go(dice, faces: tuple[int, ...], board_chips: int) -> None:
    state = hindenburg_table(board_chips)
    pile = len(state.pile)
    dice(*faces)
    state = throw_for(state, "hindenburg-1")
    assert dice.script == [] and thrown(state).card == "hindenburg-1"
    if board_chips:  # 5 on the board, or 6 with the compensation chip: enough to pay for another go
        # Only the additional-go question: no second throw in this go.
        assert state.current == 0 and state.step is Step.ADDITIONAL_GO
        assert keys(state) == ["go:again", "go:end"]
        with pytest.raises(IllegalAction):
            throw_for(state, "hindenburg-2")
    else:
        assert state.current == 1 and state.step is Step.CHOOSE_CARD
        assert len(state.pile) == pile - 1  # the next player's go began with its own first step
        assert GAME.legal_actions(state, 0) == []


# --- 8. "From this point on, each player now has an additional red die" ---------------------------------------


def test_red_die_is_usable_in_the_same_go_as_the_change_of_era(dice) -> None:
    state = table(display=("e1-captains-3",), pile=["e2-hangars-1", CHANGE_OF_ERA])  # 1 white + 1 red, 6+
    # Seat 1 holds the entrepreneur's 1 white die only: in era 1 no card is open to it.
    assert rules.eligible_targets(state, 1) == []
    state.step = Step.ADDITIONAL_GO
    state = act(state, "go", "end")  # seat 1's go: step 1 turns the Change of Era over
    assert state.era == 2 and state.current == 1
    assert state.step is Step.CHOOSE_CARD  # not a pass: the red die already counts in step 2
    assert offered(state) == ["e1-captains-3"]

    dice(3, 4)
    state = throw_for(state, "e1-captains-3")
    t = thrown(state)
    assert t.rolled == {"white": (3,), "red": (4,)}
    assert kept_values(t) == [("white", 3, False), ("red", 4, False)]
    assert t.dice_total == 7 and t.success


# --- 9. Ruling 8: each exchange is used at most once per throw -----------------------------------------------


def test_ruling_8_an_exchange_is_used_once_per_throw(dice) -> None:
    # 2 white -> 1 red with 6 white dice: twice would give the 2 red a 2-red card needs; once gives 1.
    state = table(display=("e2-captains-1", "e1-captains-3"))  # 2 red, 7+; 1 white + 1 red, 6+
    give(state, 0, "e1-hangars-1", "e1-financiers-2", "s-captains", "s-engines", "e1-materials-1")
    pool = airship_dice.pool(state, 0)
    assert pool.real == Dice(white=6)
    assert "e2-captains-1" not in offered(state)
    assert "e1-captains-3" in offered(state)

    state = throw_for(state, "e1-captains-3")
    options = airship_dice.exchange_options(state, 0, "e1-captains-3")
    assert [o.apply(pool).real for o in options] == [Dice(white=4, red=1)]  # never 2 white -> 1 red twice
    assert keys(state) == ["roll:0", "back"]
    dice(3, 3, 1, 5)  # 3 of the 4 white dice left, then the one red die
    t = thrown(act(state, "roll", 0))
    assert t.rolled == {"white": (3, 3, 1), "red": (5,)}
    assert t.dice_total == 8 and t.success

    # 2 red -> 1 black with 4 red dice: 2 black needed, one exchange makes only 1.
    state = table(era=2, display=("e2-hangars-4",))  # 2 black, 13+
    give(state, 0, "e1-financiers-3", "e1-captains-3", "e1-hangars-2", "e2-materials-1")
    assert airship_dice.pool(state, 0).real == Dice(white=2, red=4)
    assert "e2-hangars-4" not in offered(state)


# --- 10. Ruling 13: the acquisition step is compulsory when a card can be thrown for ----------------------------


def test_ruling_13_a_throw_is_compulsory_when_a_card_can_be_thrown_for() -> None:
    state = table()
    give(state, 0, "s-hangars")  # 2 white: the light airships
    assert offered(state)
    actions = GAME.legal_actions(state, 0)
    assert {a.kind for a in actions} == {"throw"}  # no pass, skip or end among them
    for kind, args in (("go", ("end",)), ("go", ("again",)), ("pass", ()), ("back", ())):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, Action(kind, args))

    # With no card to throw for the player is never left at an empty choice: he passes at once.
    state = table(fields=BLACK_FIELDS, pile=["e2-hangars-4"])  # 2 black: nobody has a black die
    state.step = Step.ADDITIONAL_GO
    state = act(state, "go", "end")
    assert not (state.current == 1 and state.step is Step.CHOOSE_CARD)
    assert any("passes" in line for line in said(state)) and state.last_throw is None
