"""Airships component data: components.toml read once per edition and pack, and checked against the rulebook."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import FIRST_EDITION
from engine.rules.airships.records import (
    CHIPS_PER_NATION, DIE_COLOURS, FACES, HINDENBURG_PHASES, MAX_DICE_PER_COLOUR, NATIONS, AirshipCard, Back, Colour, Components, Department, Dice,
    EngineBonus, Entrepreneur, Era, Exchange, ExpansionCard, HindenburgPhase, ImaginaryDie, hindenburg_id,
)
from engine.rules.airships.validation import check, check_department
from engine.rules.datafile import ComponentFile, DataReader, read_toml
from engine.rules.packs import Limits

DATA_FILE = Path(__file__).with_name("components.toml")
EDITION = FIRST_EDITION  # Airships' rules and data have not changed since its first release


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


# Every number a pack may give, bounded by the printed game's (generously): a board draws one item per die, and
# a score must fit the database. A die shows at most 8; a throw uses at most 3 dice of a colour.
LIMITS = Limits((
    ("dice.*", 1, 8),
    ("bonus_chips.per_nation", 0, 24),
    ("entrepreneur.*", 0, MAX_DICE_PER_COLOUR),
    ("*.cost.*", 0, MAX_DICE_PER_COLOUR),
    ("*.target", 1, 99),
    ("*.vp", 0, 99),
    ("expansion.gives.dice.*", 0, 6),
    ("expansion.gives.chips", 0, CHIPS_PER_NATION),
    ("expansion.gives.imaginary.value", 1, 8),
    ("expansion.gives.exchange.*", 0, 6),
    ("expansion.gives.engine.amount", 0, 2),
    ("hindenburg.phase", 1, HINDENBURG_PHASES),
    ("hindenburg.vp_*", 0, 99),
))
FILE = ComponentFile(DATA_FILE, EDITION, parse, LIMITS)


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
        # A card may not take an id the board's own entries go by: a throw for a Hindenburg phase would give the card.
        board = {change: "the Change of Era", **{hindenburg_id(p.number): f"Hindenburg phase {p.number}" for p in phases}}
        check(board, airships, expansions, phases, self.fail)
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
            imaginary = ImaginaryDie(self.enum(Colour, g.get("colour"), entry, "colour"), self.field(g, "value", int, entry))
            faces = FACES[imaginary.colour]  # the rulebook's black 7 is not a face: any value in range will do
            if not min(faces) <= imaginary.value <= max(faces):
                raise self.fail(entry, f"an imaginary {imaginary.colour.value} die cannot show {imaginary.value}")
        if "exchange" in gives:
            g = self.sub(gives, "exchange", entry)
            exchange = Exchange(
                self.enum(Colour, g.get("give"), entry, "give"),
                self.field(g, "give_count", int, entry),
                self.enum(Colour, g.get("get"), entry, "get"),
                self.field(g, "get_count", int, entry),
            )
            if exchange.give == exchange.get or min(exchange.give_count, exchange.get_count) < 1:
                raise self.fail(entry, "an exchange gives dice of one colour for dice of another")
        if "engine" in gives:
            g = self.sub(gives, "engine", entry)
            colour = g.get("colour")
            engine = EngineBonus(None if colour == "any" else self.enum(Colour, colour, entry, "colour"), self.field(g, "amount", int, entry))
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
        check_department(card, entry, self.fail)
        return card

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
