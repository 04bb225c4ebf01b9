"""The 1930 component data keeps the rulebook's facts, plays well at every player count, and a bad entry is named."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.rules.golden_age.data import (
    DATA_FILE,
    HUB_REGIONS,
    REGION_OPENED_BY,
    City,
    Colour,
    Components,
    Contract,
    DataError,
    Region,
    components,
    load,
)

PLAYERS = (2, 3, 4, 5, 6)
SETUP = {  # the rulebook's Setup table: airlines, start/total stock tokens, cap per player
    2: (5, 3, 5, 3), 3: (6, 3, 6, 4), 4: (8, 3, 6, 4), 5: (9, 4, 7, 4), 6: (10, 4, 7, 4),
}
MAIN = {Region.USA, Region.CANADA}
REGION_STEP = {Region.USA: 0, Region.CANADA: 1, Region.SOUTH_AMERICA: 2, Region.EUROPE: 3, Region.PACIFIC: 3, Region.GLOBAL: 4}


@pytest.fixture(scope="module")
def data() -> Components:
    return components()


# -- helpers ---------------------------------------------------------------------------------


def usa_and_canada_spots(data: Components, players: int) -> int:
    return sum(c.spots for c in data.cities_for(players) if c.region in MAIN)


def in_play_at(data: Components, index: int) -> set[int]:
    return {p for p in PLAYERS if data.player_counts[p].airlines > index}


def edit_block(text: str, header: str, marker: str, edit: Callable[[str], str]) -> str:
    """Apply `edit` to the one [[header]] block containing `marker` (e.g. 'key = "seattle"\\n')."""
    blocks = re.split(r"(?m)^(?=\[\[)", text)
    hits = [i for i, b in enumerate(blocks) if b.startswith(f"[[{header}]]") and marker in b]
    assert len(hits) == 1, marker
    blocks[hits[0]] = edit(blocks[hits[0]])
    return "".join(blocks)


def edit_city(text: str, key: str, edit: Callable[[str], str]) -> str:
    return edit_block(text, "city", f'key = "{key}"\n', edit)


def edit_contract(text: str, number: int, edit: Callable[[str], str]) -> str:
    return edit_block(text, "contract", f"number = {number}\n", edit)


def edit_airline(text: str, key: str, edit: Callable[[str], str]) -> str:
    return edit_block(text, "airline", f'key = "{key}"\n', edit)


def drop_block(text: str, header: str, marker: str) -> str:
    return edit_block(text, header, marker, lambda block: "")


def sub(old: str, new: str) -> Callable[[str], str]:
    def edit(block: str) -> str:
        assert block.count(old) == 1, old
        return block.replace(old, new)
    return edit


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def rejected(tmp_path: Path, text: str) -> str:
    path = tmp_path / "components.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as error:
        load(path)
    message = str(error.value)
    assert message.startswith("components.toml: "), message
    return message


@pytest.fixture
def text() -> str:
    return DATA_FILE.read_text(encoding="utf-8")


# -- the file --------------------------------------------------------------------------------


def test_components_file_loads_and_components_caches_it(data: Components) -> None:
    assert load(DATA_FILE) == data
    assert components() is data


def test_colours_in_track_order_with_the_paid_upgrade_prices() -> None:
    assert [c.value for c in Colour] == ["white", "yellow", "green", "brown", "gray"]
    assert [c.rank for c in Colour] == [0, 1, 2, 3, 4]
    assert [c.upgrade_cost for c in Colour] == [0, 10, 20, 30, 40]


def test_each_colour_opens_its_regions_and_hubs_only_in_usa_and_canada() -> None:
    assert REGION_OPENED_BY == {
        Region.USA: Colour.WHITE, Region.CANADA: Colour.YELLOW, Region.SOUTH_AMERICA: Colour.GREEN,
        Region.EUROPE: Colour.BROWN, Region.PACIFIC: Colour.BROWN, Region.GLOBAL: Colour.GRAY,
    }
    assert HUB_REGIONS == {Region.USA, Region.CANADA}


# -- the Setup table and the airlines --------------------------------------------------------


def test_the_setup_table(data: Components) -> None:
    assert sorted(data.player_counts) == list(PLAYERS)
    for players, row in SETUP.items():
        count = data.player_counts[players]
        assert count.players == players
        assert (count.airlines, count.start_tokens, count.total_tokens, count.cap) == row


def test_ten_airlines_named_by_colour_the_examples_five_in_every_game(data: Components) -> None:
    assert len(data.airlines) == 10
    assert len({a.key for a in data.airlines}) == 10 and len({a.name for a in data.airlines}) == 10
    first_six = {a.key for a in data.airlines_for(3)}
    assert {"green", "orange", "blue", "yellow", "pink"} <= first_six
    assert "brown" in {a.key for a in data.airlines}
    for airline in data.airlines:
        assert airline.name == f"{airline.key.capitalize()} Airline"
        assert len(airline.rgb) == 3 and all(0 <= c <= 255 for c in airline.rgb)
    assert len({a.rgb for a in data.airlines}) == 10


def test_airlines_for_takes_the_first_ones_of_the_table(data: Components) -> None:
    for players, (airlines, *_) in SETUP.items():
        assert data.airlines_for(players) == data.airlines[:airlines]
    with pytest.raises(ValueError, match="2 to 6"):
        data.airlines_for(7)


def test_every_home_is_a_usa_city_on_the_board_wherever_its_airline_plays(data: Components) -> None:
    homes = [a.home for a in data.airlines]
    assert len(set(homes)) == 10
    for index, airline in enumerate(data.airlines):
        city = data.cities[airline.home]
        assert city.region is Region.USA, airline.key
        assert in_play_at(data, index) <= city.players, airline.key
        assert city.spots >= 3, airline.key  # the home gate leaves room to compete


def test_every_airline_starts_on_the_same_income(data: Components) -> None:
    starts = {data.cities[a.home].value(Colour.WHITE) + data.cities[a.home].bonus for a in data.airlines}
    assert starts == {6}


# -- the cities the rulebook names -----------------------------------------------------------


def test_seattle_is_the_rulebooks_example(data: Components) -> None:
    seattle = data.cities["seattle"]
    assert (seattle.name, seattle.region) == ("Seattle", Region.USA)
    assert seattle.colours == (Colour.WHITE, Colour.YELLOW, Colour.GREEN, Colour.BROWN)  # four boxes
    assert (seattle.value(Colour.WHITE), seattle.value(Colour.YELLOW)) == (4, 6)
    assert (seattle.spots, seattle.bonus, seattle.penalty) == (4, 2, 2)
    # "worth $6 to that airline", $4 in the middle spots, $2 on the last
    assert seattle.value(Colour.WHITE) + seattle.bonus == 6
    assert seattle.value(Colour.WHITE) - seattle.penalty == 2


def test_chicago_is_the_rulebooks_example(data: Components) -> None:
    chicago = data.cities["chicago"]
    assert chicago.region is Region.USA
    assert (chicago.value(Colour.WHITE), chicago.value(Colour.YELLOW), chicago.bonus) == (7, 10, 3)
    assert chicago.spots >= 3  # Yellow, Orange and Blue are all there
    assert chicago.value(Colour.YELLOW) + chicago.bonus == 13  # "Yellow ... receiving $13 income"


def test_the_other_cities_the_rulebook_names(data: Components) -> None:
    la, mexico = data.cities["los_angeles"], data.cities["mexico_city"]
    assert la.region is Region.USA and Colour.BROWN in la.colours
    assert mexico.region is Region.SOUTH_AMERICA and mexico.colours[0] is Colour.GREEN and Colour.BROWN in mexico.colours
    winnipeg, santiago, hong_kong = data.cities["winnipeg"], data.cities["santiago"], data.cities["hong_kong"]
    assert winnipeg.region is Region.CANADA and Colour.BROWN in winnipeg.colours
    assert santiago.region is Region.SOUTH_AMERICA and santiago.colours[0] is Colour.GREEN
    assert Colour.BROWN in santiago.colours
    assert hong_kong.region is Region.PACIFIC and hong_kong.colours[0] is Colour.BROWN
    assert {c.name for c in (la, mexico, winnipeg, santiago, hong_kong)} == {
        "Los Angeles", "Mexico City", "Winnipeg", "Santiago", "Hong Kong"}


# -- every city ------------------------------------------------------------------------------


def test_keys_and_names_unique_and_places_on_the_map(data: Components) -> None:
    assert all(key == city.key for key, city in data.cities.items())
    assert len({c.name for c in data.cities.values()}) == len(data.cities)
    for city in data.cities.values():
        assert 0 <= city.x <= 1 and 0 <= city.y <= 1, city.key
    # a world map: Honolulu lies west of Seattle, London east of New York, Santiago south of Miami
    cities = data.cities
    assert cities["honolulu"].x < cities["seattle"].x < cities["new_york"].x < cities["london"].x
    assert cities["santiago"].y > cities["miami"].y > cities["winnipeg"].y


def test_values_rise_with_colour_and_start_where_the_region_opens(data: Components) -> None:
    for city in data.cities.values():
        ranks = [c.rank for c in city.colours]
        assert ranks == list(range(ranks[0], ranks[0] + len(ranks))), city.key  # no colour skipped
        amounts = [v for _, v in city.values]
        assert all(b > a for a, b in zip(amounts, amounts[1:])), city.key
        if city.region is Region.USA:
            assert city.colours[0] is Colour.WHITE and city.printed is Colour.WHITE, city.key
        else:
            assert Colour.WHITE not in city.colours and city.printed is None, city.key
            assert city.colours[0].rank >= REGION_OPENED_BY[city.region].rank, city.key


def test_spots_bonus_and_penalty(data: Components) -> None:
    for city in data.cities.values():
        assert city.spots >= 2 and city.bonus >= 0 and city.penalty >= 0, city.key
        assert city.values[0][1] - city.penalty >= 1, city.key  # the last spot still earns


def test_city_helpers(data: Components) -> None:
    denver, london = data.cities["denver"], data.cities["london"]
    assert denver.colours == (Colour.WHITE, Colour.YELLOW) and denver.value(Colour.YELLOW) == 6
    with pytest.raises(ValueError, match="Denver.*green"):
        denver.value(Colour.GREEN)
    assert denver.hub_allowed and data.cities["toronto"].hub_allowed
    assert not london.hub_allowed and london.printed is None


# -- the boards ------------------------------------------------------------------------------


def test_global_cities_only_in_a_6_player_game(data: Components) -> None:
    for city in data.cities.values():
        if city.region is Region.GLOBAL:
            assert city.players == {6}, city.key
    assert any(c.region is Region.GLOBAL for c in data.cities_for(6))


def test_every_count_shows_each_region_its_technology_can_reach(data: Components) -> None:
    for players in PLAYERS:
        regions = {c.region for c in data.cities_for(players)}
        assert regions == (set(Region) if players == 6 else set(Region) - {Region.GLOBAL}), players


def test_a_board_shows_the_same_cities_to_every_count_it_serves(data: Components) -> None:
    for city in data.cities.values():
        boards = [{2, 3}, {4, 5, 6}] if city.region in MAIN else [{2}, {3, 4}, {5}, {6}]
        for board in boards:
            assert not city.players & board or board <= city.players, city.key


def test_bigger_games_show_at_least_the_smaller_games_cities(data: Components) -> None:
    for small, big in ((2, 3), (4, 5), (5, 6)):
        assert set(data.cities_for(small)) <= set(data.cities_for(big))
    destinations = [{c.key for c in data.cities_for(p) if c.region not in MAIN} for p in PLAYERS]
    assert all(a <= b for a, b in zip(destinations, destinations[1:]))


def test_gate_spots_make_competition_without_choking_the_game(data: Components) -> None:
    for players in PLAYERS:
        airlines = data.player_counts[players].airlines
        ratio = usa_and_canada_spots(data, players) / (3 * airlines)
        assert 2.5 <= ratio <= 3.5, (players, ratio)
        # every airline in play could hold its 12 gates on the board at once, one per city
        assert len(data.cities_for(players)) >= 12


def test_cities_for_keeps_data_order(data: Components) -> None:
    order = list(data.cities)
    for players in PLAYERS:
        keys = [c.key for c in data.cities_for(players)]
        assert keys == sorted(keys, key=order.index)


def test_56_upgrade_tiles_over_every_board(data: Components) -> None:
    tiles = data.upgrade_tiles
    assert len(tiles) == 56 and len(set(tiles)) == 56
    assert ("seattle", Colour.WHITE) not in tiles and ("seattle", Colour.YELLOW) in tiles
    assert ("winnipeg", Colour.YELLOW) in tiles  # outside the USA the first colour is a tile too
    expected = [(c.key, colour) for c in data.cities.values() for colour in c.colours
                if not (c.region is Region.USA and colour is Colour.WHITE)]
    assert list(tiles) == expected


# -- the design's balance --------------------------------------------------------------------


def test_usa_white_values_mostly_3_to_8_and_bigger_cities_have_more_spots(data: Components) -> None:
    usa = [c for c in data.cities.values() if c.region is Region.USA]
    assert all(3 <= c.value(Colour.WHITE) <= 8 for c in usa)
    biggest = max(usa, key=lambda c: c.value(Colour.WHITE))
    assert biggest.spots == max(c.spots for c in data.cities.values())
    for city in usa:
        if city.value(Colour.WHITE) >= 6:
            assert city.spots >= 4, city.key


def test_each_upgrade_is_worth_at_least_2(data: Components) -> None:
    for city in data.cities.values():
        amounts = [v for _, v in city.values]
        assert all(b - a >= 2 for a, b in zip(amounts, amounts[1:])), city.key


def test_research_is_rewarded_regions_beat_the_usa_at_their_colour(data: Components) -> None:
    def mean(values: list[int]) -> float:
        return sum(values) / len(values)

    for region in set(Region) - {Region.USA}:
        colour = REGION_OPENED_BY[region]
        there = [c.value(colour) for c in data.cities.values() if c.region is region]
        usa = [c.value(colour) for c in data.cities.values() if c.region is Region.USA and colour in c.colours]
        assert mean(there) > mean(usa), region


# -- the Stock Market, the tracks and the cards of the first round ---------------------------


def test_market_rises_from_the_bankrupt_box_and_holds_the_initial_prices(data: Components) -> None:
    prices = [box.price for box in data.market]
    assert prices[0] == 1
    assert all(b > a for a, b in zip(prices, prices[1:]))
    assert {3, 4, 5, 6, 7} <= set(prices)
    assert 25 <= len(prices) <= 35 and 60 <= prices[-1] <= 80
    assert data.market_index(1) == 0 and data.market[data.market_index(7)].price == 7
    with pytest.raises(ValueError, match=r"\$12"):
        data.market_index(12)


def test_the_market_has_the_boxes_of_the_trade_in_example(data: Components) -> None:
    """'A green Stock token costs $11 ... a Yellow Stock token with a value of $7 ... a $15 Stock token'."""
    prices = {box.price for box in data.market}
    assert {7, 11, 15} <= prices
    assert 15 not in {box.price for box in components(1).market}  # edition 1 kept its market without it


def test_action_costs_rise_and_stay_a_real_but_affordable_choice(data: Components) -> None:
    costs = [box.action_cost for box in data.market]
    assert all(b >= a for a, b in zip(costs, costs[1:]))
    for box in data.market:
        assert 1 <= box.action_cost <= max(1, box.price // 2) and 5 * box.action_cost >= box.price, box
    assert any(box.action_cost == 2 and box.price <= 10 for box in data.market)  # "may pay $2"


def test_a_successful_airline_grows_over_six_turns(data: Components) -> None:
    # three boxes a good turn (bought, sold out, a contract) for six turns from a $5 start
    start = data.market_index(5)
    assert data.market[min(start + 18, len(data.market) - 1)].price >= 8 * 5


def test_the_tech_tracks_gray_box_is_one_box(data: Components) -> None:
    """The "White Box", "Yellow Boxes", "Green Boxes", "Brown Boxes" and one "Gray Box", the 8th."""
    assert [(b.number, b.colour.value) for b in data.tech] == [
        (1, "white"), (2, "yellow"), (3, "yellow"), (4, "green"), (5, "green"),
        (6, "brown"), (7, "brown"), (8, "gray")]
    assert data.tech_colour(1) is Colour.WHITE and data.tech_colour(8) is Colour.GRAY
    for box in (0, 9):
        with pytest.raises(ValueError):
            data.tech_colour(box)


def test_edition_1_keeps_its_frozen_components() -> None:
    """A game started under edition 1 replays with the nine-box track and the market it had."""
    first = components(1)
    assert [b.colour.value for b in first.tech][-2:] == ["gray", "gray"] and len(first.tech) == 9
    assert [box.price for box in first.market][11:17] == [12, 14, 16, 18, 20, 22]
    assert first.cities == components().cities and first.contracts == components().contracts
    assert components(1) is first and components() is components(2)


def test_dividend_levels(data: Components) -> None:
    levels = data.dividends
    assert levels[0].income == 0
    assert all(b.income > a.income and b.dividend > a.dividend for a, b in zip(levels, levels[1:]))
    assert levels[-1].income >= 300
    assert data.dividend(28) == 4  # the rulebook's example
    assert data.dividend(0) == levels[0].dividend
    assert data.dividend(10_000) == levels[-1].dividend
    for level in levels:
        assert data.dividend(level.income) == level.dividend
        if level.income:
            assert data.dividend(level.income - 1) < level.dividend
    with pytest.raises(ValueError):
        data.dividend(-1)


def test_a_home_alone_pays_and_the_first_mark_raises_the_dividend(data: Components) -> None:
    assert data.dividend(6) >= 1
    assert data.dividend(data.token_releases[0]) > data.dividend(data.token_releases[0] - 1)


def test_first_round_money_and_the_income_marks(data: Components) -> None:
    assert data.first_round_money[:3] == (20, 21, 22)  # the rulebook's example
    assert data.token_releases == (26, 51, 100)
    assert data.hub_releases == (26, 76, 100)


def test_the_later_first_round_cards_give_the_middle_of_the_examples_three(data: Components) -> None:
    """Every founder can afford the same first buys, so each dollar more is a dollar ahead all game: cards 4 to 6
    give $21, no seat of a 4-6 player game starts further from the First Buyer's $20 than the example's $22 does.
    Edition 1's cards gave $23, $24 and $25."""
    assert data.first_round_money == (20, 21, 22, 21, 21, 21)
    assert components(1).first_round_money == (20, 21, 22, 23, 24, 25)
    for players in (4, 5, 6):
        money = data.first_round_money[:players]
        assert max(money) - min(money) == 2 and sum(money) / players <= 21


