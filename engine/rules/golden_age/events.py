"""1930's event sentences: the registry each module adds its sentences to, and what their blanks may hold."""

from __future__ import annotations

from engine.sentences import NUMBER, SEAT, WORD, Sentences

# From this edition the events name who acted ("{p1} (Brown Airline) opens a gate in New York.") and the CEO's
# choice in words. A game of edition 1 keeps the sentences its table saw, so its recorded views stay as they were.
PLAIN_WORDS = 2
NUMBERS = ("box", "cost", "income", "level", "mark", "per_token", "price", "turn", "value")
# Every sentence the rules can write, in the order the modules add them; the game's news is SENTENCES.news.
SENTENCES = Sentences({"seat": SEAT, "colour": WORD, **dict.fromkeys(NUMBERS, NUMBER)})


def edition_1(words: str) -> tuple[tuple[int, str], ...]:
    """A sentence's words in edition 1, where they differ from today's (Sentence's `earlier`)."""
    return ((PLAIN_WORDS, words),)
