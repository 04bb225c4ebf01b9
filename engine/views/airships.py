"""Airships' view as typed values (docs/airships-view.md): built by engine/rules/airships/view.py."""

from __future__ import annotations

from dataclasses import dataclass

from engine.view import CommonView, omitted


@dataclass(frozen=True, kw_only=True)
class Dice:
    """A count of dice per colour: a cost, what a card gives, a company's real dice."""

    white: int = 0
    red: int = 0
    black: int = 0

    def of(self, colour: str) -> int:
        return {"white": self.white, "red": self.red, "black": self.black}.get(colour, 0)


@dataclass(frozen=True, kw_only=True)
class FixedDie:
    """An Engineer's imaginary die: never thrown, always showing `value`."""

    colour: str
    value: int


@dataclass(frozen=True, kw_only=True)
class Exchange:
    """A Materials exchange: `give_count` dice of `give` for `get_count` of `get`, for one throw."""

    give: str
    give_count: int
    get: str
    get_count: int


@dataclass(frozen=True, kw_only=True)
class EngineBonus:
    """An Engine's bonus on a throw in which a die of `colour` ("any": of any colour) counts."""

    colour: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class Card:
    """An expansion, airship or Hindenburg card; `kind` says which, and the fields another kind has not are empty."""

    id: str
    kind: str  # "expansion" | "airship" | "hindenburg"
    name: str
    department: str | None  # expansions: the row it lies in
    era: str | None  # expansions: "starter" | "1" | "2" as printed on the back
    back: str | None  # airships: "light" | "medium" | "dark"
    cost: Dice
    target: int
    vp: int
    gives: str  # expansions: what it gives, in words
    dice: Dice
    imaginary: FixedDie | None
    exchange: Exchange | None
    engine: EngineBonus | None
    chips: int
    number: int | None = omitted()  # Hindenburg phases only


@dataclass(frozen=True, kw_only=True)
class Pile:
    left: int
    next: str | None  # the back on top: "era 1" | "change of era" | "era 2"; None when empty


@dataclass(frozen=True, kw_only=True)
class Display:
    """The six rows of the display, three fields each (None: a free field), in Department order."""

    engineers: tuple[Card | None, ...]
    captains: tuple[Card | None, ...]
    financiers: tuple[Card | None, ...]
    materials: tuple[Card | None, ...]
    hangars: tuple[Card | None, ...]
    engines: tuple[Card | None, ...]


@dataclass(frozen=True, kw_only=True)
class Departments:
    """A company's six departments, each its top card or None."""

    engineers: Card | None
    captains: Card | None
    financiers: Card | None
    materials: Card | None
    hangars: Card | None
    engines: Card | None


DEPARTMENTS = ("engineers", "captains", "financiers", "materials", "hangars", "engines")  # the fields above, in order


@dataclass(frozen=True, kw_only=True)
class AirshipField:
    left: int
    top: Card | None  # None when the pile is empty


@dataclass(frozen=True, kw_only=True)
class Phase:
    """A Hindenburg construction phase and the seat that built it."""

    number: int
    id: str
    name: str
    cost: Dice
    target: int
    vp_low: int
    vp_high: int
    owner: int | None


@dataclass(frozen=True, kw_only=True)
class Hindenburg:
    open: bool
    complete: bool
    phases: tuple[Phase, ...]


@dataclass(frozen=True, kw_only=True)
class Entrepreneur:
    side: int
    dice: Dice


@dataclass(frozen=True, kw_only=True)
class Company:
    """A player's company board."""

    seat: int
    nation: str
    entrepreneur: Entrepreneur
    departments: Departments
    airships: tuple[Card, ...]  # bottom first
    phases: tuple[int, ...]  # the Hindenburg phases built, by number
    chips: int
    chips_in_supply: int
    dice: Dice
    imaginary: tuple[FixedDie, ...]
    exchange: Exchange | None
    engine: EngineBonus | None
    vp: int
    airships_built: int


@dataclass(frozen=True, kw_only=True)
class Rolled:
    """Every die a throw rolled, per colour."""

    white: tuple[int, ...]
    red: tuple[int, ...]
    black: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class KeptDie:
    """A die that counts towards a throw: rolled, or an imaginary die."""

    colour: str
    value: int
    imaginary: bool


@dataclass(frozen=True, kw_only=True)
class Bonus:
    source: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class Throw:
    """A throw of the dice for a card, and how it ended."""

    seat: int
    card: Card
    exchange: str | None
    rolled: Rolled
    kept: tuple[KeptDie, ...]
    dice_total: int
    bonuses: tuple[Bonus, ...]
    total: int
    target: int
    success: bool


@dataclass(frozen=True, kw_only=True)
class Result:
    """The final result, as engine.core.Outcome.to_dict writes it."""

    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    tiebreak: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str  # "finished" | "abandoned"
    details: str
    tiebreak_words: tuple[str, str]
    unit: str


@dataclass(frozen=True, kw_only=True)
class You:
    """A seat's own part: the cards it has the dice for and its legal actions' keys."""

    seat: int
    can_throw_for: tuple[str, ...]
    legal: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class AirshipsView(CommonView):
    """Airships' view: the common part the platform reads, and the table; `you` in a seat's view only."""

    game: str
    title: str
    version: int
    players: int
    era: int
    current: int | None
    step: str  # choose_card | exchange | bonus_chip | additional_go | game_over
    to_act: tuple[int, ...]
    chosen: Card | None
    revealed: Card | None
    throwable: tuple[str, ...]
    pile: Pile
    display: Display
    airship_fields: tuple[AirshipField, ...]
    hindenburg: Hindenburg
    wooden_airship: int | None
    companies: tuple[Company, ...]
    last_throw: Throw | None
    outcome: Result | None
    you: You | None = omitted()