# -- contracts -------------------------------------------------------------------------------


def expected_value(data: Components, card: Contract) -> int:
    step = max(REGION_STEP[data.cities[key].region] for key in card.cities)
    return min(5, len(card.cities) + step)


def test_82_contracts_numbered_1_to_82_worth_1_to_5(data: Components) -> None:
    assert len(data.contracts) == 82
    assert sorted(c.number for c in data.contracts) == list(range(1, 83))
    assert {c.value for c in data.contracts} == {1, 2, 3, 4, 5}


def test_contracts_name_1_to_3_cities_shown_wherever_the_card_is_used(data: Components) -> None:
    for card in data.contracts:
        assert 1 <= len(card.cities) <= 3 and len(set(card.cities)) == len(card.cities), card.number
        assert card.players and card.players <= set(PLAYERS), card.number
        for key in card.cities:
            assert card.players <= data.cities[key].players, (card.number, key)


def test_harder_contracts_are_worth_more(data: Components) -> None:
    for card in data.contracts:
        assert card.value == expected_value(data, card), card.number
    one_usa = [c for c in data.contracts if len(c.cities) == 1 and data.cities[c.cities[0]].region is Region.USA]
    assert {c.value for c in one_usa} == {1}
    assert all(c.value == 5 for c in data.contracts if any(data.cities[k].region is Region.GLOBAL for k in c.cities))


