"""Airships' typed view (engine/views/airships.py) as the small hashable values the board is drawn from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from engine.views import airships as shown
from engine.views.airships import DEPARTMENTS, AirshipsView, Dice, EngineBonus, Exchange
from renderers.airships.marks import Marks, card_marks
from renderers.common import seat_names
DIE_COLOURS = ("white", "red", "black")
FIELDS = 4  # airship fields on the board
DISPLAY_COLUMNS = 3  # expansion fields per department


# Every value is frozen and compares by content: the renderer's caches key each piece on exactly what it shows,
# so a key the view holds but the board does not draw (the hidden pile order, say) cannot change a piece.
@dataclass(frozen=True)
class Die:
    """One die with its value: an imaginary die, or a die kept in a throw."""

    colour: str
    value: int
    imaginary: bool = False


@dataclass(frozen=True)
class Card:
    """An expansion or airship card; target and vp stay None where the view leaves them out."""

    id: str
    kind: str
    name: str
    department: str
    back: str | None
    cost: Dice
    target: int | None
    vp: int | None
    dice: Dice
    imaginary: Die | None
    exchange: Exchange | None
    engine: EngineBonus | None
    chips: int


@dataclass(frozen=True)
class CardRef:
    """What a throw is for, or the chosen card: a card, or a Hindenburg phase by its number."""

    id: str
    kind: str
    name: str
    department: str
    number: int | None  # a Hindenburg phase's number; None for a card


@dataclass(frozen=True)
class Field:
    """An airship field: its top card (None: the pile is empty) and how many cards it holds."""

    top: Card | None
    left: int


@dataclass(frozen=True)
class Phase:
    """A Hindenburg construction phase; `mark_id` is the id its marks go by."""

    mark_id: str
    number: int
    name: str
    cost: Dice
    target: int | None
    vp_low: int | None
    vp_high: int | None
    owner: int | None  # the seat that built it


@dataclass(frozen=True)
class Hindenburg:
    open: bool
    complete: bool
    phases: tuple[Phase, ...]


@dataclass(frozen=True)
class Airship:
    """An airship a company built: its VP and the colour of its back."""

    vp: int | None
    back: str | None


@dataclass(frozen=True)
class Company:
    """A player's company board, with the seat's name as the font draws it and the service's tag."""

    seat: int
    name: str
    nation: str
    departments: tuple[Card | None, ...]  # in DEPARTMENTS order
    airships: tuple[Airship, ...]  # bottom first
    phases: tuple[int, ...]  # the Hindenburg phases built, by number
    chips: int
    dice: Dice
    imaginary: tuple[Die, ...]
    vp: int
    airships_built: int
    tag: str  # "AI", "AUTO" or "AWAY": set by the service for seats the bot plays or players away


@dataclass(frozen=True)
class Bonus:
    source: str
    amount: int


@dataclass(frozen=True)
class Throw:
    """The last throw: every die rolled per colour, the dice that count, bonuses and the result."""

    seat: int | None
    card: CardRef
    exchange: str
    rolled: tuple[tuple[int, ...], ...]  # in DIE_COLOURS order
    kept: tuple[Die, ...]
    dice_total: int
    bonuses: tuple[Bonus, ...]
    total: int
    target: int
    success: bool


@dataclass(frozen=True)
class Outcome:
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str  # "finished", "abandoned", ...


@dataclass(frozen=True)
class Table:
    """Everything the board draws, read once from the view."""

    version: int
    era: int
    step: str
    current: int | None
    wooden: int | None  # the seat holding the wooden airship
    chosen: CardRef | None
    names: tuple[str, ...]
    companies: tuple[Company, ...]
    fields: tuple[Field, ...]
    display: tuple[tuple[Card | None, ...], ...]  # per department, DISPLAY_COLUMNS fields
    hindenburg: Hindenburg
    pile_left: int
    pile_next: str | None  # the back on top of the expansion pile
    last_throw: Throw | None
    outcome: Outcome | None
    news: str  # the header's main news: the view's headline, else the newest event; never empty
    headline: bool  # whether `news` is the service's headline (at the end it names the winner itself)
    marks: Mapping[str, Marks]  # per card id; left out of hashing, as a Table is never a cache key

    @property
    def pending(self) -> bool:
        """The last throw fell short and its thrower is still deciding on a bonus chip."""
        return self.step == "bonus_chip"

    @property
    def nations(self) -> tuple[str, ...]:
        return tuple(c.nation for c in self.companies)


