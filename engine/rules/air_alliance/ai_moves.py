"""Air Alliance AI marker uses: every use of the next marker, and the few the planner searches because they can gain."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, NamedTuple

from engine.rules.air_alliance import runways
from engine.rules.air_alliance.ai_value import Valuer, card, leavers
from engine.rules.air_alliance.data import Components, Icon, IconKind
from engine.rules.air_alliance.flights import allowed, npa_origins, permit_airports, shapes
from engine.rules.air_alliance.markers import npa_choices, priority_airports
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.state import SLOTS, SUPPLY, AirAllianceState, Airline, Pending

FLY, SHARE, SWAP, RESERVE, FLUSH, WAIT, STOP = "fly", "share", "swap", "reserve", "flush", "wait", "stop"

STOPS_TRIED = 10  # stops on the way searched from one position, those that may carry the most passengers on first
Lands = dict[str, dict[str, tuple[int, int]]]  # mover (a colour) -> airport -> (icon index, markers it takes)


class Use(NamedTuple):
    """One marker use, every parameter chosen: the planner's unit of a turn (a named tuple: the planner makes
    millions, and a frozen dataclass takes more than twice as long to make)."""

    kind: str
    slot: int = -1
    icon: int = -1
    colour: str = ""  # the plane moved
    origin: str = ""  # where it leaves (or SUPPLY); for a priority takeoff, the airport
    destination: str = ""
    places: tuple[int, int] = (0, 0)  # a priority takeoff's two places
    card: str = ""  # a reservation's card
    markers: int = 1


@cache
def landable(data: Components, colour: str) -> tuple[str, ...]:
    """The airports a colour may land on, in board order: sets of names iterate in an order that changes from one
    run to the next, and the order of the choices decides ties."""
    return tuple(code for code in data.airports if code in allowed(data, colour))


class Moves:
    """The marker uses of the planner's table (its attributes are set by Planner)."""

    s: AirAllianceState
    data: Components
    seat: int
    colour: str
    airline: Airline
    v: Valuer
    tops: list[tuple[Icon, Icon, Icon]]
    keys: list[str]
    used: set[tuple[int, str]]
    reaches: list[dict[str, frozenset[str]]]  # where each passenger could be, after each flight the plan has made
    left: list[str]
    got: list[str]
    movable: frozenset[str]
    land_tables: dict[tuple[Any, ...], Lands]
    leaving: dict[str, frozenset[str]]  # airport -> who could take off there now
    landings: dict[str, dict[str, frozenset[str]]]  # airport -> colour landing -> who could take off after
    hop_tables: dict[tuple[Any, ...], dict[str, frozenset[str]]]

    def free(self, slot: int) -> bool:
        return (slot, self.keys[slot]) not in self.used

    def watch_airports(self) -> None:
        """Who could take off at each airport, kept as the planner moves planes: the search asks it of every
        airport at every position, and one use changes at most two airports."""
        self.leaving = {code: leavers(self.data, code, tuple(places)) for code, places in self.s.board.items()}
        self.landings = {}

    def moved(self, code: str) -> None:
        """A plane landed at, took off from or swapped places at this airport: what is kept of it is new."""
        self.leaving[code] = leavers(self.data, code, tuple(self.s.board[code]))
        self.landings.pop(code, None)

    def leavers(self, code: str) -> frozenset[str]:
        return self.leaving[code]

    def room(self, code: str) -> bool:
        return None in self.s.board[code]

    def reach(self, card_id: str) -> frozenset[str]:
        """Where a waiting passenger could already be, by the relay rule on the flights made so far (Planner.fly)."""
        return self.reaches[-1][card_id]

    def gains_now(self) -> float:
        raise NotImplementedError

    def moved_value(self, use: Use) -> float:
        raise NotImplementedError

    # --- every use, as the rules offer them --------------------------------------------------------------------------

    def icon_uses(self, slot: int, index: int, icon: Icon, pending: Pending | None = None) -> list[Use]:
        """Every complete use of one icon, found with the rules' own functions; `pending` narrows to the choices
        already made for the icon being resolved."""
        s = self.s
        if icon.kind in (IconKind.AREA, IconKind.SPECIAL):
            targets = [t for t in permit_airports(self.data, icon, self.colour) if self.room(t)]
            origins = ([SUPPLY] if self.airline.supply else []) + [code for code in s.board if self.colour in
                                                                    self.leavers(code)]
            if pending is not None and pending.origin is not None:
                origins = [pending.origin]
            return [Use(FLY, slot, index, self.colour, o, t) for o in origins for t in targets if t != o]
        if icon.kind is IconKind.PRIORITY:
            codes = [pending.airport] if pending is not None and pending.airport else priority_airports(s)
            return [Use(SWAP, slot, index, origin=code, places=pair)
                    for code in codes for pair in runways.swaps(shapes(self.data)[code], s.board[code])]
        uses = []
        for npa, cost in npa_choices(s, self.seat, icon):
            if pending is not None and pending.colour is not None:
                if npa != pending.colour:
                    continue
                cost = pending.markers
            for o in ([pending.origin] if pending is not None and pending.origin else npa_origins(s, npa)):
                uses += [Use(SHARE, slot, index, npa, o, t, markers=cost) for t in landable(self.data, npa)
                         if t != o and self.room(t)]
        return uses

    def all_uses(self) -> list[Use]:
        uses = []
        for slot in range(SLOTS):
            if self.free(slot):
                for index, icon in enumerate(self.tops[slot]):
                    uses += self.icon_uses(slot, index, icon)
        return [u for u in uses if u.markers <= self.s.markers_left]

    # --- the uses worth searching ----------------------------------------------------------------------------------

    def relevant(self) -> list[Use]:
        """Uses that can gain a card this turn, at once or with the markers left: flights leaving where a waiting
        passenger can already be, planes landed or swapped where another use carries them on. Fillers come later."""
        left, after = self.s.markers_left, self.s.markers_left - 1
        reaches = {x: self.reach(x) for x in self.left}
        if not reaches:
            return []
        origins = set().union(*reaches.values())
        full = {card(self.data, x).arrival for x in self.left if not self.room(card(self.data, x).arrival)}  # flying out makes room
        ends = {card(self.data, x).arrival for x in self.left} | {card(self.data, x).departure for x in self.left}
        wanted = {o: {card(self.data, x).arrival for x, r in reaches.items() if o in r} for o in origins | full}
        free = [slot for slot in range(SLOTS) if self.free(slot)]
        lands = {slot: self.lands(slot) for slot in free}
        hops = {slot: self.onward(lands, slot) for slot in free} if after >= 1 else {}
        board = self.s.board
        found: dict[tuple[Any, ...], Use] = {}  # one use per (slot, effect): two icons of a slot doing the same are one
        # choice; and stops on the way, with how many passengers they may carry on:
        setting: dict[tuple[Any, ...], tuple[int, Use]] = {}

        def add(slot: int, index: int, mover: str, o: str, t: str, cost: int, carry_on: int = 0) -> None:
            key = (slot, mover, o, t)  # the first of a kind is kept: made only then, as most come again
            if key in (setting if carry_on else found):
                return
            use = Use(FLY if mover == self.colour else SHARE, slot, index, mover, o, t, markers=cost)
            if carry_on:
                setting[key] = (carry_on, use)
            else:
                found[key] = use

        sites: dict[str, set[str]] = {}  # mover -> airports where one of its planes may take off
        if after >= 1:
            for code in board:
                for mover in self.leavers(code) & self.movable:
                    sites.setdefault(mover, set()).add(code)
        for o in sorted(origins | full):
            carried = wanted[o]
            for mover in sorted(self.leavers(o) & self.movable):
                for slot in free:
                    table = lands[slot].get(mover)
                    if not table:
                        continue
                    for t in sorted(carried):
                        if t in table and t != o and None in board[t] and table[t][1] <= left:
                            add(slot, table[t][0], mover, o, t, table[t][1])
                    if after < 1:
                        continue
                    anywhere = o in full and o not in origins  # flying out of a full arrival makes room
                    stops = self.stops(mover, carried, ends, hops[slot], wanted, sites)
                    for t, (index, cost) in table.items():
                        if (anywhere or t in stops) and t != o and t not in carried and cost <= after \
                                and None in board[t]:
                            add(slot, index, mover, o, t, cost, stops.get(t, 1))
        if after >= 1 and self.airline.supply:
            for slot in free:
                table = lands[slot].get(self.colour, {})
                for t in sorted(origins):
                    if t in table and None in board[t] and self.colour in self.landed(self.colour, t) \
                            and wanted[t] & hops[slot].get(self.colour, frozenset()):
                        add(slot, table[t][0], self.colour, SUPPLY, t, 1, len(wanted[t]))
        return self.with_fillers(list(found.values()), list(setting.values()), free, origins, after)

    def with_fillers(self, found: list[Use], setting: list[tuple[int, Use]], free: list[int], origins: set[str],
                     after: int) -> list[Use]:
        """The uses found, then the stops, then (markers left) the swaps and the flush that set up a gain."""
        # Stops that may carry the most passengers on are tried first, and only so many: with an alliance's NPAs
        # nearly every airport is a possible stop, and most lead nowhere.
        ranked = sorted(setting, key=lambda entry: -entry[0])  # stable: among equals, the first found
        uses = found + [use for _, use in ranked[:STOPS_TRIED]]
        if after >= 1:
            uses += self.setting_swaps(free, origins)
            if self.s.kobe(Kobe.FLUSH) and any(self.keys):
                uses.append(Use(FLUSH))
        return uses

    def setting_swaps(self, free: list[int], origins: set[str]) -> list[Use]:
        """Priority takeoffs where a waiting passenger is, that let one of our planes or a usable NPA take off."""
        for slot in free:
            for index, icon in enumerate(self.tops[slot]):
                if icon.kind is IconKind.PRIORITY:
                    return [Use(SWAP, slot, index, origin=code, places=pair) for code in sorted(origins)
                            for pair in runways.swaps(shapes(self.data)[code], self.s.board[code])
                            if self.frees_a_plane(code, pair)]
        return []

    def stops(self, mover: str, carried: set[str], ends: set[str], onward: dict[str, frozenset[str]],
              wanted: dict[str, set[str]], sites: dict[str, set[str]]) -> dict[str, int]:
        """Where a plane carrying these passengers is worth landing, with how many arrivals could follow: where
        another plane that can take off could carry them on with an icon still free, or (this plane itself)
        where other passengers wait. Icons land a plane wherever they allow from anywhere, so a plane stopping
        on the way alone gains nothing. Planes that may take off before a landing still may after it."""
        found: dict[str, int] = {}
        for other, codes in sites.items():
            count = len(carried & onward.get(other, frozenset())) if other != mover else 0
            if count:
                for t in codes:
                    if found.get(t, 0) < count:
                        found[t] = count
        reach = onward.get(mover, frozenset())
        for t in ends:
            if t not in found and self.room(t) and mover in self.landed(mover, t):
                count = len((carried | wanted.get(t, set())) & reach)
                if count:
                    found[t] = count
        return found

    def lands(self, slot: int) -> Lands:
        """Where each plane we may move can land with the slot's icons (the first icon that can, per airport)."""
        key = (slot, self.keys[slot], self.s.markers_left >= 2)
        table = self.land_tables.get(key)
        if table is None:
            table = {}
            for index, icon in enumerate(self.tops[slot]):
                if icon.kind in (IconKind.AREA, IconKind.SPECIAL):
                    for t in permit_airports(self.data, icon, self.colour):
                        table.setdefault(self.colour, {}).setdefault(t, (index, 1))
                elif icon.kind is IconKind.CODE_SHARING:
                    for npa, cost in npa_choices(self.s, self.seat, icon):
                        for t in landable(self.data, npa):
                            table.setdefault(npa, {}).setdefault(t, (index, cost))
            self.land_tables[key] = table
        return table

    def onward(self, lands: dict[int, Lands], slot: int) -> dict[str, frozenset[str]]:
        """onward(), kept for the planner's search: the land tables it reads change only with the slots' keys."""
        key = (slot, tuple((other, self.keys[other]) for other in lands), self.s.markers_left >= 2)
        found = self.hop_tables.get(key)
        if found is None:
            found = self.hop_tables[key] = onward(lands, slot)
        return found

    def landed(self, colour: str, t: str) -> frozenset[str]:
        """Who could take off from t once a plane of this colour has landed there."""
        kept = self.landings.setdefault(t, {})
        found = kept.get(colour)
        if found is None:
            found = kept[colour] = landed(self.data, t, tuple(self.s.board[t]), colour)
        return found

    def frees_a_plane(self, code: str, pair: tuple[int, int]) -> bool:
        places = list(self.s.board[code])
        runways.swap(places, *pair)
        return bool((leavers(self.data, code, tuple(places)) - self.leavers(code)) & self.movable)

    def last_uses(self) -> list[tuple[float, Use]]:
        """Each gaining use of the last marker with the worth of the turn it ends, worked out without playing it:
        the search's busiest place."""
        board, left = self.s.board, self.s.markers_left
        reaches = {x: self.reach(x) for x in self.left}
        lands = {slot: self.lands(slot) for slot in range(SLOTS) if self.free(slot)}
        uses: dict[tuple[Any, ...], Use] = {}
        for x, reach in reaches.items():
            t = card(self.data, x).arrival
            if None not in board[t]:
                continue
            for o in sorted(reach - {t}):
                for mover in sorted(self.leavers(o) & self.movable):
                    for slot, table in lands.items():
                        entry = table.get(mover, {}).get(t)
                        if entry and entry[1] <= left and (slot, mover, o, t) not in uses:
                            kind = FLY if mover == self.colour else SHARE
                            uses[slot, mover, o, t] = Use(kind, slot, entry[0], mover, o, t, markers=entry[1])
        found = []
        for use in uses.values():
            new = [x for x, r in reaches.items() if card(self.data, x).arrival == use.destination and use.origin in r]
            self.got.extend(new)
            value = self.gains_now() + self.moved_value(use)
            del self.got[len(self.got) - len(new):]
            found.append((value, use))
        return found


@lru_cache(maxsize=1 << 14)
def landed(data: Components, code: str, places: tuple[str | None, ...], colour: str) -> frozenset[str]:
    """Who could take off from an airport holding these planes once a plane of this colour has landed there."""
    after = list(places)
    runways.land(shapes(data)[code], after, colour)
    return leavers(data, code, tuple(after))


def onward(lands: dict[int, Lands], slot: int) -> dict[str, frozenset[str]]:
    """Where each mover could still land with one marker on the other free slots, once this one is spent."""
    found: dict[str, set[str]] = {}
    for other, table in lands.items():
        if other != slot:
            for mover, targets in table.items():
                found.setdefault(mover, set()).update(t for t, (_, cost) in targets.items() if cost == 1)
    return {mover: frozenset(targets) for mover, targets in found.items()}
