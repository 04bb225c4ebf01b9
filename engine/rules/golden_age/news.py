"""1930's event sentences, each written from one template that also carries its news weight for the headline."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core import News

if TYPE_CHECKING:
    from engine.rules.golden_age.state import GoldenAgeState

# From this edition the events name who acted ("{p1} (Brown Airline) opens a gate in New York.") and the CEO's
# choice in words. A game of edition 1 keeps the sentences its table saw, so its recorded views stay as they were.
PLAIN_WORDS = 2
FIELD = re.compile(r"\{(\w+)\}")
# What a field may hold where it is not any words: a seat's token, a number, a colour ("yellow").
NUMBERS = ("box", "cost", "income", "level", "mark", "per_token", "price", "turn", "value")
FIELD_WORDS = {"seat": r"\{p\d+\}", "colour": "[a-z]+", **dict.fromkeys(NUMBERS, r"\d+")}
SENTENCES: list[Sentence] = []  # every sentence the rules can write, in the order the modules define them


@dataclass(frozen=True)
class Sentence:
    """An event as the rules write it: its template ("{actor} builds a hub in {city}."), how much it matters to
    a player coming back to the game, and the words edition 1 used, where they differ. Each one registers itself,
    so that a sentence's weight is found by the very words that wrote it: a reworded event keeps its weight."""

    template: str
    weight: News
    first: str = ""  # edition 1's words
    patterns: tuple[re.Pattern[str], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        templates = [self.template] + [self.first] * bool(self.first and self.first != self.template)
        object.__setattr__(self, "patterns", tuple(pattern(t) for t in templates))
        SENTENCES.append(self)

    def say(self, state: GoldenAgeState, **fields: object) -> str:
        """The sentence with its fields filled in, in the words of the game's edition."""
        words = self.first if self.first and state.edition < PLAIN_WORDS else self.template
        return words.format(**fields)

    def matches(self, event: str) -> bool:
        return any(p.fullmatch(event) for p in self.patterns)


def pattern(template: str) -> re.Pattern[str]:
    """The template as a regular expression: its words exactly, each field what it may hold (FIELD_WORDS), else
    any text (a field may be empty)."""
    parts = FIELD.split(template)  # words, field name, words, field name, ...
    return re.compile("".join(re.escape(part) if index % 2 == 0 else f"(?:{FIELD_WORDS.get(part, '.*?')})"
                              for index, part in enumerate(parts)), re.DOTALL)


def sentences_of(event: str) -> list[Sentence]:
    """Every sentence whose words the event fits (one, for an event the rules wrote)."""
    return [sentence for sentence in SENTENCES if sentence.matches(event)]


def weigh(event: str) -> News:
    """The event's weight: its sentence's; PLAY for words no sentence fits (none the rules write)."""
    found = sentences_of(event)
    return found[0].weight if found else News.PLAY
