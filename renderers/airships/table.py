"""Airships public view (docs/airships-view.md) read once into small hashable values the board is drawn from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from renderers.airships.marks import Marks, card_marks
from renderers.common import seat_names

DEPARTMENTS = ("engineers", "captains", "financiers", "materials", "hangars", "engines")
DIE_COLOURS = ("white", "red", "black")
FIELDS = 4  # airship fields on the board
DISPLAY_COLUMNS = 3  # expansion fields per department


# Every value is frozen and compares by content: the renderer's caches key each piece on exactly what it shows,
# so a key the view holds but the board does not draw (the hidden pile order, say) cannot change a piece.
@dataclass(frozen=True)
class Dice:
    """A count of dice per colour: a cost, or what a card gives, or a company's dice at disposal."""

    white: int = 0
    red: int = 0
    black: int = 0

    def of(self, colour: str) -> int:
        return int(getattr(self, colour, 0))


@dataclass(frozen=True)
class Die:
    """One die with its value: an imaginary die, or a die kept in a throw."""

    colour: str
    value: int
    imaginary: bool = False


@dataclass(frozen=True)
class Exchange:
    give: str
    give_count: int
    get: str
    get_count: int


@dataclass(frozen=True)
class Engine:
    colour: str  # a die colour, or "any"
    amount: int


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
    engine: Engine | None
    chips: int


@dataclass(frozen=True)
class CardRef:
    """What a throw is for, or the chosen card: a card, or a Hindenburg phase by its number."""

    id: str
    kind: str
    name: str
    department: str
    number: Any  # a phase's number as the view gives it; None for a card


@dataclass(frozen=True)
class Field:
    """An airship field: its top card (None: the pile is empty) and how many cards it holds."""

    top: Card | None
    left: int


@dataclass(frozen=True)
class Phase:
    """A Hindenburg construction phase; `mark_id` is the id its marks go by."""

    mark_id: str
    number: Any
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
    phases: tuple[Any, ...]  # the Hindenburg phases built, by number
    chips: int
    dice: Dice
    imaginary: tuple[Die, ...]
    vp: int
    airships_built: int
    tag: str  # "AI", "AUTO" or "AWAY": set by the service for seats the bot plays or players away


@dataclass(frozen=True)
class Bonus:
    source: str
    amount: Any


@dataclass(frozen=True)
class Throw:
    """The last throw: every die rolled per colour, the dice that count, bonuses and the result."""

    seat: int | None
    card: CardRef
    exchange: str
    rolled: tuple[tuple[int, ...], ...]  # in DIE_COLOURS order
    kept: tuple[Die, ...]
    dice_total: Any
    bonuses: tuple[Bonus, ...]
    total: Any
    target: Any
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


def read(view: dict[str, Any]) -> Table:
    """The view as a Table; missing keys read as an empty table, so a half-built view still draws."""
    raw_companies = list(view.get("companies") or [])
    # a name the font cannot draw falls back to the seat's nation
    names = seat_names(list(view.get("seat_names") or []), [str(c.get("nation") or "") for c in raw_companies])
    chosen, revealed = view.get("chosen"), view.get("revealed")
    display = view.get("display") or {}
    pile = view.get("pile") or {}
    throw = view.get("last_throw")
    return Table(
        version=int(view.get("version") or 0),
        era=int(view.get("era") or 1),
        step=str(view.get("step")),
        current=_seat(view.get("current")),
        wooden=_seat(view.get("wooden_airship")),
        chosen=card_ref(chosen) if isinstance(chosen, dict) else None,
        names=names,
        companies=companies(view, raw_companies, names),
        fields=tuple(field(f) for f in (view.get("airship_fields") or [])[:FIELDS]),
        display=tuple(tuple(card(c) if c is not None else None
                            for c in ((display.get(d) or []) + [None] * DISPLAY_COLUMNS)[:DISPLAY_COLUMNS])
                      for d in DEPARTMENTS),
        hindenburg=hindenburg(view.get("hindenburg") or {}),
        pile_left=int(pile.get("left") or 0),
        pile_next=None if pile.get("next") is None else str(pile.get("next")),
        last_throw=last_throw(throw) if isinstance(throw, dict) else None,
        outcome=outcome(view.get("outcome")),
        news=news(view, names),
        headline=bool(headline_of(view)),
        marks=card_marks(
            str(chosen["id"]) if isinstance(chosen, dict) and chosen.get("id") else "",
            str(revealed["id"]) if isinstance(revealed, dict) and revealed.get("id") else "",
            # nobody throws once the game is over
            tuple(str(c) for c in view.get("throwable") or []) if view.get("outcome") is None else (),
        ),
    )


def headline_of(view: dict[str, Any]) -> str:
    """The service's headline, its spaces tidied; '' when the view has none."""
    headline = view.get("headline")
    return " ".join(headline.split()) if isinstance(headline, str) else ""


def news(view: dict[str, Any], names: tuple[str, ...]) -> str:
    """What the header says happened: the headline (already a finished sentence with the names in), else the
    newest event with the names put in, else that the game begins."""
    headline = headline_of(view)
    if headline:
        return headline
    events = [str(e) for e in view.get("events") or [] if str(e).strip()]
    if not events:
        return "The game begins" if not view.get("version") else "The game goes on"
    return " ".join(named(events[-1], names).split())