def test_every_player_can_be_dealt_one_contract_of_each_value_from_a_varied_deck(data: Components) -> None:
    for players in PLAYERS:
        values = Counter(c.value for c in data.contracts_for(players))
        for value in range(1, 6):
            assert values[value] >= 2 * players, (players, value, values[value])


def test_contracts_are_marked_for_every_count_whose_boards_show_their_cities(data: Components) -> None:
    for card in data.contracts:
        shown = set.intersection(*(set(data.cities[k].players) for k in card.cities))
        assert card.players == shown, card.number
    usa_only = [c for c in data.contracts if all(data.cities[k].players == set(PLAYERS) for k in c.cities)]
    assert usa_only and all(c.players == set(PLAYERS) for c in usa_only)


def test_every_city_appears_on_some_contract(data: Components) -> None:
    named = {key for card in data.contracts for key in card.cities}
    assert named == set(data.cities)


def test_contracts_for_filters_by_the_marks(data: Components) -> None:
    assert data.contracts_for(6) == data.contracts
    two = data.contracts_for(2)
    assert two and all(2 in c.players for c in two) and len(two) < len(data.contracts)


# -- a broken file is refused, naming the entry ----------------------------------------------


def test_invalid_toml_is_named(tmp_path: Path, text: str) -> None:
    assert "not valid TOML" in rejected(tmp_path, text + "\n[[city\n")


