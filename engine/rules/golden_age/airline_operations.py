"""1930's eight Airline Operations: which an airline can take now, and what each does to the map and tracks."""

from __future__ import annotations

from engine.core import News
from engine.events import Blank
from engine.rules.golden_age import board, market
from engine.rules.golden_age.board import actor, name
from engine.rules.golden_age.data import Colour
from engine.rules.golden_age.events import PLAIN_WORDS, SENTENCES, edition_1
from engine.rules.golden_age.state import GoldenAgeState, Operation
from engine.words import count

UPGRADES_FREE = 2
UPGRADES_PAID = 2
SUPPLY = "supply"  # an opened city's gate comes from the airline's available gates

# What the operations write; "{actor}" is who acted for the airline (board.actor).
RESEARCHED = SENTENCES.add("researched", "{actor} researches: tech box {box} ({colour}).", News.PLAY,
                           earlier=edition_1("{airline} researches: technology box {box} ({colour})."))
# Edition 1 tells a new colour in RESEARCHED's words.
NEW_COLOUR = SENTENCES.add("new_colour", "{actor} reaches {colour} technology: tech box {box}.", News.MILESTONE)
GATES_ADDED = SENTENCES.add("gates_added", "{airline} adds {gates} to its supply.", News.ROUTINE)  # the CEO's choice said it first
GATE_OPENED = SENTENCES.add("gate_opened", "{actor} opens a gate in {city}.", News.PLAY,
                            earlier=edition_1("{airline} opens a gate in {city}."))
GATE_MOVED = SENTENCES.add("gate_moved", "{actor} moves a gate from {source} to {city}.", News.PLAY,
                           earlier=edition_1("{airline} moves a gate from {source} to {city}."))
UPGRADED = SENTENCES.add("upgraded", "{actor} upgrades {city} to {colour}{paid}.", News.PLAY,
                         earlier=edition_1("{airline} upgrades {city} to {colour}{paid}."))
CITY_OPENED = SENTENCES.add("city_opened", "{actor} opens {city} with a {colour} tile{origin}.", News.PLAY,
                            earlier=edition_1("{airline} opens {city} in {colour}{origin}."))
HUB_BUILT = SENTENCES.add("hub_built", "{actor} builds a hub in {city}.", News.MILESTONE,
                          earlier=edition_1("{airline} builds a hub in {city}."))
STOOD = SENTENCES.add("stood", "{actor} stands.", News.PLAY, earlier=edition_1("{airline} stands."))


def gates_per_expand(state: GoldenAgeState, airline: str) -> int:
    """White technology places one gate per Expand; Yellow and beyond up to two."""
    return 1 if board.tech_colour(state, airline) is Colour.WHITE else 2


def expand_cities(state: GoldenAgeState, airline: str) -> list[str]:
    if state.airlines[airline].gates_available == 0:
        return []
    return board.gate_cities(state, airline)


def movable_gates(state: GoldenAgeState, airline: str, exclude: tuple[str, ...] = ()) -> list[str]:
    """Cities whose gate of the airline may leave (not a hub's own gate, not one moved this action)."""
    return [key for key in board.cities_with_gate(state, airline) if not board.locked(state, airline, key)
            and key not in exclude]


def gate_losses(state: GoldenAgeState, airline: str) -> list[int]:
    """What the income loses when each movable gate of the airline leaves its city (its spot's value)."""
    return [board.spot_value(state, key, city.gates.index(airline)) for key, city in state.cities.items()
            if airline in city.gates and city.hub != airline]


def can_relocate(state: GoldenAgeState, airline: str) -> bool:
    """Whether one gate can move without lowering the income (what Stand's check looks for): a gate leaving a
    city moves none of the airline's other gates, so the cheapest gate to lose against the best free spot."""
    losses = gate_losses(state, airline)
    if not losses:
        return False
    cities = state.cities
    gains = [board.spot_value(state, key, len(cities[key].gates))
             for key in board.gate_cities(state, airline)]  # never a city it is in: every source is excluded
    return bool(gains) and max(gains) >= min(losses)


def upgrade_cities(state: GoldenAgeState, airline: str, chosen: tuple[str, ...] = ()) -> list[str]:
    """Cities with the airline's gate where it could place a tile of its colour (not already chosen)."""
    return [key for key in board.cities_with_gate(state, airline)
            if key not in chosen and board.tile_for(state, airline, key) is not None]


