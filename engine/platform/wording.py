"""Events in words, at the edge: a table's events worded from its game's catalogue, its players' names put in."""

# The one step between the events a game emits (engine.events, values) and the lines people read: the turn message,
# /log and the web page read a History worded here (services.loading), the board its view's events (public_view),
# the command line its own. A surface that needs other words (shorter, another language) asks its own Wording.

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from engine.core import Game
from engine.events import Event, Packed
from engine.options import current_edition, edition_of
from engine.sentences import Namer, Sentences, namer
from engine.view import CommonView, event_fields

V = TypeVar("V", bound=CommonView)


@dataclass(frozen=True)
class Wording:
    """How one table words its events: its game's catalogue, the edition its rules play by, each seat's name."""

    sentences: Sentences
    names: Mapping[int, str] = field(default_factory=dict)  # a seat without one is named by number ('{p1}')
    edition: int | None = None  # None: today's words
    _namer: Namer = field(init=False, repr=False, compare=False)
    # Each packed event worded once (told): a cold table words a whole game, whose events repeat.
    _told: dict[Packed, tuple[str, int]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_namer", namer(self.names))

    def line(self, event: Event) -> str:
        return self.sentences.worded(event, self._namer, self.edition)

    def lines(self, events: Iterable[Event]) -> list[str]:
        return [self.line(event) for event in events]

    def told(self, packed: Packed) -> tuple[str, int]:
        """A packed event (as the chronicle keeps it) in words, and its weight: each distinct one worded once."""
        found = self._told.get(packed)
        if found is None:
            words, weight = self.sentences.kept_words(packed, self._namer, self.edition)
            found = self._told[packed] = (words, int(weight))
        return found

    def news(self, events: Iterable[Event]) -> list[int]:
        """Each event's weight for the headline, as its sentence declares it."""
        return [int(self.sentences.weight(event)) for event in events]

    def own_lines(self, events: Sequence[Event], seat: int) -> int:
        """How many of a move's first events are the mover's own: the rest begin with another seat ('bob turns
        over ...': the next turn's flip, another seat's automatic pass), which the move set off but did not do."""
        for n, event in enumerate(events[1:], start=1):
            actor = self.sentences.actor(event, self.edition)
            if actor is not None and actor != seat:
                return n
        return len(events)

    def view(self, view: V) -> V:
        """A view with each field of events it holds worded into that field's `<field>_words` twin (the board
        draws "events", 1930's "news" too): the events stay values, the renderer reads the words."""
        kind: type = type(view)
        worded: dict[str, Any] = {f"{name}_words": tuple(self.lines(getattr(view, name))) for name in event_fields(kind)}
        return replace(view, **worded)


def tableless(sentences: Sentences, view: V) -> V:
    """A view drawn with no table behind it (a drawing worker's warm-up, a data pack's check, the command line):
    its events worded with the view's own seat names (Airships' nations, 'Player 1')."""
    return Wording(sentences, dict(enumerate(view.seat_names))).view(view)


def table_wording(game: Game, options: Mapping[str, Any], names: Mapping[int, str]) -> Wording:
    """How a table of `game` set up with `options` words its events: in the edition it plays by, with its names."""
    return Wording(game.sentences, names, edition_of(options, current_edition(game)))