@pytest.mark.parametrize(("key", "old", "new", "entry"), [
    ("seattle", "white = 4,", "white = 5,", "city seattle"),  # the rulebook's $4
    ("seattle", "spots = 4", "spots = 3", "city seattle"),
    ("seattle", "bonus = 2", "bonus = 3", "city seattle"),
    ("seattle", "brown = 12 }", "brown = 12, gray = 16 }", "city seattle"),  # four boxes, not five
    ("chicago", "yellow = 10,", "yellow = 9,", "city chicago"),
    ("chicago", "spots = 4", "spots = 2", "city chicago"),
    ("chicago", "bonus = 3", "bonus = 2", "city chicago"),
    ("los_angeles", ", brown = 16 }", " }", "city los_angeles"),
    ("hong_kong", 'region = "Pacific"', 'region = "Europe"', "city hong_kong"),
    ("santiago", "values = { green = 13, brown = 17 }", "values = { brown = 17 }", "city santiago"),
    ("mexico_city", 'region = "South America"', 'region = "USA"', "city mexico_city"),
    ("winnipeg", "values = { yellow = 7, green = 9, brown = 12 }", "values = { yellow = 7, green = 9 }", "city winnipeg"),
])
def test_the_rulebooks_cities_are_checked(tmp_path: Path, text: str, key: str, old: str, new: str, entry: str) -> None:
    assert f"components.toml: {entry}:" in rejected(tmp_path, edit_city(text, key, sub(old, new)))


