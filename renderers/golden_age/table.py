"""1930's typed view (engine/views/golden_age.py) as the small hashable values the board is drawn from: the
renderer's caches key on what each piece shows."""

from __future__ import annotations

from typing import NamedTuple

from engine.views.golden_age import Airline as ShownAirline, City as ShownCity, GoldenAgeView
from renderers.common import MUTED, RGB, drawable, seat_names

REGIONS = ("USA", "Canada", "South America", "Europe", "Pacific", "Global")
# The technology colour that opens each region (the rulebook's Expand Action Table).
REGION_COLOUR = {"USA": "white", "Canada": "yellow", "South America": "green", "Europe": "brown",
                 "Pacific": "brown", "Global": "gray"}
TECH_COLOURS = ("white", "yellow", "green", "brown", "gray")
# A disc's letters, so that no airline hangs on its colour: one letter where the colour's initial is its own,
# two where three airlines share one (blue, brown, black; pink, purple). Fixed, so a game keeps its letters.
AIRLINE_LABELS = {"green": "G", "orange": "O", "blue": "Bl", "yellow": "Y", "pink": "Pk", "brown": "Br",
                  "red": "R", "purple": "Pu", "black": "Bk", "teal": "T"}
OPERATION_WORDS = {"buy": "token bought", "contract": "contract won"}  # view.last's actions that are no operation


class Disc(NamedTuple):
    """An airline's piece wherever it shows: a gate, a hub, a stock market marker, a token."""

    key: str
    label: str
    rgb: RGB


class City(NamedTuple):
    key: str
    name: str
    region: str
    x: float
    y: float
    colour: str | None  # the tile's colour; None: not in play yet
    value: int
    spots: int
    bonus: int
    penalty: int
    gates: tuple[Disc, ...]  # in spot order, left to right
    hub: Disc | None
    hub_allowed: bool
    values: tuple[tuple[str, int], ...]  # colour order
    tiles_left: tuple[str, ...]

    @property
    def shown(self) -> tuple[str, int] | None:
        """The colour and value on its badge: the tile in play, else the first tile that could bring it in."""
        if self.colour is not None:
            return self.colour, self.value
        values = dict(self.values)
        first = next((c for c in self.tiles_left if c in values), None) or next(iter(values), None)
        return (first, values[first]) if first is not None else None


class Airline(NamedTuple):
    disc: Disc
    name: str  # "Green": the view's name without the word every name ends in
    founded: bool
    bankrupt: bool
    price: int | None
    price_box: int
    action_cost: int | None
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


class Seat(NamedTuple):
    seat: int
    name: str
    money: int
    tokens: tuple[tuple[Disc, int, int], ...]  # each airline held: its disc, tokens held, of which used this turn
    contracts: int
    worth: int
    tag: str  # "AI", "AUTO" or "AWAY": set by the service for seats the bot plays or players away


class Table(NamedTuple):
    """Everything the board draws, read once from the view."""

    names: tuple[str, ...]
    turn: int
    turns: int
    phase: str
    operating_round: int | None
    current: int | None
    first_player: int
    decision: str
    last: tuple[Disc, str, str] | None  # the airline just acting, its name and the action ("expand")
    own: tuple[str, ...]  # the lines of news that action did (the view's "own_news"): the only ones its tag stands by
    airlines: tuple[Airline, ...]
    cities: tuple[City, ...]
    market: tuple[tuple[int, int], ...]  # (price, action cost) per box; box 0 is the $1 bankrupt box
    tech: tuple[str, ...]  # the colour of each box of the technology track
    seats: tuple[Seat, ...]
    contracts_played: tuple[str, ...]
    events: tuple[str, ...]
    winners: tuple[int, ...]
    turn_order: tuple[int, ...]  # this turn's seats in order, first to play first
    headline: str = ""  # the biggest news since the deciding player's last turn, named (the services write it)

    @property
    def over(self) -> bool:
        return self.phase == "over" or bool(self.winners)


def read(view: GoldenAgeView) -> Table:
    """The typed view as the board's Table: names as the font draws them, every airline as its disc.

    Only the public parts are read: a seat's own view adds `you` (its secret contracts), never looked at here.
    """
    players = len(view.seats)
    names = seat_names(view.seat_names, [""] * players)  # seats have no name of their own: 'Seat N'
    discs = {a.key: disc(a) for a in view.airlines}
    airlines = tuple(airline(a, discs[a.key]) for a in view.airlines)
    return Table(
        names=names,
        turn=view.turn,
        turns=view.turns,
        phase=view.phase,
        operating_round=view.operating_round,
        current=view.current,
        first_player=view.first_player,
        decision=drawable(view.decision),
        last=last_action(view.last, airlines),
        own=own_lines(view),
        airlines=airlines,
        cities=tuple(city(c, discs) for c in view.cities),
        market=tuple((b.price, b.action_cost) for b in view.market),
        tech=tuple(b.colour for b in view.tech),
        seats=seats(view, names, airlines),
        contracts_played=tuple(drawable(c) for c in view.contracts_played),
        events=tuple(drawable(e) for e in view.news_words or view.events_words or ()),  # worded by the services
        winners=view.winners,
        turn_order=turn_order(view.turn_order, view.first_player, players),
        headline=drawable(view.headline or ""),
    )


