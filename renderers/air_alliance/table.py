"""Air Alliance public view read into small hashable values: the renderer's caches key on what each piece shows."""

from __future__ import annotations

from typing import Any, NamedTuple

from renderers.common import drawable, seat_names

PLAYER_COLOURS = ("red", "yellow", "green", "blue")  # seat i plays PLAYER_COLOURS[i] unless the view says otherwise
NPA_COLOURS = ("black", "white", "purple")
AREAS = ("A", "E", "M", "U")
ALL = "all"


class Icon(NamedTuple):
    """A flight icon: area landing permit, special landing permit, priority takeoff or code sharing."""

    kind: str
    label: str
    colour: str | None
    areas: tuple[str, ...]
    npa: tuple[str, ...]


class Card(NamedTuple):
    """A passenger card; `reserved_by` only matters in the baggage claim."""

    id: str
    passenger: str
    departure: str
    arrival: str
    departure_name: str
    arrival_name: str
    miles: int
    travel: str
    trio: str | None
    icons: tuple[Icon, ...]
    reserved_by: int | None = None


class Airport(NamedTuple):
    code: str
    name: str
    area: str
    number: int
    shape: str
    silhouettes: tuple[str, ...]
    runways: tuple[str | None, ...]
    special_for: str | None


class Slot(NamedTuple):
    """One printed slot of a boarding pass: its top card (None: the printed icons show) and the cards under it."""

    top: Card | None
    printed: tuple[Icon, ...]
    under: int
    marker: int | None  # the icon a marker went on this turn


class Player(NamedTuple):
    seat: int
    name: str
    colour: str
    miles: int
    cards: int
    trios: tuple[str, ...]
    economy: int
    supply: int
    markers_left: int
    reserved: Card | None
    gained: tuple[Card, ...]
    slots: tuple[Slot, ...]
    alliance: int | None  # which of the four alliance areas holds the player's marking plane
    allies: tuple[str, ...]  # the NPAs in that alliance: the player may fly them with any code-sharing icon
    tag: str  # "AI", "AUTO" or "AWAY": set by the service for seats the bot plays or players away


class Flight(NamedTuple):
    origin: str
    destination: str
    colour: str


class Table(NamedTuple):
    """Everything the board draws, read once from the view."""

    version: int
    names: tuple[str, ...]
    colours: tuple[str, ...]
    current: int | None
    to_act: tuple[int, ...]
    phase: str
    decision: str
    extra_turn: bool
    last_round: bool
    airports: tuple[Airport, ...]
    claim: tuple[Card, ...]
    off_board: tuple[Card, ...]
    deck: int
    discards: int
    alliances: tuple[tuple[str, ...], ...]
    players: tuple[Player, ...]
    flights: tuple[Flight, ...]
    events: tuple[str, ...]
    winners: tuple[int, ...] | None
    headline: str = ""  # the biggest news since the deciding players' last turn, names already in (the service's)

    @property
    def over(self) -> bool:
        return self.phase == "over" or self.winners is not None


def read(view: dict[str, Any]) -> Table:
    """The view as a Table; missing keys read as an empty table, so a half-built view still draws."""
    colours = tuple(str(c) for c in view.get("colours") or PLAYER_COLOURS[: int(view.get("players") or 0)])
    # a name the font cannot draw falls back to the seat's colour
    names = seat_names(list(view.get("seat_names") or []), [colour.capitalize() for colour in colours])
    claim = tuple(card(c) for c in view.get("baggage_claim") or [])
    off_board = tuple(card(c) for c in view.get("off_board") or [])
    alliances = tuple(tuple(str(c) for c in area or []) for area in (list(view.get("alliances") or []) + [[]] * 4)[:4])
    winners = view.get("winners")
    return Table(
        version=int(view.get("version") or 0),
        names=names,
        colours=colours,
        current=view.get("current") if isinstance(view.get("current"), int) else None,
        to_act=tuple(int(s) for s in view.get("to_act") or []),
        phase=str(view.get("phase") or ""),
        decision=drawable(str(view.get("decision") or "")),
        extra_turn=bool(view.get("extra_turn")),
        last_round=bool(view.get("last_round")),
        airports=tuple(airport(a, colours) for a in view.get("airports") or []),
        claim=claim,
        off_board=off_board,
        deck=int(view.get("deck") or 0),
        discards=int(view.get("discards") or 0),
        alliances=alliances,
        players=players(view, names, colours, claim + off_board, alliances),
        flights=tuple(Flight(str(f.get("from")), str(f.get("to")), str(f.get("colour")))
                      for f in view.get("flights") or []),
        events=tuple(event_text(str(e), names) for e in view.get("events") or []),
        winners=tuple(int(s) for s in winners) if isinstance(winners, list) else None,
        headline=event_text(str(view.get("headline") or ""), names),
    )


