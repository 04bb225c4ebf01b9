"""Airships component records: the dice, cards, entrepreneurs and phases in the box, and the counts the rulebook prints."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, wraps
from typing import Any, TypeVar

T = TypeVar("T")


class Colour(enum.Enum):
    """A die colour; also what an Engine's symbol shows (ANY is the grey symbol)."""

    WHITE = "white"
    RED = "red"
    BLACK = "black"


DIE_COLOURS: tuple[Colour, ...] = (Colour.WHITE, Colour.RED, Colour.BLACK)
MAX_DICE_PER_COLOUR = 3  # "A maximum of 3 dice of one colour can be used for each throw"


class Department(enum.Enum):
    """The six departments of a company board, in the order of the display's rows."""

    ENGINEERS = "engineers"  # orange
    CAPTAINS = "captains"  # brown; the contents list calls them Commanders
    FINANCIERS = "financiers"  # purple
    MATERIALS = "materials"  # blue
    HANGARS = "hangars"  # yellow
    ENGINES = "engines"  # green


class Era(enum.Enum):
    """Which back an expansion card has."""

    STARTER = "starter"
    ERA_1 = "1"
    ERA_2 = "2"


class Back(enum.Enum):
    """The back of an airship card: light piles on top of medium on top of dark."""

    LIGHT = "light"
    MEDIUM = "medium"
    DARK = "dark"


@dataclass(frozen=True)
class Dice:
    """A count of dice per colour."""

    white: int = 0
    red: int = 0
    black: int = 0

    def of(self, colour: Colour) -> int:
        # The hottest call of a random playout: a plain comparison beats getattr on the enum value.
        if colour is Colour.WHITE:
            return self.white
        return self.red if colour is Colour.RED else self.black

    def items(self) -> list[tuple[Colour, int]]:
        return [(c, n) for c, n in zip(DIE_COLOURS, (self.white, self.red, self.black)) if n]

    def total(self) -> int:
        return self.white + self.red + self.black

    def __add__(self, other: Dice) -> Dice:
        return Dice(self.white + other.white, self.red + other.red, self.black + other.black)

    def text(self) -> str:
        """'2 white + 1 red', the words the messages and images use."""
        return " + ".join(f"{n} {c.value}" for c, n in self.items()) or "no dice"


@dataclass(frozen=True)
class ImaginaryDie:
    """An Engineer's die: never thrown, a fixed value, outside the 3-per-colour limit."""

    colour: Colour
    value: int


@dataclass(frozen=True)
class Exchange:
    """A Materials exchange: give `give_count` dice of one colour for `get_count` of another, for one throw."""

    give: Colour
    give_count: int
    get: Colour
    get_count: int

    def text(self) -> str:
        return f"{self.give_count} {self.give.value} → {self.get_count} {self.get.value}"


@dataclass(frozen=True)
class EngineBonus:
    """An Engine's bonus on a throw in which a die of `colour` counts; colour None is the grey 'any die' symbol."""

    colour: Colour | None
    amount: int

    def text(self) -> str:
        return f"+{self.amount} on {'every throw' if self.colour is None else f'throws with {self.colour.value}'}"


@dataclass(frozen=True)
class ExpansionCard:
    """An expansion card: what it costs to throw for and what it gives its owner."""

    id: str
    name: str
    department: Department
    era: Era
    cost: Dice
    target: int
    dice: Dice
    imaginary: ImaginaryDie | None
    exchange: Exchange | None
    engine: EngineBonus | None
    chips: int  # Captains: bonus chips once, when the card is won with the dice
    vp: int


@dataclass(frozen=True)
class AirshipCard:
    """An airship card: the main source of victory points."""

    id: str
    name: str
    back: Back
    cost: Dice
    target: int
    vp: int


@dataclass(frozen=True)
class HindenburgPhase:
    """One of the four construction phases printed on the board."""

    number: int
    name: str
    cost: Dice
    target: int
    vp_low: int  # counts when the game ends before the Hindenburg is complete
    vp_high: int  # counts when all four phases are built


@dataclass(frozen=True)
class Entrepreneur:
    """A two-sided entrepreneur card: era 1 side and the side shown after the Change of Era."""

    nation: str
    era_1: Dice
    era_2: Dice


@dataclass(frozen=True)
class Components:
    """Everything in the box that the rules need."""

    faces: dict[Colour, tuple[int, ...]]
    chips_per_nation: int
    change_of_era: str
    entrepreneurs: tuple[Entrepreneur, ...]
    airships: dict[str, AirshipCard]
    expansions: dict[str, ExpansionCard]
    hindenburg: tuple[HindenburgPhase, ...]

    def card_name(self, card_id: str) -> str:
        if card_id in self.expansions:
            return self.expansions[card_id].name
        if card_id in self.airships:
            return self.airships[card_id].name
        return "Change of Era" if card_id == self.change_of_era else card_id

    @cached_property
    def memo(self) -> dict[Callable[[Components], Any], Any]:
        """The tables `per_data` worked out from these components, kept on them (not a field: a copy made with
        dataclasses.replace starts empty, and equality ignores it)."""
        return {}

    def __getstate__(self) -> dict[str, Any]:
        # A pickle or deep copy holds the cards, not the tables worked out from them (keyed on functions).
        fields = dict(self.__dict__)
        fields.pop("memo", None)
        return fields


def per_data(make: Callable[[Components], T]) -> Callable[[Components], T]:
    """`make(data)`, worked out once per components object and kept on it.

    A game may play a data pack's cards, so a table of the cards must come from the game's own components. A cache
    keyed on a card id alone would answer with whichever pack asked first, and Components (dicts inside) has no hash
    to key on; kept on the object, a table lives as long as its components (one object per edition and pack, see
    data.FILE) and never outlives them into another pack's game.
    """

    @wraps(make)
    def kept(data: Components) -> T:
        memo = data.memo
        try:
            return memo[make]  # type: ignore[no-any-return]
        except KeyError:
            value = memo[make] = make(data)  # built twice by two threads at worst: the same table
            return value

    return kept


# Counts the rulebook prints ("Contents of the game").
AIRSHIPS_PER_BACK = 6
EXPANSIONS_PER_ERA = {Era.STARTER: 6, Era.ERA_1: 18, Era.ERA_2: 24}
FACES = {
    Colour.WHITE: (1, 1, 2, 2, 3, 3),
    Colour.RED: (2, 3, 3, 4, 4, 5),
    Colour.BLACK: (4, 4, 6, 6, 8, 8),
}
NATIONS = ("USA", "Germany", "Italy", "France")
HINDENBURG_PHASES = 4
HINDENBURG_PREFIX = "hindenburg-"


def hindenburg_id(number: int) -> str:
    """The id a Hindenburg construction phase goes by in actions and views (no card may take it)."""
    return f"{HINDENBURG_PREFIX}{number}"
CHIPS_PER_NATION = 6
