"""The Airships component data keeps the rulebook's counts, dice and example cards, and bad data is named."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from dataclasses import replace
from pathlib import Path

import pytest

from engine.rules.datafile import DataError, DataReader
from engine.rules.airships.data import DATA_FILE, components, load
from engine.rules.airships.validation import PRINTED, Printed, check
from engine.rules.airships.records import (
    AirshipCard, Back, Colour, Components, Department, Dice, Era, ExpansionCard, HindenburgPhase,
)

BASE_DICE_AFTER_CHANGE_OF_ERA = Dice(white=2, red=1)  # entrepreneur white + red, starter white
RULEBOOK_FACES = {
    Colour.WHITE: (1, 1, 2, 2, 3, 3),
    Colour.RED: (2, 3, 3, 4, 4, 5),
    Colour.BLACK: (4, 4, 6, 6, 8, 8),
}
Card = AirshipCard | ExpansionCard | HindenburgPhase


@pytest.fixture(scope="module")
def data() -> Components:
    return components()


# -- helpers ---------------------------------------------------------------------------------


def lowest(cost: Dice) -> int:
    return sum(n * min(RULEBOOK_FACES[c]) for c, n in cost.items())


def highest(cost: Dice) -> int:
    return sum(n * max(RULEBOOK_FACES[c]) for c, n in cost.items())


def chance(card: Card) -> Fraction:
    """Probability of reaching the target throwing exactly the depicted dice, without bonuses."""
    faces = [RULEBOOK_FACES[c] for c, n in card.cost.items() for _ in range(n)]
    throws = list(itertools.product(*faces))
    return Fraction(sum(sum(t) >= card.target for t in throws), len(throws))


def mean(values: Iterable[float | Fraction]) -> Fraction:
    values = [Fraction(v) for v in values]
    return sum(values, Fraction(0)) / len(values)


def expected(cost: Dice) -> Fraction:
    return sum((n * mean(RULEBOOK_FACES[c]) for c, n in cost.items()), Fraction(0))


def gift(card: ExpansionCard) -> int:
    """A rough worth of what a card gives, to check the curve rises."""
    engine = card.engine.amount if card.engine else 0
    return card.dice.total() + int(card.imaginary is not None) + int(card.exchange is not None) + engine + card.chips + card.vp


def airships(data: Components, back: Back) -> list[AirshipCard]:
    return [c for c in data.airships.values() if c.back is back]


def expansions(data: Components, *, era: Era | None = None, department: Department | None = None) -> list[ExpansionCard]:
    return [
        c
        for c in data.expansions.values()
        if (era is None or c.era is era) and (department is None or c.department is department)
    ]


def only(cards: list[ExpansionCard], what: str) -> ExpansionCard:
    assert len(cards) == 1, f"expected exactly one {what}, found {[c.id for c in cards]}"
    return cards[0]


def edit_entry(text: str, card_id: str, edit: Callable[[str], str]) -> str:
    """Apply `edit` to the [[...]] block of the card with this id."""
    blocks = re.split(r"(?m)^(?=\[\[)", text)
    hits = [i for i, block in enumerate(blocks) if f'id = "{card_id}"\n' in block]
    assert len(hits) == 1, card_id
    blocks[hits[0]] = edit(blocks[hits[0]])
    return "".join(blocks)


def write_copy(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "components.toml"
    path.write_text(text, encoding="utf-8")
    return path


def rejected(tmp_path: Path, text: str) -> str:
    with pytest.raises(DataError) as error:
        load(write_copy(tmp_path, text))
    return str(error.value)


@pytest.fixture
def text() -> str:
    return DATA_FILE.read_text(encoding="utf-8")


# -- the file and the rulebook's counts -------------------------------------------------------


def test_components_file_loads_and_components_caches_it(data: Components) -> None:
    assert load(DATA_FILE) == data
    assert components() is data


def test_dice_faces_are_the_rulebooks(data: Components) -> None:
    assert data.faces == RULEBOOK_FACES


def test_each_nation_has_6_bonus_chips(data: Components) -> None:
    assert data.chips_per_nation == 6


def test_four_entrepreneurs_show_1_white_then_1_white_and_1_red_after_the_change_of_era(data: Components) -> None:
    assert [e.nation for e in data.entrepreneurs] == ["USA", "Germany", "Italy", "France"]
    assert all(e.era_1 == Dice(white=1) and e.era_2 == Dice(white=1, red=1) for e in data.entrepreneurs)


def test_change_of_era_card_has_its_own_id(data: Components) -> None:
    assert data.change_of_era == "change-of-era"
    assert data.card_name("change-of-era") == "Change of Era"


def test_18_airship_cards_6_of_each_back(data: Components) -> None:
    assert len(data.airships) == 18
    for back in Back:
        assert sorted(c.id for c in airships(data, back)) == [f"a-{back.value}-{n}" for n in range(1, 7)]


def test_48_expansion_cards_6_starters_18_of_era_1_24_of_era_2(data: Components) -> None:
    assert len(data.expansions) == 48
    assert [len(expansions(data, era=e)) for e in (Era.STARTER, Era.ERA_1, Era.ERA_2)] == [6, 18, 24]


def test_one_starter_3_era_1_and_4_era_2_cards_per_department(data: Components) -> None:
    for d in Department:
        counts = [len(expansions(data, era=e, department=d)) for e in (Era.STARTER, Era.ERA_1, Era.ERA_2)]
        assert counts == [1, 3, 4], d


def test_expansion_ids_name_their_era_and_department(data: Components) -> None:
    for card in data.expansions.values():
        d = card.department.value
        expected_ids = {
            Era.STARTER: {f"s-{d}"},
            Era.ERA_1: {f"e1-{d}-{n}" for n in range(1, 4)},
            Era.ERA_2: {f"e2-{d}-{n}" for n in range(1, 5)},
        }[card.era]
        assert card.id in expected_ids


def test_every_card_and_phase_has_a_name(data: Components) -> None:
    cards: list[Card] = [*data.airships.values(), *data.expansions.values(), *data.hindenburg]
    assert all(c.name.strip() for c in cards)


# -- starters ---------------------------------------------------------------------------------


def test_every_starter_gives_exactly_one_real_white_die(data: Components) -> None:
    # "Two white dice: one from the entrepreneur, one from the starter card": a die that is thrown, not imaginary.
    for card in expansions(data, era=Era.STARTER):
        assert card.dice == Dice(white=1) and card.imaginary is None, card.id


def test_starter_captain_gives_a_white_die_and_a_bonus_chip(data: Components) -> None:
    card = data.expansions["s-captains"]
    assert (card.dice, card.chips) == (Dice(white=1), 1)


def test_starters_cost_1_or_2_white_with_a_low_target_and_give_no_exchange_or_engine(data: Components) -> None:
    for card in expansions(data, era=Era.STARTER):
        assert card.cost in (Dice(white=1), Dice(white=2)), card.id
        assert card.target <= 2 * card.cost.white, card.id  # at most the average throw
        assert card.exchange is None and card.engine is None, card.id
        assert card.chips == (1 if card.department is Department.CAPTAINS else 0), card.id


# -- departments (rulebook p. 6) -------------------------------------------------------------


def test_every_engineer_of_era_1_and_2_gives_one_imaginary_die_and_no_real_dice(data: Components) -> None:
    for card in expansions(data, department=Department.ENGINEERS):
        if card.era is Era.STARTER:
            continue  # the starter Engineer gives a white die, like every starter
        assert card.imaginary is not None, card.id
        assert card.dice == Dice() and card.exchange is None and card.engine is None and card.chips == 0, card.id


@pytest.mark.parametrize(("colour", "value"), [(Colour.RED, 4), (Colour.BLACK, 7), (Colour.WHITE, 3)])
def test_rulebook_engineers_with_imaginary_red_4_black_7_white_3_exist(data: Components, colour: Colour, value: int) -> None:
    engineers = expansions(data, department=Department.ENGINEERS)
    assert [c for c in engineers if c.imaginary and (c.imaginary.colour, c.imaginary.value) == (colour, value)]


def test_every_materials_card_of_era_1_and_2_gives_an_exchange(data: Components) -> None:
    for card in expansions(data, department=Department.MATERIALS):
        assert (card.exchange is not None) == (card.era is not Era.STARTER), card.id


@pytest.mark.parametrize(
    ("give", "give_count", "get", "get_count"),
    [(Colour.WHITE, 3, Colour.RED, 2), (Colour.RED, 2, Colour.BLACK, 1), (Colour.WHITE, 3, Colour.BLACK, 1)],
)
def test_rulebook_materials_exchanges_exist(data: Components, give: Colour, give_count: int, get: Colour, get_count: int) -> None:
    cards = expansions(data, department=Department.MATERIALS)
    wanted = (give, give_count, get, get_count)
    found = [c for c in cards if c.exchange and (c.exchange.give, c.exchange.give_count, c.exchange.get, c.exchange.get_count) == wanted]
    assert found, f"no Materials card exchanges {give_count} {give.value} for {get_count} {get.value}"


def test_every_engine_of_era_1_and_2_gives_plus_1_or_2(data: Components) -> None:
    for card in expansions(data, department=Department.ENGINES):
        if card.era is Era.STARTER:
            assert card.engine is None, card.id
        else:
            assert card.engine is not None and card.engine.amount in (1, 2), card.id


@pytest.mark.parametrize(("colour", "amount"), [(None, 1), (Colour.RED, 1)])
def test_rulebook_engines_plus_1_on_every_throw_and_plus_1_with_red_exist(data: Components, colour: Colour | None, amount: int) -> None:
    cards = expansions(data, department=Department.ENGINES)
    assert [c for c in cards if c.engine and (c.engine.colour, c.engine.amount) == (colour, amount)]


def test_worked_example_engines_card_costs_1_white_1_red_1_black_target_15_and_is_won_with_14_and_a_chip(data: Components) -> None:
    card = only(
        [
            c
            for c in expansions(data, era=Era.ERA_2, department=Department.ENGINES)
            if c.cost == Dice(white=1, red=1, black=1) and c.target == 15
        ],
        "Era 2 Engines card costing 1 white + 1 red + 1 black with target 15",
    )
    assert card.engine is not None
    # The example's throw: best of 3 red is 5, the black (exchanged for 3 white) shows 6,
    # the Engineer's imaginary white shows 3; a bonus chip turns 14 into the required 15.
    engineers = expansions(data, department=Department.ENGINEERS)
    assert [c for c in engineers if c.imaginary and (c.imaginary.colour, c.imaginary.value) == (Colour.WHITE, 3)]
    assert 6 in data.faces[Colour.BLACK] and max(data.faces[Colour.RED]) == 5
    assert 5 + 6 + 3 < card.target <= 5 + 6 + 3 + 1


def test_acquiring_example_card_needs_2_white_and_5_and_gives_a_red_die(data: Components) -> None:
    assert [c for c in data.expansions.values() if c.cost == Dice(white=2) and c.target == 5 and c.dice == Dice(red=1)]


def test_financiers_give_1_to_3_dice(data: Components) -> None:
    for card in expansions(data, department=Department.FINANCIERS):
        assert 1 <= card.dice.total() <= 3, card.id


@pytest.mark.parametrize(("dice", "vp"), [(Dice(white=1, red=1, black=1), 0), (Dice(white=1), 3)])
def test_rulebook_financiers_exist(data: Components, dice: Dice, vp: int) -> None:
    assert [c for c in expansions(data, department=Department.FINANCIERS) if c.dice == dice and c.vp == vp]


def test_hangars_give_1_or_2_dice(data: Components) -> None:
    for card in expansions(data, department=Department.HANGARS):
        assert 1 <= card.dice.total() <= 2, card.id


@pytest.mark.parametrize("dice", [Dice(white=1), Dice(black=1)])
def test_rulebook_hangars_giving_1_white_and_1_black_exist(data: Components, dice: Dice) -> None:
    assert [c for c in expansions(data, department=Department.HANGARS) if c.dice == dice]


def test_captains_of_era_1_and_2_give_1_or_2_dice_and_1_to_3_chips(data: Components) -> None:
    for card in expansions(data, department=Department.CAPTAINS):
        assert 1 <= card.dice.total() <= 2, card.id
        if card.era is not Era.STARTER:
            assert 1 <= card.chips <= 3, card.id


@pytest.mark.parametrize("dice", [Dice(black=1), Dice(white=1)])
def test_rulebook_captains_giving_a_die_and_2_chips_exist(data: Components, dice: Dice) -> None:
    assert [c for c in expansions(data, department=Department.CAPTAINS) if c.dice == dice and c.chips == 2]


def test_every_department_has_a_card_worth_victory_points_mostly_in_era_2(data: Components) -> None:
    for d in Department:
        assert [c for c in expansions(data, department=d) if c.vp > 0], d
    with_vp = [c for c in data.expansions.values() if c.vp > 0]
    assert sum(c.era is Era.ERA_2 for c in with_vp) > len(with_vp) / 2


# -- airships: the game must always be able to end ------------------------------------------


def test_light_and_medium_airships_are_throwable_with_2_white_and_1_red(data: Components) -> None:
    base = BASE_DICE_AFTER_CHANGE_OF_ERA
    for back in (Back.LIGHT, Back.MEDIUM):
        for card in airships(data, back):
            assert all(card.cost.of(c) <= base.of(c) for c in Colour), card.id
            assert card.target <= highest(card.cost), card.id  # reachable by the dice alone


def test_light_airships_need_only_white_dice(data: Components) -> None:
    for card in airships(data, Back.LIGHT):
        assert card.cost.red == card.cost.black == 0 and 1 <= card.cost.white <= 2, card.id


def test_airships_get_harder_and_worth_more_from_light_to_medium_to_dark(data: Components) -> None:
    light, medium, dark = (airships(data, b) for b in (Back.LIGHT, Back.MEDIUM, Back.DARK))
    assert max(c.vp for c in light) < min(c.vp for c in medium)
    assert max(c.vp for c in medium) < min(c.vp for c in dark)
    assert mean(c.target for c in light) < mean(c.target for c in medium) < mean(c.target for c in dark)
    assert mean(map(chance, light)) > mean(map(chance, medium)) > mean(map(chance, dark))


def test_only_dark_airships_need_black(data: Components) -> None:
    assert {c.back for c in data.airships.values() if c.cost.black} == {Back.DARK}


# -- the balance curve -----------------------------------------------------------------------


def test_costs_use_at_most_3_dice_of_one_colour(data: Components) -> None:
    cards: list[Card] = [*data.airships.values(), *data.expansions.values(), *data.hindenburg]
    for card in cards:
        assert all(n <= 3 for _, n in card.cost.items()), card.name


def test_every_target_lies_above_the_lowest_and_within_the_highest_sum_of_its_dice(data: Components) -> None:
    cards: list[Card] = [*data.airships.values(), *data.expansions.values(), *data.hindenburg]
    for card in cards:
        assert lowest(card.cost) < card.target <= highest(card.cost), card.name


def test_later_expansion_cards_cost_more_and_give_more(data: Components) -> None:
    eras = [expansions(data, era=e) for e in (Era.STARTER, Era.ERA_1, Era.ERA_2)]
    costs = [mean(expected(c.cost) for c in cards) for cards in eras]
    targets = [mean(c.target for c in cards) for cards in eras]
    gifts = [mean(gift(c) for c in cards) for cards in eras]
    assert costs == sorted(set(costs)) and targets == sorted(set(targets)) and gifts == sorted(set(gifts))


def test_era_1_cards_mostly_need_white_and_never_black(data: Components) -> None:
    era_1 = expansions(data, era=Era.ERA_1)
    assert all(c.cost.black == 0 for c in era_1)
    assert sum(c.cost == Dice(white=c.cost.white) for c in era_1) > len(era_1) / 2


def test_era_2_cards_need_red_or_black(data: Components) -> None:
    assert all(c.cost.red or c.cost.black for c in expansions(data, era=Era.ERA_2))


def test_every_department_has_an_era_2_card_needing_no_black(data: Components) -> None:
    for d in Department:
        assert [c for c in expansions(data, era=Era.ERA_2, department=d) if c.cost.black == 0], d


def test_a_black_die_can_be_won_without_owning_one(data: Components) -> None:
    def gives_black(card: ExpansionCard) -> bool:
        return (
            bool(card.dice.black)
            or (card.imaginary is not None and card.imaginary.colour is Colour.BLACK)
            or (card.exchange is not None and card.exchange.get is Colour.BLACK)
        )

    assert [c for c in data.expansions.values() if gives_black(c) and c.cost.black == 0]


# -- the Hindenburg --------------------------------------------------------------------------


def test_four_hindenburg_phases_in_order_with_rising_cost_and_target(data: Components) -> None:
    phases = data.hindenburg
    assert [p.number for p in phases] == [1, 2, 3, 4]
    assert all(a.cost.total() < b.cost.total() and a.target < b.target for a, b in itertools.pairwise(phases))


def test_hindenburg_vp_low_is_below_vp_high_and_both_rise(data: Components) -> None:
    phases = data.hindenburg
    assert all(p.vp_low < p.vp_high for p in phases)
    assert all(a.vp_low < b.vp_low and a.vp_high < b.vp_high for a, b in itertools.pairwise(phases))


def test_hindenburg_phases_are_the_hardest_throws(data: Components) -> None:
    hardest_card = max(c.target for c in data.expansions.values())
    dark_odds = mean(map(chance, airships(data, Back.DARK)))
    for phase in data.hindenburg:
        assert phase.cost.black >= 1 and phase.target > hardest_card, phase.number
        assert chance(phase) < dark_odds, phase.number


# -- validation names the file and the entry -------------------------------------------------


def test_an_unchanged_copy_loads(tmp_path: Path, text: str) -> None:
    assert load(write_copy(tmp_path, text)) == components()


def test_a_duplicated_id_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_entry(text, "e1-engineers-3", lambda b: b.replace('"e1-engineers-3"', '"e1-engineers-2"'))
    message = rejected(tmp_path, broken)
    assert message.startswith("components.toml: ") and "e1-engineers-2" in message and "twice" in message


def test_a_missing_airship_card_is_a_wrong_count(tmp_path: Path, text: str) -> None:
    message = rejected(tmp_path, edit_entry(text, "a-light-6", lambda b: ""))
    assert message.startswith("components.toml: airship (light back): 5 cards")


def test_a_missing_expansion_card_is_a_wrong_count(tmp_path: Path, text: str) -> None:
    message = rejected(tmp_path, edit_entry(text, "e2-hangars-4", lambda b: ""))
    assert message.startswith("components.toml: expansion (era 2): 23 cards")


def test_an_unknown_colour_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_entry(text, "e1-captains-2", lambda b: b.replace("cost = { white = 3 }", "cost = { green = 3 }"))
    assert rejected(tmp_path, broken) == "components.toml: expansion e1-captains-2: unknown die colour 'green'"


def test_a_missing_target_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_entry(text, "a-medium-3", lambda b: re.sub(r"(?m)^target = .*\n", "", b))
    assert rejected(tmp_path, broken) == "components.toml: airship a-medium-3: missing 'target'"


def test_a_missing_cost_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_entry(text, "e2-financiers-2", lambda b: re.sub(r"(?m)^cost = .*\n", "", b))
    assert rejected(tmp_path, broken) == "components.toml: expansion e2-financiers-2: missing 'cost'"


def test_an_engineer_without_an_imaginary_die_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_entry(text, "e1-engineers-2", lambda b: re.sub(r"(?m)^gives = .*\n", "gives = { dice = { white = 1 } }\n", b))
    message = rejected(tmp_path, broken)
    assert message.startswith("components.toml: expansion e1-engineers-2: ") and "imaginary" in message


def test_a_starter_giving_an_imaginary_die_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_entry(
        text, "s-engineers",
        lambda b: re.sub(r"(?m)^gives = .*\n", 'gives = { imaginary = { colour = "white", value = 2 } }\n', b),
    )
    message = rejected(tmp_path, broken)
    assert message.startswith("components.toml: expansion s-engineers: ") and "imaginary" in message


def test_a_starter_giving_a_red_die_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_entry(text, "s-hangars", lambda b: b.replace("dice = { white = 1 }", "dice = { red = 1 }"))
    message = rejected(tmp_path, broken)
    assert message.startswith("components.toml: expansion s-hangars: ") and "one real white die" in message


def test_changed_dice_faces_are_named(tmp_path: Path, text: str) -> None:
    broken = text.replace("black = [4, 4, 6, 6, 8, 8]", "black = [4, 4, 6, 6, 8, 9]")
    assert rejected(tmp_path, broken).startswith("components.toml: dice: faces differ")


def test_an_example_card_changed_is_named(tmp_path: Path, text: str) -> None:
    # The rulebook's imaginary red 4 (a copy's printed card): a file or pack without it is not the game's box.
    broken = text.replace('gives = { imaginary = { colour = "red", value = 4 } }', 'gives = { imaginary = { colour = "red", value = 3 } }')
    assert rejected(tmp_path, broken) == ("components.toml: expansion: the rulebook prints an Engineer with an "
                                          "imaginary red 4, and no card here is one")


@pytest.mark.parametrize("printed", PRINTED, ids=[p.words for p in PRINTED])
def test_every_example_card_the_rulebook_prints_is_required(data: Components, printed: Printed) -> None:
    fitting = [c for c in data.expansions.values() if printed.fits(c)]
    assert fitting, printed.words
    # Each one made a card no example is (other dice, no effect, a higher score), so the counts stay right.
    cards = [c for c in data.expansions.values() if c not in fitting]
    cards += [replace(c, dice=Dice(red=2), imaginary=None, exchange=None, engine=None, chips=0, target=c.target + 1)
              for c in fitting]
    assert not any(printed.fits(c) for c in cards)
    with pytest.raises(DataError, match=re.escape(f"the rulebook prints {printed.words}")):
        check({}, list(data.airships.values()), cards, data.hindenburg, DataReader("x").fail)


def test_a_department_with_the_wrong_count_in_an_era_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_entry(text, "e1-hangars-3", lambda b: b.replace('department = "hangars"', 'department = "financiers"'))
    assert rejected(tmp_path, broken) == ("components.toml: expansion (era 1): 4 financiers cards, the rulebook has 3 "
                                          "per department")


def test_an_empty_id_or_name_is_named(tmp_path: Path, text: str) -> None:
    assert rejected(tmp_path, text.replace('id = "a-light-6"', 'id = " "')) == "components.toml: id: an id cannot be empty"
    unnamed = edit_entry(text, "a-light-6", lambda b: re.sub(r'(?m)^name = .*\n', 'name = ""\n', b))
    assert rejected(tmp_path, unnamed) == "components.toml: airship a-light-6: every card has a name"


def test_a_missing_colour_is_named_as_missing(tmp_path: Path, text: str) -> None:
    broken = text.replace('gives = { imaginary = { colour = "red", value = 4 } }', 'gives = { imaginary = { value = 4 } }')
    assert rejected(tmp_path, broken).endswith(": missing 'colour'")
