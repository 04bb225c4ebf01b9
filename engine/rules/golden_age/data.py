"""1930 component data: airlines, cities, stock market, technology, dividends and contracts, validated at load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.rules.datafile import DataError, ComponentFile, DataReader, read_toml
from engine.rules.golden_age.records import (
    HUB_REGIONS, PLAYER_COUNTS, REGION_OPENED_BY, Airline, City, Colour, Components, Contract, DividendLevel,
    MarketBox, PlayerCount, Region, TechBox,
)
from engine.rules.golden_age.validation import check
from engine.rules.packs import Limits

__all__ = [
    "DATA_FILE", "EDITION", "HUB_REGIONS", "PLAYER_COUNTS", "REGION_OPENED_BY", "Airline", "City", "Colour", "Components",
    "ComponentFile", "Contract", "DataError", "DividendLevel", "MarketBox", "PlayerCount", "Region", "TechBox", "FILE", "components", "load", "parse",
]

DATA_FILE = Path(__file__).with_name("components.toml")
# The edition of 1930's rules a new table plays (GoldenAge.edition). Edition 2: the First Round Turn Order cards
# order the whole first turn, the tech track's one gray box, the market's $15 box, the no-CEO ladder read fully.
EDITION = 2


def components(edition: int = EDITION, pack: str = "") -> Components:
    """The components a game of this edition and pack plays with, read and validated once per edition and pack."""
    return FILE(edition, pack)


def load(path: Path, edition: int = EDITION) -> Components:
    """Read a components file of an edition; raises DataError naming the file and the entry that is wrong."""
    return parse(read_toml(Path(path)), Path(path).name, edition)


def parse(raw: dict[str, Any], name: str, edition: int) -> Components:
    """Components from the TOML tables, checked against the rulebook; DataError names `name` and the entry."""
    reader = _Reader(name)
    data = reader.components(raw)
    check(data, reader.fail, edition)
    return data


# Every number a pack may give, bounded by the printed game's (generously): money and income must fit the
# database and the board's columns; the board's places are fractions of its width and height.
LIMITS = Limits((
    ("token_releases", 0, 100),
    ("hub_releases", 0, 100),
    ("first_round_money", 0, 999),
    ("market.*", 0, 999),
    ("dividends.*", 0, 999),
    ("player_count.players", 2, 6),
    ("player_count.*", 0, 20),
    ("airline.rgb", 0, 255),
    ("city.values.*", 0, 99),
    ("city.spots", 0, 9),
    ("city.bonus", 0, 99),
    ("city.penalty", 0, 99),
    ("city.players", 2, 6),
    ("city.x", 0.0, 1.0),
    ("city.y", 0.0, 1.0),
    ("contract.number", 1, 999),
    ("contract.value", 0, 99),
    ("contract.players", 2, 6),
))
FILE = ComponentFile(DATA_FILE, EDITION, parse, LIMITS)


class _Reader(DataReader):
    """Turns the TOML tables into typed components; the rulebook's facts are checked in validation.py."""

    def components(self, raw: dict[str, Any]) -> Components:
        return Components(
            airlines=tuple(self.airline(t, i) for i, t in enumerate(self.tables(raw, "airline"))),
            cities=self.cities(self.tables(raw, "city")),
            market=tuple(self.market_box(t, i) for i, t in enumerate(self.tables(raw, "market"))),
            tech=tuple(self.tech_box(v, i) for i, v in enumerate(self.field(raw, "tech", list, "tech"))),
            dividends=tuple(self.dividend_level(t, i) for i, t in enumerate(self.tables(raw, "dividends"))),
            first_round_money=self.ints(raw, "first_round_money", "first_round_money"),
            contracts=tuple(self.contract(t, i) for i, t in enumerate(self.tables(raw, "contract"))),
            player_counts=self.player_counts(self.tables(raw, "player_count")),
            token_releases=self.ints(raw, "token_releases", "token_releases"),
            hub_releases=self.ints(raw, "hub_releases", "hub_releases"),
        )

    def tables(self, raw: dict[str, Any], key: str) -> list[dict[str, Any]]:
        value: list[dict[str, Any]] = self.field(raw, key, list, key)
        for index, table in enumerate(value):
            if not isinstance(table, dict):
                raise self.fail(f"{key} #{index + 1}", f"should be a table, not {table!r}")
        return value

    def ints(self, table: dict[str, Any], key: str, entry: str) -> tuple[int, ...]:
        value = self.field(table, key, list, entry)
        if any(not isinstance(v, int) or isinstance(v, bool) for v in value):
            raise self.fail(entry, f"{key!r} should be a list of whole numbers, not {value!r}")
        return tuple(value)

    def players(self, table: dict[str, Any], entry: str) -> frozenset[int]:
        counts = self.ints(table, "players", entry)
        if not counts or len(set(counts)) != len(counts) or any(p not in PLAYER_COUNTS for p in counts):
            raise self.fail(entry, f"'players' should list distinct player counts from 2 to 6, not {list(counts)}")
        return frozenset(counts)

    def coordinate(self, table: dict[str, Any], key: str, entry: str) -> float:
        value = table.get(key)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 1:
            raise self.fail(entry, f"{key!r} should be a number from 0 to 1 (a place on the world map), not {value!r}")
        return float(value)

    def airline(self, table: dict[str, Any], index: int) -> Airline:
        entry = f"airline {table.get('key', f'#{index + 1}')}"
        rgb = self.ints(table, "rgb", entry)
        if len(rgb) != 3 or any(not 0 <= c <= 255 for c in rgb):
            raise self.fail(entry, f"'rgb' should be three numbers from 0 to 255, not {list(rgb)}")
        return Airline(
            key=self.field(table, "key", str, entry),
            name=self.field(table, "name", str, entry),
            rgb=(rgb[0], rgb[1], rgb[2]),
            home=self.field(table, "home", str, entry),
        )

    def cities(self, raw: list[dict[str, Any]]) -> dict[str, City]:
        cities: dict[str, City] = {}
        for index, table in enumerate(raw):
            city = self.city(table, index)
            if city.key in cities:
                raise self.fail(f"city {city.key}", "key used twice")
            cities[city.key] = city
        return cities

    def city(self, table: dict[str, Any], index: int) -> City:
        entry = f"city {table.get('key', f'#{index + 1}')}"
        raw_values = self.field(table, "values", dict, entry)
        values: list[tuple[Colour, int]] = []
        for colour_name, value in raw_values.items():
            colour = self.enum(Colour, colour_name, entry)
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise self.fail(entry, f"its {colour.value} value should be a positive whole number, not {value!r}")
            values.append((colour, value))
        if [c for c, _ in values] != sorted((c for c, _ in values), key=lambda c: c.rank):
            raise self.fail(entry, "write 'values' in colour order: white, yellow, green, brown, gray")
        return City(
            key=self.field(table, "key", str, entry),
            name=self.field(table, "name", str, entry),
            region=self.enum(Region, table.get("region"), entry, "region"),
            values=tuple(values),
            spots=self.field(table, "spots", int, entry),
            bonus=self.field(table, "bonus", int, entry),
            penalty=self.field(table, "penalty", int, entry),
            players=self.players(table, entry),
            x=self.coordinate(table, "x", entry),
            y=self.coordinate(table, "y", entry),
        )

    def market_box(self, table: dict[str, Any], index: int) -> MarketBox:
        entry = f"market box {index}"
        return MarketBox(self.field(table, "price", int, entry), self.field(table, "action_cost", int, entry))

    def tech_box(self, value: Any, index: int) -> TechBox:
        return TechBox(index + 1, self.enum(Colour, value, f"tech box {index + 1}"))

    def dividend_level(self, table: dict[str, Any], index: int) -> DividendLevel:
        entry = f"dividend level {index + 1}"
        return DividendLevel(self.field(table, "income", int, entry), self.field(table, "dividend", int, entry))

    def contract(self, table: dict[str, Any], index: int) -> Contract:
        entry = f"contract {table.get('number', f'#{index + 1}')}"
        cities = self.field(table, "cities", list, entry)
        if any(not isinstance(key, str) for key in cities):
            raise self.fail(entry, f"'cities' should list city keys, not {cities!r}")
        return Contract(
            number=self.field(table, "number", int, entry),
            value=self.field(table, "value", int, entry),
            cities=tuple(cities),
            players=self.players(table, entry),
        )

    def player_counts(self, raw: list[dict[str, Any]]) -> dict[int, PlayerCount]:
        counts: dict[int, PlayerCount] = {}
        for index, table in enumerate(raw):
            entry = f"player_count {table.get('players', f'#{index + 1}')}"
            count = PlayerCount(*(self.field(table, key, int, entry) for key in
                                  ("players", "airlines", "start_tokens", "total_tokens", "cap")))
            if count.players in counts:
                raise self.fail(entry, "player count given twice")
            counts[count.players] = count
        return counts
