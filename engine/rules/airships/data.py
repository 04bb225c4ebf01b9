"""Airships component data: frozen types, loaded once from components.toml and validated at load."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, wraps
from pathlib import Path
from typing import Any, TypeVar

from engine.core import FIRST_EDITION
from engine.rules.datafile import ComponentFile, DataReader, read_toml

DATA_FILE = Path(__file__).with_name("components.toml")
EDITION = FIRST_EDITION  # Airships' rules and data have not changed since its first release

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
CHIPS_PER_NATION = 6


def components(edition: int = EDITION, pack: str = "") -> Components:
    """The components a game of this edition and pack plays with (the built-in ones by default), read and
    validated once."""
    return FILE(edition, pack)


def load(path: Path) -> Components:
    """Read a components file; raises DataError naming the entry that is wrong."""
    return parse(read_toml(path), path.name, EDITION)


def parse(raw: dict[str, Any], name: str, edition: int) -> Components:
    """Components from the TOML tables, checked against the rulebook; DataError names `name` and the entry."""
    return _Reader(name).components(raw)


FILE = ComponentFile(DATA_FILE, EDITION, parse)


class _Reader(DataReader):
    """Turns the TOML tables into components, naming file and entry in every error."""

    def dice(self, table: Any, entry: str) -> Dice:
        if not isinstance(table, dict):
            raise self.fail(entry, f"dice should be a table like {{ white = 2 }}, not {table!r}")
        unknown = set(table) - {c.value for c in DIE_COLOURS}
        if unknown:
            raise self.fail(entry, f"unknown die colour {sorted(unknown)[0]!r}")
        counts = {k: v for k, v in table.items()}
        for colour, count in counts.items():
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise self.fail(entry, f"{colour} dice should be a count, not {count!r}")
        return Dice(**counts)

    def cost(self, table: dict[str, Any], entry: str) -> tuple[Dice, int]:
        if "cost" not in table:
            raise self.fail(entry, "missing 'cost'")
        cost = self.dice(table["cost"], entry)
        if cost.total() == 0:
            raise self.fail(entry, "a card must require at least one die")
        if any(n > MAX_DICE_PER_COLOUR for _, n in cost.items()):
            raise self.fail(entry, f"requires more than {MAX_DICE_PER_COLOUR} dice of one colour")
        target = self.field(table, "target", int, entry)
        best = sum(n * max(FACES[c]) for c, n in cost.items())
        if not 1 <= target <= best + 4:  # +4: chip, wooden airship and the best engine
            raise self.fail(entry, f"target {target} cannot be reached with {cost.text()}")
        return cost, target

    def components(self, raw: dict[str, Any]) -> Components:
        faces = {self.enum(Colour, k, "dice"): tuple(v) for k, v in raw.get("dice", {}).items()}
        if faces != FACES:
            raise self.fail("dice", "faces differ from the rulebook's white 1 1 2 2 3 3, red 2 3 3 4 4 5, black 4 4 6 6 8 8")
        chips = self.field(raw.get("bonus_chips", {}), "per_nation", int, "bonus_chips")
        if chips != CHIPS_PER_NATION:
            raise self.fail("bonus_chips", f"the rulebook has {CHIPS_PER_NATION} chips per nation (24 in all)")
        change = self.field(raw.get("change_of_era", {}), "id", str, "change_of_era")
        entrepreneurs = tuple(self.entrepreneur(t, i) for i, t in enumerate(raw.get("entrepreneur", [])))
        if tuple(e.nation for e in entrepreneurs) != NATIONS:
            raise self.fail("entrepreneur", f"expected the four nations {', '.join(NATIONS)} in that order")
        airships = [self.airship(t, i) for i, t in enumerate(raw.get("airship", []))]
        expansions = [self.expansion(t, i) for i, t in enumerate(raw.get("expansion", []))]
        phases = tuple(self.phase(t, i) for i, t in enumerate(raw.get("hindenburg", [])))
        self.check_unique([change, *(c.id for c in airships), *(c.id for c in expansions)])
        self.check_counts(airships, expansions, phases)
        return Components(
            faces=faces,
            chips_per_nation=chips,
            change_of_era=change,
            entrepreneurs=entrepreneurs,
            airships={c.id: c for c in airships},
            expansions={c.id: c for c in expansions},
            hindenburg=phases,
        )

    def entrepreneur(self, table: dict[str, Any], index: int) -> Entrepreneur:
        entry = f"entrepreneur #{index + 1}"
        nation = self.field(table, "nation", str, entry)
        sides = Entrepreneur(nation, self.dice(table.get("era_1"), entry), self.dice(table.get("era_2"), entry))
        if (sides.era_1, sides.era_2) != (Dice(white=1), Dice(white=1, red=1)):
            raise self.fail(entry, "an entrepreneur shows 1 white die, and white + red after the Change of Era")
        return sides

    def airship(self, table: dict[str, Any], index: int) -> AirshipCard:
        entry = f"airship {table.get('id', f'#{index + 1}')}"
        cost, target = self.cost(table, entry)
        vp = self.field(table, "vp", int, entry)
        if vp < 1:
            raise self.fail(entry, "every airship card has victory points")
        return AirshipCard(
            id=self.field(table, "id", str, entry),
            name=self.field(table, "name", str, entry),
            back=self.enum(Back, table.get("back"), entry, "back"),
            cost=cost,
            target=target,
            vp=vp,
        )

    def expansion(self, table: dict[str, Any], index: int) -> ExpansionCard:
        entry = f"expansion {table.get('id', f'#{index + 1}')}"
        cost, target = self.cost(table, entry)
        gives = table.get("gives", {})
        if not isinstance(gives, dict):
            raise self.fail(entry, "'gives' should be a table")
        known = {"dice", "imaginary", "exchange", "engine", "chips", "vp"}
        if set(gives) - known:
            raise self.fail(entry, f"unknown gift {sorted(set(gives) - known)[0]!r}")
        imaginary = exchange = engine = None
        if "imaginary" in gives:
            g = self.sub(gives, "imaginary", entry)
            imaginary = ImaginaryDie(self.enum(Colour, g.get("colour"), entry), self.field(g, "value", int, entry))
            faces = FACES[imaginary.colour]  # the rulebook's black 7 is not a face: any value in range will do
            if not min(faces) <= imaginary.value <= max(faces):
                raise self.fail(entry, f"an imaginary {imaginary.colour.value} die cannot show {imaginary.value}")
        if "exchange" in gives:
            g = self.sub(gives, "exchange", entry)
            exchange = Exchange(
                self.enum(Colour, g.get("give"), entry),
                self.field(g, "give_count", int, entry),
                self.enum(Colour, g.get("get"), entry),
                self.field(g, "get_count", int, entry),
            )
            if exchange.give == exchange.get or min(exchange.give_count, exchange.get_count) < 1:
                raise self.fail(entry, "an exchange gives dice of one colour for dice of another")
        if "engine" in gives:
            g = self.sub(gives, "engine", entry)
            colour = g.get("colour")
            engine = EngineBonus(None if colour == "any" else self.enum(Colour, colour, entry), self.field(g, "amount", int, entry))
            if engine.amount not in (1, 2):
                raise self.fail(entry, "an engine gives +1 or +2")
        card = ExpansionCard(
            id=self.field(table, "id", str, entry),
            name=self.field(table, "name", str, entry),
            department=self.enum(Department, table.get("department"), entry, "department"),
            era=self.enum(Era, table.get("era"), entry, "era"),
            cost=cost,
            target=target,
            dice=self.dice(gives.get("dice", {}), entry),
            imaginary=imaginary,
            exchange=exchange,
            engine=engine,
            chips=self.count(gives, "chips", entry),
            vp=self.count(gives, "vp", entry),
        )
        self.check_department(card, entry)
        return card

    def check_department(self, card: ExpansionCard, entry: str) -> None:
        """Each department does what the rulebook's overview (p. 6) says it does."""
        d = card.department
        if (card.imaginary is not None) != (d is Department.ENGINEERS and card.era is not Era.STARTER):
            raise self.fail(entry, "only Engineers give an imaginary die, and every Engineer of Era 1 and 2 does")
        if card.era is Era.STARTER and card.dice != Dice(white=1):
            raise self.fail(entry, "every starter card gives one real white die")
        if (card.exchange is not None) != (d is Department.MATERIALS and card.era is not Era.STARTER):
            raise self.fail(entry, "only Materials give an exchange, and every Materials card of Era 1 and 2 does")
        if (card.engine is not None) != (d is Department.ENGINES and card.era is not Era.STARTER):
            raise self.fail(entry, "only Engines give a bonus, and every Engine of Era 1 and 2 does")
        if card.chips and d is not Department.CAPTAINS:
            raise self.fail(entry, "only Captains give bonus chips")
        if d is Department.CAPTAINS and card.era is not Era.STARTER and not 1 <= card.chips <= 3:
            raise self.fail(entry, "a Captain gives 1 to 3 bonus chips")
        if d in (Department.CAPTAINS, Department.HANGARS) and card.era is not Era.STARTER and not 1 <= card.dice.total() <= 2:
            raise self.fail(entry, f"{d.value} give 1 or 2 dice")
        if d is Department.FINANCIERS and not 1 <= card.dice.total() <= 3:
            raise self.fail(entry, "financiers give 1 to 3 dice")
        imaginary = Dice(**{card.imaginary.colour.value: 1}) if card.imaginary else Dice()
        if card.era is Era.STARTER and card.dice + imaginary != Dice(white=1):
            raise self.fail(entry, "a starter card gives exactly one white die (every player starts with 2 white dice)")

    def phase(self, table: dict[str, Any], index: int) -> HindenburgPhase:
        entry = f"hindenburg phase {table.get('phase', index + 1)}"
        cost, target = self.cost(table, entry)
        low, high = self.field(table, "vp_low", int, entry), self.field(table, "vp_high", int, entry)
        if not 0 < low < high:
            raise self.fail(entry, "the higher value (Hindenburg complete) must exceed the lower")
        number = self.field(table, "phase", int, entry)
        if number != index + 1:
            raise self.fail(entry, f"phases must be listed 1 to {HINDENBURG_PHASES} in order")
        return HindenburgPhase(number, self.field(table, "name", str, entry), cost, target, low, high)

    def check_unique(self, ids: list[str]) -> None:
        seen: set[str] = set()
        for card_id in ids:
            if card_id in seen:
                raise self.fail(card_id, "id used twice")
            seen.add(card_id)

    def check_counts(self, airships: list[AirshipCard], expansions: list[ExpansionCard], phases: tuple[HindenburgPhase, ...]) -> None:
        for back in Back:
            n = sum(1 for c in airships if c.back is back)
            if n != AIRSHIPS_PER_BACK:
                raise self.fail(f"airship ({back.value} back)", f"{n} cards, the rulebook has {AIRSHIPS_PER_BACK}")
        for era, expected in EXPANSIONS_PER_ERA.items():
            cards = [c for c in expansions if c.era is era]
            if len(cards) != expected:
                raise self.fail(f"expansion (era {era.value})", f"{len(cards)} cards, the rulebook has {expected}")
        starters = sorted(c.department.value for c in expansions if c.era is Era.STARTER)
        if starters != sorted(d.value for d in Department):
            raise self.fail("expansion (era starter)", "one starter card per department")
        if len(phases) != HINDENBURG_PHASES:
            raise self.fail("hindenburg", f"{len(phases)} phases, the board has {HINDENBURG_PHASES}")
