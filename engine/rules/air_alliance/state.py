"""Air Alliance game state: the board, the baggage claim and the airlines (setup.py lays out a new game)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from engine.events import Event
from engine.rules.air_alliance.data import PLAYER_COLOURS, Components, IconKind, components
from engine.rules.air_alliance.options import Kobe

# "35 Planes, in 7 colours, 5 each", and "take 1 plane of each colour ... These planes will be used to mark
# alliances": a player flies four planes, as each NPA has four on the board; the fifth marks the alliance.
PLANES_PER_AIRLINE = 4
FIRST_EDITION_PLANES = 5  # edition 1 flew all five (and marked alliances with a plane the box does not have)
NPA_PLANES_ON_BOARD = 4  # each NPA starts on its four starred airports
MARKERS = 3
CLAIM_SIZE = 6  # the baggage claim area always has six spaces
ALLIANCE_AREAS = 4  # ruling: one alliance area on each side of the board
ALLIANCE_ROOM = 4  # "each Alliance Area has spaces for up to 4 planes"
SLOTS = 3
SUPPLY = "supply"  # a plane's origin when it is landed from the player's supply


class Step(enum.Enum):
    """The decision the game waits for."""

    REFRESH = "refresh"  # last round (or Kobe first turn): refresh the whole baggage claim?
    TAKEOFFS = "takeoffs"  # Kobe first turn: a free priority takeoff, or done
    ALLIANCE = "alliance"  # phase 0
    MARKER = "marker"  # phase 1: where the next marker goes
    PLANE = "plane"  # a landing permit: which of your planes
    NPA_PLANE = "npa_plane"  # code sharing: which NPA plane
    DESTINATION = "destination"  # where the chosen plane lands
    GAIN = "gain"  # a flight carried a passenger whose card the player may gain or leave waiting
    PRIORITY_AIRPORT = "priority_airport"  # priority takeoff: which airport
    SWAP = "swap"  # priority takeoff: which two planes switch places
    FLIGHT_CONTROL = "flight_control"  # phase 3: which gained card goes on which slot
    WAITING = "waiting"  # Kobe: a player waiting for cancellation may reserve a card
    OVER = "over"


def planes_per_airline(edition: int) -> int:
    """The planes a player flies in a game of this edition."""
    return FIRST_EDITION_PLANES if edition < 2 else PLANES_PER_AIRLINE


@dataclass(frozen=True)
class Flight:
    """A plane that left one airport and landed on another this turn; relays chain these in order."""

    origin: str
    destination: str
    colour: str
    seat: int


@dataclass(frozen=True)
class Pending:
    """The marker use being resolved: nothing on the board has changed yet, so 'back' can undo it."""

    kind: IconKind
    slot: int | None = None  # the boarding pass slot; None for a Kobe first-turn free takeoff
    icon: int | None = None  # which of the slot's three icons
    colour: str | None = None  # the plane chosen (a player's or an NPA's colour)
    origin: str | None = None  # the airport it leaves, or SUPPLY
    airport: str | None = None  # priority takeoff: the airport chosen
    markers: int = 1  # Kobe: flying an opponent alliance's NPA takes two markers
    special: str | None = None  # a special landing permit: the airport it names


@dataclass
class Airline:
    """A player's airline: planes in the supply, the boarding pass, cards won and markers out."""

    colour: str
    supply: int = PLANES_PER_AIRLINE
    slots: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SLOTS)])  # bottom first
    score_pile: list[str] = field(default_factory=list)  # cards cleared from the boarding pass, still scored
    reserved: str | None = None  # the card under this player's reservation marker
    waiting: bool = False  # Kobe: a marker on the logo, waiting for cancellation
    turns: int = 0  # turns finished, extra turns included
    refreshed: bool = False  # the last round's refresh is used
    retired: bool = False  # Kobe: the planes have left the board for good

    def top(self, slot: int) -> str | None:
        cards = self.slots[slot]
        return cards[-1] if cards else None

    def cards(self) -> list[str]:
        """Every card the airline has gained: its score pile and everything on its boarding pass."""
        return [*self.score_pile, *(card for slot in self.slots for card in slot)]

    def copy(self) -> Airline:
        new = object.__new__(Airline)
        fields = new.__dict__ = self.__dict__.copy()  # one dict copy: cheaper than setting fields one by one
        fields["slots"], fields["score_pile"] = [list(s) for s in self.slots], list(self.score_pile)
        return new


