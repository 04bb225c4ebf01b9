"""1930's choice words: each city, gate and tile choice says what it really brings, worked out as it would happen."""

from __future__ import annotations

from engine.core import Action
from engine.rules.golden_age import board
from engine.rules.golden_age.actions import SUPPLY
from engine.rules.golden_age.state import GoldenAgeState, Operation, Pending


def explain(state: GoldenAgeState, seat: int, actions: list[Action]) -> list[Action]:
    """The same choices: a 1930 label (and detail) already names what a choice brings, so nothing is added."""
    return actions


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def income_change(state: GoldenAgeState, airline: str, after: int) -> str:
    """'Green Airline's income $14 → $20': the detail of a choice that moves a gate."""
    return f"{board.name(state, airline)}'s income ${state.airlines[airline].income} → ${after}"


def city_label(state: GoldenAgeState, pending: Pending, key: str, price: str = "") -> str:
    """The words of a city chosen for the operation under way (`price`: a paid upgrade's, or '(free)')."""
    airline, op = pending.airline, pending.operation
    if op is Operation.UPGRADE:
        words = upgrade_words(state, key, airline) + (f" {price}" if price else "")
    elif op is Operation.OPEN:
        words = open_words(state, key, airline)
    elif op is Operation.HUB:
        words = hub_words(state, key)
    else:
        words = board.city_words(state, key, airline)
    return words[:100]


def city_detail(state: GoldenAgeState, pending: Pending, key: str) -> str:
    """What a gate placed or moved there does to the airline's income (other operations: their label says it)."""
    airline, op = pending.airline, pending.operation
    if op is Operation.EXPAND:
        return income_change(state, airline, board.income_if(state, airline, None, key))
    if op is Operation.RELOCATE and pending.source:
        return income_change(state, airline, board.income_if(state, airline, pending.source, key))
    return ""


def upgrade_words(state: GoldenAgeState, key: str, airline: str) -> str:
    """'Chicago: white $7 → yellow $10, Green Airline +$3': the tile the airline would place and what it earns."""
    tile, city = board.tile_for(state, airline, key), state.cities[key]
    assert tile is not None and city.colour is not None  # offered only where the airline's tile can go
    now, after = board.city_value(state, key), board.city_values(state)[key][tile.rank]
    gain = (after - now) * (1 + (city.hub == airline))  # its hub there counts the city's value too
    return (f"{board.city_name(state, key)}: {city.colour.value} ${now} → {tile.value} ${after}, "
            f"{board.name(state, airline)} +${gain}")


def open_words(state: GoldenAgeState, key: str, airline: str) -> str:
    """'Winnipeg (Canada, not in play): yellow tile, its gate earns $9 on spot 1': the value after the tile."""
    tile, city, data = board.tile_for(state, airline, key), state.cities[key], state.data.cities[key]
    assert tile is not None  # offered only where the airline's tile can go
    now = f"${board.city_value(state, key)} {city.colour.value}" if city.colour else "not in play"
    place = len(city.gates)
    value = board.spot_value(state, key, place, tile)
    return f"{data.name} ({data.region.value}, {now}): {tile.value} tile, its gate earns ${value} on spot {place + 1}"


def hub_words(state: GoldenAgeState, key: str) -> str:
    """'Chicago (USA, $10 yellow): the hub adds $10' (a hub counts the plain value, no bonus or penalty)."""
    city = state.cities[key]
    assert city.colour is not None  # a hub goes where the airline has a gate
    value = board.city_value(state, key)
    return f"{board.city_name(state, key)} ({state.data.cities[key].region.value}, ${value} {city.colour.value}): " \
           f"the hub adds ${value}"


def gate_words(state: GoldenAgeState, airline: str, key: str) -> str:
    """'the gate in Seattle (earns $6 there)': a gate of the airline that may move, and what it earns now."""
    if key == SUPPLY:
        return "a gate from its supply"
    earns = board.spot_value(state, key, state.cities[key].gates.index(airline))
    return f"the gate in {board.city_name(state, key)} (earns ${earns} there)"


def source_words(state: GoldenAgeState, pending: Pending, key: str) -> tuple[str, str]:
    """Where an opened or relocated gate comes from: the label, and the detail of what the airline earns after."""
    airline = pending.airline
    words = gate_words(state, airline, key)
    label = "From its supply of gates" if key == SUPPLY else words[0].upper() + words[1:]
    if pending.operation is not Operation.OPEN:
        return label, ""
    tile = board.tile_for(state, airline, pending.cities[0])
    after = board.income_if(state, airline, None if key == SUPPLY else key, pending.cities[0], tile)
    return label, income_change(state, airline, after)
