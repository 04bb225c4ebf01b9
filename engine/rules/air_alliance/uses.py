"""Whether a marker can do anything: which boarding pass icons have a complete use now, asked for every menu."""

from __future__ import annotations

from functools import cache
from collections.abc import Iterator

from engine.rules.air_alliance import runways
from engine.rules.air_alliance.alliance import partners, top_icons
from engine.rules.air_alliance.data import Components, Icon, IconKind
from engine.rules.air_alliance.flights import Memo, can_fly, can_land, shapes
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.state import SLOTS, AirAllianceState

OPPONENT_NPA_MARKERS = 2  # Kobe: "by placing two of your markers on a Code Sharing icon of an opponents' Alliance"


def slot_key(state: AirAllianceState, seat: int, slot: int) -> str:
    """What a marker on the slot lies on: its top card, or '' for the printed slot."""
    return state.airlines[seat].top(slot) or ""


def marked(state: AirAllianceState, seat: int, slot: int) -> int | None:
    """The icon index marked this turn on the slot's current top, if any."""
    key = slot_key(state, seat, slot)
    return next((icon for s, k, icon in state.used if s == slot and k == key), None)


@cache
def swap_pairs(data: Components) -> dict[str, tuple[tuple[int, int], ...]]:
    """Per airport, the pairs of places a priority takeoff may switch (runways.SWAP_PAIRS by its shape)."""
    return {code: runways.SWAP_PAIRS[shape] for code, shape in shapes(data).items()}


def can_take_priority(state: AirAllianceState) -> bool:
    """Whether markers.priority_airports would find any airport (asked after every free takeoff and every menu)."""
    pairs = swap_pairs(state.data)
    for code, r in state.board.items():
        for i, j in pairs[code]:  # runways.swaps' test, inlined: this runs for every menu
            if r[i] is not None and r[j] is not None and r[i] != r[j]:
                return True
    return False


def usable(state: AirAllianceState, seat: int, icon: Icon, memo: Memo | None = None) -> bool:
    """A marker must do something: the icon has at least one complete use now."""
    memo = {} if memo is None else memo
    kind = icon.kind
    if kind is IconKind.AREA or kind is IconKind.SPECIAL:
        return can_land(state, seat, icon, memo)
    if kind is IconKind.PRIORITY:
        if ("priority",) not in memo:
            memo["priority",] = can_take_priority(state)
        return bool(memo["priority",])
    return can_share(state, seat, icon, memo)


def can_share(state: AirAllianceState, seat: int, icon: Icon, memo: Memo) -> bool:
    """Whether a code sharing icon flies some NPA: markers.npa_choices' colours, without building the list."""
    # Its order and costs do not matter here; what holds for every icon of the menu is decided once.
    key: tuple[str, str | int] = ("partners", seat)  # any code sharing icon flies the seat's alliance partners
    if key not in memo:
        memo[key] = any(can_fly(state, colour, memo) for colour in partners(state, seat))
    if memo[key]:
        return True
    for colour in icon.npa:
        key = ("shown", colour)  # an icon flies the free NPAs it shows (Kobe: any NPA it shows, for two markers)
        if key not in memo:
            anyone = state.kobe(Kobe.OPPONENT_NPA) and state.markers_left >= OPPONENT_NPA_MARKERS
            memo[key] = (anyone or colour not in allied(state, memo)) and can_fly(state, colour, memo)
        if memo[key]:
            return True
    return False


def allied(state: AirAllianceState, memo: Memo) -> set[str]:
    """The colours in some alliance: alliance.is_free's answer for every NPA of a menu at once."""
    if ("allied",) not in memo:
        memo["allied",] = {colour for area in state.alliances for colour in area}
    colours: set[str] = memo["allied",]
    return colours


def open_icons(state: AirAllianceState, seat: int) -> list[tuple[int, int]]:
    """(slot, icon index) of every icon a marker could use now: unmarked slots, icons with a complete use."""
    return list(usable_icons(state, seat))


def usable_icons(state: AirAllianceState, seat: int) -> Iterator[tuple[int, int]]:
    """open_icons one at a time, so a caller that only asks whether there is one stops at the first."""
    memo: Memo = {}  # what icons share (who may take off, an NPA colour, the priority check) is decided once
    for slot in range(SLOTS):
        if marked(state, seat, slot) is not None:
            continue
        for index, icon in enumerate(top_icons(state, seat, slot)):
            if usable(state, seat, icon, memo):
                yield slot, index
