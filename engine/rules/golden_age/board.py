"""1930's map: where an airline may reach, gate spots and their income, tiles, hubs, and the income track's releases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import News
from engine.events import Event, Seat
from engine.rules.golden_age.data import REGION_OPENED_BY, City, Colour, Region
from engine.rules.golden_age.events import ACTOR, PLAIN_WORDS, SENTENCES

if TYPE_CHECKING:
    from engine.rules.golden_age.state import GoldenAgeState

NO_TOKEN_AT_100_WITH = 2  # "In a 2-Player game, no new Stock tokens become available" at income 100
TOKEN_RELEASED = SENTENCES.add("token_released", "{airline} reaches ${mark} income: one more stock token is for sale.", News.GAIN)
HUB_EARNED = SENTENCES.add("hub_earned", "{airline} earns a hub.", News.GAIN)


def tech_colour(state: GoldenAgeState, airline: str) -> Colour:
    return state.data.tech[state.airlines[airline].tech_box - 1].colour


def reaches(state: GoldenAgeState, airline: str, region: Region) -> bool:
    """Whether the airline's technology opens the region (each colour adds its regions to the ones before)."""
    return REGION_OPENED_BY[region].rank <= tech_colour(state, airline).rank


def city_value(state: GoldenAgeState, key: str) -> int:
    colour = state.cities[key].colour
    return 0 if colour is None else city_values(state)[key][colour.rank]


def city_values(state: GoldenAgeState) -> dict[str, tuple[int, ...]]:
    """City key -> its value at each colour rank (0 where it has none)."""
    return state.data.values_by_rank


def spot_value(state: GoldenAgeState, key: str, spot: int, colour: Colour | None = None) -> int:
    """What a gate on this spot earns (at the city's colour, or `colour` if a tile is about to go there): the
    first has the bonus, the last the penalty, the middle ones neither (Components.spot_values)."""
    if colour is None:
        colour = state.cities[key].colour
    if colour is not None and 0 <= spot < len(row := state.data.spot_values[key][colour.rank]):
        return row[spot]
    city = state.data.cities[key]  # not in play (its value is 0), or a spot past the last
    value = 0 if colour is None else city_values(state)[key][colour.rank]
    if spot == 0:
        return value + city.bonus
    if spot == city.spots - 1:
        return value - city.penalty
    return value


def income_of(state: GoldenAgeState, airline: str) -> int:
    """The sum of every gate's spot value and every hub's city value (a hub has no bonus or penalty)."""
    total = 0
    for key, city in state.cities.items():
        if airline in city.gates:
            total += spot_value(state, key, city.gates.index(airline))
        if city.hub == airline:
            total += city_value(state, key)
    return total


def income_if(state: GoldenAgeState, airline: str, source: str | None, destination: str,
              colour: Colour | None = None) -> int:
    """The airline's income if its gate left `source` (None: from its supply) for `destination`, where a tile of
    `colour` may be placed first. Only its own gates' spots matter, and leaving one city moves none of those."""
    income = state.airlines[airline].income
    if source is not None:
        income -= spot_value(state, source, state.cities[source].gates.index(airline))
    return income + spot_value(state, destination, len(state.cities[destination].gates), colour)


def refresh_incomes(state: GoldenAgeState) -> None:
    """Move every Income/Fly token to its airline's income, releasing tokens and hubs at the marks it reaches."""
    data = state.data
    incomes = dict.fromkeys(state.airlines, 0)
    earned, values = data.spot_values, data.values_by_rank
    for key, city in state.cities.items():  # one pass over the map for every airline at once
        colour = city.colour
        if colour is None:
            continue
        rank = colour.rank
        if city.gates:
            row = earned[key][rank]
            for spot, holder in enumerate(city.gates):  # never more gates than spots
                incomes[holder] += row[spot]
        if city.hub is not None:
            incomes[city.hub] += values[key][rank]
    tokens_at, hubs_at = data.token_releases, data.hub_releases
    for key, airline in list(state.airlines.items()):
        income = incomes[key]
        if airline.bankrupt or (income == airline.income and income < _next(tokens_at, airline.releases_done)
                                and income < _next(hubs_at, airline.hub_releases_done)):
            continue  # unchanged: the record stays shared with the state before
        airline = state.writable_airline(key)
        airline.income = income
        while airline.releases_done < len(data.token_releases) and airline.income >= data.token_releases[airline.releases_done]:
            mark = data.token_releases[airline.releases_done]
            airline.releases_done += 1
            if mark == 100 and state.players == NO_TOKEN_AT_100_WITH or airline.unreleased == 0:
                continue
            airline.unreleased -= 1
            airline.pool += 1
            state.events.append(TOKEN_RELEASED.event(airline=name(state, key), mark=mark))
        while airline.hub_releases_done < len(data.hub_releases) and airline.income >= data.hub_releases[airline.hub_releases_done]:
            airline.hub_releases_done += 1
            airline.hubs_available += 1
            state.events.append(HUB_EARNED.event(airline=name(state, key)))