def open_cities(state: GoldenAgeState, airline: str, *, first: bool = False) -> list[str]:
    """Cities without the airline's gate, with a free spot, where its tile can go and a gate can follow
    (`first`: stop at the first one, for a yes-or-no question)."""
    colour = board.tech_colour(state, airline)
    if colour.rank == 0:  # there are no white tiles: white technology opens nothing
        return []
    # A gate may come from wherever the income does not fall: the supply costs nothing, a moved gate its spot.
    losses = [0] * bool(state.airlines[airline].gates_available) + gate_losses(state, airline)
    if not losses:
        return []
    cheapest, opened, cities = min(losses), board.opened_ranks(state), state.data.cities
    found = []
    for key, city in state.cities.items():
        # The cheap refusals first (this runs for every city whenever the menu of operations is built).
        if (opened[key] > colour.rank or airline in city.gates or len(city.gates) >= cities[key].spots
                or (city.colour is not None and city.colour.rank >= colour.rank)):
            continue
        tile = board.tile_for(state, airline, key)
        if tile is not None and board.spot_value(state, key, len(city.gates), tile) >= cheapest:
            found.append(key)
            if first:
                break
    return found


def open_sources(state: GoldenAgeState, airline: str, key: str) -> list[str]:
    """Where the opened city's gate may come from so the airline's income does not fall."""
    colour = board.tile_for(state, airline, key)
    if colour is None:
        return []
    now = state.airlines[airline].income
    sources = [SUPPLY] if state.airlines[airline].gates_available else []
    sources += movable_gates(state, airline)
    return [s for s in sources if board.income_if(state, airline, None if s == SUPPLY else s, key, colour) >= now]


def hub_cities(state: GoldenAgeState, airline: str) -> list[str]:
    return [key for key in state.cities if board.can_hub(state, airline, key)]


def can_step_tech(state: GoldenAgeState, airline: str) -> bool:
    """A box is left to move into (a CEO's tech step ignores the Advanced side)."""
    return state.airlines[airline].tech_box < len(state.data.tech)


def can_research(state: GoldenAgeState, airline: str) -> bool:
    return not state.airlines[airline].advanced and can_step_tech(state, airline)


def possible(state: GoldenAgeState, airline: str, op: Operation) -> bool:
    """Whether the airline can take this operation now (Stand aside: see `available`)."""
    record = state.airlines[airline]
    if op is Operation.FLY:
        return not record.flown
    if op is Operation.RESEARCH:
        return can_research(state, airline)
    if op is Operation.HUB:
        return record.hubs_available > 0 and bool(hub_cities(state, airline))
    if op is Operation.EXPAND:
        return bool(expand_cities(state, airline))
    if op is Operation.UPGRADE:
        return bool(upgrade_cities(state, airline))
    if op is Operation.RELOCATE:
        return can_relocate(state, airline)
    if op is Operation.OPEN:
        return bool(open_cities(state, airline, first=True))
    return not any(possible(state, airline, other) for other in FREE_OPERATIONS)  # Stand


# The order matters only for speed: the cheap questions first, so `any` stops early.
FREE_OPERATIONS = (Operation.FLY, Operation.RESEARCH, Operation.HUB, Operation.EXPAND, Operation.UPGRADE,
                   Operation.RELOCATE, Operation.OPEN)
MENU_ORDER = (Operation.EXPAND, Operation.RELOCATE, Operation.UPGRADE, Operation.OPEN, Operation.HUB,
              Operation.RESEARCH, Operation.FLY)


def available(state: GoldenAgeState, airline: str, *, purchased: bool = False) -> list[Operation]:
    """The operations the airline can take now; Stand only when no free alternative exists."""
    ops = [op for op in MENU_ORDER if possible(state, airline, op)]
    if not ops and not purchased:  # a bought action must do something (ruling)
        ops.append(Operation.STAND)
    return ops


def anything_possible(state: GoldenAgeState, airline: str) -> bool:
    """Whether a bought action could do something for the airline (Stand is not for sale)."""
    return any(possible(state, airline, op) for op in FREE_OPERATIONS)


