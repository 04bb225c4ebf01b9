"""Air Alliance's optional Kobe rules: one boolean setup option each, with words the lobby can offer."""

from __future__ import annotations

import enum
from typing import Any
from collections.abc import Mapping

from engine.core import GameError


class Kobe(enum.Enum):
    """The publisher's optional 'Kobe rules'; each is its own switch, all off by default."""

    OPPONENT_NPA = "kobe_opponent_npa"
    FLUSH = "kobe_flush"
    RESERVE_OFF_BOARD = "kobe_reserve_off_board"
    WAIT_CANCELLATION = "kobe_wait_cancellation"
    FREE_MARKERS = "kobe_free_markers"
    EXTRA_MARKER = "kobe_extra_marker"
    FIRST_TURN = "kobe_first_turn"
    EQUAL_TURNS = "kobe_equal_turns"
    REMOVE_PLANES = "kobe_remove_planes"
    ECONOMY = "kobe_economy"


DESCRIPTIONS: dict[Kobe, str] = {
    Kobe.OPPONENT_NPA: "Two markers on a code sharing icon let you fly an NPA of another player's alliance once",
    Kobe.FLUSH: "One marker clears your boarding pass to your score pile",
    Kobe.RESERVE_OFF_BOARD: "A reserved card leaves the baggage claim with its marker; the claim refills",
    Kobe.WAIT_CANCELLATION: "A marker on the logo lets you reserve a card after another player's markers",
    Kobe.FREE_MARKERS: "You need not place all three markers",
    Kobe.EXTRA_MARKER: "Gaining 3+ cards gives one extra marker after flight control, not an extra turn",
    Kobe.FIRST_TURN: "First turns: refresh the claim and free priority takeoffs; no reserving until all have played",
    Kobe.EQUAL_TURNS: "The game ends when the last seat finishes its last turn: everyone plays as many turns",
    Kobe.REMOVE_PLANES: "After your last turn (or at once if you will have none) your planes leave the board",
    Kobe.ECONOMY: "10,000 bonus miles for every five economy class cards",
}

# (key, short description) pairs for the lobby, in the order the rulebook lists them.
OPTIONS: tuple[tuple[str, str], ...] = tuple((kobe.value, DESCRIPTIONS[kobe]) for kobe in Kobe)


def read_options(options: Mapping[str, Any]) -> frozenset[Kobe]:
    """The Kobe rules switched on; an unknown key or a non-boolean value is refused with the keys there are.

    Keys that are not Kobe rules (the service may keep its own settings in the same mapping) are ignored
    unless they look like one, so a typo in a Kobe key is caught rather than silently playing without it.
    """
    chosen: set[Kobe] = set()
    known = {kobe.value: kobe for kobe in Kobe}
    for key, value in options.items():
        if not key.startswith("kobe_"):
            continue
        if key not in known:
            raise GameError(f"There is no Kobe rule called {key!r}. Kobe rules: {', '.join(known)}.")
        if not isinstance(value, bool):
            raise GameError(f"The Kobe rule {key} is switched on or off with true or false, not {value!r}.")
        if value:
            chosen.add(known[key])
    return frozenset(chosen)
