"""1930's catalogue of sentences, which each module adds its own to, and the clause that names who acted."""

from __future__ import annotations

from engine.events import Event, News
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


# What each action the board highlights (state.last's "airline:action") emits of its own or sets off (a flight's
# dividend, research's new colour): the board tags a line of news with the action only when it is one of these.
OWN = {
    "expand": ("gate_opened",), "relocate": ("gate_moved",), "upgrade": ("upgraded",),
    "open": ("city_opened", "gate_opened"), "hub": ("hub_built",), "research": ("researched", "new_colour", "stock_up"),
    "fly": ("flown", "dividend_paid", "ceo_chose", "no_ceo_no_gates", "no_ceo_few_gates", "no_ceo_behind"),
    "stand": ("stood",), "buy": ("bought", "founded"), "contract": ("awarded",),
}


def own_news(news: list[Event], action: str, airline: str) -> list[int]:
    """Which of the last move's events (their places in `news`) are the action's own: by key, naming its airline."""
    keys = OWN.get(action, ())
    return [n for n, event in enumerate(news) if event.key in keys and event.get("airline") == airline]