def turn_order(given: tuple[int, ...] | None, first: int, players: int) -> tuple[int, ...]:
    """The view's turn order; a view without one (a game of edition 1) played clockwise from the first player."""
    if given is not None and sorted(given) == list(range(players)):
        return given
    return tuple((first + i) % players for i in range(players))


def name_of(names: tuple[str, ...], seat: int | None) -> str:
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def label_for(key: str) -> str:
    return AIRLINE_LABELS.get(key) or key[:2].capitalize() or "?"


def disc(shown: ShownAirline) -> Disc:
    return Disc(shown.key, label_for(shown.key), shown.rgb)


def unknown_disc(key: str) -> Disc:
    """An airline key the view's airlines do not list (an engine mid-change): drawn grey, still lettered."""
    return Disc(key, label_for(key), MUTED)


def short_name(name: str, key: str) -> str:
    name = drawable(name).removesuffix(" Airline").strip()
    return name or key.capitalize() or "?"


def airline(shown: ShownAirline, piece: Disc) -> Airline:
    return Airline(
        disc=piece, name=short_name(shown.name, piece.key), founded=shown.founded, bankrupt=shown.bankrupt,
        price=shown.price, price_box=shown.price_box, action_cost=shown.action_cost, purchased=shown.purchased,
        flown=shown.flown, advanced=shown.advanced, tech_box=max(1, shown.tech_box), tech_colour=shown.tech_colour,
        income=shown.income, dividend=shown.dividend, pool=shown.pool, unreleased=shown.unreleased,
        gates_available=shown.gates_available, gates_reserve=shown.gates_reserve,
        hubs_available=shown.hubs_available, ceo=shown.ceo,
    )


def city(shown: ShownCity, discs: dict[str, Disc]) -> City:
    def piece(key: str) -> Disc:
        return discs.get(key) or unknown_disc(key)

    values = shown.values
    ordered = tuple((c, values[c]) for c in TECH_COLOURS if c in values)
    ordered += tuple((c, v) for c, v in values.items() if c not in TECH_COLOURS)
    return City(
        key=shown.key, name=drawable(shown.name or shown.key), region=shown.region, x=shown.x, y=shown.y,
        colour=shown.colour, value=shown.value, spots=max(1, shown.spots), bonus=shown.bonus, penalty=shown.penalty,
        gates=tuple(piece(g) for g in shown.gates), hub=piece(shown.hub) if shown.hub else None,
        hub_allowed=shown.hub_allowed, values=ordered, tiles_left=shown.tiles_left,
    )


def seats(view: GoldenAgeView, names: tuple[str, ...], airlines: tuple[Airline, ...]) -> tuple[Seat, ...]:
    order = {a.disc.key: index for index, a in enumerate(airlines)}
    discs = {a.disc.key: a.disc for a in airlines}
    found = []
    for seat, shown in enumerate(view.seats):
        held = {k: n for k, n in shown.tokens.items() if n > 0}
        tokens = tuple((discs.get(k) or unknown_disc(k), n, min(n, shown.used.get(k, 0)))
                       for k, n in sorted(held.items(), key=lambda item: (order.get(item[0], len(order)), item[0])))
        found.append(Seat(seat, names[seat], shown.money, tokens, shown.contracts, shown.worth, view.seat_tag(seat)))
    return tuple(found)


def own_lines(view: GoldenAgeView) -> tuple[str, ...]:
    """The lines of news (worded by the services) the game says the last action did (its `own_news` places)."""
    news = view.news_words or ()
    return tuple(drawable(news[n]) for n in view.own_news if 0 <= n < len(news))


def last_action(last: str, airlines: tuple[Airline, ...]) -> tuple[Disc, str, str] | None:
    """'green:expand' as the airline's disc, its name and the action; None before the first."""
    key, _, operation = last.partition(":")
    if not key:
        return None
    found = next((a for a in airlines if a.disc.key == key), None)
    piece, name = (found.disc, found.name) if found else (unknown_disc(key), key.capitalize())
    return piece, name, drawable(OPERATION_WORDS.get(operation, operation.replace("_", " ")))
