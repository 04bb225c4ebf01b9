"""1930's view as typed values (docs/golden-age-view.md): built by engine/rules/golden_age/view.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.events import Event
from engine.view import CommonView, omitted


@dataclass(frozen=True, kw_only=True)
class Airline:
    key: str
    name: str
    rgb: tuple[int, int, int]
    home: str
    founded: bool
    bankrupt: bool
    price: int | None  # None until founded
    price_box: int
    action_cost: int | None  # None until founded
    purchased: bool
    flown: bool
    advanced: bool
    tech_box: int
    tech_colour: str
    income: int
    dividend: int
    pool: int
    unreleased: int
    gates_available: int
    gates_reserve: int
    hubs_available: int
    ceo: int | None


@dataclass(frozen=True, kw_only=True)
class City:
    key: str
    name: str
    region: str
    x: float
    y: float
    colour: str | None  # the tile in play; None: not in play yet
    value: int
    spots: int
    bonus: int
    penalty: int
    gates: tuple[str, ...]  # airline keys, in spot order
    hub: str | None  # the airline key
    hub_allowed: bool
    values: Mapping[str, int]  # per tile colour
    tiles_left: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class MarketBox:
    price: int
    action_cost: int


@dataclass(frozen=True, kw_only=True)
class TechBox:
    box: int
    colour: str


@dataclass(frozen=True, kw_only=True)
class Seat:
    seat: int
    money: int
    tokens: Mapping[str, int]  # per airline key
    used: Mapping[str, int]  # per airline key, used this turn
    contracts: int  # how many secret contracts are in hand
    worth: int


@dataclass(frozen=True, kw_only=True)
class Contract:
    """One of a seat's secret contracts, with the airlines it could go to now."""

    number: int
    value: int
    cities: tuple[str, ...]
    words: str
    eligible: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class You:
    seat: int
    contracts: tuple[Contract, ...]


@dataclass(frozen=True, kw_only=True)
class GoldenAgeView(CommonView):
    """1930's view: the common part the platform reads, and the table; `you` in a seat's view only."""

    game: str
    players: int
    turn: int
    turns: int
    phase: str
    step: str
    operating_round: int | None  # in the operations phase only
    current: int | None
    first_player: int
    last: str  # "green:expand": the airline just acting and its action; "" before the first
    airlines: tuple[Airline, ...]
    cities: tuple[City, ...]
    market: tuple[MarketBox, ...]
    tech: tuple[TechBox, ...]
    seats: tuple[Seat, ...]
    contracts_played: tuple[str, ...]
    bank: int
    winners: tuple[int, ...]
    news: tuple[Event, ...]  # the events of the last move that had any
    own_news: tuple[int, ...]  # which of them (places in `news`) the last action did: the board tags those
    turn_order: tuple[int, ...] | None = omitted()  # edition 2 on (edition 1's recorded views had none)
    you: You | None = omitted()
    news_words: tuple[str, ...] | None = omitted()  # `news` in words, written by the services before drawing
