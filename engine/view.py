"""Every game's view as typed values: the common part the platform reads and writes, and the one JSON converter."""

from __future__ import annotations

import dataclasses
import enum
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from engine.events import Event

V = TypeVar("V")


def omitted(default: Any = None) -> Any:
    """A view field left out of the JSON while it holds `default` (None, unless given): a key that only some views
    have (the services' marks, edition 2's turn order, a seat's own part), so its JSON reads as it always did."""
    return field(default=default, metadata={"omit": True})


def named(key: str) -> Any:
    """A view field whose JSON key is not a Python name ('from')."""
    return field(metadata={"key": key})


@dataclass(frozen=True, kw_only=True)
class CommonView:
    """What the services read of a game's public view, and the seats they write into it before rendering.

    `events` are what the last move did, as values (engine.events.Event) the surfaces word; `seat_names` the game's own name per
    seat (the services put the players' names in); `decision` what the current decision asks, in words;
    `points` every seat's score if the game ended now, counted in `points_unit`. The services add `ai_seats`,
    `autopilot_seats` and `away_seats` for the board to mark, and `headline`, the biggest news since the
    deciding players' last turn (or the winner, at the end), which the board shows first, and `pack`, the name of the
    data pack the game plays with (none for the built-in cards), for the board's footer; a game never sets them.
    Before drawing, the services word each field of events (engine.platform.wording) into its `<field>_words` twin,
    `events_words` here: a renderer draws those lines and never words an event itself.
    Each game's view extends it (engine/views/); `dataclasses.replace` writes the services' parts.
    """

    events: tuple[Event, ...]
    seat_names: tuple[str, ...]
    decision: str
    points: tuple[int, ...]
    points_unit: str
    ai_seats: tuple[int, ...] | None = omitted()
    autopilot_seats: tuple[int, ...] | None = omitted()
    away_seats: tuple[int, ...] | None = omitted()
    headline: str | None = omitted()
    pack: str | None = omitted()
    events_words: tuple[str, ...] | None = omitted()

    def seat_tag(self, seat: int) -> str:
        """'AI', 'AUTO' or 'AWAY' for a seat the bot plays, one on autopilot or a player away; '' otherwise."""
        for tag, seats in (("AUTO", self.autopilot_seats), ("AI", self.ai_seats), ("AWAY", self.away_seats)):
            if seats and seat in seats:
                return tag
        return ""


PLATFORM_KEYS = ("ai_seats", "autopilot_seats", "away_seats")  # written by the services, never by a game
WORDS = ("events", "events_words", "decision")  # every view's words for people: a release may reword them


# -- the one JSON form: export, fingerprints, the command line; a drawing process gets the values pickled ---------


_PLAIN = frozenset({str, int, float, bool, type(None)})  # JSON as they are (exact types: an IntEnum is not plain)


@cache
def _plan(kind: type) -> tuple[tuple[str, str, bool, Any], ...]:
    """A dataclass's fields as to_json writes them: (attribute, JSON key, left out at its default, default)."""
    return tuple((f.name, f.metadata.get("key", f.name), bool(f.metadata.get("omit")), f.default)
                 for f in dataclasses.fields(kind))


def to_json(value: Any, said: Callable[[Event], Any] = Event.to_json) -> Any:
    """A view (or any part of one) as JSON-ready data: dataclasses as objects, tuples as lists, enums as values,
    each event as `said` gives it (its own JSON form, engine.events, unless told otherwise)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if isinstance(value, Event):
        return said(value)
    if kind is tuple or kind is list:
        return [to_json(item, said) for item in value]
    if dataclasses.is_dataclass(kind):
        found = {}
        for name, key, omit, default in _plan(kind):
            item = getattr(value, name)
            if omit and item == default:
                continue
            found[key] = to_json(item, said)
        return found
    if isinstance(value, (tuple, list)):
        return [to_json(item, said) for item in value]
    if isinstance(value, Mapping):
        return {str(key): to_json(item, said) for key, item in value.items()}
    if isinstance(value, enum.Enum):
        return value.value
    return value


class ViewError(ValueError):
    """A view breaks its contract: JSON that is not the view's shape, or a common part that does not add up."""


def from_json(kind: type[V], data: Any) -> V:
    """The typed value of JSON data that `to_json` wrote (or a stored view from before the views were typed);
    ViewError names the path to the first key that is missing, unknown or of the wrong type."""
    return _read(kind, data, "view")  # type: ignore[no-any-return]


@cache
def _hints(kind: type) -> dict[str, Any]:
    return get_type_hints(kind)


@cache
def event_fields(kind: type) -> tuple[str, ...]:
    """The names of a view's fields that hold events (tuple[Event, ...]): "events", and 1930's "news". Each has a
    `<name>_words` twin the services fill before drawing (engine.platform.wording)."""
    return tuple(name for name, hint in _hints(kind).items() if hint == tuple[Event, ...])


