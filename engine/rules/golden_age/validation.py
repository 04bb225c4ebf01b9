"""1930 component data checks: the rulebook's facts and the design's promises, each naming the entry that breaks it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.rules.datafile import DataError
from engine.rules.golden_age.records import (
    PLAYER_COUNTS,
    REGION_OPENED_BY,
    City,
    Colour,
    Components,
    Contract,
    Region,
)

Fail = Callable[[str, str], DataError]

# The rulebook's Setup table: players -> (airlines, start tokens, total tokens, cap per player).
SETUP = {2: (5, 3, 5, 3), 3: (6, 3, 6, 4), 4: (8, 3, 6, 4), 5: (9, 4, 7, 4), 6: (10, 4, 7, 4)}
AIRLINE_COUNT = 10
EXAMPLE_AIRLINES = ("green", "orange", "blue", "yellow", "pink")  # the 3-player example founds these
# The Technology Track: the "White Box", two "Yellow Boxes", "Green Boxes" and "Brown Boxes", one "Gray Box"
# (the 8th). Edition 1 read a second gray box into the track.
TECH = (Colour.WHITE, Colour.YELLOW, Colour.YELLOW, Colour.GREEN, Colour.GREEN, Colour.BROWN, Colour.BROWN, Colour.GRAY)
TECH_E1 = (*TECH, Colour.GRAY)
INITIAL_PRICES = (3, 4, 5, 6, 7)
TRADE_IN_PRICES = (7, 11, 15)  # the trade-in example's tokens; edition 1's market had no $15 box
FIRST_ROUND_MONEY = (20, 21, 22)  # the example's three cards; the other three are designed (components.toml)
FIRST_ROUND_CARDS = 6
TOKEN_RELEASES = (26, 51, 100)
HUB_RELEASES = (26, 76, 100)
TILES = 56
CONTRACTS = 82
CONTRACT_VALUES = (1, 2, 3, 4, 5)
MAX_CONTRACT_CITIES = 3
MARKET_BOXES = (25, 35)  # enough room to grow over six turns, few enough that each step matters
TOP_PRICE = (60, 80)
DIVIDEND_COVERS = 300
SPOTS_PER_AIRLINE_GATES = (2.5, 3.5)  # USA + Canada spots / (airlines in play x 3)
SIDES = (frozenset({2, 3}), frozenset({4, 5, 6}))  # the two sides of the main board
DESTINATION_BOARDS = (frozenset({2}), frozenset({3, 4}), frozenset({5}), frozenset({6}))
MAIN_REGIONS = frozenset({Region.USA, Region.CANADA})

# Cities the rulebook names: region, and colours they must be able to show.
NAMED_CITIES: dict[str, tuple[Region, tuple[Colour, ...]]] = {
    "seattle": (Region.USA, (Colour.WHITE, Colour.YELLOW, Colour.GREEN, Colour.BROWN)),  # exactly four boxes
    "chicago": (Region.USA, (Colour.WHITE, Colour.YELLOW)),
    "los_angeles": (Region.USA, (Colour.BROWN,)),  # "if Los Angeles has been upgraded to Brown"
    "mexico_city": (Region.SOUTH_AMERICA, (Colour.GREEN, Colour.BROWN)),  # "a Green level airport", upgraded to Brown
    "winnipeg": (Region.CANADA, (Colour.BROWN,)),  # "a Brown City Upgrade tile ... like Winnipeg or Santiago"
    "santiago": (Region.SOUTH_AMERICA, (Colour.GREEN, Colour.BROWN)),  # enters play in green
    "hong_kong": (Region.PACIFIC, (Colour.BROWN,)),  # enters play in brown
}
PRINTED_VALUES = {  # key -> ({colour: value}, spots, bonus, penalty); None where the rulebook is silent
    "seattle": ({Colour.WHITE: 4, Colour.YELLOW: 6}, 4, 2, 2),
    "chicago": ({Colour.WHITE: 7, Colour.YELLOW: 10}, None, 3, None),
}
CHICAGO_MIN_SPOTS = 3  # Yellow, Orange and Blue all have gates there in the rulebook's example
FIRST_COLOUR = {  # where a city of the region enters play
    Region.USA: Colour.WHITE,
    Region.SOUTH_AMERICA: Colour.GREEN,
    Region.PACIFIC: Colour.BROWN,
}


def check(data: Components, fail: Fail, edition: int) -> None:
    """Every fact the rulebook gives and every promise of the design (as the edition reads them); raises the
    first failure found."""
    check_player_counts(data, fail)
    check_airlines(data, fail)
    for city in data.cities.values():
        check_city(city, fail)
    check_named_cities(data, fail)
    check_boards(data, fail)
    check_homes(data, fail)
    tiles = len(data.upgrade_tiles)
    if tiles != TILES:
        raise fail("cities", f"{tiles} City Upgrade tiles (each colour but a USA city's printed white); the box has {TILES}")
    check_market(data, fail, INITIAL_PRICES + TRADE_IN_PRICES if edition >= 2 else INITIAL_PRICES)
    check_tracks(data, fail, TECH if edition >= 2 else TECH_E1)
    check_contracts(data, fail)


def check_player_counts(data: Components, fail: Fail) -> None:
    for players, (airlines, start, total, cap) in SETUP.items():
        entry = f"player_count {players}"
        if players not in data.player_counts:
            raise fail(entry, "missing: the Setup table has 2 to 6 players")
        count = data.player_counts[players]
        if (count.airlines, count.start_tokens, count.total_tokens, count.cap) != (airlines, start, total, cap):
            raise fail(entry, f"the Setup table says {airlines} airlines, {start}/{total} stock tokens, at most {cap} per player")
    extra = sorted(set(data.player_counts) - set(SETUP))
    if extra:
        raise fail(f"player_count {extra[0]}", "1930 is for 2 to 6 players")


def check_airlines(data: Components, fail: Fail) -> None:
    if len(data.airlines) != AIRLINE_COUNT:
        raise fail("airline", f"{len(data.airlines)} airlines; the box has {AIRLINE_COUNT}")
    for attribute in ("key", "name"):
        seen = Counter(getattr(a, attribute) for a in data.airlines)
        twice = [a for a in data.airlines if seen[getattr(a, attribute)] > 1]
        if twice:
            raise fail(f"airline {twice[-1].key}", f"{attribute} {getattr(twice[-1], attribute)!r} used twice")
    first = {a.key for a in data.airlines_for(3)}
    for key in EXAMPLE_AIRLINES:
        if key not in first:
            raise fail(f"airline {key}", "the rulebook's 3-player example founds it: it must be among the first six")
    if "brown" not in {a.key for a in data.airlines}:
        raise fail("airline brown", "missing: the rulebook names a Brown airline")


def check_city(city: City, fail: Fail) -> None:
    entry = f"city {city.key}"
    if not city.values:
        raise fail(entry, "shows no value")
    ranks = [colour.rank for colour in city.colours]
    if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        raise fail(entry, "its colours should follow one another with none skipped, so every tech level can upgrade it")
    amounts = [value for _, value in city.values]
    if any(b <= a for a, b in zip(amounts, amounts[1:])):
        raise fail(entry, f"values should rise with each colour, not {amounts}")
    first, opened = city.colours[0], REGION_OPENED_BY[city.region]
    if city.region is Region.USA and first is not Colour.WHITE:
        raise fail(entry, "a USA city's white value is printed on the board: its first colour is white")
    if city.region is not Region.USA and first.rank < opened.rank:
        raise fail(entry, f"{city.region.value} opens at {opened.value}: the city cannot show {first.value}")
    if city.spots < 2:
        raise fail(entry, f"a city has at least 2 gate spots (a first and a last), not {city.spots}")
    if city.bonus < 0 or city.penalty < 0:
        raise fail(entry, "bonus and penalty are amounts of income: write them as positive numbers")
    if amounts[0] - city.penalty < 1:
        raise fail(entry, f"the last spot must still earn something: ${amounts[0]} less {city.penalty}")
    if city.region is Region.GLOBAL and city.players != {6}:
        raise fail(entry, "Global cities can only be reached in a 6-player game: players must be [6]")
    boards = SIDES if city.region in MAIN_REGIONS else DESTINATION_BOARDS
    for board in boards:
        if city.players & board and not board <= city.players:
            raise fail(entry, f"one board shows it to {sorted(board)} players alike: list all or none of them")


def check_named_cities(data: Components, fail: Fail) -> None:
    seen: set[str] = set()
    for city in data.cities.values():  # name the second city that takes a name: the first may be the right one
        if city.name in seen:
            raise fail(f"city {city.key}", f"name {city.name!r} used twice")
        seen.add(city.name)
    for key, (region, colours) in NAMED_CITIES.items():
        entry = f"city {key}"
        if key not in data.cities:
            raise fail(entry, "missing: the rulebook names it")
        city = data.cities[key]
        if city.region is not region:
            raise fail(entry, f"should lie in {region.value}")
        missing = [c.value for c in colours if c not in city.colours]
        if missing:
            raise fail(entry, f"the rulebook shows it at {', '.join(missing)}")
        if region in FIRST_COLOUR and city.colours[0] is not FIRST_COLOUR[region]:
            raise fail(entry, f"enters play at {FIRST_COLOUR[region].value}")
    if data.cities["seattle"].colours != NAMED_CITIES["seattle"][1]:
        raise fail("city seattle", "four boxes show Seattle's value: white, yellow, green and brown")
    for key, (values, spots, bonus, penalty) in PRINTED_VALUES.items():
        city = data.cities[key]
        for colour, value in values.items():
            if city.value(colour) != value:
                raise fail(f"city {key}", f"the rulebook gives {city.name} ${value} at {colour.value}")
        for what, want, got in (("spots", spots, city.spots), ("bonus", bonus, city.bonus), ("penalty", penalty, city.penalty)):
            if want is not None and got != want:
                raise fail(f"city {key}", f"the rulebook gives {city.name} {what} {want}, not {got}")
    if data.cities["chicago"].spots < CHICAGO_MIN_SPOTS:
        raise fail("city chicago", f"Yellow, Orange and Blue share it in the rulebook: at least {CHICAGO_MIN_SPOTS} spots")


def check_boards(data: Components, fail: Fail) -> None:
    for players in PLAYER_COUNTS:
        entry = f"board {players} players"
        shown = data.cities_for(players)
        regions = {city.region for city in shown}
        wanted = set(Region) if players == 6 else set(Region) - {Region.GLOBAL}
        if regions != wanted:
            missing = sorted(r.value for r in wanted - regions) or sorted(r.value for r in regions - wanted)
            raise fail(entry, f"should show every region its technology can reach ({', '.join(missing)})")
        spots = sum(city.spots for city in shown if city.region in MAIN_REGIONS)
        airlines = data.player_counts[players].airlines
        low, high = SPOTS_PER_AIRLINE_GATES
        if not low * 3 * airlines <= spots <= high * 3 * airlines:
            raise fail(entry, f"{spots} USA and Canada spots for {airlines} airlines; "
                              f"want {low:g} to {high:g} times 3 per airline ({low * 3 * airlines:g}-{high * 3 * airlines:g})")


def check_homes(data: Components, fail: Fail) -> None:
    homes: dict[str, str] = {}
    for index, airline in enumerate(data.airlines):
        entry = f"airline {airline.key}"
        if airline.home not in data.cities:
            raise fail(entry, f"no city {airline.home!r} for its home")
        city = data.cities[airline.home]
        if city.region is not Region.USA:
            raise fail(entry, f"its home {city.name} must be a USA city (white is printed there)")
        used_at = {p for p in PLAYER_COUNTS if data.player_counts[p].airlines > index}
        if not used_at <= city.players:
            missing = sorted(used_at - city.players)
            raise fail(entry, f"its home {city.name} is not on the board at {missing[0]} players, where the airline plays")
        if city.spots < 3:
            raise fail(entry, f"its home {city.name} should keep room for at least two other airlines")
        if airline.home in homes:
            raise fail(entry, f"shares its home {city.name} with {homes[airline.home]}")
        homes[airline.home] = airline.key


def check_market(data: Components, fail: Fail, named: tuple[int, ...]) -> None:
    """The market's shape; `named`: the prices the rulebook gives a box (the initial ones first)."""
    market = data.market
    if not MARKET_BOXES[0] <= len(market) <= MARKET_BOXES[1]:
        raise fail("market", f"{len(market)} boxes; want {MARKET_BOXES[0]} to {MARKET_BOXES[1]}")
    if market[0].price != 1:
        raise fail("market box 0", "box 0 is the $1 'Bankrupt at End of Turn' box")
    for index, box in enumerate(market):  # a box's own fault first, then its place in the row
        if not 1 <= box.action_cost <= max(1, box.price // 2) or 5 * box.action_cost < box.price:
            raise fail(f"market box {index}", f"an action costs about a quarter to a third of the price "
                                              f"(at least $1): ${box.action_cost} at ${box.price}")
    for index, (before, box) in enumerate(zip(market, market[1:]), start=1):
        if box.price <= before.price:
            raise fail(f"market box {index}", f"prices rise from left to right: ${box.price} after ${before.price}")
        if box.action_cost < before.action_cost:
            raise fail(f"market box {index}", f"action costs rise with the price: ${box.action_cost} after ${before.action_cost}")
    prices = {box.price for box in market}
    missing = [p for p in named if p not in prices]
    if missing:
        what = "initial price" if missing[0] in INITIAL_PRICES else "trade-in example's price"
        raise fail("market", f"no box for the {what} ${missing[0]}")
    if not TOP_PRICE[0] <= market[-1].price <= TOP_PRICE[1]:
        raise fail(f"market box {len(market) - 1}", f"top price ${market[-1].price}; want ${TOP_PRICE[0]} to ${TOP_PRICE[1]}")
    if not any(box.action_cost == 2 and box.price <= 10 for box in market):
        raise fail("market", "the rulebook's CEO pays $2 for an action: some box up to $10 should ask $2")


def check_tracks(data: Components, fail: Fail, tech: tuple[Colour, ...]) -> None:
    colours = tuple(box.colour for box in data.tech)
    if colours != tech:
        raise fail("tech", f"the Technology Track is {', '.join(c.value for c in tech)}")
    levels = data.dividends
    if not levels or levels[0].income != 0:
        raise fail("dividend level 1", "the first Dividend Level starts at income 0")
    for number, (before, level) in enumerate(zip(levels, levels[1:]), start=2):
        if level.income <= before.income or level.dividend <= before.dividend:
            raise fail(f"dividend level {number}", "levels rise in both income and dividend")
    if levels[0].dividend < 0:
        raise fail("dividend level 1", "a dividend cannot be negative")
    if levels[-1].income < DIVIDEND_COVERS:
        raise fail(f"dividend level {len(levels)}", f"the levels should reach an income of {DIVIDEND_COVERS}")
    if data.dividend(28) != 4:
        raise fail("dividends", "the rulebook's income of $28 falls into the $4 Dividend Level")
    money = data.first_round_money
    if len(money) != FIRST_ROUND_CARDS or money[:len(FIRST_ROUND_MONEY)] != FIRST_ROUND_MONEY:
        raise fail("first_round_money", f"{FIRST_ROUND_CARDS} cards, the first three {list(FIRST_ROUND_MONEY)} "
                   f"(the rulebook's example), not {list(money)}")
    for entry, got, want in (("token_releases", data.token_releases, TOKEN_RELEASES),
                             ("hub_releases", data.hub_releases, HUB_RELEASES)):
        if got != want:
            raise fail(entry, f"should be {list(want)}, not {list(got)}")


def farthest(data: Components, card: Contract) -> Region:
    """The card's region that the latest technology opens."""
    return max((data.cities[key].region for key in card.cities), key=lambda r: REGION_OPENED_BY[r].rank)


def contract_value(data: Components, card: Contract) -> int:
    """$1, plus $1 per city after the first, plus the rank of the colour opening the farthest region; at most $5."""
    steps = len(card.cities) - 1 + REGION_OPENED_BY[farthest(data, card)].rank
    return min(CONTRACT_VALUES[-1], CONTRACT_VALUES[0] + steps)


def check_contracts(data: Components, fail: Fail) -> None:
    numbers = Counter(card.number for card in data.contracts)
    for card in data.contracts:
        check_contract(data, card, fail)
        if numbers[card.number] > 1:
            raise fail(f"contract {card.number}", "number used twice")
    if len(data.contracts) != CONTRACTS or set(numbers) != set(range(1, CONTRACTS + 1)):
        raise fail("contract", f"{len(data.contracts)} cards; the box has {CONTRACTS}, numbered 1 to {CONTRACTS}")
    for card in data.contracts:  # harder cards are worth more: more cities, or a farther region
        worth = contract_value(data, card)
        if card.value != worth:
            raise fail(f"contract {card.number}", f"worth ${card.value}; its {len(card.cities)} cities reaching "
                                                  f"{farthest(data, card).value} make it ${worth}")
    for players in PLAYER_COUNTS:
        values = Counter(card.value for card in data.contracts_for(players))
        for value in CONTRACT_VALUES:
            if values[value] < players:
                raise fail(f"contracts for {players} players",
                           f"{values[value]} cards of ${value}; each player is dealt one of each value")


def check_contract(data: Components, card: Contract, fail: Fail) -> None:
    entry = f"contract {card.number}"
    if card.value not in CONTRACT_VALUES:
        raise fail(entry, f"contracts are worth $1 to $5, not ${card.value}")
    if not 1 <= len(card.cities) <= MAX_CONTRACT_CITIES or len(set(card.cities)) != len(card.cities):
        raise fail(entry, f"a contract names 1 to {MAX_CONTRACT_CITIES} different cities, not {list(card.cities)}")
    for key in card.cities:
        if key not in data.cities:
            raise fail(entry, f"no city {key!r} on any board")
        hidden = sorted(card.players - data.cities[key].players)
        if hidden:
            raise fail(entry, f"{data.cities[key].name} is not on the board at {hidden[0]} players, but the card is used there")
