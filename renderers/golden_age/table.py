"""1930 public view read into small hashable values: the renderer's caches key on what each piece shows."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

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
OPERATION_WORDS = {"buy": "token bought", "contract": "contract won"}  # view["last"]'s actions that are no operation
# The words of the events each of view["last"]'s actions writes (and of what follows from it: a flight's
# dividend): the action's tag stands beside a line of news only when the line is one of them, by that airline.
ACTION_EVENTS = {
    "expand": ("opens a gate",), "relocate": ("moves a gate",), "upgrade": ("upgrades",), "open": ("opens",),
    "hub": ("builds a hub",), "research": ("researches", "technology"), "fly": ("flies", "dividend", "CEO"),
    "stand": ("stands",), "buy": ("buys a token", "founds"), "contract": ("awards contract",),
}


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
    first_player: int | None
    decision: str
    last: tuple[Disc, str, str] | None  # the airline just acting, its name and the action ("expand")
    last_action: str  # that action as the view names it ("expand", "buy"): which events are its own
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


def read(view: dict[str, Any]) -> Table:
    """The view as a Table; missing keys read as an empty table, so a half-built view still draws.

    Only the public parts are read: a seat's own view adds "you" (its secret contracts), never looked at here.
    """
    seats_raw = [s for s in view.get("seats") or [] if isinstance(s, dict)]
    players = max(int(view.get("players") or 0), len(seats_raw))
    names = seat_names(list(view.get("seat_names") or []), [""] * players)  # seats have no name of their own: 'Seat N'
    raw_airlines = [a for a in view.get("airlines") or [] if isinstance(a, dict)]
    discs = {str(a.get("key")): disc(a) for a in raw_airlines}
    airlines = tuple(airline(a, discs[str(a.get("key"))]) for a in raw_airlines)
    current = view.get("current")
    first = view.get("first_player")
    round_ = view.get("operating_round")
    return Table(
        names=names,
        turn=int(view.get("turn") or 0),
        turns=int(view.get("turns") or 6),
        phase=str(view.get("phase") or ""),
        operating_round=round_ if isinstance(round_, int) else None,
        current=current if isinstance(current, int) and 0 <= current < players else None,
        first_player=first if isinstance(first, int) else None,
        decision=drawable(str(view.get("decision") or "")),
        last=last_action(str(view.get("last") or ""), airlines),
        last_action=str(view.get("last") or "").partition(":")[2],
        airlines=airlines,
        cities=tuple(city(c, discs) for c in view.get("cities") or [] if isinstance(c, dict)),
        market=tuple((int(b.get("price") or 0), int(b.get("action_cost") or 0)) for b in view.get("market") or []),
        tech=tuple(str(b.get("colour") or "white") for b in view.get("tech") or []),
        seats=seats(view, seats_raw, names, airlines),
        contracts_played=tuple(drawable(str(c)) for c in view.get("contracts_played") or []),
        events=tuple(event_text(str(e), names) for e in view.get("news") or view.get("events") or []),
        winners=tuple(int(s) for s in view.get("winners") or [] if isinstance(s, int)),
        turn_order=turn_order(view.get("turn_order"), first if isinstance(first, int) else None, players),
        headline=drawable(str(view.get("headline") or "")),
    )


def turn_order(raw: Any, first: int | None, players: int) -> tuple[int, ...]:
    """The view's turn order; a view without one (a game of edition 1) played clockwise from the first player."""
    if isinstance(raw, list) and sorted(s for s in raw if isinstance(s, int)) == list(range(players)):
        return tuple(raw)
    if first is None or not 0 <= first < players:
        return ()
    return tuple((first + i) % players for i in range(players))


def name_of(names: tuple[str, ...], seat: int | None) -> str:
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def event_text(line: str, names: tuple[str, ...]) -> str:
    """An event line with its {p0} placeholders replaced by the seats' names."""
    for seat, name in enumerate(names):
        line = line.replace(f"{{p{seat}}}", name)
    return drawable(line)


def label_for(key: str) -> str:
    return AIRLINE_LABELS.get(key) or key[:2].capitalize() or "?"


def disc(data: dict[str, Any]) -> Disc:
    key = str(data.get("key") or "")
    rgb = data.get("rgb")
    fill = tuple(int(v) for v in rgb) if isinstance(rgb, (list, tuple)) and len(rgb) == 3 else MUTED
    return Disc(key, label_for(key), (fill[0], fill[1], fill[2]))


def unknown_disc(key: str) -> Disc:
    """An airline key the view's airlines do not list (an engine mid-change): drawn grey, still lettered."""
    return Disc(key, label_for(key), MUTED)


def short_name(name: str, key: str) -> str:
    name = drawable(name).removesuffix(" Airline").strip()
    return name or key.capitalize() or "?"


