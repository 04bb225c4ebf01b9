"""Air Alliance AI turn planner: the best sequence of marker uses for the rest of the turn, tried on a private copy."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.rules.air_alliance import runways
from engine.rules.air_alliance.ai_moves import FLUSH, FLY, RESERVE, SHARE, STOP, SWAP, WAIT, Moves, Use
from engine.rules.air_alliance.ai_value import EXTRA_MARKER, EXTRA_TURN, Valuer, card
from engine.rules.air_alliance.alliance import top_icons
from engine.rules.air_alliance.claim import gainable
from engine.rules.air_alliance.data import NPA_COLOURS
from engine.rules.air_alliance.flights import shapes
from engine.rules.air_alliance.gaining import reachable
from engine.rules.air_alliance.markers import can_reserve_now, can_wait_now, slot_key
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.state import SLOTS, SUPPLY, AirAllianceState

NODE_BUDGET = 600  # positions searched per plan: a count, not a clock, so the choice never depends on speed
LEAVES_CHECKED = 5  # the best-looking plans whose last markers are then chosen with care
WAIT_SHARE = 0.5  # Kobe: a marker on the logo may reserve later, when we know more, if a card is left


@dataclass
class Plan:
    """The uses for the markers left, in order, and what the turn they make is worth in miles."""

    uses: list[Use]
    value: float


class Planner(Moves):
    """Marker uses tried on a copy of the table (its deck emptied: the planner never draws, so it cannot peek).

    The search tries the uses that can gain a card (ai_moves.relevant) up to the markers left, then fills the
    markers a plan leaves one at a time with what places our planes best or reserves the card most worth keeping.
    """

    def __init__(self, state: AirAllianceState, seat: int, valuer: Valuer | None = None,
                 budget: int = NODE_BUDGET) -> None:
        s = state.copy()
        s.deck = []
        self.s, self.seat, self.data = s, seat, s.data
        self.airline = s.airlines[seat]
        self.colour = self.airline.colour
        self.v = valuer or Valuer(state, seat)
        self.tops = [top_icons(s, seat, slot) for slot in range(SLOTS)]
        self.keys = [slot_key(s, seat, slot) for slot in range(SLOTS)]
        self.used = {(slot, key) for slot, key, _ in s.used}
        self.left = list(gainable(s, seat))
        self.reaches = [{x: frozenset(reachable(s.flights[s.waiting_since.get(x, 0):], card(self.data, x).departure))
                         for x in self.left}]  # the flights made since each passenger began to wait (carried)
        self.order = {x: i for i, x in enumerate(self.left)}
        self.got = []
        self.may_reserve, self.may_wait = can_reserve_now(s), can_wait_now(s)
        self.may_stop = s.kobe(Kobe.FREE_MARKERS) or s.extra_marker
        self.earned = s.gained_this_turn
        self.pos0 = self.pos = self.v.board_value(s.board)
        self.nodes, self.budget = 0, budget
        self.movable = frozenset({self.colour, *NPA_COLOURS})  # which of them a slot can move, its icons decide
        self.land_tables = {}
        self.hop_tables = {}
        self.moved_values: dict[tuple[Any, ...], float] = {}
        self.watch_airports()

    # --- playing a use on the copy, and taking it back ------------------------------------------------------------

    def do(self, use: Use) -> tuple[Any, ...]:
        s, v = self.s, self.v
        s.markers_left -= use.markers
        undo: tuple[Any, ...] = ()
        if use.kind in (FLY, SHARE):
            o, t = use.origin, use.destination
            before_o = None if o == SUPPLY else list(s.board[o])
            before_t = list(s.board[t])
            self.pos -= v.place_value(t, s.board[t]) + (0 if o == SUPPLY else v.place_value(o, s.board[o]))
            if o == SUPPLY:
                self.airline.supply -= 1
            else:
                runways.take_off(shapes(self.data)[o], s.board[o], use.colour)
            runways.land(shapes(self.data)[t], s.board[t], use.colour)
            self.moved_both(o, t)
            self.pos += v.place_value(t, s.board[t]) + (0 if o == SUPPLY else v.place_value(o, s.board[o]))
            gained: list[str] = []
            if o != SUPPLY:
                self.fly(o, t)
                gained = [x for x in self.left if card(self.data, x).arrival in self.reach(x)]
                for x in gained:
                    self.left.remove(x)
                    self.got.append(x)
            undo = (before_o, before_t, gained)
        elif use.kind == SWAP:
            self.swap(use)
        elif use.kind in (RESERVE, WAIT):
            self.may_reserve = self.may_wait = False
        elif use.kind == FLUSH:
            undo = (list(self.tops), list(self.keys))
            self.tops = [self.data.passes[self.colour].slots[slot] for slot in range(SLOTS)]
            self.keys = [""] * SLOTS
        if use.slot >= 0:
            self.used.add((use.slot, self.keys[use.slot]))
        return undo

    def undo(self, use: Use, undo: tuple[Any, ...]) -> None:
        s, v = self.s, self.v
        if use.slot >= 0:
            self.used.discard((use.slot, self.keys[use.slot]))
        s.markers_left += use.markers
        if use.kind in (FLY, SHARE):
            before_o, before_t, gained = undo
            o, t = use.origin, use.destination
            self.pos -= v.place_value(t, s.board[t]) + (0 if o == SUPPLY else v.place_value(o, s.board[o]))
            s.board[t][:] = before_t
            if o == SUPPLY:
                self.airline.supply += 1
            else:
                s.board[o][:] = before_o
                self.reaches.pop()
                for x in gained:
                    self.got.remove(x)
                    self.left.append(x)
                self.left.sort(key=self.order.__getitem__)
            self.moved_both(o, t)
            self.pos += v.place_value(t, s.board[t]) + (0 if o == SUPPLY else v.place_value(o, s.board[o]))
        elif use.kind == SWAP:
            self.swap(use)  # a swap undoes itself
        elif use.kind in (RESERVE, WAIT):
            self.may_reserve, self.may_wait = can_reserve_now(s), can_wait_now(s)
        elif use.kind == FLUSH:
            self.tops, self.keys = undo

    def moved_both(self, origin: str, destination: str) -> None:
        self.moved(destination)
        if origin != SUPPLY:
            self.moved(origin)

    def fly(self, origin: str, destination: str) -> None:
        """A flight by the relay rule: every passenger who could be at its origin could now be at its destination.
        Kept as one table per flight, so taking a flight back is dropping the last."""
        self.reaches.append({x: r | {destination} if origin in r else r for x, r in self.reaches[-1].items()})

    def swap(self, use: Use) -> None:
        board, code = self.s.board, use.origin
        self.pos -= self.v.place_value(code, board[code])
        runways.swap(board[code], *use.places)
        self.moved(code)
        self.pos += self.v.place_value(code, board[code])

    # --- the search -------------------------------------------------------------------------------------------------

    def plan(self, root: list[Use] | None = None) -> Plan:
        """The best plan for the markers left; `root` fixes the choices for the marker being placed now."""
        self.reserve_guess = max((self.v.reserve_value(self.s.board, self.airline.supply, x, self.left)
                                  for x in self.left), default=0.0) if self.may_reserve else 0.0
        leaves: list[tuple[float, tuple[Use, ...]]] = []
        path: list[Use] = []
        seen: set[tuple[Any, ...]] = set()

        def visit() -> None:
            self.nodes += 1
            if path or root is None:
                leaves.append((self.estimate(), tuple(path)))
            if self.s.markers_left <= 0:
                return
            if self.s.markers_left == 1 and (path or root is None):
                for value, use in self.last_uses():
                    self.nodes += 1
                    leaves.append((value + self.pos - self.pos0, (*path, use)))
                return
            if path:
                key = self.position_key()
                if key in seen:
                    return  # the same uses in another order: nothing new below
                seen.add(key)
            for use in (root if not path and root is not None else self.relevant()):
                if self.nodes >= self.budget and path:
                    return
                undo = self.do(use)
                path.append(use)
                visit()
                path.pop()
                self.undo(use, undo)

        visit()
        leaves.sort(key=lambda leaf: -leaf[0])  # stable: among equals, the first found
        best: Plan | None = None
        for _, uses in leaves[:LEAVES_CHECKED]:
            found = self.finish(list(uses))
            if best is None or found.value > best.value + 1e-6:
                best = found
        return best or Plan([], 0.0)

    def position_key(self) -> tuple[Any, ...]:
        """What the rest of the turn depends on: the board, the icons used, the cards gained and where each
        waiting passenger could already be."""
        return (tuple(map(tuple, self.s.board.values())), frozenset(self.used), frozenset(self.got),
                tuple(self.reach(x) for x in self.left), self.airline.supply, self.s.markers_left,
                self.may_reserve, tuple(self.keys))

    def gains_now(self) -> float:
        """The cards gained so far this turn, and the extra turn (Kobe: marker) that three of them bring."""
        value = self.v.gain(frozenset(self.got))
        if self.earned < 3 <= self.earned + len(self.got):
            if self.s.kobe(Kobe.EXTRA_MARKER):
                value += 0.0 if self.s.extra_marker else EXTRA_MARKER
            elif not self.s.extra_turn:
                value += EXTRA_TURN
        return value

    def estimate(self) -> float:
        """A leaf's quick worth: cards, the extra turn, the planes' places, and a rough guess at the markers left."""
        value = self.gains_now() + self.pos - self.pos0
        if self.s.markers_left > 0 and self.may_reserve:
            value += self.reserve_guess
        return value

    # --- the last markers: chosen one at a time, for the places and reservations they leave -----------------------

    def fillers(self) -> list[tuple[float, Use]]:
        """Every use of the next marker with what it adds to our planes' places (the search found the gains);
        among uses with one effect, the one taking the slot whose icons are worth least."""
        spare = {slot: self.spare(slot) for slot in range(SLOTS)}
        scored: dict[tuple[Any, ...], tuple[float, Use]] = {}
        board, v = self.s.board, self.v
        for use in self.all_uses():
            key = (use.kind, use.colour, use.origin, use.destination, use.places)
            if key in scored and spare[use.slot] >= spare[scored[key][1].slot]:
                continue
            if use.kind == SWAP:
                places = list(board[use.origin])
                runways.swap(places, *use.places)
                value = v.place_value(use.origin, places) - v.place_value(use.origin, board[use.origin])
            elif use.colour == self.colour or use.colour in v.partners:
                value = self.moved_value(use)
            else:
                value = 0.0  # a free NPA's place helps every player alike
            scored[key] = (value, use)
        found = list(scored.values())
        if self.may_reserve:
            found += [(v.reserve_value(board, self.airline.supply, x, self.left), Use(RESERVE, card=x))
                      for x in self.left if self.s.reserver(x) is None]
        if self.may_wait:
            best = max((v.reserve_value(board, self.airline.supply, x, self.left) for x in self.left), default=0.0)
            found.append((WAIT_SHARE * best, Use(WAIT)))
        if self.s.kobe(Kobe.FLUSH) and any(self.keys):
            found.append((self.flush_value(), Use(FLUSH)))
        if self.may_stop:
            found.append((0.0, Use(STOP, markers=self.s.markers_left)))
        return found

    def moved_value(self, use: Use) -> float:
        """What a plane's move adds to the places of our planes, worked out on copies of two airports (and kept:
        the search asks about the same move between the same planes again and again)."""
        board = self.s.board
        o, t = use.origin, use.destination
        key = (use.colour, o, t, tuple(board[t]), None if o == SUPPLY else tuple(board[o]))
        found = self.moved_values.get(key)
        if found is None:
            found = self.moved_values[key] = self.work_out_move(use)
        return found

    def work_out_move(self, use: Use) -> float:
        board, v = self.s.board, self.v
        o, t = use.origin, use.destination
        target = list(board[t])
        runways.land(shapes(self.data)[t], target, use.colour)
        value = v.place_value(t, target) - v.place_value(t, board[t])
        if o != SUPPLY:
            origin = list(board[o])
            runways.take_off(shapes(self.data)[o], origin, use.colour)
            value += v.place_value(o, origin) - v.place_value(o, board[o])
        return value

    def spare(self, slot: int) -> float:
        """What the slot's icons could still do: spent first when it does not matter which slot a marker takes."""
        return max(self.v.icon_value(i) for i in self.tops[slot]) if slot >= 0 else 0.0

    def flush_value(self) -> float:
        printed = [self.data.passes[self.colour].slots[slot] for slot in range(SLOTS)]
        return self.v.pass_value(printed, self.left) - self.v.pass_value(self.tops, self.left)

    def finish(self, uses: list[Use]) -> Plan:
        """Play the uses, then fill the markers left one by one with the best filler; the plan and its worth."""
        undos = [(use, self.do(use)) for use in uses]
        extra = 0.0
        full = list(uses)
        while self.s.markers_left > 0:
            found = self.fillers()
            if not found:
                break
            value, use = max(found, key=lambda f: f[0])
            full.append(use)
            if use.kind == STOP:
                break
            if use.kind in (RESERVE, WAIT, FLUSH):
                extra += value
            undos.append((use, self.do(use)))
        total = self.gains_now() + self.pos - self.pos0 + extra
        for use, undo in reversed(undos):
            self.undo(use, undo)
        return Plan(full, total)
