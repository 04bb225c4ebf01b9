"""Kobe: a player's planes leave the board for good, after their last turn or when it turns out they will have none."""

from __future__ import annotations

from engine.events import Seat as p
from engine.rules.air_alliance import events, runways
from engine.rules.air_alliance.alliance import area_of, clear_areas
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.state import AirAllianceState
from engine.words import count

# The edition from which a player who will have no last turn removes their planes the moment that is known (the
# deck running out), and a removed player's alliance plane leaves its area too; edition 1 waited for the end of
# that turn and kept the alliance plane in its area.
AT_ONCE = 2


def remove_the_planeless(state: AirAllianceState) -> None:
    """The deck has run out and the last turns are known: "when it turns out that you won't have a Last Turn, you
    must immediately remove all of your planes from the board" (edition 2). The player whose turn ran the deck
    out plays it to its end, which is their last turn: they remove theirs when it ends (turn.next_turn)."""
    if state.edition < AT_ONCE or not state.kobe(Kobe.REMOVE_PLANES) or state.final_turns is None:
        return
    for seat in range(state.players):
        if seat not in state.final_turns and seat != state.current:
            retire(state, seat)


def retire(state: AirAllianceState, seat: int) -> None:
    """Kobe: the player's planes leave the board (back to the supply, out of play); waiting planes move up.

    Edition 2 (ruling): the alliance areas are on the board, so the player's alliance plane leaves its area too,
    and an area left without a player is cleared, its NPAs free for everyone's last turns.
    """
    airline = state.airlines[seat]
    if airline.retired:
        return
    removed = 0
    for code, r in state.board.items():
        while airline.colour in r:
            runways.remove_at(state.data.airports[code].shape, r, r.index(airline.colour))
            removed += 1
    airline.supply += removed
    airline.retired = True
    verb = "leaves" if removed == 1 and state.edition >= AT_ONCE else "leave"  # edition 1's events keep their words
    planes = count(removed, f"{airline.colour} plane")
    area = area_of(state, airline.colour)
    if state.edition >= AT_ONCE and area is not None:
        state.alliances[area].remove(airline.colour)
        alliance = f", and their alliance plane leaves alliance area {area + 1}"
        state.events.append(events.RETIRES.event(who=p(seat), planes=planes, leave=verb, alliance=alliance))
        state.events.extend(clear_areas(state))
        return
    state.events.append(events.RETIRES.event(who=p(seat), planes=planes, leave=verb, alliance=""))