@dataclass
class AirAllianceState:
    """Everything on the table and where the turn stands. `apply` copies it; nothing mutates a shared state."""

    players: int
    seed: int
    options: frozenset[Kobe]
    deck: list[str]  # face down; the top card is the last
    claim: list[str]  # the baggage claim area, leftmost (oldest) first
    board: dict[str, list[str | None]]  # airport code -> runways (see runways.py)
    airlines: list[Airline]
    seq: int = 0  # actions applied so far: the position in the log
    edition: int = 1  # the edition of the rules the game was started under (engine.core.Rules.edition)
    pack: str = ""  # the digest of the data pack the game plays with ("" for the built-in cards)
    # The components of that edition and pack, at hand (the loader's cache is a call away, and the rules ask
    # constantly).
    data: Components = field(default_factory=components, repr=False, compare=False)
    discards: list[str] = field(default_factory=list)  # lost baggage and refreshed cards
    off_board: list[str] = field(default_factory=list)  # Kobe: reserved cards moved off the board
    off_board_owner: dict[str, int] = field(default_factory=dict)  # off-board card -> who reserved it last
    alliances: list[list[str]] = field(default_factory=lambda: [[] for _ in range(ALLIANCE_AREAS)])
    current: int = 0
    step: Step = Step.MARKER
    markers_left: int = MARKERS
    # (slot, its top card or "" for the printed slot, icon index): one marker per card or printed slot a turn.
    used: list[tuple[int, str, int]] = field(default_factory=list)
    reserved_this_turn: bool = False  # reserve (or, Kobe, wait) only once per turn
    gained: list[str] = field(default_factory=list)  # set aside this turn until flight control
    gained_this_turn: int = 0  # counts towards the extra turn
    covered_slots: list[int] = field(default_factory=list)  # slots given one of this turn's cards
    flights: list[Flight] = field(default_factory=list)  # this turn, in order
    # Claim card -> how many of this turn's flights were made before its passenger began to wait (drawn this
    # turn): only the flights after that may carry them. A card missing here has waited since the turn began.
    waiting_since: dict[str, int] = field(default_factory=dict)
    offered: list[str] = field(default_factory=list)  # cards a flight carried, awaiting gain or leave (Step.GAIN)
    pending: Pending | None = None
    extra_turn: bool = False  # the current turn is the extra turn won by 3+ cards
    extra_marker: bool = False  # Kobe: the extra marker after flight control is being used
    takeoffs_left: int = 0  # Kobe first turn: free priority takeoffs still to take
    last_round: bool = False  # the deck has run out once
    final_turns: list[int] | None = None  # seats still to play their last turn, in order
    in_last_round: bool = False  # the turn being played is a last-round turn
    waiting_queue: list[int] = field(default_factory=list)  # Kobe: seats still to answer, farthest first
    draws: int = 0  # cards turned over so far: a move that draws shows what was hidden
    reshuffles: int = 0
    turns: int = 0  # turns begun, extra turns included
    extra_turns: int = 0  # extra turns won with 3+ cards
    alliances_formed: int = 0
    events: list[Event] = field(default_factory=list)  # what the last action did

    @property
    def over(self) -> bool:
        return self.step is Step.OVER

    def __getstate__(self) -> dict[str, object]:
        # A snapshot (pickle) keeps the table, not the components: they are one shared object per edition and
        # pack, read again when the snapshot is decoded.
        fields = dict(self.__dict__)
        del fields["data"]
        return fields

    def __setstate__(self, fields: dict[str, object]) -> None:
        self.__dict__.update(fields)
        self.__dict__.setdefault("pack", "")  # a snapshot from before packs: the built-in cards
        self.data = components(self.edition, self.pack)

    def copy(self) -> AirAllianceState:
        # A shallow copy, then fresh containers for everything a move may change: apply never mutates its input.
        # Every apply copies the state, so this fills the fields' dict directly (setting attributes is slower).
        new = object.__new__(AirAllianceState)
        f = new.__dict__ = self.__dict__.copy()
        f["deck"], f["claim"], f["discards"] = list(self.deck), list(self.claim), list(self.discards)
        f["board"] = {code: list(r) for code, r in self.board.items()}
        f["airlines"] = [a.copy() for a in self.airlines]
        f["off_board"], f["off_board_owner"] = list(self.off_board), dict(self.off_board_owner)
        f["alliances"] = [list(area) for area in self.alliances]
        f["used"], f["gained"], f["covered_slots"] = list(self.used), list(self.gained), list(self.covered_slots)
        f["flights"], f["waiting_queue"] = list(self.flights), list(self.waiting_queue)
        f["waiting_since"], f["offered"] = dict(self.waiting_since), list(self.offered)
        f["final_turns"] = None if self.final_turns is None else list(self.final_turns)
        f["events"] = []
        return new

    def kobe(self, rule: Kobe) -> bool:
        return bool(self.options) and rule in self.options  # no Kobe rule on: skip the enum's slow hash

    def owner(self, colour: str) -> int | None:
        """The seat flying planes of this colour; None for an NPA."""
        return PLAYER_COLOURS.index(colour) if colour in PLAYER_COLOURS[: self.players] else None

    def reserver(self, card_id: str) -> int | None:
        """The seat whose reservation marker lies on the card, if any."""
        for seat, airline in enumerate(self.airlines):
            if airline.reserved == card_id:
                return seat
        return None
