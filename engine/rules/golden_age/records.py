"""1930's component records: the typed airlines, cities, stock market, technology, dividends and contracts."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property

PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 5, 6)


class Colour(enum.Enum):
    """The technology colours, in track order."""

    WHITE = "white"
    YELLOW = "yellow"
    GREEN = "green"
    BROWN = "brown"
    GRAY = "gray"

    rank: int  # the colour's place on the track, 0 for white

    def __init__(self, value: str) -> None:
        # Kept on the member as a plain attribute, so that rank costs no enum hashing nor a call: the rules and
        # the AI ask for it millions of times a game.
        self.rank = len(type(self).__members__)

    @property
    def upgrade_cost(self) -> int:
        """What a paid extra upgrade of this colour costs: yellow $10, green $20, brown $30, gray $40."""
        return 10 * self.rank


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

    @cached_property
    def values_by_rank(self) -> dict[str, tuple[int, ...]]:
        """City key -> its value at each colour rank (0 where it has none): a look-up, not a scan, on every gate
        (worked out once per edition's components; a frozen dataclass still has an instance dict)."""
        return {key: tuple(dict((c.rank, v) for c, v in city.values).get(rank, 0) for rank in range(len(Colour)))
                for key, city in self.cities.items()}

    @cached_property
    def opened_ranks(self) -> dict[str, int]:
        """City key -> the rank of the tech colour that opens its region."""
        return {key: REGION_OPENED_BY[city.region].rank for key, city in self.cities.items()}

    @cached_property
    def airline_names(self) -> dict[str, str]:
        """Airline key -> its name (every event names the airline)."""
        return {airline.key: airline.name for airline in self.airlines}

    @cached_property
    def spot_values(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        """City key -> at each colour rank, what a gate earns on each spot: the first has the bonus, the last the
        penalty (board.spot_value's rule, looked up: the map's incomes are summed after every gate placed)."""
        return {key: tuple(tuple(value + city.bonus if spot == 0 else value - city.penalty if spot == city.spots - 1
                                 else value for spot in range(city.spots)) for value in self.values_by_rank[key])
                for key, city in self.cities.items()}

    @cached_property
    def dividends_by_income(self) -> tuple[int, ...]:
        """The dividend of each whole income up to the last level's (asked for every airline judged)."""
        return tuple(self._dividend_level(income) for income in range(max(level.income for level in self.dividends) + 1))

    def dividend(self, income: int) -> int:
        """The dollars per token of the level this income falls into; above the last level, the last level's."""
        if income < 0:
            raise ValueError(f"no dividend level for a negative income ({income})")
        table = self.dividends_by_income
        return table[income] if income < len(table) else self.dividends[-1].dividend

    def _dividend_level(self, income: int) -> int:
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