def _next(marks: tuple[int, ...], done: int) -> float:
    """The next mark of the income track still to reach (infinite once every one is reached)."""
    return marks[done] if done < len(marks) else float("inf")


def name(state: GoldenAgeState, airline: str) -> str:
    return state.data.airline_names[airline]


def actor(state: GoldenAgeState, seat: int | None, airline: str) -> Event | str:
    """Who acted for an airline, as an event names them: the ACTOR clause ('ann (Brown Airline)'); the airline
    alone where a rule acted (no CEO) or in a game of edition 1, whose events never named the player."""
    if seat is None or state.edition < PLAIN_WORDS:
        return name(state, airline)
    return ACTOR.event(seat=Seat(seat), airline=name(state, airline))


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def city_name(state: GoldenAgeState, key: str) -> str:
    return state.data.cities[key].name


def in_play(state: GoldenAgeState, key: str) -> bool:
    return state.cities[key].colour is not None


def free_spot(state: GoldenAgeState, key: str) -> bool:
    return len(state.cities[key].gates) < state.data.cities[key].spots


def gate_cities(state: GoldenAgeState, airline: str) -> list[str]:
    """Every city a gate of the airline may go to now (`can_gate` for the whole map in one pass)."""
    rank = tech_colour(state, airline).rank
    opened, spots = opened_ranks(state), state.data.cities
    return [key for key, city in state.cities.items()
            if city.colour is not None and opened[key] <= rank and airline not in city.gates
            and len(city.gates) < spots[key].spots]


def opened_ranks(state: GoldenAgeState) -> dict[str, int]:
    """City key -> the rank of the tech colour that opens its region."""
    return state.data.opened_ranks


def can_gate(state: GoldenAgeState, airline: str, key: str) -> bool:
    """A gate may go to a city in play that the airline reaches, with a free spot and no gate of the airline yet."""
    city = state.cities[key]
    return (city.colour is not None and airline not in city.gates and free_spot(state, key)
            and reaches(state, airline, state.data.cities[key].region))


def place_gate(state: GoldenAgeState, airline: str, key: str) -> None:
    state.writable(key).gates.append(airline)  # the leftmost free spot: gates are kept packed to the left


def remove_gate(state: GoldenAgeState, airline: str, key: str) -> None:
    state.writable(key).gates.remove(airline)  # the gates to its right slide one spot left


def locked(state: GoldenAgeState, airline: str, key: str) -> bool:
    """The gate that let the airline build its hub here may never leave."""
    return state.cities[key].hub == airline


def tile_for(state: GoldenAgeState, airline: str, key: str) -> Colour | None:
    """The tile the airline could place here: always its own tech colour, never lower than the city's colour
    or a tile already placed or skipped, only where it reaches; None if there is none."""
    colour = tech_colour(state, airline)
    city, data = state.cities[key], state.data.cities[key]
    if colour not in data.colours or colour in city.used_tiles or not reaches(state, airline, data.region):
        return None
    if city.colour is not None and city.colour.rank >= colour.rank:
        return None
    return colour


def place_tile(state: GoldenAgeState, key: str, colour: Colour) -> None:
    """Upgrade the city; the tiles of the colours it skips can never be placed."""
    city, data = state.writable(key), state.data.cities[key]
    below = city.colour.rank if city.colour is not None else -1
    city.used_tiles.extend(c for c in data.colours if below < c.rank <= colour.rank and c not in city.used_tiles)
    city.colour = colour


def can_hub(state: GoldenAgeState, airline: str, key: str) -> bool:
    city, data = state.cities[key], state.data.cities[key]
    return (state.airlines[airline].hubs_available > 0 and airline in city.gates and city.hub is None
            and data.hub_allowed)


def cities_with_gate(state: GoldenAgeState, airline: str) -> list[str]:
    return [key for key, city in state.cities.items() if airline in city.gates]


def city_words(state: GoldenAgeState, key: str, airline: str | None = None) -> str:
    """'Seattle (USA, $4 white, 2 of 4 spots taken)': what a choice of city needs to say."""
    data, city = state.data.cities[key], state.cities[key]
    colour = f"${city_value(state, key)} {city.colour.value}" if city.colour else "not in play"
    spot = ""
    if airline is not None and airline not in city.gates and free_spot(state, key):
        place = len(city.gates)
        spot = f", would take spot {place + 1} (${spot_value(state, key, place)})"
    return f"{data.name} ({data.region.value}, {colour}, {len(city.gates)}/{data.spots} gates{spot})"


def city_of(state: GoldenAgeState, key: str) -> City:
    return state.data.cities[key]