def _read(kind: Any, data: Any, path: str) -> Any:
    if type(data) is kind and kind in _PLAIN:  # most of a view: an int, a str, a bool where one is wanted
        return data
    origin, args = get_origin(kind), get_args(kind)
    if kind is Any:
        return data
    if kind is Event:
        try:
            return Event.from_json(data)
        except ValueError as error:
            raise ViewError(f"{path}: {error}") from None
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) != 1:
            raise ViewError(f"{path}: a view field may be one type or None, not {kind}")
        return _read(options[0], data, path)
    if origin is Literal:
        if data not in args:
            raise ViewError(f"{path} must be one of {', '.join(map(repr, args))}, not {data!r}")
        return data
    if origin is tuple:
        if not isinstance(data, list):
            raise ViewError(f"{path} must be a list, not {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], item, f"{path}[{i}]") for i, item in enumerate(data))
        if len(args) != len(data):
            raise ViewError(f"{path} must hold {len(args)} items, not {data!r}")
        return tuple(_read(a, item, f"{path}[{i}]") for i, (a, item) in enumerate(zip(args, data)))
    if origin in (dict, Mapping) or kind is dict:
        if not isinstance(data, dict):
            raise ViewError(f"{path} must be an object, not {data!r}")
        value_kind = args[1] if args else Any
        return {str(k): _read(value_kind, v, f"{path}[{k!r}]") for k, v in data.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(kind, data, path)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(data)
        except ValueError:
            raise ViewError(f"{path} must be one of {', '.join(repr(m.value) for m in kind)}, not {data!r}") from None
    if kind is float and type(data) in (int, float):
        return float(data)
    if kind in (int, str, bool) and type(data) is kind:
        return data
    raise ViewError(f"{path} must be {getattr(kind, '__name__', kind)}, not {data!r}")


def _dataclass(kind: type, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        raise ViewError(f"{path} must be an object, not {data!r}")
    hints, values = _hints(kind), {}
    known = set()
    for f in dataclasses.fields(kind):
        key = f.metadata.get("key", f.name)
        known.add(key)
        if key in data:
            values[f.name] = _read(hints[f.name], data[key], f"{path}.{key}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ViewError(f"{path} lacks {key!r}")
    unknown = sorted(set(data) - known)
    if unknown:
        raise ViewError(f"{path} has no key {unknown[0]!r} (a {kind.__name__} has {', '.join(sorted(known))})")
    return kind(**values)


def position(view: Any, words: tuple[str, ...] = (), said: Callable[[Event], Any] = Event.to_json) -> Any:
    """The view's JSON without its words (WORDS, and the game's own `words` keys, at any depth): the position
    alone, which a fingerprint covers, so a release that rewords an event or a card never reads as a different game.

    An event kept elsewhere in the view (1930's "news": the last move's events) is fingerprinted as `said` words it:
    the text positions held before events were values (export.kept_words), so their fingerprints still match."""
    drop = (*WORDS, *words)
    if isinstance(view, Event) or dataclasses.is_dataclass(view) and not isinstance(view, type):
        view = to_json(view, said)
    if isinstance(view, Mapping):
        return {key: position(value, words, said) for key, value in view.items() if key not in drop}
    if isinstance(view, list):
        return [position(item, words, said) for item in view]
    return view


# -- the views' reference, as docs/*-view.md show it ------------------------------------------------------------


def schema(kind: type) -> str:
    """A Markdown table per dataclass a view is made of, `kind` first: each field's JSON key and type. The
    docs/*-view.md pages hold it between markers, and a test keeps it current."""
    seen: list[type] = []

    def visit(cls: type) -> None:
        if cls not in seen:
            seen.append(cls)
            for hint in _hints(cls).values():
                for inner in _dataclasses_in(hint):
                    visit(inner)

    visit(kind)
    parts = []
    for cls in seen:
        rows = [f"| `{f.metadata.get('key', f.name)}` | {_type_words(_hints(cls)[f.name])}"
                f"{' (left out when null)' if f.metadata.get('omit') else ''} |" for f in dataclasses.fields(cls)]
        parts.append(f"### `{cls.__name__}`\n\n| key | type |\n| --- | --- |\n" + "\n".join(rows))
    return "\n\n".join(parts) + "\n"


def _dataclasses_in(hint: Any) -> list[type]:
    if hint is Event:  # an event has its own JSON form (engine.events), not a table of its fields
        return []
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return [hint]
    return [found for arg in get_args(hint) for found in _dataclasses_in(arg)]


def _type_words(hint: Any) -> str:
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(_type_words(a) for a in args if a is not type(None)) + " or null"
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {_type_words(args[0])}"
        return f"list of {len(args)}: " + ", ".join(_type_words(a) for a in args)
    if origin in (dict, Mapping):
        return f"object of {_type_words(args[1])}"
    if hint is Event:
        return 'event (`{"key": ..., "blanks": {...}}`, as engine.events writes it)'
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return f"`{hint.__name__}`"
    return {int: "whole number", str: "string", bool: "true/false", float: "number"}.get(hint, str(hint))


# -- the common part's run-time check -------------------------------------------------------------------------


def check_common_view(view: CommonView) -> None:
    """Raise ViewError, naming the field, when a view's common part does not add up (the types are the
    dataclass's: from_json checks them on the way in, mypy on the way out)."""
    if not isinstance(view, CommonView):
        raise ViewError(f"a view must be a CommonView, not {type(view).__name__}")
    seats = len(view.seat_names)
    for event in view.events:
        stray = [seat for seat in event.seats() if not 0 <= seat < seats]
        if stray:
            raise ViewError(f"event {event.key!r} names seat {stray[0]}, but the table has {seats}")
    if not view.decision:
        raise ViewError(f"view.decision must be words, not {view.decision!r}")
    if len(view.points) != seats:
        raise ViewError(f"view.points must be one whole number per seat ({seats}), not {list(view.points)!r}")
    if not view.points_unit:
        raise ViewError(f"view.points_unit must be a word, not {view.points_unit!r}")
    for key in PLATFORM_KEYS:
        marked = getattr(view, key)
        if marked is None:
            continue
        if not all(0 <= s < seats for s in marked):
            raise ViewError(f"view.{key} must be a list of seats 0..{seats - 1}, not {list(marked)!r}")
        if len(set(marked)) != len(marked):
            raise ViewError(f"view.{key} names a seat twice: {list(marked)!r}")