def event_text(line: str, names: tuple[str, ...]) -> str:
    """An event line with its {p0} placeholders replaced by the seats' names."""
    for seat, name in enumerate(names):
        line = line.replace(f"{{p{seat}}}", name)
    return drawable(line)


def icon(data: dict[str, Any]) -> Icon:
    return Icon(str(data.get("kind") or ""), str(data.get("label") or ""), data.get("colour"),
                tuple(str(a) for a in data.get("areas") or []), tuple(str(c) for c in data.get("npa") or []))


def card(data: dict[str, Any]) -> Card:
    reserved = data.get("reserved_by")
    return Card(
        id=str(data.get("id") or ""), passenger=drawable(str(data.get("passenger") or "")),
        departure=str(data.get("departure") or ""), arrival=str(data.get("arrival") or ""),
        departure_name=str(data.get("departure_name") or ""), arrival_name=str(data.get("arrival_name") or ""),
        miles=int(data.get("miles") or 0), travel=str(data.get("travel") or "economy"),
        trio=data.get("trio") or None, icons=tuple(icon(i) for i in data.get("icons") or []),
        reserved_by=reserved if isinstance(reserved, int) else None,
    )


def airport(data: dict[str, Any], colours: tuple[str, ...]) -> Airport:
    """An airport; its special mark only for a colour at the table (the board prints all four, but an
    absent player's special airport is just a V airport in this game)."""
    code = str(data.get("code") or "")
    special = data.get("special_for")
    return Airport(
        code=code, name=str(data.get("name") or ""), area=str(data.get("area") or code[:1]),
        number=int(data.get("number") or 0), shape=str(data.get("shape") or "Y"),
        silhouettes=tuple(str(s) for s in data.get("silhouettes") or [ALL]),
        runways=tuple(data.get("runways") or []), special_for=special if special in colours else None,
    )


def players(view: dict[str, Any], names: tuple[str, ...], colours: tuple[str, ...], cards: tuple[Card, ...],
            alliances: tuple[tuple[str, ...], ...]) -> tuple[Player, ...]:
    scores = {s.get("seat", i): s for i, s in enumerate(view.get("scores") or [])}
    passes = {p.get("seat", i): p for i, p in enumerate(view.get("boarding_passes") or [])}
    by_id = {c.id: c for c in cards}
    # Set by the service: seats the bot plays (as AI players or on autopilot for a person) and players away.
    tags = {seat: "AWAY" for seat in view.get("away_seats") or ()}
    tags |= {seat: "AI" for seat in view.get("ai_seats") or ()}
    tags |= {seat: "AUTO" for seat in view.get("autopilot_seats") or ()}
    found = []
    for seat, colour in enumerate(colours):
        score = scores.get(seat) or {}
        slots = tuple(slot(s) for s in (passes.get(seat) or {}).get("slots") or [])
        reserved = score.get("reserved")
        alliance = next((i for i, area in enumerate(alliances) if colour in area), None)
        found.append(Player(
            seat=seat, name=names[seat], colour=colour, miles=int(score.get("miles") or 0),
            cards=int(score.get("cards") or 0), trios=tuple(str(t) for t in score.get("trios") or []),
            economy=int(score.get("economy") or 0), supply=int(score.get("supply") or 0),
            markers_left=int(score.get("markers_left") or 0),
            reserved=by_id.get(str(reserved)) if reserved else None,
            gained=tuple(card(c) for c in score.get("gained") or []), slots=slots,
            alliance=alliance,
            allies=tuple(c for c in alliances[alliance] if c in NPA_COLOURS) if alliance is not None else (),
            tag=tags.get(seat, ""),
        ))
    return tuple(found)


def slot(data: dict[str, Any]) -> Slot:
    top = data.get("top")
    marker = data.get("marker")
    return Slot(card(top) if isinstance(top, dict) else None, tuple(icon(i) for i in data.get("printed") or []),
                int(data.get("under") or 0), marker if isinstance(marker, int) else None)