def airline(data: dict[str, Any], piece: Disc) -> Airline:
    def number(key: str) -> int:
        value = data.get(key)
        return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0

    price, cost, ceo = data.get("price"), data.get("action_cost"), data.get("ceo")
    return Airline(
        disc=piece, name=short_name(str(data.get("name") or ""), piece.key),
        founded=bool(data.get("founded")), bankrupt=bool(data.get("bankrupt")),
        price=price if isinstance(price, int) else None, price_box=number("price_box"),
        action_cost=cost if isinstance(cost, int) else None,
        purchased=bool(data.get("purchased")), flown=bool(data.get("flown")), advanced=bool(data.get("advanced")),
        tech_box=max(1, number("tech_box")), tech_colour=str(data.get("tech_colour") or "white"),
        income=number("income"), dividend=number("dividend"), pool=number("pool"), unreleased=number("unreleased"),
        gates_available=number("gates_available"), gates_reserve=number("gates_reserve"),
        hubs_available=number("hubs_available"), ceo=ceo if isinstance(ceo, int) else None,
    )


def city(data: dict[str, Any], discs: dict[str, Disc]) -> City:
    def piece(key: Any) -> Disc:
        return discs.get(str(key)) or unknown_disc(str(key))

    raw = data.get("values")
    values: dict[str, Any] = raw if isinstance(raw, dict) else {}
    ordered = tuple((c, int(values[c])) for c in TECH_COLOURS if c in values)
    ordered += tuple((str(c), int(v)) for c, v in values.items() if c not in TECH_COLOURS)
    hub = data.get("hub")
    colour = data.get("colour")
    return City(
        key=str(data.get("key") or ""), name=drawable(str(data.get("name") or data.get("key") or "?")),
        region=str(data.get("region") or "USA"),
        x=float(data.get("x") or 0), y=float(data.get("y") or 0),
        colour=str(colour) if colour else None, value=int(data.get("value") or 0),
        spots=max(1, int(data.get("spots") or 1)), bonus=int(data.get("bonus") or 0),
        penalty=int(data.get("penalty") or 0), gates=tuple(piece(g) for g in data.get("gates") or []),
        hub=piece(hub) if hub else None, hub_allowed=bool(data.get("hub_allowed")),
        values=ordered, tiles_left=tuple(str(c) for c in data.get("tiles_left") or []),
    )


def seats(view: dict[str, Any], raw: list[dict[str, Any]], names: tuple[str, ...],
          airlines: tuple[Airline, ...]) -> tuple[Seat, ...]:
    # Set by the service: seats the bot plays (as AI players or on autopilot for a person) and players away.
    tags = {seat: "AWAY" for seat in view.get("away_seats") or ()}
    tags |= {seat: "AI" for seat in view.get("ai_seats") or ()}
    tags |= {seat: "AUTO" for seat in view.get("autopilot_seats") or ()}
    order = {a.disc.key: index for index, a in enumerate(airlines)}
    discs = {a.disc.key: a.disc for a in airlines}
    by_seat = {s.get("seat", i): s for i, s in enumerate(raw)}
    found = []
    for seat in range(len(names)):
        data = by_seat.get(seat) or {}
        held = {str(k): int(n) for k, n in (data.get("tokens") or {}).items() if int(n) > 0}
        used = {str(k): int(n) for k, n in (data.get("used") or {}).items()}
        tokens = tuple((discs.get(k) or unknown_disc(k), n, min(n, used.get(k, 0)))
                       for k, n in sorted(held.items(), key=lambda item: (order.get(item[0], len(order)), item[0])))
        found.append(Seat(seat, names[seat], int(data.get("money") or 0), tokens, int(data.get("contracts") or 0),
                          int(data.get("worth") or 0), tags.get(seat, "")))
    return tuple(found)


def belongs(line: str, airline: str, action: str) -> bool:
    """Whether a line of news is the airline's own action (or follows from it): its name and the action's words."""
    named = re.search(rf"(?<!\w){re.escape(airline)}(?!\w)", line) is not None  # "Green", never "green" the tile
    return named and any(words in line for words in ACTION_EVENTS.get(action, ()))


def last_action(last: str, airlines: tuple[Airline, ...]) -> tuple[Disc, str, str] | None:
    """'green:expand' as the airline's disc, its name and the action; None before the first."""
    key, _, operation = last.partition(":")
    if not key:
        return None
    found = next((a for a in airlines if a.disc.key == key), None)
    piece, name = (found.disc, found.name) if found else (unknown_disc(key), key.capitalize())
    return piece, name, drawable(OPERATION_WORDS.get(operation, operation.replace("_", " ")))