def test_a_missing_named_city_is_named(tmp_path: Path, text: str) -> None:
    assert "city santiago: missing" in rejected(tmp_path, drop_block(text, "city", 'key = "santiago"\n'))


@pytest.mark.parametrize(("key", "old", "new", "problem"), [
    ("denver", "yellow = 6", "yellow = 4", "rise"),
    ("denver", "values = { white = 4, yellow = 6 }", "values = { yellow = 6 }", "first colour is white"),
    ("winnipeg", "values = { yellow = 7,", "values = { white = 5, yellow = 7,", "opens at yellow"),
    ("havana", "values = { green = 12 }", "values = { yellow = 10, green = 12 }", "opens at green"),
    ("new_york", "green = 14, ", "", "none skipped"),
    ("denver", "values = { white = 4, yellow = 6 }", "values = { yellow = 6, white = 4 }", "colour order"),
    ("denver", "yellow = 6", "purple = 6", "not one of"),
    ("denver", "penalty = 1", "penalty = -1", "positive"),
    ("kansas_city", "penalty = 1", "penalty = 3", "last spot"),
    ("vancouver", "spots = 2", "spots = 1", "at least 2"),
    ("cairo", "players = [6]", "players = [5, 6]", "6-player"),
    ("denver", "players = [2, 3, 4, 5, 6]", "players = [2, 4, 5, 6]", "all or none"),
    ("paris", "players = [3, 4, 5, 6]", "players = [4, 5, 6]", "all or none"),
    ("denver", "players = [2, 3, 4, 5, 6]", "players = [1, 2, 3, 4, 5, 6]", "2 to 6"),
    ("seattle", "x = 0.16", "x = 1.16", "world map"),
    ("seattle", 'region = "USA"', 'region = "Mars"', "not one of"),
])
def test_a_bad_city_is_named(tmp_path: Path, text: str, key: str, old: str, new: str, problem: str) -> None:
    message = rejected(tmp_path, edit_city(text, key, sub(old, new)))
    assert f"components.toml: city {key}:" in message and problem in message


