"""Airships game state: the table and the companies (setup.py lays out a new game)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from engine.events import Event

from engine.rules.airships.data import EDITION, components
from engine.rules.airships.records import HINDENBURG_PREFIX, Components, Department
from engine.rules.airships.records import hindenburg_id as hindenburg_id  # where the rules have always found it

DISPLAY_FIELDS = 3  # fields per department row on the board
AIRSHIP_FIELDS = 4
STARTING_DISPLAY = 6  # expansion cards face-up after setup
FIRST_PLAYER_CHIPS = 3
OTHER_PLAYER_CHIPS = 4
ADDITIONAL_GO_PRICE = 3


class Step(enum.Enum):
    """The decision the current player faces."""

    CHOOSE_CARD = "choose_card"
    EXCHANGE = "exchange"
    BONUS_CHIP = "bonus_chip"
    ADDITIONAL_GO = "additional_go"
    OVER = "game_over"  # the value is what views and stored boards show


def phase_number(card_id: str) -> int:
    """The construction phase a Hindenburg id names: 'hindenburg-3' -> 3."""
    return int(card_id.removeprefix(HINDENBURG_PREFIX))


@dataclass(frozen=True)
class KeptDie:
    """A die that counts towards a throw's score."""

    colour: str
    value: int
    imaginary: bool


@dataclass(frozen=True)
class Throw:
    """One throw of the dice for a card, and how it ended."""

    seat: int
    card: str
    exchange: str | None
    rolled: dict[str, tuple[int, ...]]
    kept: tuple[KeptDie, ...]
    dice_total: int
    bonuses: tuple[tuple[str, int], ...]  # (source, amount) of bonuses used
    target: int
    success: bool

    @property
    def total(self) -> int:
        return self.dice_total + sum(amount for _, amount in self.bonuses)

    def with_bonus(self, source: str, amount: int, success: bool) -> Throw:
        return Throw(self.seat, self.card, self.exchange, self.rolled, self.kept, self.dice_total,
                     (*self.bonuses, (source, amount)), self.target, success)


@dataclass
class Company:
    """A player's company board."""

    nation: str
    departments: dict[Department, str]  # card id per department; an empty field has no key
    airships: list[str] = field(default_factory=list)  # bottom first
    phases: list[int] = field(default_factory=list)  # Hindenburg phases built
    chips: int = 0  # bonus chips on the board
    chips_in_supply: int = 0  # this nation's chips in the general supply

    def copy(self) -> Company:
        new = object.__new__(Company)
        f = new.__dict__ = self.__dict__.copy()
        f["departments"], f["airships"], f["phases"] = dict(self.departments), list(self.airships), list(self.phases)
        return new


@dataclass
class AirshipsState:
    """Everything on the table. `apply` copies it; nothing mutates a state another holds."""

    players: int
    seed: int
    seq: int  # actions applied so far: the position in the log, and the RNG's step
    era: int
    pile: list[str]  # face down; the top card is the last
    display: dict[Department, list[str | None]]
    fields: list[list[str]]  # airship piles, bottom first
    hindenburg: list[int | None]  # owner of each construction phase
    wooden_airship: int | None
    companies: list[Company]
    current: int
    step: Step
    chosen: str | None = None  # the card declared for the coming throw
    pending: Throw | None = None  # a short throw waiting for the bonus-chip decision
    last_throw: Throw | None = None
    revealed: str | None = None  # the expansion card turned over at the start of the current go
    passes_in_a_row: int = 0  # goes in a row with no card to throw for
    goes: int = 0  # goes begun so far, additional goes included: how long the game has run
    events: list[Event] = field(default_factory=list)  # what the last action did
    removed: list[str] = field(default_factory=list)  # cards out of the game
    pack: str = ""  # the digest of the data pack the game plays with ("" for the built-in cards)
    # The component data of the game's pack, at hand (the rules ask for it constantly).
    data: Components = field(default_factory=components, repr=False, compare=False)

    def __getstate__(self) -> dict[str, object]:
        # A snapshot (pickle) keeps the table, not the components (one shared object per pack, read again when
        # decoded); a snapshot stored before packs existed played the built-in cards.
        fields = dict(self.__dict__)
        fields.pop("data", None)
        return fields

    def __setstate__(self, fields: dict[str, object]) -> None:
        self.__dict__.update(fields)
        self.__dict__.setdefault("pack", "")
        self.data = components(EDITION, self.pack)

    @property
    def hindenburg_open(self) -> bool:
        """The Hindenburg is visible once one airship pile is used up."""
        return any(not pile for pile in self.fields)

    @property
    def hindenburg_complete(self) -> bool:
        return all(owner is not None for owner in self.hindenburg)

    @property
    def over(self) -> bool:
        return self.step is Step.OVER

    def copy(self) -> AirshipsState:
        # One dict copy, then fresh containers for everything a move may change: apply never mutates its input.
        new = object.__new__(AirshipsState)
        f = new.__dict__ = self.__dict__.copy()
        f["pile"], f["removed"], f["hindenburg"] = list(self.pile), list(self.removed), list(self.hindenburg)
        f["display"] = {d: list(row) for d, row in self.display.items()}
        f["fields"] = [list(pile) for pile in self.fields]
        f["companies"] = [c.copy() for c in self.companies]
        f["events"] = []
        return new


def place_in_display(state: AirshipsState, card_id: str) -> None:
    """Lay a card in its row, as far left as possible; a full row drops its leftmost card and shifts."""
    card = state.data.expansions[card_id]
    row = state.display[card.department]
    if None in row:
        row[row.index(None)] = card_id
        return
    dropped = row.pop(0)
    assert dropped is not None  # a full row holds no empty field
    state.removed.append(dropped)
    row.append(card_id)
