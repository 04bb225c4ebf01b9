"""1930's catalogue of sentences, which each module adds its own to, and the clause that names who acted."""

from __future__ import annotations

from engine.events import News
from engine.sentences import Sentences

# From this edition the events name who acted ("ann (Brown Airline) opens a gate in New York.") and the CEO's
# choice in words. A game of edition 1 keeps the words its table saw (Sentence's `earlier`): the key is the same.
PLAIN_WORDS = 2
# Every sentence the rules emit, by key, in the order the modules add them: a "{seat}" blank holds a Seat.
SENTENCES = Sentences()
# Who acted for an airline, a clause of the operations' sentences (board.actor): "{actor}" holds it.
ACTOR = SENTENCES.add("actor", "{seat} ({airline})", News.ROUTINE)


def edition_1(words: str) -> tuple[tuple[int, str], ...]:
    """A sentence's words in edition 1, where they differ from today's (Sentence's `earlier`)."""
    return ((PLAIN_WORDS, words),)
