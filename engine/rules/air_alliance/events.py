"""Air Alliance's event sentences with their news weight (engine.core.News): every event is written from here."""

# Each sentence is a template with named blanks, and the writers fill it in (STOPS.say(who=..., markers=...)).
# The board's headline weighs each event by the sentence it was written from, so a reworded sentence keeps its
# weight, and an event written without one is caught by the playout test (weigh answers None).

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field

from engine.core import News

SEAT = r"\{p\d+\}"  # a "{who}" or "{next}" blank holds a seat token, nothing else


@dataclass(frozen=True)
class Sentence:
    """One kind of event: its words with named blanks, and how much it matters to a player coming back."""

    template: str
    weight: News
    pattern: re.Pattern[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        parts = []
        for literal, name, _, _ in string.Formatter().parse(self.template):
            parts.append(re.escape(literal))
            if name is not None:
                parts.append(SEAT if name in ("who", "next") else ".*?")
        object.__setattr__(self, "pattern", re.compile("".join(parts) + r"\Z", re.DOTALL))

    def say(self, **blanks: object) -> str:
        return self.template.format(**blanks)

    def matches(self, event: str) -> bool:
        return self.pattern.match(event) is not None


PLAY, GAIN, MILESTONE = News.PLAY, News.GAIN, News.MILESTONE

# -- phase 1: planes, reservations and the Kobe marker uses --------------------------------------------------------
LANDS = Sentence("{who} lands a {colour} plane from the supply on {airport}.", PLAY)
FLIES = Sentence("{who} flies {colour} {route}{after}.", PLAY)
FLIES_AND_GAINS = Sentence("{who} flies {colour} {route} and gains {cards}{after}.", GAIN)
GAINS = Sentence("{who} gains {cards}{after}.", GAIN)  # the answer to "gain it or leave it waiting"
LEAVES = Sentence("{who} leaves {card} waiting in the baggage claim{after}.", PLAY)
LEAVES_AND_GAINS = Sentence("{who} leaves {card} waiting in the baggage claim and gains {cards}{after}.", GAIN)
PRIORITY = Sentence("{who} uses a priority takeoff{free} at {airport}: {up} moves up to {ahead} and {down} back to "
                    "{behind}.", PLAY)
RESERVES = Sentence("{who} reserves {card}{more}.", PLAY)
CANCELLATION = Sentence("{who} takes a cancellation and reserves {card}{more}.", PLAY)
WAITS = Sentence("{who} places a marker on the logo, waiting for cancellation.", PLAY)
KEEPS_WAITING = Sentence("{who} keeps waiting for cancellation.", News.ROUTINE)
FLUSHES = Sentence("{who} flushes the boarding pass: {cards} {go} to the score pile.", PLAY)
STOPS = Sentence("{who} stops, keeping {markers}.", News.ROUTINE)

# -- phases 0, 2 and 3, and the turn's end --------------------------------------------------------------------------
ALLIES = Sentence("{who} forms an alliance with {npas} in alliance area {area} ({members}); the boarding pass's "
                  "{cards} {go} to the score pile.{cleared}", MILESTONE)
AREA_CLEARED = Sentence("Alliance area {area} is cleared ({why}): {planes} {go} beside the board.", MILESTONE)
LOST_BAGGAGE = Sentence("Lost baggage: {what}.", News.ROUTINE)  # phase 2 happens by itself
REFILLS = Sentence("The baggage claim refills: {cards} {verb} drawn.", News.ROUTINE)  # after cards are gained
PLACES = Sentence("{who} places {card} on boarding pass slot {slot}{cover}.", PLAY)
EXTRA_MARKER = Sentence("{who} gained {cards} this turn: one extra marker.", MILESTONE)
EXTRA_TURN = Sentence("{who} gained {cards} this turn and plays an extra turn.", MILESTONE)

# -- the deck, the last round and the end -----------------------------------------------------------------------------
REFRESHES = Sentence("{who} refreshes the baggage claim: {discarded} discarded, {drawn} drawn.", PLAY)
RESHUFFLES = Sentence("The deck runs out: {who} shuffles the {discards} into a new deck.", PLAY)
LAST_ROUND = Sentence("The deck runs out: {who} shuffles the {discards} into a new deck. The last round begins "
                      "with {next}.", MILESTONE)
LAST_TURN = Sentence("The deck runs out: {who} shuffles the {discards} into a new deck. This is the last turn of "
                     "the game.", MILESTONE)
RETIRES = Sentence("{who} has no more turns: {planes} {leave} the board{alliance}.", News.ROUTINE)
GAME_OVER = Sentence("The last round is over: the game ends. Miles: {scores}.", News.FINAL)

SENTENCES = (
    LANDS, FLIES, FLIES_AND_GAINS, GAINS, LEAVES, LEAVES_AND_GAINS, PRIORITY, RESERVES, CANCELLATION, WAITS,
    KEEPS_WAITING, FLUSHES, STOPS, ALLIES, AREA_CLEARED, LOST_BAGGAGE, REFILLS, PLACES, EXTRA_MARKER, EXTRA_TURN, REFRESHES,
    RESHUFFLES, LAST_ROUND, LAST_TURN, RETIRES, GAME_OVER,
)


def listed(words: list[str]) -> str:
    """'A', 'A and B', 'A, B and C': how the sentences list cards, planes and colours."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def weigh(event: str) -> News | None:
    """The weight of the sentence the event was written from (the heaviest, where a general one matches too:
    'flies ... and gains' is also a 'flies'); None for words no sentence writes."""
    found = [sentence.weight for sentence in SENTENCES if sentence.matches(event)]
    return max(found) if found else None


def news(event: str) -> News:
    """How much an event matters for the board's headline; words no sentence writes count as an ordinary move."""
    weight = weigh(event)
    return News.PLAY if weight is None else weight
