"""Airships component data checks: the rulebook's facts and its example cards, each naming the entry that breaks it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rules.airships.records import (
    AIRSHIPS_PER_BACK, EXPANSIONS_PER_ERA, HINDENBURG_PHASES, AirshipCard, Back, Colour, Department, Dice, Era,
    ExpansionCard, HindenburgPhase,
)
from engine.rules.datafile import DataError

Fail = Callable[[str, str], DataError]


@dataclass(frozen=True)
class Printed:
    """A card the rulebook prints, in its words, and how to know it among the expansion cards."""

    words: str
    fits: Callable[[ExpansionCard], bool]


def shows(card: ExpansionCard, colour: Colour, value: int) -> bool:
    die = card.imaginary
    return card.department is Department.ENGINEERS and die is not None and (die.colour, die.value) == (colour, value)


def exchanges(card: ExpansionCard, give: Colour, give_count: int, get: Colour, get_count: int) -> bool:
    x = card.exchange
    return x is not None and (x.give, x.give_count, x.get, x.get_count) == (give, give_count, get, get_count)


def gives(card: ExpansionCard, department: Department, dice: Dice, *, chips: int = 0, vp: int | None = None) -> bool:
    return (card.department is department and card.dice == dice and card.chips == chips
            and (vp is None or card.vp == vp))


def adds(card: ExpansionCard, colour: Colour | None, amount: int) -> bool:
    return card.engine is not None and (card.engine.colour, card.engine.amount) == (colour, amount)


W, R, B = Colour.WHITE, Colour.RED, Colour.BLACK
# The cards the rulebook's overview and examples print: every copy has them, so every file (and pack) must.
PRINTED = (
    Printed("an Engineer with an imaginary red 4", lambda c: shows(c, R, 4)),
    Printed("an Engineer with an imaginary black 7", lambda c: shows(c, B, 7)),
    Printed("an Engineer with an imaginary white 3", lambda c: shows(c, W, 3)),
    Printed("a Materials card exchanging 3 white for 2 red", lambda c: exchanges(c, W, 3, R, 2)),
    Printed("a Materials card exchanging 2 red for 1 black", lambda c: exchanges(c, R, 2, B, 1)),
    Printed("a Materials card exchanging 3 white for 1 black", lambda c: exchanges(c, W, 3, B, 1)),
    Printed("an Engine giving +1 on every throw", lambda c: adds(c, None, 1)),
    Printed("an Engine giving +1 on throws with red", lambda c: adds(c, R, 1)),
    Printed("a Financier giving 1 white + 1 red + 1 black",
            lambda c: gives(c, Department.FINANCIERS, Dice(white=1, red=1, black=1), vp=0)),
    Printed("a Financier giving 1 white and 3 VP", lambda c: gives(c, Department.FINANCIERS, Dice(white=1), vp=3)),
    Printed("a Hangar giving 1 white die", lambda c: gives(c, Department.HANGARS, Dice(white=1))),
    Printed("a Hangar giving 1 black die", lambda c: gives(c, Department.HANGARS, Dice(black=1))),
    Printed("a Captain giving 1 black die and 2 chips", lambda c: gives(c, Department.CAPTAINS, Dice(black=1), chips=2)),
    Printed("a Captain giving 1 white die and 2 chips", lambda c: gives(c, Department.CAPTAINS, Dice(white=1), chips=2)),
    Printed("the card of 'Acquiring a card': 2 white dice, a score of 5, gives a red die",
            lambda c: c.cost == Dice(white=2) and c.target == 5 and c.dice == Dice(red=1)),
    Printed("the worked example's Era 2 Engine: 1 white + 1 red + 1 black and a score of 15",
            lambda c: c.department is Department.ENGINES and c.era is Era.ERA_2
            and c.cost == Dice(white=1, red=1, black=1) and c.target == 15),
)
PER_DEPARTMENT = {Era.STARTER: 1, Era.ERA_1: 3, Era.ERA_2: 4}  # 6, 18 and 24 cards over the six departments


def check(board: dict[str, str], airships: list[AirshipCard], expansions: list[ExpansionCard],
          phases: tuple[HindenburgPhase, ...], fail: Fail) -> None:
    """The whole file's facts: unique ids, none taking one of `board` (the ids the board's own entries go by, and
    what goes by it), the rulebook's counts and its example cards."""
    cards: list[AirshipCard | ExpansionCard] = [*airships, *expansions]
    taken = next((card.id for card in cards if card.id in board), None)
    if taken is not None:
        raise fail(f"card {taken}", f"the id {taken!r} is {board[taken]}'s: give the card another")
    check_unique([*board, *(card.id for card in cards)], fail)
    for airship in airships:
        if not airship.name.strip():
            raise fail(f"airship {airship.id}", "every card has a name")
    for phase in phases:
        if not phase.name.strip():
            raise fail(f"hindenburg phase {phase.number}", "every phase has a name")
    check_counts(airships, expansions, phases, fail)
    for printed in PRINTED:
        if not any(printed.fits(card) for card in expansions):
            raise fail("expansion", f"the rulebook prints {printed.words}, and no card here is one")


