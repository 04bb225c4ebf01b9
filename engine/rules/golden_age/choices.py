"""1930's operation and CEO choice words: a short label says what a choice is, its detail what it brings and costs."""

from __future__ import annotations

from engine.core import MAX_LABEL, Action
from engine.rules.golden_age import board
from engine.rules.golden_age.airline_operations import SUPPLY, gates_per_expand, expand_cities
from engine.rules.golden_age.state import GoldenAgeState, Operation, Pending
from engine.words import count


def explain(state: GoldenAgeState, seat: int, actions: list[Action]) -> list[Action]:
    """The same choices: a 1930 label and detail are worked out with the menu, so nothing is added."""
    return actions


def worded(kind: str, args: tuple[str | int, ...], words: tuple[str, str]) -> Action:
    """A choice from its words: the label, then the detail."""
    label, detail = words
    return Action(kind, args, label, detail=detail)


def shortened(text: str, most: int = MAX_LABEL) -> str:
    """The text whole if it fits a label or a detail; else cut at the last word that fits, never inside one."""
    if len(text) <= most:
        return text
    cut = text[:most - 1].rsplit(" ", 1)[0].rstrip(",;:+ ")
    return cut + "…"


class Dividend:
    """The CEO's five choices after a flight (the player board lists them)."""

    FULL = "full"
    HALF_TECH = "half+tech"
    HALF_GATES = "half+3 gates"
    NONE_SIX = "none+6 gates"
    NONE_THREE_TECH = "none+3 gates+tech"


# Each choice's payout ("full", "half" or none), the gates it adds and whether it takes a tech box.
DIVIDEND_PARTS: dict[str, tuple[str, int, bool]] = {
    Dividend.FULL: ("a full dividend", 0, False),
    Dividend.HALF_TECH: ("a half dividend", 0, True),
    Dividend.HALF_GATES: ("a half dividend", 3, False),
    Dividend.NONE_SIX: ("no dividend", 6, False),
    Dividend.NONE_THREE_TECH: ("no dividend", 3, True),
}


def dividend_words(choice: str, reserve: int) -> str:
    """'a half dividend and 3 more gates': the CEO's choice, with as many gates as the reserve really gives
    (ruling 9), for the menu and the log alike."""
    paid, gates, tech = DIVIDEND_PARTS[choice]
    parts = [paid, *[count(min(gates, reserve), "more gate")] * bool(gates), *["a tech box"] * tech]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def dividend_label(choice: str, reserve: int) -> str:
    """'Half dividend and 3 more gates'."""
    words = dividend_words(choice, reserve).removeprefix("a ")
    return words[0].upper() + words[1:]


def tech_step(state: GoldenAgeState, airline: str) -> str:
    """'tech box 4 (green), a new colour: stock up a box': what one more box on the tech track brings."""
    record = state.airlines[airline]
    colour = state.data.tech_colour(record.tech_box + 1)
    rises = colour is not board.tech_colour(state, airline) and record.price_box < len(state.data.market) - 1
    return f"tech box {record.tech_box + 1} ({colour.value})" + (", a new colour: stock up a box" if rises else "")


# -- the operations ----------------------------------------------------------------------------------------

OPERATION_NAMES = {op: op.value.capitalize() for op in Operation}  # the rulebook's names: "Expand", "Fly"


def operation_detail(state: GoldenAgeState, airline: str, op: Operation) -> str:
    """What the operation does for this airline now."""
    record = state.airlines[airline]
    colour = board.tech_colour(state, airline).value
    if op is Operation.EXPAND:  # two only where the technology, the supply and the map all allow a second
        most = min(gates_per_expand(state, airline), record.gates_available, len(expand_cities(state, airline)))
        where = "A gate in 1 city" if most == 1 else "Gates in 1 or 2 cities"
        return f"{where}; {count(record.gates_available, 'gate')} ready"
    if op is Operation.FLY:
        return f"Income ${record.income} pays up to ${state.data.dividend(record.income)} a token; the CEO chooses how"
    if op is Operation.RESEARCH:
        return "To " + tech_step(state, airline)
    if op is Operation.STAND:
        return "Nothing else is possible; " + ("its stock falls a box" if record.price_box else "its stock stays at $1")
    return {
        Operation.RELOCATE: "Move 1 or 2 of its gates; its income may not fall",
        Operation.UPGRADE: f"{colour.capitalize()} tiles on 1 or 2 of its cities, then up to 2 more you pay for",
        Operation.OPEN: f"A {colour} tile and a gate in a city it is not in; its income may not fall",
        Operation.HUB: f"Where it has a gate: adds the city's value to its income; {count(record.hubs_available, 'hub')} ready",
    }[op]


