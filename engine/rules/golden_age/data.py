"""1930 component data: airlines, cities, stock market, technology, dividends and contracts, validated at load."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from engine.rules.datafile import DataError, DataReader, read_toml

__all__ = [
    "DATA_FILE", "HUB_REGIONS", "PLAYER_COUNTS", "REGION_OPENED_BY", "Airline", "City", "Colour", "Components",
    "Contract", "DataError", "DividendLevel", "MarketBox", "PlayerCount", "Region", "TechBox", "components", "load",
]

DATA_FILE = Path(__file__).with_name("components.toml")
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 5, 6)


class Colour(enum.Enum):
    """The technology colours, in track order."""

    WHITE = "white"
    YELLOW = "yellow"
    GREEN = "green"
    BROWN = "brown"
    GRAY = "gray"

    def __init__(self, value: str) -> None:
        # Kept on the member so that rank costs no enum hashing: the rules ask for it in every reach test.
        self._rank = len(type(self).__members__)

    @property
    def rank(self) -> int:
        return self._rank

    @property
    def upgrade_cost(self) -> int:
        """What a paid extra upgrade of this colour costs: yellow $10, green $20, brown $30, gray $40."""
        return 10 * self._rank


class Region(enum.Enum):
    """Where a city lies; the technology colours open them one after another."""

    USA = "USA"
    CANADA = "Canada"
    SOUTH_AMERICA = "South America"
    EUROPE = "Europe"
    PACIFIC = "Pacific"
    GLOBAL = "Global"


REGION_OPENED_BY: dict[Region, Colour] = {
    Region.USA: Colour.WHITE,
    Region.CANADA: Colour.YELLOW,
    Region.SOUTH_AMERICA: Colour.GREEN,
    Region.EUROPE: Colour.BROWN,
    Region.PACIFIC: Colour.BROWN,
    Region.GLOBAL: Colour.GRAY,
}
HUB_REGIONS: frozenset[Region] = frozenset({Region.USA, Region.CANADA})  # no hubs outside them


@dataclass(frozen=True)
class Airline:
    """One of the ten airlines, named by its colour."""

    key: str
    name: str
    rgb: tuple[int, int, int]  # disc colour for the board image
    home: str  # key of its home city


@dataclass(frozen=True)
class City:
    """A city of the map: its base income per colour and its gate spots."""

    key: str
    name: str
    region: Region
    values: tuple[tuple[Colour, int], ...]  # ascending colour order
    spots: int
    bonus: int  # extra income for the gate on the first spot
    penalty: int  # income taken from the gate on the last spot
    players: frozenset[int]  # the player counts whose boards show this city
    x: float  # 0..1, left to right, on a world map
    y: float  # 0..1, top to bottom

    def value(self, colour: Colour) -> int:
        for own, value in self.values:  # at most five: a scan beats building a dict
            if own is colour:
                return value
        raise ValueError(f"{self.name} has no {colour.value} value")

    @cached_property
    def colours(self) -> tuple[Colour, ...]:
        # Kept once worked out (the rules ask on every menu); a frozen dataclass still has an instance dict.
        return tuple(colour for colour, _ in self.values)

    @property
    def printed(self) -> Colour | None:
        """WHITE for a USA city (its white value is printed on the board); elsewhere a tile brings it into play."""
        return Colour.WHITE if self.region is Region.USA else None

    @property
    def hub_allowed(self) -> bool:
        return self.region in HUB_REGIONS


@dataclass(frozen=True)
class MarketBox:
    """A box of the Stock Market."""

    price: int  # a stock token's price in this box
    action_cost: int  # what a CEO pays to buy one action at End of Turn


@dataclass(frozen=True)
class TechBox:
    """A box of the Technology Track."""

    number: int  # 1-based
    colour: Colour


@dataclass(frozen=True)
class DividendLevel:
    """A Dividend Level of the player boards."""

    income: int  # least income of this level
    dividend: int  # dollars per stock token


@dataclass(frozen=True)
class Contract:
    """A Contract card: its value goes to the player who awards it to an airline with a gate in every city."""

    number: int
    value: int
    cities: tuple[str, ...]
    players: frozenset[int]


@dataclass(frozen=True)
class PlayerCount:
    """A column of the rulebook's Setup table."""

    players: int
    airlines: int  # the first `airlines` entries of Components.airlines are used
    start_tokens: int
    total_tokens: int
    cap: int  # tokens of one airline a player may hold


@dataclass(frozen=True)
class Components:
    """Everything in the box that the rules need."""

    airlines: tuple[Airline, ...]
    cities: dict[str, City]
    market: tuple[MarketBox, ...]
    tech: tuple[TechBox, ...]
    dividends: tuple[DividendLevel, ...]
    first_round_money: tuple[int, ...]
    contracts: tuple[Contract, ...]
    player_counts: dict[int, PlayerCount]
    token_releases: tuple[int, ...]
    hub_releases: tuple[int, ...]

    def dividend(self, income: int) -> int:
        """The dollars per token of the level this income falls into; above the last level, the last level's."""
        if income < 0:
            raise ValueError(f"no dividend level for a negative income ({income})")
        paid = self.dividends[0].dividend
        for level in self.dividends:
            if level.income > income:
                break
            paid = level.dividend
        return paid

    def cities_for(self, players: int) -> tuple[City, ...]:
        self._count(players)
        return tuple(city for city in self.cities.values() if players in city.players)

    def airlines_for(self, players: int) -> tuple[Airline, ...]:
        return self.airlines[: self._count(players).airlines]

    def market_index(self, price: int) -> int:
        for index, box in enumerate(self.market):
            if box.price == price:
                return index
        raise ValueError(f"no Stock Market box is priced ${price}")

    def tech_colour(self, box: int) -> Colour:
        if not 1 <= box <= len(self.tech):
            raise ValueError(f"the Technology Track has boxes 1 to {len(self.tech)}, not {box}")
        return self.tech[box - 1].colour

    @property
    def upgrade_tiles(self) -> tuple[tuple[str, Colour], ...]:
        """Every City Upgrade tile: each colour of each city but a USA city's printed white."""
        return tuple((city.key, colour) for city in self.cities.values() for colour in city.colours if colour is not city.printed)

    def contracts_for(self, players: int) -> tuple[Contract, ...]:
        self._count(players)
        return tuple(card for card in self.contracts if players in card.players)

    def _count(self, players: int) -> PlayerCount:
        if players not in self.player_counts:
            raise ValueError(f"1930 is for 2 to 6 players, not {players}")
        return self.player_counts[players]


@cache
def components() -> Components:
    """The game's components, read and validated once."""
    return load(DATA_FILE)


def load(path: Path) -> Components:
    """Read a components file; raises DataError naming the file and the entry that is wrong."""
    from engine.rules.golden_age.data_checks import check  # the checks import this module's types

    reader = _Reader(Path(path).name)
    data = reader.components(read_toml(Path(path)))
    check(data, reader.fail)
    return data


class _Reader(DataReader):
    """Turns the TOML tables into typed components; the rulebook's facts are checked in data_checks."""

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
        value = self.field(raw, key, list, key)
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