def named(line: str, names: tuple[str, ...]) -> str:
    """An event with its '{pN}' seat tokens replaced by the names, in one pass (a name may itself hold '{p1}')."""
    parts, start = [], 0
    while (token := line.find("{p", start)) >= 0:
        end = line.find("}", token)
        digits = line[token + 2:end] if end > token else ""
        if digits.isdigit() and int(digits) < len(names):
            parts += [line[start:token], names[int(digits)]]
            start = end + 1
        else:
            parts.append(line[start:token + 2])
            start = token + 2
    return "".join(parts) + line[start:]


def _seat(value: Any) -> int | None:
    return value if isinstance(value, int) else None


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def dice(data: Mapping[str, Any] | None) -> Dice:
    counts = data or {}
    return Dice(*(int(counts.get(colour) or 0) for colour in DIE_COLOURS))


def card(data: dict[str, Any]) -> Card:
    imaginary, exchange, engine = data.get("imaginary"), data.get("exchange"), data.get("engine")
    return Card(
        id="" if data.get("id") is None else str(data.get("id")), kind=str(data.get("kind") or ""),
        name=str(data.get("name") or ""), department=str(data.get("department") or ""),
        back=None if data.get("back") is None else str(data.get("back")),
        cost=dice(data.get("cost")), target=_optional_int(data.get("target")), vp=_optional_int(data.get("vp")),
        dice=dice(data.get("dice")),
        imaginary=Die(str(imaginary["colour"]), int(imaginary["value"]), True) if imaginary else None,
        exchange=Exchange(str(exchange["give"]), int(exchange["give_count"]), str(exchange["get"]),
                          int(exchange["get_count"])) if exchange else None,
        engine=Engine(str(engine["colour"]), int(engine["amount"])) if engine else None,
        chips=int(data.get("chips") or 0),
    )


def card_ref(data: dict[str, Any]) -> CardRef:
    return CardRef(id=str(data.get("id") or ""), kind=str(data.get("kind") or ""), name=str(data.get("name") or ""),
                   department=str(data.get("department") or ""), number=data.get("number"))


def field(data: dict[str, Any]) -> Field:
    top = data.get("top")
    return Field(card(top) if isinstance(top, dict) else None, int(data.get("left") or 0))


def hindenburg(data: dict[str, Any]) -> Hindenburg:
    phases = tuple(Phase(
        mark_id=str(p.get("id") or f"hindenburg-{p.get('number')}"), number=p.get("number"),
        name=str(p.get("name") or ""), cost=dice(p.get("cost")), target=_optional_int(p.get("target")),
        vp_low=_optional_int(p.get("vp_low")), vp_high=_optional_int(p.get("vp_high")), owner=_seat(p.get("owner")),
    ) for p in data.get("phases") or [])
    return Hindenburg(bool(data.get("open")), bool(data.get("complete")), phases)


def companies(view: dict[str, Any], raw: list[dict[str, Any]], names: tuple[str, ...]) -> tuple[Company, ...]:
    # Set by the service: the seats the bot plays, as AI players or on autopilot for a person, and players away.
    tags = {seat: "AWAY" for seat in view.get("away_seats") or ()}
    tags |= {seat: "AI" for seat in view.get("ai_seats") or ()} | {seat: "AUTO" for seat in view.get("autopilot_seats") or ()}
    found = []
    for index, data in enumerate(raw):
        seat = data.get("seat", index)
        departments = data.get("departments") or {}
        found.append(Company(
            seat=seat, name=names[index], nation=str(data.get("nation") or ""),
            departments=tuple(card(departments[d]) if departments.get(d) is not None else None for d in DEPARTMENTS),
            airships=tuple(Airship(_optional_int(a.get("vp")), a.get("back")) for a in data.get("airships") or []),
            phases=tuple(data.get("phases") or []), chips=int(data.get("chips") or 0), dice=dice(data.get("dice")),
            imaginary=tuple(Die(str(d["colour"]), int(d["value"]), True) for d in data.get("imaginary") or []),
            vp=int(data.get("vp") or 0), airships_built=int(data.get("airships_built") or 0), tag=tags.get(seat, ""),
        ))
    return tuple(found)


def last_throw(data: dict[str, Any]) -> Throw:
    rolled = data.get("rolled") or {}
    return Throw(
        seat=_seat(data.get("seat")), card=card_ref(data.get("card") or {}),
        exchange=str(data.get("exchange") or ""),
        rolled=tuple(tuple(int(v) for v in rolled.get(colour) or []) for colour in DIE_COLOURS),
        kept=tuple(Die(str(k["colour"]), int(k["value"]), bool(k.get("imaginary"))) for k in data.get("kept") or []),
        dice_total=data.get("dice_total", 0),
        bonuses=tuple(Bonus(str(b.get("source")), b.get("amount")) for b in data.get("bonuses") or []),
        total=data.get("total"), target=data.get("target"), success=bool(data.get("success")),
    )


def outcome(data: Any) -> Outcome | None:
    """The final result; None while the game is on (an empty outcome counts as none)."""
    if not data or not isinstance(data, dict):
        return None
    return Outcome(
        ranking=tuple(tuple(int(s) for s in group) for group in data.get("ranking") or []),
        scores=tuple(int(s) for s in data.get("scores") or []),
        winners=tuple(s for s in data.get("winners") or [] if isinstance(s, int)),
        reason=str(data.get("reason") or "finished"),
    )
