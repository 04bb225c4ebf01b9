"""1930 game state: the map's gates and tiles, the airlines, the players' money and tokens (setup.py deals a game)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from engine.events import Event
from engine.core import Action
from engine.rules.golden_age.data import Colour, Components, components

TURNS = 6
MAX_TOKENS = 10  # a player's stock tokens
MAX_ACTIONS = 7  # the Stock Tokens Used spaces on a player board: operating rounds per phase
GATES_AT_START = 5  # beside the board, ready to place; one more is on the home city
GATES_IN_RESERVE = 6
BANK = 6711  # the paper money: 36 x $1, 15 x $5, 30 x $20, 60 x $100
FIRST_ROUND_TOKENS = 4  # bought in the First Stock Round, if the player can afford them
INITIAL_PRICES = (3, 4, 5, 6, 7)


class Phase(enum.Enum):
    """Where the turn stands."""

    FIRST_STOCK = "first stock round"
    STOCK = "stock round"
    OPERATIONS = "operation phase"
    PURCHASE = "purchase actions"  # End of Turn step 1: a CEO may buy one action
    CONTRACTS = "contracts"  # End of Turn step 4
    OVER = "over"


class Step(enum.Enum):
    """The decision the game waits for within its phase."""

    AIRLINE = "airline"  # which airline (to buy, to found, to act for)
    PRICE = "price"  # a founder's initial price
    TRADE_IN = "trade-in"  # at ten tokens: which token goes back
    ACTION = "action"  # which operation the airline takes
    CITY = "city"  # a city for the operation under way
    GATE_FROM = "gate from"  # where a relocated or opened gate comes from
    MORE = "more"  # a second gate or city, a paid upgrade, or done
    DIVIDEND = "dividend"  # the CEO's choice after a flight
    CONTRACT = "contract"  # which contract to award to which airline, or done (the first edition: which contract)
    CONTRACT_AIRLINE = "contract airline"  # the first edition's second choice: the airline awarded it


class Operation(enum.Enum):
    """The eight things an airline can do with a stock token."""

    EXPAND = "expand"
    RELOCATE = "relocate"
    UPGRADE = "upgrade"
    OPEN = "open"
    HUB = "hub"
    RESEARCH = "research"
    FLY = "fly"
    STAND = "stand"


@dataclass
class Airline:
    """An airline on the table: its stock price, technology, gates and the tokens still in the bank's pool."""

    key: str
    founded: bool = False
    bankrupt: bool = False
    price_box: int = 0  # index on the stock market
    purchased: bool = False  # a token was bought this stock round (the Purchased side)
    tech_box: int = 1  # 1-based box on the technology track
    advanced: bool = False  # researched this turn (the Advanced side)
    flown: bool = False  # flew this turn (the Flown side)
    pool: int = 0  # tokens in the Available Stock Pool
    unreleased: int = 0  # tokens waiting for the income track
    removed: int = 0  # tokens out of the game (bankruptcy)
    gates_available: int = GATES_AT_START
    gates_reserve: int = GATES_IN_RESERVE
    hubs_available: int = 0
    income: int = 0  # kept equal to the map's sum (map.income_of)
    releases_done: int = 0  # how many of the token releases have happened
    hub_releases_done: int = 0

    def copy(self) -> Airline:
        new = object.__new__(Airline)
        new.__dict__ = self.__dict__.copy()
        return new


@dataclass
class Player:
    """A player's money, tokens (airline key -> count) and this turn's used tokens."""

    money: int
    tokens: dict[str, int] = field(default_factory=dict)
    used: dict[str, int] = field(default_factory=dict)
    contracts: list[int] = field(default_factory=list)  # hidden: contract numbers in hand
    passed: bool = False  # out of this stock round
    bought: list[str] = field(default_factory=list)  # First Stock Round: the airlines bought, in order
    purchased_action: bool = False  # End of Turn: bought an action this turn

    def held(self, airline: str) -> int:
        return self.tokens.get(airline, 0)

    def total(self) -> int:
        return sum(self.tokens.values())

    def unused(self, airline: str) -> int:
        return self.held(airline) - self.used.get(airline, 0)

    def actions_used(self) -> int:
        return sum(self.used.values())

    def copy(self) -> Player:
        new = object.__new__(Player)
        f = new.__dict__ = self.__dict__.copy()
        f["tokens"], f["used"], f["contracts"], f["bought"] = (
            dict(self.tokens), dict(self.used), list(self.contracts), list(self.bought))
        return new


@dataclass
class CityState:
    """A city in play: its tile colour (None: not in play yet) and the gates on its spots, left to right."""

    colour: Colour | None
    gates: list[str] = field(default_factory=list)
    hub: str | None = None  # the airline whose hub is here
    used_tiles: list[Colour] = field(default_factory=list)  # placed or skipped: never placeable again

    def copy(self) -> CityState:
        return CityState(self.colour, list(self.gates), self.hub, list(self.used_tiles))


@dataclass(frozen=True)
class Pending:
    """The operation under way: what is chosen so far. `before` is the state to go back to on 'cancel'."""

    operation: Operation | None = None
    airline: str = ""
    token: bool = True  # paid for with a stock token (False: an End of Turn purchased action)
    cities: tuple[str, ...] = ()  # chosen so far (expand, upgrade, hub, open)
    moves: tuple[tuple[str, str], ...] = ()  # relocations: (from, to)
    paid: int = 0  # upgrades paid so far in this action
    price: int = 0  # a bought action's price, fixed when it is bought (the action may move the stock)
    source: str = ""  # relocate: the city the gate leaves, once chosen
    start_income: int = 0