def research(state: GoldenAgeState, seat: int | None, airline: str, *, flag: bool = True) -> None:
    """One box right on the technology track; a new colour raises the stock price one box. `seat`: who acted
    (the CEO, for a dividend's tech box), None where the no-CEO rule did.

    A CEO's or the no-CEO rule's tech step ignores and leaves the Advanced side (`flag=False`)."""
    record = state.writable_airline(airline)
    if record.tech_box >= len(state.data.tech):
        return
    before = board.tech_colour(state, airline)
    record.tech_box += 1
    if flag:
        record.advanced = True
    after = board.tech_colour(state, airline)
    said = NEW_COLOUR if after is not before and state.edition >= PLAIN_WORDS else RESEARCHED
    state.events.append(said.event(**said_by(state, seat, airline), box=record.tech_box,
                                 colour=after.value))
    if after is not before:
        market.move_price(state, airline, 1, f"new technology colour, {after.value}")


def add_gates(state: GoldenAgeState, airline: str, wanted: int) -> int:
    """Move gates from the reserve to the available supply; as many as the reserve holds."""
    record = state.writable_airline(airline)
    moved = min(wanted, record.gates_reserve)
    record.gates_reserve -= moved
    record.gates_available += moved
    if moved:
        gates = count(moved, "gate") if state.edition >= PLAIN_WORDS else f"{moved} gates"
        state.events.append(GATES_ADDED.event(airline=name(state, airline), gates=gates))
    return moved


def said_by(state: GoldenAgeState, seat: int | None, airline: str) -> dict[str, Blank]:
    """The fields every operation's sentence names its actor by (edition 1's words name the airline alone)."""
    return {"actor": actor(state, seat, airline), "airline": name(state, airline)}


def expand(state: GoldenAgeState, seat: int, airline: str, key: str) -> None:
    board.place_gate(state, airline, key)
    state.writable_airline(airline).gates_available -= 1
    board.refresh_incomes(state)
    city = board.city_name(state, key)
    state.events.append(GATE_OPENED.event(**said_by(state, seat, airline), city=city))


def relocate(state: GoldenAgeState, seat: int, airline: str, source: str, key: str) -> None:
    board.remove_gate(state, airline, source)
    board.place_gate(state, airline, key)
    board.refresh_incomes(state)
    state.events.append(GATE_MOVED.event(**said_by(state, seat, airline),
                                       source=board.city_name(state, source), city=board.city_name(state, key)))


def upgrade(state: GoldenAgeState, seat: int, airline: str, key: str, cost: int) -> None:
    colour = board.tile_for(state, airline, key)
    assert colour is not None  # checked when offered
    board.place_tile(state, key, colour)
    if cost:
        state.writable_seat(seat).money -= cost
        state.bank += cost
    board.refresh_incomes(state)
    paid = f" for ${cost}" if cost else ""
    state.events.append(UPGRADED.event(**said_by(state, seat, airline),
                                     city=board.city_name(state, key), colour=colour.value, paid=paid))


def open_city(state: GoldenAgeState, seat: int, airline: str, key: str, source: str) -> None:
    colour = board.tile_for(state, airline, key)
    assert colour is not None  # checked when offered
    board.place_tile(state, key, colour)
    if source == SUPPLY:
        state.writable_airline(airline).gates_available -= 1
    else:
        board.remove_gate(state, airline, source)
    board.place_gate(state, airline, key)
    board.refresh_incomes(state)
    origin = "" if source == SUPPLY else f" (the gate from {board.city_name(state, source)})"
    state.events.append(CITY_OPENED.event(**said_by(state, seat, airline),
                                        city=board.city_name(state, key), colour=colour.value, origin=origin))


def hub(state: GoldenAgeState, seat: int, airline: str, key: str) -> None:
    state.writable(key).hub = airline
    state.writable_airline(airline).hubs_available -= 1
    board.refresh_incomes(state)
    city = board.city_name(state, key)
    state.events.append(HUB_BUILT.event(**said_by(state, seat, airline), city=city))


def stand(state: GoldenAgeState, seat: int, airline: str) -> None:
    state.events.append(STOOD.event(**said_by(state, seat, airline)))
    market.move_price(state, airline, -1, "it stood")


def tech_behind(state: GoldenAgeState, airline: str) -> int:
    """How many boxes the airline trails the most advanced airline in play."""
    best = max(state.airlines[key].tech_box for key in state.live_airlines())
    return best - state.airlines[airline].tech_box