def test_a_city_key_or_name_used_twice_is_named(tmp_path: Path, text: str) -> None:
    same_key = edit_city(text, "portland", sub('key = "portland"', 'key = "seattle"'))
    assert "city seattle: key used twice" in rejected(tmp_path, same_key)
    same_name = edit_city(text, "portland", sub('name = "Portland"', 'name = "Seattle"'))
    assert "city portland: name 'Seattle'" in rejected(tmp_path, same_name)


def test_too_many_spots_for_the_airlines_is_named(tmp_path: Path, text: str) -> None:
    assert "board 2 players" in rejected(tmp_path, edit_city(text, "new_york", sub("spots = 5", "spots = 15")))


def test_a_region_missing_at_a_count_is_named(tmp_path: Path, text: str) -> None:
    message = rejected(tmp_path, edit_city(text, "honolulu", sub("players = [2, 3, 4, 5, 6]", "players = [3, 4, 5, 6]")))
    assert "board 2 players" in message and "Pacific" in message


def test_a_57th_tile_is_refused(tmp_path: Path, text: str) -> None:
    message = rejected(tmp_path, edit_city(text, "san_francisco", sub("yellow = 7 }", "yellow = 7, green = 10 }")))
    assert "components.toml: cities: 57 City Upgrade tiles" in message


