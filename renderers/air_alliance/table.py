"""Air Alliance's typed view (engine/views/air_alliance.py) as the small hashable values the board is drawn from:
the renderer's caches key on what each piece shows."""

from __future__ import annotations

from typing import NamedTuple

from engine.views.air_alliance import AirAllianceView, ClaimCard, Icon
from engine.views.air_alliance import Airport as ShownAirport, Card as ShownCard, Slot as ShownSlot
from renderers.common import drawable, seat_names

NPA_COLOURS = ("black", "white", "purple")
AREAS = ("A", "E", "M", "U")
ALL = "all"


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


def read(view: AirAllianceView) -> Table:
    """The typed view as the board's Table: the names as the font draws them, each player's score, pass and
    alliance together, the seats the service marks."""
    colours = view.colours
    # a name the font cannot draw falls back to the seat's colour
    names = seat_names(view.seat_names, [colour.capitalize() for colour in colours])
    claim = tuple(card(c) for c in view.baggage_claim)
    off_board = tuple(card(c) for c in view.off_board)
    alliances = (*view.alliances, *((),) * 4)[:4]
    return Table(
        version=view.version,
        names=names,
        colours=colours,
        current=view.current,
        to_act=view.to_act,
        phase=view.phase,
        decision=drawable(view.decision),
        extra_turn=view.extra_turn,
        last_round=view.last_round,
        airports=tuple(airport(a, colours) for a in view.airports),
        claim=claim,
        off_board=off_board,
        deck=view.deck,
        discards=view.discards,
        alliances=alliances,
        players=players(view, names, claim + off_board, alliances),
        flights=tuple(Flight(f.origin, f.destination, f.colour) for f in view.flights),
        events=tuple(drawable(e) for e in view.events_words or ()),  # worded by the services, names in
        winners=view.winners,
        headline=drawable(view.headline or ""),
    )


def card(shown: ShownCard) -> Card:
    return Card(
        id=shown.id, passenger=drawable(shown.passenger), departure=shown.departure, arrival=shown.arrival,
        departure_name=shown.departure_name, arrival_name=shown.arrival_name, miles=shown.miles, travel=shown.travel,
        trio=shown.trio or None, icons=shown.icons,
        reserved_by=shown.reserved_by if isinstance(shown, ClaimCard) else None,
    )


def airport(shown: ShownAirport, colours: tuple[str, ...]) -> Airport:
    """An airport; its special mark only for a colour at the table (the board prints all four, but an
    absent player's special airport is just a V airport in this game)."""
    return Airport(
        code=shown.code, name=shown.name, area=shown.area, number=shown.number, shape=shown.shape,
        silhouettes=shown.silhouettes, runways=shown.runways,
        special_for=shown.special_for if shown.special_for in colours else None,
    )


def players(view: AirAllianceView, names: tuple[str, ...], cards: tuple[Card, ...],
            alliances: tuple[tuple[str, ...], ...]) -> tuple[Player, ...]:
    by_id = {c.id: c for c in cards}
    found = []
    for seat, (colour, score, boarding) in enumerate(zip(view.colours, view.scores, view.boarding_passes)):
        alliance = next((i for i, area in enumerate(alliances) if colour in area), None)
        found.append(Player(
            seat=seat, name=names[seat], colour=colour, miles=score.miles, cards=score.cards, trios=score.trios,
            economy=score.economy, supply=score.supply, markers_left=score.markers_left,
            reserved=by_id.get(score.reserved) if score.reserved else None,
            gained=tuple(card(c) for c in score.gained), slots=tuple(slot(s) for s in boarding.slots),
            alliance=alliance,
            allies=tuple(c for c in alliances[alliance] if c in NPA_COLOURS) if alliance is not None else (),
            tag=view.seat_tag(seat),
        ))
    return tuple(found)


def slot(shown: ShownSlot) -> Slot:
    return Slot(card(shown.top) if shown.top else None, shown.printed, shown.under,
                shown.marker)
