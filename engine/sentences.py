"""Every game's event sentences in one shape: a template with named blanks and its news weight, in a game's registry."""

# A game writes each event from a Sentence (HUB_BUILT.say(actor=..., city=...)) and weighs it for the board's
# headline by the very words that wrote it: the registry finds the sentences an event fits, so a reworded sentence
# keeps its weight, and an event written without one weighs None (each game's playout tests catch that).

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from engine.core import News

# What a blank may hold, for a game that says so; any other blank holds any words, none at all included.
SEAT = r"\{p\d+\}"  # a seat's token: the service puts the player's name in
NUMBER = r"\d+"
WORD = "[a-z]+"  # one plain word: a colour ("yellow")
ANY = ".*?"


def one_of(*words: str) -> str:
    """A blank that holds exactly one of these words ("" among them: it may be left empty)."""
    return "|".join(re.escape(word) for word in words)


def blank_names(template: str) -> list[str]:
    """The named blanks of a template, in order ('{who} flies {colour}' -> ['who', 'colour'])."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def pattern(template: str, blanks: Mapping[str, str]) -> re.Pattern[str]:
    """The template as a regular expression: its words exactly, each blank what `blanks` says it may hold."""
    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            if not name.isidentifier():
                raise ValueError(f"{template!r}: a blank needs a name, not {{{name}}}")
            parts.append(f"(?:{blanks.get(name, ANY)})")
    return re.compile("".join(parts), re.DOTALL)


@dataclass(frozen=True)
class Sentence:
    """One kind of event: its words with named blanks, how much it matters to a player coming back to the game,
    and the words of earlier editions where they differ: ((2, "old words"),) are the words of every edition
    before 2 (a game keeps the sentences its table saw, so its recorded views stay as they were)."""

    template: str
    weight: News
    earlier: tuple[tuple[int, str], ...] = ()  # (until, words), `until` rising
    blanks: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    patterns: tuple[re.Pattern[str], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        untils = [until for until, _ in self.earlier]
        if untils != sorted(set(untils)):
            raise ValueError(f"{self.template!r}: earlier words go by rising edition, each once")
        words = dict.fromkeys([self.template, *(old for _, old in self.earlier)])  # each wording once, in order
        object.__setattr__(self, "patterns", tuple(pattern(w, self.blanks) for w in words))

    @property
    def pattern(self) -> re.Pattern[str]:
        """The pattern of today's words."""
        return self.patterns[0]

    def words_for(self, edition: int | None = None) -> str:
        """The template a game of this edition writes; None (or an edition past every earlier one): today's."""
        if edition is not None:
            for until, words in self.earlier:
                if edition < until:
                    return words
        return self.template

    def say(self, edition: int | None = None, /, **blanks: object) -> str:
        """The sentence with its blanks filled in, in the words of the game's edition (today's by default)."""
        return self.words_for(edition).format(**blanks)

    def matches(self, event: str) -> bool:
        """Whether the event is this sentence's words, in any edition, its blanks filled as they may be."""
        return any(p.fullmatch(event) for p in self.patterns)


class Sentences:
    """Every sentence one game writes, and what each of its blanks may hold: the game's news weights."""

    def __init__(self, blanks: Mapping[str, str] | None = None) -> None:
        self.blanks: dict[str, str] = dict(blanks or {})
        self._sentences: list[Sentence] = []

    def add(self, template: str, weight: News, *, earlier: tuple[tuple[int, str], ...] = ()) -> Sentence:
        """A new sentence of the game's, registered so that its events are weighed by it."""
        if any(s.template == template for s in self._sentences):
            raise ValueError(f"{template!r} is a sentence already")
        sentence = Sentence(template, weight, earlier, self.blanks)
        self._sentences.append(sentence)
        return sentence

    def __iter__(self) -> Iterator[Sentence]:
        return iter(self._sentences)

    def __len__(self) -> int:
        return len(self._sentences)

    def fitting(self, event: str) -> list[Sentence]:
        """Every sentence whose words the event fits, in the order they were added."""
        return [sentence for sentence in self._sentences if sentence.matches(event)]

    def weigh(self, event: str) -> News | None:
        """The weight of the sentence the event was written from: the heaviest where a general one fits too
        ('flies ... and gains' is also a 'flies'); None for words no sentence writes."""
        return max((sentence.weight for sentence in self.fitting(event)), default=None)

    def news(self, event: str) -> News:
        """How much an event matters for the board's headline; words no sentence writes are an ordinary move."""
        weight = self.weigh(event)
        return News.PLAY if weight is None else weight
