"""The part of every game's view the platform reads and writes, as a TypedDict, and its runtime check."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NotRequired, TypedDict, cast

from engine.events import Event


class CommonView(TypedDict):
    """What the services read of a game's public view, and the seats they write into it before rendering.

    `events` are what the last move did, as values (engine.events.Event) the surfaces word; `seat_names` the game's own name per
    seat (the services put the players' names in); `decision` what the current decision asks, in words;
    `points` every seat's score if the game ended now, counted in `points_unit`. The services add `ai_seats`,
    `autopilot_seats` and `away_seats` for the board to mark, and `headline`, the biggest news since the
    deciding players' last turn (or the winner, at the end), which the board shows first, and `pack`, the name of the
    data pack the game plays with (none for the built-in cards), for the board's footer; a game never sets them.
    """

    events: list[Event]
    seat_names: list[str]
    decision: str
    points: list[int]
    points_unit: str
    ai_seats: NotRequired[list[int]]
    autopilot_seats: NotRequired[list[int]]
    away_seats: NotRequired[list[int]]
    headline: NotRequired[str]
    pack: NotRequired[str]


COMMON_KEYS = ("events", "seat_names", "decision", "points", "points_unit")
PLATFORM_KEYS = ("ai_seats", "autopilot_seats", "away_seats")  # written by the services, never by a game


WORDS = ("events", "decision")  # every view's words for people: a release may reword them


def position(view: Any, words: tuple[str, ...] = (), said: Callable[[Event], str] | None = None) -> Any:
    """The view without its words (WORDS, and the game's own `words` keys, at any depth): the position alone, which
    a fingerprint covers, so a release that rewords an event or a card never reads as a different game.

    An event kept elsewhere in the view (1930's "news": the last move's events) is fingerprinted as `said` words it:
    the text positions held before events were values (export.kept_words), so their fingerprints still match."""
    drop = (*WORDS, *words)
    if isinstance(view, Event):
        return said(view) if said is not None else view.to_json()
    if isinstance(view, Mapping):
        return {key: position(value, words, said) for key, value in view.items() if key not in drop}
    if isinstance(view, list):
        return [position(item, words, said) for item in view]
    return view


def json_ready(view: Any) -> Any:
    """A view as JSON takes it: each event (engine.events.Event, at any depth) as its own JSON, the rest as is."""
    if isinstance(view, Event):
        return view.to_json()
    if isinstance(view, Mapping):
        return {key: json_ready(value) for key, value in view.items()}
    if isinstance(view, list):
        return [json_ready(item) for item in view]
    return view


class ViewError(ValueError):
    """A game's view breaks the common part of the view contract."""


def plain(view: Mapping[str, Any]) -> dict[str, Any]:
    """A game's typed view as the Game protocol hands it on: the same dict, which the services may add to."""
    return cast(dict[str, Any], view)  # a TypedDict is a dict at run time; only its static type is narrower


def strings(view: Mapping[str, Any], key: str) -> list[Any]:
    """The view's list under `key`, each item a string; ViewError names the key otherwise."""
    value = view.get(key)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ViewError(f"view[{key!r}] must be a list of strings, not {value!r}")
    return value


def seat_list(view: Mapping[str, Any], key: str, seats: int) -> None:
    """A list of seats the services wrote: distinct seat numbers of this table."""
    value = view[key]
    if not isinstance(value, list) or not all(type(s) is int and 0 <= s < seats for s in value):
        raise ViewError(f"view[{key!r}] must be a list of seats 0..{seats - 1}, not {value!r}")
    if len(set(value)) != len(value):
        raise ViewError(f"view[{key!r}] names a seat twice: {value!r}")


def common(view: dict[str, Any]) -> CommonView:
    """A game's view as the platform reads and writes it; every game's views are checked to have this shape
    (tests/engine/test_contract.py), so the services read its keys without asking whether they are there."""
    return cast(CommonView, view)


def check_common_view(view: Mapping[str, Any]) -> None:
    """Raise ViewError, naming the key, when a view lacks the common part or gives it the wrong shape."""
    if not isinstance(view, Mapping):
        raise ViewError(f"a view must be a dict, not {type(view).__name__}")
    missing = [key for key in COMMON_KEYS if key not in view]
    if missing:
        raise ViewError(f"the view lacks {', '.join(missing)}")
    seats = len(strings(view, "seat_names"))
    events = view["events"]
    if not isinstance(events, list) or not all(isinstance(e, Event) for e in events):
        raise ViewError(f"view['events'] must be a list of events, not {events!r}")
    for event in events:
        stray = [seat for seat in event.seats() if not 0 <= seat < seats]
        if stray:
            raise ViewError(f"event {event.key!r} names seat {stray[0]}, but the table has {seats}")
    if not isinstance(view["decision"], str) or not view["decision"]:
        raise ViewError(f"view['decision'] must be words, not {view['decision']!r}")
    points = view["points"]
    if not isinstance(points, list) or len(points) != seats or not all(type(p) is int for p in points):
        raise ViewError(f"view['points'] must be one whole number per seat ({seats}), not {points!r}")
    if not isinstance(view["points_unit"], str) or not view["points_unit"]:
        raise ViewError(f"view['points_unit'] must be a word, not {view['points_unit']!r}")
    for key in PLATFORM_KEYS:
        if key in view:
            seat_list(view, key, seats)
    for key in ("headline", "pack"):
        if not isinstance(view.get(key, ""), str):
            raise ViewError(f"view[{key!r}] must be words, not {view[key]!r}")
