"""A game's catalogue of sentences: each event's key, its words with named blanks per edition, and its news weight."""

# The rules emit an event by its sentence (HUB_BUILT.event(actor=..., city=...)): a key and blank values, no words.
# The catalogue is where words are made from it, at the edge, for whichever surface shows it; the weight is the
# declaration's, found by the event's key.

from __future__ import annotations

import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from engine.events import RUN, SEAT_MARK, Blank, Event, News, Packed, Run, Seat

Namer = Callable[[int], str]  # a seat's name as a surface shows it
Names = Namer | Mapping[int, str] | Sequence[str]  # a namer, or the names by seat


def blank_names(template: str) -> list[str]:
    """The named blanks of a template, in order ('{who} flies {colour}' -> ['who', 'colour'])."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def token(seat: int) -> str:
    """A seat named by its number in braces ('{p1}'): how tests and the command line show a seat without a name."""
    return f"{{p{seat}}}"


@dataclass(frozen=True)
class Sentence:
    """One kind of event: its key, its words with named blanks, how much it matters to a player coming back to
    the game, and the words of earlier editions where they differ: ((2, "old words"),) are the words of every
    edition before 2 (a game keeps the words its table saw). The key stays the same in every edition."""

    key: str
    template: str
    weight: News
    earlier: tuple[tuple[int, str], ...] = ()  # (until, words), `until` rising

    def __post_init__(self) -> None:
        untils = [until for until, _ in self.earlier]
        if untils != sorted(set(untils)):
            raise ValueError(f"{self.key}: earlier words go by rising edition, each once")
        for words in (self.template, *(old for _, old in self.earlier)):
            if not all(name.isidentifier() for name in blank_names(words)):
                raise ValueError(f"{self.key}: a blank needs a name ({words!r})")

    def words_for(self, edition: int | None = None) -> str:
        """The template a game of this edition words it with; None (or an edition past every earlier one): today's."""
        if edition is not None:
            for until, words in self.earlier:
                if edition < until:
                    return words
        return self.template

    def event(self, **blanks: Blank) -> Event:
        """This sentence's event with its blanks' values: every blank of its words in any edition (a missing one
        would fail where a surface words it, so it fails here, in the rules' tests)."""
        missing = set().union(*(blank_names(w) for w in (self.template, *(old for _, old in self.earlier)))) - set(blanks)
        if missing:
            raise TypeError(f"{self.key} needs the blanks {sorted(missing)}")
        return Event(self.key, tuple(blanks.items()))


class Sentences:
    """Every sentence one game emits, by key: the game's catalogue, from which every surface words its events."""

    def __init__(self) -> None:
        self._by_key: dict[str, Sentence] = {}

    def add(self, key: str, template: str, weight: News, *, earlier: tuple[tuple[int, str], ...] = ()) -> Sentence:
        """A new sentence of the game's, registered under its key."""
        if key in self._by_key:
            raise ValueError(f"{key!r} is a sentence already")
        sentence = Sentence(key, template, weight, earlier)
        self._by_key[key] = sentence
        return sentence

    def __iter__(self) -> Iterator[Sentence]:
        return iter(self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def sentence(self, event: Event) -> Sentence:
        """The declaration the event was emitted from; KeyError for a key the catalogue lacks."""
        return self._by_key[event.key]

    def weight(self, event: Event) -> News:
        """How much an event matters for the board's headline: its sentence's declared weight."""
        return self.sentence(event).weight

    def words(self, event: Event, names: Names = token, edition: int | None = None) -> str:
        """The event in the words of the game's edition, each seat named by `names` (a seat it lacks: by number)."""
        return self.worded(event, namer(names), edition)

    def worded(self, event: Event, names: Namer, edition: int | None = None) -> str:
        """words() with the namer made: a cold table words a whole game's events at once, each in microseconds."""
        blanks: dict[str, object] = {}
        for name, value in event.blanks:
            if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, Seat)):
                blanks[name] = value  # format_map writes an amount as str() would
            else:
                blanks[name] = self._blank(value, names, edition)
        return self._by_key[event.key].words_for(edition).format_map(blanks)

    def kept_words(self, packed: Packed, names: Namer, edition: int | None = None) -> tuple[str, News]:
        """A packed event (Event.packed, as the chronicle keeps it) in words, and its weight, without unpacking it:
        a cold table of a long game words a thousand at once."""
        key, shape, *values = packed
        blanks: dict[str, object] = {}
        for name, value in zip(shape, values):
            if name[:1] == SEAT_MARK:
                blanks[name[1:]] = names(value)
            elif isinstance(value, tuple):
                blanks[name] = self._kept_clause(value, names, edition)
            else:
                blanks[name] = value
        sentence = self._by_key[key]
        return sentence.words_for(edition).format_map(blanks), sentence.weight

    def _kept_clause(self, packed: Packed, names: Namer, edition: int | None) -> str:
        if packed[0] != RUN:
            return self.kept_words(packed, names, edition)[0]
        _, joint, lead, *clauses = packed
        return str(joint).join(lead + self.kept_words(clause, names, edition)[0] for clause in clauses)

    def lines(self, events: list[Event], names: Names = token, edition: int | None = None) -> list[str]:
        """Each event in words (Sentences.words)."""
        named = namer(names)
        return [self.worded(e, named, edition) for e in events]

    def actor(self, event: Event, edition: int | None = None) -> int | None:
        """The seat the event's words begin with ('{who} throws ...'), if they begin with one: who did it."""
        words = self.sentence(event).words_for(edition)
        literal, first, _, _ = next(iter(string.Formatter().parse(words)), ("", None, None, None))
        value = event.get(first) if first is not None and not literal else None
        if isinstance(value, Seat):
            return int(value)
        return self.actor(value, edition) if isinstance(value, Event) else None

    def _blank(self, value: Blank, names: Namer, edition: int | None) -> str:
        if isinstance(value, Seat):
            return names(int(value))
        if isinstance(value, Event):
            return self.worded(value, names, edition)
        if isinstance(value, Run):
            return value.joint.join(value.lead + self.worded(clause, names, edition) for clause in value.events)
        return str(value)


def namer(names: Names) -> Namer:
    """How seats are named: a namer as it is, names by seat looked up (a seat without one: by number)."""
    if callable(names):
        return names
    lookup = names if isinstance(names, Mapping) else dict(enumerate(names))
    return lambda seat: lookup[seat] if seat in lookup else token(seat)
