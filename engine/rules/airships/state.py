"""Airships game state: the table, the companies, and the setup of a new game."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from engine.rules.airships.data import NATIONS, Back, Department, Era, components
from engine.rules.rng import GameRng

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
    GAME_OVER = "game_over"


HINDENBURG_PREFIX = "hindenburg-"


def hindenburg_id(number: int) -> str:
    """The id a Hindenburg construction phase goes by in actions and views."""
    return f"{HINDENBURG_PREFIX}{number}"


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
        return Company(self.nation, dict(self.departments), list(self.airships), list(self.phases),
                       self.chips, self.chips_in_supply)


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
    events: list[str] = field(default_factory=list)  # what the last action did
    removed: list[str] = field(default_factory=list)  # cards out of the game

    @property
    def hindenburg_open(self) -> bool:
        """The Hindenburg is visible once one airship pile is used up."""
        return any(not pile for pile in self.fields)

    @property
    def hindenburg_complete(self) -> bool:
        return all(owner is not None for owner in self.hindenburg)

    def copy(self) -> AirshipsState:
        return AirshipsState(
            players=self.players,
            seed=self.seed,
            seq=self.seq,
            era=self.era,
            pile=list(self.pile),
            display={d: list(row) for d, row in self.display.items()},
            fields=[list(pile) for pile in self.fields],
            hindenburg=list(self.hindenburg),
            wooden_airship=self.wooden_airship,
            companies=[c.copy() for c in self.companies],
            current=self.current,
            step=self.step,
            chosen=self.chosen,
            pending=self.pending,
            last_throw=self.last_throw,
            revealed=self.revealed,
            passes_in_a_row=self.passes_in_a_row,
            goes=self.goes,
            events=[],
            removed=list(self.removed),
        )


def place_in_display(state: AirshipsState, card_id: str) -> None:
    """Lay a card in its row, as far left as possible; a full row drops its leftmost card and shifts."""
    card = components().expansions[card_id]
    row = state.display[card.department]
    if None in row:
        row[row.index(None)] = card_id
        return
    state.removed.append(row[0])  # type: ignore[arg-type]
    del row[0]
    row.append(card_id)


def setup_state(players: int, seed: int, options: dict[str, Any]) -> AirshipsState:
    """Prepare the game exactly as 'Preparing the game' describes, for 2 to 4 players."""
    c = components()
    rng = GameRng(seed, "setup")
    removed: list[str] = []

    # Dark at the bottom, then medium, then light on top; two of each back stay in the box.
    fields: list[list[str]] = [[] for _ in range(AIRSHIP_FIELDS)]
    for back in (Back.DARK, Back.MEDIUM, Back.LIGHT):
        cards = rng.shuffled([a.id for a in c.airships.values() if a.back is back])
        for pile, card in zip(fields, cards):
            pile.append(card)
        removed.extend(cards[AIRSHIP_FIELDS:])

    def era_cards(era: Era) -> list[str]:
        return rng.shuffled([e.id for e in c.expansions.values() if e.era is era])

    # Era 2 at the bottom, the Change of Era card on it, Era 1 on top (the top is the list's end).
    pile = [*era_cards(Era.ERA_2), c.change_of_era, *era_cards(Era.ERA_1)]
    starters = era_cards(Era.STARTER)
    # Seats beyond the player count leave their nation's material in the box ("surplus material").
    companies = [
        Company(
            nation=NATIONS[seat],
            departments={c.expansions[starters[seat]].department: starters[seat]},
            chips=FIRST_PLAYER_CHIPS if seat == 0 else OTHER_PLAYER_CHIPS,
            chips_in_supply=c.chips_per_nation - (FIRST_PLAYER_CHIPS if seat == 0 else OTHER_PLAYER_CHIPS),
        )
        for seat in range(players)
    ]
    state = AirshipsState(
        players=players,
        seed=seed,
        seq=0,
        era=1,
        pile=pile,
        display={d: [None] * DISPLAY_FIELDS for d in Department},
        fields=fields,
        hindenburg=[None] * len(c.hindenburg),
        wooden_airship=None,
        companies=companies,
        current=0,
        step=Step.CHOOSE_CARD,
        removed=removed,
    )
    for card in starters[players:]:
        place_in_display(state, card)
    while on_display(state) < STARTING_DISPLAY:
        place_in_display(state, state.pile.pop())
    return state


def on_display(state: AirshipsState) -> int:
    return sum(1 for row in state.display.values() for card in row if card is not None)