def check_unique(ids: list[str], fail: Fail) -> None:
    seen: set[str] = set()
    for card_id in ids:
        if not card_id.strip():
            raise fail("id", "an id cannot be empty")
        if card_id in seen:
            raise fail(f"card {card_id}", "id used twice")
        seen.add(card_id)


def check_counts(airships: list[AirshipCard], expansions: list[ExpansionCard], phases: tuple[HindenburgPhase, ...],
                 fail: Fail) -> None:
    for back in Back:
        n = sum(1 for c in airships if c.back is back)
        if n != AIRSHIPS_PER_BACK:
            raise fail(f"airship ({back.value} back)", f"{n} cards, the rulebook has {AIRSHIPS_PER_BACK}")
    for era, expected in EXPANSIONS_PER_ERA.items():
        cards = [c for c in expansions if c.era is era]
        if len(cards) != expected:
            raise fail(f"expansion (era {era.value})", f"{len(cards)} cards, the rulebook has {expected}")
        for department in Department:
            n = sum(1 for c in cards if c.department is department)
            if n != PER_DEPARTMENT[era]:
                raise fail(f"expansion (era {era.value})", f"{n} {department.value} cards, the rulebook has "
                           f"{PER_DEPARTMENT[era]} per department")
    if len(phases) != HINDENBURG_PHASES:
        raise fail("hindenburg", f"{len(phases)} phases, the board has {HINDENBURG_PHASES}")


def check_department(card: ExpansionCard, entry: str, fail: Fail) -> None:
    """Each department does what the rulebook's overview of the expansion cards says it does."""
    if not card.name.strip():
        raise fail(entry, "every card has a name")
    d = card.department
    if (card.imaginary is not None) != (d is Department.ENGINEERS and card.era is not Era.STARTER):
        raise fail(entry, "only Engineers give an imaginary die, and every Engineer of Era 1 and 2 does")
    if card.era is Era.STARTER and card.dice != Dice(white=1):
        raise fail(entry, "every starter card gives one real white die")
    if (card.exchange is not None) != (d is Department.MATERIALS and card.era is not Era.STARTER):
        raise fail(entry, "only Materials give an exchange, and every Materials card of Era 1 and 2 does")
    if (card.engine is not None) != (d is Department.ENGINES and card.era is not Era.STARTER):
        raise fail(entry, "only Engines give a bonus, and every Engine of Era 1 and 2 does")
    if card.chips and d is not Department.CAPTAINS:
        raise fail(entry, "only Captains give bonus chips")
    if d is Department.CAPTAINS and card.era is not Era.STARTER and not 1 <= card.chips <= 3:
        raise fail(entry, "a Captain gives 1 to 3 bonus chips")
    if d in (Department.CAPTAINS, Department.HANGARS) and card.era is not Era.STARTER and not 1 <= card.dice.total() <= 2:
        raise fail(entry, f"{d.value} give 1 or 2 dice")
    if d is Department.FINANCIERS and not 1 <= card.dice.total() <= 3:
        raise fail(entry, "financiers give 1 to 3 dice")
    imaginary = Dice(**{card.imaginary.colour.value: 1}) if card.imaginary else Dice()
    if card.era is Era.STARTER and card.dice + imaginary != Dice(white=1):
        raise fail(entry, "a starter card gives exactly one white die (every player starts with 2 white dice)")