@pytest.mark.parametrize(("key", "old", "new", "problem"), [
    ("green", 'home = "seattle"', 'home = "winnipeg"', "USA city"),
    ("orange", 'home = "dallas"', 'home = "minneapolis"', "at 2 players"),
    ("blue", 'home = "boston"', 'home = "seattle"', "shares its home"),
    ("blue", 'home = "boston"', 'home = "atlantis"', "no city"),
    ("teal", 'home = "phoenix"', 'home = "kansas_city"', "room for"),
    ("pink", 'name = "Pink Airline"', 'name = "Blue Airline"', "used twice"),
    ("pink", "rgb = [235, 120, 175]", "rgb = [235, 120, 300]", "0 to 255"),
])
def test_a_bad_airline_is_named(tmp_path: Path, text: str, key: str, old: str, new: str, problem: str) -> None:
    message = rejected(tmp_path, edit_airline(text, key, sub(old, new)))
    assert f"components.toml: airline {key}:" in message and problem in message


def test_the_examples_airlines_must_play_with_three(tmp_path: Path, text: str) -> None:
    pink = re.search(r'(?m)^\[\[airline\]\]\nkey = "pink"\n(?:.+\n)+\n', text)
    assert pink
    moved = replace_once(text.replace(pink.group(0), ""), 'home = "phoenix"\n\n', 'home = "phoenix"\n\n' + pink.group(0))
    assert "airline pink: the rulebook's 3-player example" in rejected(tmp_path, moved)


def test_the_brown_airline_and_the_airline_count_are_checked(tmp_path: Path, text: str) -> None:
    no_brown = edit_airline(text, "brown", sub('key = "brown"\nname = "Brown Airline"', 'key = "cyan"\nname = "Cyan Airline"'))
    assert "airline brown: missing" in rejected(tmp_path, no_brown)
    assert "airline: 9 airlines" in rejected(tmp_path, drop_block(text, "airline", 'key = "teal"\n'))


def test_a_wrong_setup_row_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_block(text, "player_count", "players = 2\n", sub("cap = 3", "cap = 4"))
    assert "player_count 2: the Setup table says 5 airlines" in rejected(tmp_path, broken)
    broken = edit_block(text, "player_count", "players = 6\n", sub("airlines = 10", "airlines = 9"))
    assert "player_count 6:" in rejected(tmp_path, broken)


@pytest.mark.parametrize(("old", "new", "entry"), [
    ("{ price = 1, action_cost = 1 }", "{ price = 2, action_cost = 1 }", "market box 0: box 0 is the $1"),
    ("{ price = 9, action_cost = 3 }", "{ price = 7, action_cost = 3 }", "market box 8: prices rise"),
    ("  { price = 4, action_cost = 1 },\n", "", "market: no box for the initial price $4"),
    ("{ price = 50, action_cost = 14 }", "{ price = 50, action_cost = 30 }", "market box 24: an action costs"),
    ("{ price = 50, action_cost = 14 }", "{ price = 50, action_cost = 10 }", "market box 24:"),  # below $12 at $46
    ("{ price = 72, action_cost = 20 }", "{ price = 99, action_cost = 25 }", "market box 28: top price"),
])
def test_a_bad_market_box_is_named(tmp_path: Path, text: str, old: str, new: str, entry: str) -> None:
    assert f"components.toml: {entry}" in rejected(tmp_path, replace_once(text, old, new))


def test_the_market_needs_the_rulebooks_2_dollar_action(tmp_path: Path, text: str) -> None:
    broken = text
    for price in (6, 7, 8):
        broken = replace_once(broken, f"{{ price = {price}, action_cost = 2 }}", f"{{ price = {price}, action_cost = 3 }}")
    assert "market: the rulebook's CEO pays $2" in rejected(tmp_path, broken)


def test_a_short_market_is_refused(tmp_path: Path, text: str) -> None:
    broken = re.sub(r"(?m)^  \{ price = (5[05]|6[06]|72), .*\n", "", text)
    assert "market: 24 boxes" in rejected(tmp_path, broken)


def test_a_wrong_tech_track_is_refused(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, '"brown", "gray"]', '"brown", "gray", "gray"]')  # edition 1's second gray box
    assert "components.toml: tech: the Technology Track is" in rejected(tmp_path, broken)
    assert "tech box 8: 'grey'" in rejected(tmp_path, replace_once(text, '"brown", "gray"]', '"brown", "grey"]'))


def test_a_market_without_the_trade_in_examples_box_is_refused(tmp_path: Path, text: str) -> None:
    broken = re.sub(r"(?m)^  \{ price = 15, .*\n", "", text)
    assert "components.toml: market: no box for the trade-in example's price $15" in rejected(tmp_path, broken)


