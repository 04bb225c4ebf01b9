"""Air Alliance's view as typed values (docs/air-alliance-view.md): built by engine/rules/air_alliance/view.py."""

from __future__ import annotations

from dataclasses import dataclass

from engine.view import CommonView, named, omitted


@dataclass(frozen=True, kw_only=True)
class Icon:
    """A flight icon on a card or printed on a boarding pass."""

    kind: str  # "special" | "area" | "priority" | "code_sharing"
    label: str  # the icon in words
    colour: str | None  # special: the player colour whose special airport it lands on
    areas: tuple[str, ...]  # area: the areas whose numbers 1-3 it lands on
    npa: tuple[str, ...]  # code sharing: one or two NPA colours


@dataclass(frozen=True, kw_only=True)
class Card:
    """A passenger card."""

    id: str
    passenger: str
    departure: str
    arrival: str
    departure_name: str
    arrival_name: str
    miles: int
    travel: str  # "business" | "economy"
    trio: str | None
    icons: tuple[Icon, ...]


@dataclass(frozen=True, kw_only=True)
class ClaimCard(Card):
    """A card in the baggage claim (or off the board, Kobe) and the seat whose reservation marker lies on it."""

    reserved_by: int | None


@dataclass(frozen=True, kw_only=True)
class Airport:
    code: str
    name: str
    area: str
    number: int
    shape: str
    silhouettes: tuple[str, ...]
    runways: tuple[str | None, ...]  # the colour of the plane on each runway, None for a free one
    special_for: str | None  # the player colour whose special airport it is


@dataclass(frozen=True, kw_only=True)
class Slot:
    """A boarding pass slot: its top card (None: the printed icons show), how many lie under it, and the current
    player's marker on it (its number), if any."""

    top: Card | None
    printed: tuple[Icon, ...]
    under: int
    marker: int | None


@dataclass(frozen=True, kw_only=True)
class BoardingPass:
    seat: int
    slots: tuple[Slot, ...]


@dataclass(frozen=True, kw_only=True)
class Score:
    """A player's score and supplies; `gained` only for the current player: the cards set aside this turn."""

    seat: int
    miles: int
    cards: int
    trios: tuple[str, ...]
    economy: int
    supply: int
    markers_left: int
    reserved: str | None  # the id of the card under their reservation marker
    gained: tuple[Card, ...]


@dataclass(frozen=True, kw_only=True)
class Flight:
    """A plane that flew this turn."""

    origin: str = named("from")
    destination: str = named("to")
    colour: str
    seat: int | None


@dataclass(frozen=True, kw_only=True)
class You:
    """A seat's own part: its colour and its legal actions' keys."""

    seat: int
    colour: str
    legal: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class AirAllianceView(CommonView):
    """Air Alliance's view: the common part the platform reads, and the table; `you` in a seat's view only."""

    game: str
    title: str
    version: int
    players: int
    colours: tuple[str, ...]
    current: int | None
    to_act: tuple[int, ...]
    phase: str  # refresh | first_turn | alliance | markers | flight_control | waiting | over
    extra_turn: bool
    last_round: bool
    options: tuple[str, ...]
    airports: tuple[Airport, ...]
    baggage_claim: tuple[ClaimCard, ...]
    off_board: tuple[ClaimCard, ...]
    deck: int
    discards: int
    alliances: tuple[tuple[str, ...], ...]
    boarding_passes: tuple[BoardingPass, ...]
    scores: tuple[Score, ...]
    flights: tuple[Flight, ...]
    winners: tuple[int, ...] | None
    you: You | None = omitted()
