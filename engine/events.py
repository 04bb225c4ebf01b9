"""What a move did, as values: an event is a sentence's key and its blanks, worded only where a surface shows it."""

# The rules emit Events; the log, the cache and the snapshots keep them as they are; each surface words them from
# the game's catalogue of sentences (engine.sentences) with the players' names put in. Nothing reads words back.

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Final, Union


class News(enum.IntEnum):
    """How much an event matters to a player coming back to the game: the board's headline is the biggest one
    since that player's last turn (the newest of equals). Each sentence of a game's catalogue declares its own."""

    ROUTINE = 0  # a step within a move: a pass, an end of turn, a choice that changes nothing yet
    PLAY = 1  # an ordinary move: a card placed, a plane landed, a gate opened
    GAIN = 2  # something won: points, money, passengers, a card
    MILESTONE = 3  # what a table talks about: an airship built, an alliance formed, a dividend, a new era
    FINAL = 4  # the game's end


class Seat(int):
    """A blank that names a seat (its number): whoever words the event puts the player's name in its place.

    An int, so that an event's blanks stay plain values (an int holds no references: a cached table's many
    events cost the garbage collector nothing), and told apart from an amount by its type."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Seat({int(self)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Seat, (int(self),))


# What a blank holds: a seat, an amount, words the rules know a thing by (a card's or a city's name), another event
# of the catalogue worded in its place (a clause that names a seat: 'ann takes 2 bonus chips'), or a run of them.
Blank = Union[Seat, int, str, "Event", "Run"]
Packed = tuple[Any, ...]  # an event as an exact tuple of plain values (Event.packed)
RUN: Final = ""  # what a packed run begins with where a packed event has its key (a key is never empty)
SEAT_MARK: Final = "@"  # before a packed blank's name: it holds a seat (a Seat, like any instance of a class, is tracked)
_SHAPES: dict[tuple[str, ...], tuple[str, ...]] = {}  # the packed names of each shape of blanks, shared: few kinds


@dataclass(frozen=True)
class Event:
    """One thing a move did: the key of the sentence that tells it (in the game's catalogue) and its blanks."""

    key: str
    blanks: tuple[tuple[str, Blank], ...] = ()

    def get(self, name: str) -> Blank | None:
        """The value of one blank; None when the event has no blank of that name."""
        return next((value for blank, value in self.blanks if blank == name), None)

    def seats(self) -> list[int]:
        """Every seat the event names, nested clauses included, in order."""
        found: list[int] = []
        for _, value in self.blanks:
            if isinstance(value, Seat):
                found.append(int(value))
            elif isinstance(value, Event):
                found += value.seats()
            elif isinstance(value, Run):
                found += [seat for clause in value.events for seat in clause.seats()]
        return found

    def packed(self) -> Packed:
        """The event as one exact tuple of plain values, (key, names, *values), which the garbage collector stops
        tracking: a cache of a thousand long games holds hundreds of thousands of events (Chronicle keeps them so).
        `names` is one shared tuple per shape of blanks, a seat's name marked (SEAT_MARK): a seat is kept as an int."""
        names = _shape(tuple(SEAT_MARK + name if isinstance(value, Seat) else name for name, value in self.blanks))
        return (self.key, names, *(int(value) if isinstance(value, Seat) else _packed(value) for _, value in self.blanks))

    @classmethod
    def unpacked(cls, packed: Packed) -> Event:
        key, names, *values = packed
        return cls(key, tuple((name[1:], Seat(value)) if name[:1] == SEAT_MARK else (name, _unpacked(value))
                              for name, value in zip(names, values)))

    def to_json(self) -> dict[str, Any]:
        """The event as JSON: {"key": ..., "blanks": {name: value}}, a seat as {"seat": n}, a clause as an event."""
        return {"key": self.key, "blanks": {name: _blank_json(value) for name, value in self.blanks}}

    @classmethod
    def from_json(cls, data: Any) -> Event:
        """An event from its JSON (to_json); ValueError for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("key"), str) or not isinstance(data.get("blanks"), dict):
            raise ValueError(f"not an event: {data!r}")
        return cls(data["key"], tuple((str(name), _blank_value(value)) for name, value in data["blanks"].items()))


@dataclass(frozen=True)
class Run:
    """Clauses worded one after another in one blank: each after `lead`, `joint` between them ('ann 41,000, bob
    37,000' is a run of score clauses joined by ', ')."""

    events: tuple[Event, ...]
    joint: str = ""
    lead: str = ""


def _shape(names: tuple[str, ...]) -> tuple[str, ...]:
    return _SHAPES.setdefault(names, names)


def _packed(value: Blank) -> Any:
    if isinstance(value, Event):
        return value.packed()
    if isinstance(value, Run):
        return (RUN, value.joint, value.lead, *(clause.packed() for clause in value.events))
    return value


def _unpacked(value: int | str | Packed) -> Blank:
    if not isinstance(value, tuple):
        return value
    if value[0] == RUN:
        return Run(tuple(Event.unpacked(clause) for clause in value[3:]), value[1], value[2])
    return Event.unpacked(value)


def event(key: str, **blanks: Blank) -> Event:
    """An event with its blanks named: event('hub_built', actor=Seat(1), city='Rome')."""
    return Event(key, tuple(blanks.items()))


def _blank_json(value: Blank) -> Any:
    if isinstance(value, Seat):
        return {"seat": int(value)}
    if isinstance(value, Event):
        return value.to_json()
    if isinstance(value, Run):
        return {"run": [clause.to_json() for clause in value.events], "joint": value.joint, "lead": value.lead}
    return value


def _blank_value(data: Any) -> Blank:
    if isinstance(data, dict) and set(data) == {"seat"} and type(data["seat"]) is int:
        return Seat(data["seat"])
    if isinstance(data, dict) and isinstance(data.get("run"), list):
        return Run(tuple(Event.from_json(c) for c in data["run"]), str(data.get("joint", "")), str(data.get("lead", "")))
    if isinstance(data, dict):
        return Event.from_json(data)
    if isinstance(data, (int, str)) and not isinstance(data, bool):
        return data
    raise ValueError(f"not a blank's value: {data!r}")