def income_change(state: GoldenAgeState, airline: str, after: int) -> str:
    """'income $14 → $20': what a gate placed or moved does to the airline's income."""
    return f"income ${state.airlines[airline].income} → ${after}"


def spot_words(state: GoldenAgeState, key: str, airline: str, source: str | None) -> str:
    """'USA, $7 white; spot 2 of 4 earns $7; income $14 → $21': a gate placed there (from `source`, None: its
    supply) and what it earns."""
    data, city = state.data.cities[key], state.cities[key]
    assert city.colour is not None  # a gate goes only to a city in play
    place = len(city.gates)
    after = board.income_if(state, airline, source, key)
    return (f"{data.region.value}, ${board.city_value(state, key)} {city.colour.value}; spot {place + 1} of "
            f"{data.spots} earns ${board.spot_value(state, key, place)}; {income_change(state, airline, after)}")


def city_choice(state: GoldenAgeState, pending: Pending, key: str, cost: int = 0) -> tuple[str, str]:
    """The label and detail of a city chosen for the operation under way (`cost`: a paid upgrade's price)."""
    airline, op, city = pending.airline, pending.operation, board.city_name(state, key)
    if op is Operation.UPGRADE:
        tile = board.tile_for(state, airline, key)
        assert tile is not None  # offered only where the airline's tile can go
        price = f"you pay ${cost}" if cost else "free"
        return f"Upgrade {city} to {tile.value}", f"{upgrade_words(state, key, airline)}; {price}"
    if op is Operation.OPEN:
        return f"Open {city}", open_words(state, key, airline)
    if op is Operation.HUB:
        return f"Hub in {city}", hub_words(state, key, airline)
    if op is Operation.RELOCATE:
        return f"Move it to {city}", spot_words(state, key, airline, pending.source or None)
    return f"Gate in {city}", spot_words(state, key, airline, None)


def upgrade_words(state: GoldenAgeState, key: str, airline: str) -> str:
    """'$7 white → $10 yellow; Green Airline's income +$3': the tile the airline would place and what it earns."""
    tile, city = board.tile_for(state, airline, key), state.cities[key]
    assert tile is not None and city.colour is not None  # offered only where the airline's tile can go
    now, after = board.city_value(state, key), board.city_values(state)[key][tile.rank]
    gain = (after - now) * (1 + (city.hub == airline))  # its hub there counts the city's value too
    return f"${now} {city.colour.value} → ${after} {tile.value}; {board.name(state, airline)}'s income +${gain}"


def open_words(state: GoldenAgeState, key: str, airline: str) -> str:
    """'Canada, not in play yet: a yellow tile; its gate earns $9 on spot 1': the value after the tile."""
    tile, city, data = board.tile_for(state, airline, key), state.cities[key], state.data.cities[key]
    assert tile is not None  # offered only where the airline's tile can go
    now = f"${board.city_value(state, key)} {city.colour.value} now" if city.colour else "not in play yet"
    place = len(city.gates)
    value = board.spot_value(state, key, place, tile)
    return f"{data.region.value}, {now}: a {tile.value} tile; its gate earns ${value} on spot {place + 1}"


def hub_words(state: GoldenAgeState, key: str, airline: str) -> str:
    """'USA, $10 yellow: the hub adds $10; income $14 → $24' (a hub counts the plain value, no bonus or penalty)."""
    city = state.cities[key]
    assert city.colour is not None  # a hub goes where the airline has a gate
    value = board.city_value(state, key)
    after = state.airlines[airline].income + value
    return (f"{state.data.cities[key].region.value}, ${value} {city.colour.value}: the hub adds ${value}; "
            f"{income_change(state, airline, after)}")


def gate_earns(state: GoldenAgeState, airline: str, key: str) -> str:
    """'It earns $6 there now': a gate of the airline that may move."""
    return f"It earns ${board.spot_value(state, key, state.cities[key].gates.index(airline))} there now"


def source_choice(state: GoldenAgeState, pending: Pending, key: str, also: bool = False) -> tuple[str, str]:
    """Where a relocated or opened gate comes from: its label, and its detail (for Open, the income after)."""
    airline = pending.airline
    if pending.operation is not Operation.OPEN:
        return f"{'Also move' if also else 'Move'} the gate in {board.city_name(state, key)}", gate_earns(state, airline, key)
    tile = board.tile_for(state, airline, pending.cities[0])
    after = income_change(state, airline, board.income_if(state, airline, None if key == SUPPLY else key,
                                                          pending.cities[0], tile))
    if key == SUPPLY:
        return "Gate from its supply", f"{count(state.airlines[airline].gates_available, 'gate')} ready; {after}"
    return f"Gate from {board.city_name(state, key)}", f"{gate_earns(state, airline, key)}; {after}"