@pytest.mark.parametrize(("old", "new", "entry"), [
    ("{ income = 26, dividend = 4 }", "{ income = 29, dividend = 4 }", "dividends: the rulebook's income of $28"),
    ("{ income = 0, dividend = 0 }", "{ income = 1, dividend = 0 }", "dividend level 1: the first"),
    ("{ income = 46, dividend = 6 }", "{ income = 46, dividend = 5 }", "dividend level 7: levels rise"),
    ("  { income = 300, dividend = 18 },\n", "", "dividend level 18: the levels should reach"),
])
def test_a_bad_dividend_level_is_named(tmp_path: Path, text: str, old: str, new: str, entry: str) -> None:
    assert f"components.toml: {entry}" in rejected(tmp_path, replace_once(text, old, new))


@pytest.mark.parametrize(("old", "new", "entry"), [
    ("first_round_money = [20, 21, 22, 21, 21, 21]", "first_round_money = [20, 22, 22, 21, 21, 21]", "first_round_money"),
    ("first_round_money = [20, 21, 22, 21, 21, 21]", "first_round_money = [20, 21, 22, 21, 21]", "first_round_money"),
    ("token_releases = [26, 51, 100]", "token_releases = [26, 50, 100]", "token_releases"),
    ("hub_releases = [26, 76, 100]", "hub_releases = [26, 75, 100]", "hub_releases"),
    ("hub_releases = [26, 76, 100]", "hub_releases = [26, 76, true]", "hub_releases"),
])
def test_the_first_round_cards_and_income_marks_are_checked(tmp_path: Path, text: str, old: str, new: str, entry: str) -> None:
    assert f"components.toml: {entry}:" in rejected(tmp_path, replace_once(text, old, new))


@pytest.mark.parametrize(("number", "old", "new", "problem"), [
    (1, "value = 1", "value = 6", "$1 to $5"),
    (1, "value = 1", "value = 2", "make it $1"),
    (17, 'cities = ["winnipeg"]', 'cities = ["winnipeg", "chicago", "detroit", "boston"]', "1 to 3 different"),
    (5, 'cities = ["dallas"]', 'cities = ["dallas", "dallas"]', "1 to 3 different"),
    (5, 'cities = ["dallas"]', 'cities = ["atlantis"]', "no city 'atlantis'"),
    (13, "players = [4, 5, 6]", "players = [2, 3, 4, 5, 6]", "Minneapolis is not on the board at 2 players"),
    (13, "players = [4, 5, 6]", "players = []", "distinct player counts"),
    (5, 'cities = ["dallas"]', "cities = [3]", "city keys"),
])
def test_a_bad_contract_is_named(tmp_path: Path, text: str, number: int, old: str, new: str, problem: str) -> None:
    message = rejected(tmp_path, edit_contract(text, number, sub(old, new)))
    assert f"components.toml: contract {number}:" in message and problem in message


def test_contract_numbers_and_count_are_checked(tmp_path: Path, text: str) -> None:
    assert "contract 4: number used twice" in rejected(tmp_path, edit_contract(text, 5, sub("number = 5", "number = 4")))
    assert "contract: 81 cards" in rejected(tmp_path, drop_block(text, "contract", "number = 82\n"))


def test_too_few_contracts_of_a_value_for_a_count_is_refused(tmp_path: Path, text: str) -> None:
    blocks = re.split(r"(?m)^(?=\[\[)", text)
    for index, block in enumerate(blocks):
        if block.startswith("[[contract]]") and "value = 5\n" in block and "players = [2, 3, 4, 5, 6]" in block:
            blocks[index] = block.replace("players = [2, 3, 4, 5, 6]", "players = [3, 4, 5, 6]")
    assert "contracts for 2 players: 0 cards of $5" in rejected(tmp_path, "".join(blocks))


def test_a_missing_table_is_named(tmp_path: Path, text: str) -> None:
    assert "components.toml: tech: missing 'tech'" in rejected(tmp_path, re.sub(r"(?m)^tech = .*\n", "", text))


def test_city_dataclass_value_error_names_city_and_colour() -> None:
    city = City("x", "Xanadu", Region.EUROPE, ((Colour.BROWN, 12),), 2, 1, 1, frozenset({6}), 0.5, 0.5)
    with pytest.raises(ValueError, match="Xanadu has no white value"):
        city.value(Colour.WHITE)
    assert city.value(Colour.BROWN) == 12 and city.colours == (Colour.BROWN,) and city.printed is None
