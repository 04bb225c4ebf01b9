"""Air Alliance's event sentences with their news weight (engine.core.News): every event is written from here."""

# Each sentence is a template with named blanks (engine.sentences), and the writers fill it in
# (STOPS.say(who=..., markers=...)); the game's news is its registry's, SENTENCES.news.

from __future__ import annotations

from engine.core import News
from engine.sentences import SEAT, Sentences

SENTENCES = Sentences({"who": SEAT, "next": SEAT})  # a "{who}" or "{next}" blank holds a seat token, nothing else
add = SENTENCES.add
weigh = SENTENCES.weigh  # None for words no sentence writes: the playout tests catch them

PLAY, GAIN, MILESTONE = News.PLAY, News.GAIN, News.MILESTONE

# -- the decisions that change nothing on the board: told all the same, so the log says what was chosen -------------
KEEPS_CLAIM = add("{who} keeps the baggage claim as it is.", News.ROUTINE)  # the Kobe first turn's other choice
SKIPS_TAKEOFFS = add("{who} skips the {takeoffs} left.", News.ROUTINE)
NO_ALLIANCE = add("{who} forms no alliance this turn.", News.ROUTINE)

# -- phase 1: planes, reservations and the Kobe marker uses --------------------------------------------------------
LANDS = add("{who} lands a {colour} plane from the supply on {airport}.", PLAY)
FLIES = add("{who} flies {colour} {route}{after}.", PLAY)
FLIES_AND_GAINS = add("{who} flies {colour} {route} and gains {cards}{after}.", GAIN)
GAINS = add("{who} gains {cards}{after}.", GAIN)  # the answer to "gain it or leave it waiting"
LEAVES = add("{who} leaves {card} waiting in the baggage claim{after}.", PLAY)
LEAVES_AND_GAINS = add("{who} leaves {card} waiting in the baggage claim and gains {cards}{after}.", GAIN)
PRIORITY = add("{who} uses a priority takeoff{free} at {airport}: {up} moves up to {ahead} and {down} back to "
               "{behind}.", PLAY)
RESERVES = add("{who} reserves {card}{more}.", PLAY)
CANCELLATION = add("{who} takes a cancellation and reserves {card}{more}.", PLAY)
WAITS = add("{who} places a marker on the logo, waiting for cancellation.", PLAY)
KEEPS_WAITING = add("{who} keeps waiting for cancellation.", News.ROUTINE)
FLUSHES = add("{who} flushes the boarding pass: {cards} {go} to the score pile.", PLAY)
STOPS = add("{who} stops, keeping {markers}.", News.ROUTINE)

# -- phases 0, 2 and 3, and the turn's end --------------------------------------------------------------------------
ALLIES = add("{who} forms an alliance with {npas} in alliance area {area} ({members}); the boarding pass's "
             "{cards} {go} to the score pile.{cleared}", MILESTONE)
AREA_CLEARED = add("Alliance area {area} is cleared ({why}): {planes} {go} beside the board.", MILESTONE)
LOST_BAGGAGE = add("Lost baggage: {what}.", News.ROUTINE)  # phase 2 happens by itself
REFILLS = add("The baggage claim refills: {cards} {verb} drawn.", News.ROUTINE)  # after cards are gained
PLACES = add("{who} places {card} on boarding pass slot {slot}{cover}.", PLAY)
EXTRA_MARKER = add("{who} gained {cards} this turn: one extra marker.", MILESTONE)
EXTRA_TURN = add("{who} gained {cards} this turn and plays an extra turn.", MILESTONE)

# -- the deck, the last round and the end -----------------------------------------------------------------------------
REFRESHES = add("{who} refreshes the baggage claim: {discarded} discarded, {drawn} drawn.", PLAY)
RESHUFFLES = add("The deck runs out: {who} shuffles the {discards} into a new deck.", PLAY)
LAST_ROUND = add("The deck runs out: {who} shuffles the {discards} into a new deck. The last round begins "
                 "with {next}.", MILESTONE)
LAST_TURN = add("The deck runs out: {who} shuffles the {discards} into a new deck. This is the last turn of "
                "the game.", MILESTONE)
RETIRES = add("{who} has no more turns: {planes} {leave} the board{alliance}.", News.ROUTINE)
GAME_OVER = add("The last round is over: the game ends. Miles: {scores}.", News.FINAL)


def listed(words: list[str]) -> str:
    """'A', 'A and B', 'A, B and C': how the sentences list cards, planes and colours."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