@dataclass
class GoldenAgeState:
    """Everything on the table. `apply` copies it; nothing mutates a state another holds."""

    players: int
    seed: int
    airlines: dict[str, Airline]
    seats: list[Player]
    cities: dict[str, CityState]
    contract_deck: list[int]  # not dealt (never seen in play)
    first_round_order: list[int]  # seats by First Round Turn Order card
    edition: int = 1  # the edition of the rules the game was started under (engine.core.Rules.edition)
    turn: int = 1
    phase: Phase = Phase.FIRST_STOCK
    step: Step = Step.AIRLINE
    current: int = 0  # the seat deciding (for DIVIDEND, the CEO)
    first_player: int = 0  # the First Player marker
    buy: int = 0  # First Stock Round: the buy being made (0 founding, 1 and 2 single buys)
    choosing: str = ""  # the airline chosen at Step.AIRLINE, waiting for its price or trade-in
    operating_round: int = 1
    acting: int = 0  # who took the operation the CEO's dividend follows (play resumes after them)
    pending: Pending | None = None
    before: GoldenAgeState | None = None  # the state when the pending operation began
    contract: int = 0  # the contract chosen at Step.CONTRACT (the first edition, which chose it apart)
    bank: int = BANK
    discards: list[int] = field(default_factory=list)  # contracts played
    page: int = 0  # which page of a long menu is shown
    menus: dict[int, list[Action]] = field(default_factory=dict, repr=False, compare=False)  # rules.menu's memo
    # Cities, airlines and seats are copied on write: a copy shares its parent's records, and `writable`,
    # `writable_airline` and `writable_seat` copy one before it changes (copying everything on every move was
    # a third of a game's work). The records this state owns:
    owned: set[str] = field(default_factory=set, repr=False, compare=False)
    owned_airlines: set[str] = field(default_factory=set, repr=False, compare=False)
    owned_seats: set[int] = field(default_factory=set, repr=False, compare=False)
    pack: str = ""  # the digest of the data pack the game plays with ("" for the built-in cards)
    # The component data of the game's edition and pack, at hand (the rules ask for it constantly).
    data: Components = field(default_factory=components, repr=False, compare=False)
    phase_done: bool = False  # the phase has ended: rules.py begins the next one
    seq: int = 0
    last: str = ""  # the airline and action just taken, for the board's highlight
    events: list[Event] = field(default_factory=list)  # what the last move did
    news: list[Event] = field(default_factory=list)  # what the last move that did something did (kept for the board)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def __getstate__(self) -> dict[str, object]:
        # A snapshot (pickle) keeps the table, not the edition's components (one shared object per edition,
        # read again from the edition when decoded) nor the menus' memo (rebuilt when asked for).
        fields = dict(self.__dict__)
        del fields["data"]
        fields["menus"] = {}
        return fields

    def __setstate__(self, fields: dict[str, object]) -> None:
        self.__dict__.update(fields)
        self.__dict__.setdefault("pack", "")  # a snapshot from before packs: the built-in cards
        self.data = components(self.edition, self.pack)

    def copy(self) -> GoldenAgeState:
        new = object.__new__(GoldenAgeState)
        f = new.__dict__ = self.__dict__.copy()
        f["airlines"], f["seats"], f["cities"] = dict(self.airlines), list(self.seats), dict(self.cities)
        f["owned"], f["owned_airlines"], f["owned_seats"], f["menus"] = set(), set(), set(), {}
        f["contract_deck"], f["first_round_order"] = list(self.contract_deck), list(self.first_round_order)
        f["discards"], f["events"], f["news"] = list(self.discards), [], list(self.news)
        return new

    def writable(self, key: str) -> CityState:
        """The city, this state's own to change."""
        if key not in self.owned:
            self.cities[key] = self.cities[key].copy()
            self.owned.add(key)
        return self.cities[key]

    def writable_airline(self, key: str) -> Airline:
        """The airline's record, this state's own to change."""
        if key not in self.owned_airlines:
            self.airlines[key] = self.airlines[key].copy()
            self.owned_airlines.add(key)
        return self.airlines[key]

    def writable_seat(self, seat: int) -> Player:
        """The player's record, this state's own to change."""
        if seat not in self.owned_seats:
            self.seats[seat] = self.seats[seat].copy()
            self.owned_seats.add(seat)
        return self.seats[seat]

    def snapshot(self) -> GoldenAgeState:
        """A copy to go back to, after which this state may change again: it gives up its records to the copy."""
        copy = self.copy()
        self.owned, self.owned_airlines, self.owned_seats = set(), set(), set()
        return copy

    def live_airlines(self) -> list[str]:
        """Founded airlines still in the game, in data order."""
        return [key for key, a in self.airlines.items() if a.founded and not a.bankrupt]

    def seat_order(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    def turn_order(self) -> list[int]:
        """The seats in this turn's order. "These cards set the turn order for the first turn of the game": the
        First Round Turn Order cards' in turn 1 (edition 1 used them for the First Stock Round only); after it,
        clockwise from the First Player marker."""
        if self.turn == 1 and self.edition >= 2:
            return list(self.first_round_order)
        return self.seat_order(self.first_player)

    def order_from(self, seat: int, *, after: bool = False) -> list[int]:
        """Every seat in turn order, beginning with `seat` (or with the one after it)."""
        order = self.turn_order()
        at = order.index(seat) + after
        return order[at:] + order[:at]
