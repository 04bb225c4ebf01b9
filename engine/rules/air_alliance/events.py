"""Air Alliance's event sentences with their news weight (engine.core.News): every event is written from here."""

# Each sentence is a key, a template with named blanks and a weight (engine.sentences); the writers emit its event
# with the blanks' values (STOPS.event(who=Seat(seat), markers=...)), and the surfaces word it from here.

from __future__ import annotations

from engine.core import News
from engine.sentences import Sentences

SENTENCES = Sentences()  # the game's catalogue: "{who}" and "{next}" blanks hold a Seat
add = SENTENCES.add

PLAY, GAIN, MILESTONE = News.PLAY, News.GAIN, News.MILESTONE

# -- the decisions that change nothing on the board: told all the same, so the log says what was chosen -------------
KEEPS_CLAIM = add("keeps_claim", "{who} keeps the baggage claim as it is.", News.ROUTINE)  # the Kobe first turn's other choice
SKIPS_TAKEOFFS = add("skips_takeoffs", "{who} skips the {takeoffs} left.", News.ROUTINE)
NO_ALLIANCE = add("no_alliance", "{who} forms no alliance this turn.", News.ROUTINE)

# -- phase 1: planes, reservations and the Kobe marker uses --------------------------------------------------------
LANDS = add("lands", "{who} lands a {colour} plane from the supply on {airport}.", PLAY)
FLIES = add("flies", "{who} flies {colour} {route}{after}.", PLAY)
FLIES_AND_GAINS = add("flies_and_gains", "{who} flies {colour} {route} and gains {cards}{after}.", GAIN)
# a clause of FLIES, GAINS and LEAVES: the card the flight or the answer left the player to decide on
CAN_GAIN = add("can_gain", "; {who} can gain {cards} or leave it waiting", News.ROUTINE)
GAINS = add("gains", "{who} gains {cards}{after}.", GAIN)  # the answer to "gain it or leave it waiting"
LEAVES = add("leaves", "{who} leaves {card} waiting in the baggage claim{after}.", PLAY)
LEAVES_AND_GAINS = add("leaves_and_gains", "{who} leaves {card} waiting in the baggage claim and gains {cards}{after}.", GAIN)
PRIORITY = add("priority", "{who} uses a priority takeoff{free} at {airport}: {up} moves up to {ahead} and {down} back to "
               "{behind}.", PLAY)
RESERVES = add("reserves", "{who} reserves {card}{more}.", PLAY)
CANCELLATION = add("cancellation", "{who} takes a cancellation and reserves {card}{more}.", PLAY)
WAITS = add("waits", "{who} places a marker on the logo, waiting for cancellation.", PLAY)
KEEPS_WAITING = add("keeps_waiting", "{who} keeps waiting for cancellation.", News.ROUTINE)
FLUSHES = add("flushes", "{who} flushes the boarding pass: {cards} {go} to the score pile.", PLAY)
STOPS = add("stops", "{who} stops, keeping {markers}.", News.ROUTINE)

# -- phases 0, 2 and 3, and the turn's end --------------------------------------------------------------------------
ALLIES = add("allies", "{who} forms an alliance with {npas} in alliance area {area} ({members}); the boarding pass's "
             "{cards} {go} to the score pile.{cleared}", MILESTONE)
AREA_CLEARED = add("area_cleared", "Alliance area {area} is cleared ({why}): {planes} {go} beside the board.", MILESTONE)
LOST_BAGGAGE = add("lost_baggage", "Lost baggage: {what}.", News.ROUTINE)  # phase 2 happens by itself
REFILLS = add("refills", "The baggage claim refills: {cards} {verb} drawn.", News.ROUTINE)  # after cards are gained
PLACES = add("places", "{who} places {card} on boarding pass slot {slot}{cover}.", PLAY)
EXTRA_MARKER = add("extra_marker", "{who} gained {cards} this turn: one extra marker.", MILESTONE)
EXTRA_TURN = add("extra_turn", "{who} gained {cards} this turn and plays an extra turn.", MILESTONE)

# -- the deck, the last round and the end -----------------------------------------------------------------------------
REFRESHES = add("refreshes", "{who} refreshes the baggage claim: {discarded} discarded, {drawn} drawn.", PLAY)
RESHUFFLES = add("reshuffles", "The deck runs out: {who} shuffles the {discards} into a new deck.", PLAY)
LAST_ROUND = add("last_round", "The deck runs out: {who} shuffles the {discards} into a new deck. The last round begins "
                 "with {next}.", MILESTONE)
LAST_TURN = add("last_turn", "The deck runs out: {who} shuffles the {discards} into a new deck. This is the last turn of "
                "the game.", MILESTONE)
RETIRES = add("retires", "{who} has no more turns: {planes} {leave} the board{alliance}.", News.ROUTINE)
GAME_OVER = add("game_over", "The last round is over: the game ends. Miles: {scores}.", News.FINAL)  # a run of SCORE
SCORE = add("score", "{who} {miles}", News.ROUTINE)  # one seat's miles, a clause of GAME_OVER


def listed(words: list[str]) -> str:
    """'A', 'A and B', 'A, B and C': how the sentences list cards, planes and colours."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