def read(view: AirshipsView) -> Table:
    """The typed view as the board's Table: names as the font draws them, the cards' marks, the seats' tags."""
    # a name the font cannot draw falls back to the seat's nation
    names = seat_names(view.seat_names, [c.nation for c in view.companies])
    chosen, revealed = view.chosen, view.revealed
    return Table(
        version=view.version,
        era=view.era,
        step=view.step,
        current=view.current,
        wooden=view.wooden_airship,
        chosen=card_ref(chosen) if chosen else None,
        names=names,
        companies=companies(view, names),
        fields=tuple(field(f) for f in view.airship_fields[:FIELDS]),
        display=tuple(tuple(card(c) if c is not None else None for c in (*getattr(view.display, d), *(None,) * DISPLAY_COLUMNS)[:DISPLAY_COLUMNS])
                      for d in DEPARTMENTS),
        hindenburg=hindenburg(view.hindenburg),
        pile_left=view.pile.left,
        pile_next=view.pile.next,
        last_throw=last_throw(view.last_throw) if view.last_throw else None,
        outcome=outcome(view.outcome),
        news=news(view),
        headline=bool(headline_of(view)),
        marks=card_marks(
            chosen.id if chosen else "", revealed.id if revealed else "",
            view.throwable if view.outcome is None else (),  # nobody throws once the game is over
        ),
    )


def headline_of(view: AirshipsView) -> str:
    """The service's headline, its spaces tidied; '' when the view has none."""
    return " ".join((view.headline or "").split())


def news(view: AirshipsView) -> str:
    """What the header says happened: the headline (already a finished sentence with the names in), else the
    newest event (worded by the services, the names in), else that the game begins."""
    headline = headline_of(view)
    if headline:
        return headline
    events = [e for e in view.events_words or () if e.strip()]
    if not events:
        return "The game begins" if not view.version else "The game goes on"
    return " ".join(events[-1].split())


def fixed_die(die: shown.FixedDie) -> Die:
    return Die(die.colour, die.value, True)


def card(data: shown.Card) -> Card:
    return Card(
        id=data.id, kind=data.kind, name=data.name, department=data.department or "", back=data.back,
        cost=data.cost, target=data.target, vp=data.vp, dice=data.dice,
        imaginary=fixed_die(data.imaginary) if data.imaginary else None,
        exchange=data.exchange, engine=data.engine,
        chips=data.chips,
    )


def card_ref(data: shown.Card) -> CardRef:
    return CardRef(id=data.id, kind=data.kind, name=data.name, department=data.department or "", number=data.number)


def field(data: shown.AirshipField) -> Field:
    return Field(card(data.top) if data.top else None, data.left)


def hindenburg(data: shown.Hindenburg) -> Hindenburg:
    phases = tuple(Phase(
        mark_id=p.id, number=p.number, name=p.name, cost=p.cost, target=p.target, vp_low=p.vp_low,
        vp_high=p.vp_high, owner=p.owner,
    ) for p in data.phases)
    return Hindenburg(data.open, data.complete, phases)


def companies(view: AirshipsView, names: tuple[str, ...]) -> tuple[Company, ...]:
    return tuple(Company(
        seat=data.seat, name=names[index], nation=data.nation,
        departments=tuple(card(c) if c is not None else None for c in (getattr(data.departments, d) for d in DEPARTMENTS)),
        airships=tuple(Airship(a.vp, a.back) for a in data.airships),
        phases=data.phases, chips=data.chips, dice=data.dice, imaginary=tuple(fixed_die(d) for d in data.imaginary),
        vp=data.vp, airships_built=data.airships_built, tag=view.seat_tag(data.seat),
    ) for index, data in enumerate(view.companies))


def last_throw(data: shown.Throw) -> Throw:
    return Throw(
        seat=data.seat, card=card_ref(data.card), exchange=data.exchange or "",
        rolled=tuple(getattr(data.rolled, colour) for colour in DIE_COLOURS),
        kept=tuple(Die(k.colour, k.value, k.imaginary) for k in data.kept),
        dice_total=data.dice_total, bonuses=tuple(Bonus(b.source, b.amount) for b in data.bonuses),
        total=data.total, target=data.target, success=data.success,
    )


def outcome(data: shown.Result | None) -> Outcome | None:
    """The final result; None while the game is on."""
    if data is None:
        return None
    return Outcome(ranking=data.ranking, scores=data.scores, winners=data.winners, reason=data.reason)
