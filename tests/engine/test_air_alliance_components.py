"""The Air Alliance component data keeps the rulebook's facts, plays well, and a bad entry is named."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.rules.datafile import DataError
from engine.rules.air_alliance.data import (
    ALL,
    DATA_FILE,
    NPA_COLOURS,
    PLAYER_COLOURS,
    Airport,
    Area,
    Components,
    Icon,
    IconKind,
    PassengerCard,
    Shape,
    Travel,
    components,
    load,
)

RULEBOOK_NAMES = {
    "M3": "Nile", "M4": "Arabia", "M5": "Savannah", "M6": "Casablanca", "A4": "Seoul", "A5": "Himalaya",
    "A6": "Oceania", "U4": "Rocky", "U5": "Mexico", "U6": "Brazil", "E4": "Scandinavia", "E5": "Danube",
    "E6": "Siberia",
}
RULEBOOK_NPA_STARTS = {
    "black": {"M4", "M5", "M6", "E4"},
    "white": {"A4", "A5", "A6", "E5"},
    "purple": {"U4", "U5", "U6", "E6"},
}
RULEBOOK_TRIOS = {
    "Enthusiast Trio": ["Board Gamer", "Board Gamer", "Anime Otaku"],
    "Scholar Trio": ["Folklorist", "Archaeologist", "Professor"],
    "Actor Trio": ["Hollywood Star", "Kung Fu Star", "Korean Star"],
    "Cocktail Trio": ["Beer Brewer", "Bartender", "Hotelier"],
    "Ball Game Trio": ["Tennis Player", "Soccer Player", "Volleyball Player"],
    "Spy Trio": ["Secret Agent (MI6)", "Secret Agent (KGB)", "Secret Agent (CIA)"],
    "Primitive Man Trio": ["Neanderthal", "Yeti", "Bigfoot"],
}
AREA_PERMITS = ("ALL", "AM", "EM", "AE", "AU", "MU", "EU", "A", "U", "M", "E")


@pytest.fixture(scope="module")
def data() -> Components:
    return components()


# -- helpers ---------------------------------------------------------------------------------


def code_sharing(icons: tuple[Icon, ...]) -> list[Icon]:
    return [icon for icon in icons if icon.kind is IconKind.CODE_SHARING]


def by_name(data: Components, name: str) -> Airport:
    hits = [a for a in data.airports.values() if a.name == name]
    assert len(hits) == 1, name
    return hits[0]


def is_v(data: Components, code: str) -> bool:
    return data.airports[code].shape is Shape.V


def route_kind(data: Components, card: PassengerCard) -> str:
    """same / cross (both ends on 1-3), v-same / v-cross (one V end), v-v: the mile scale's steps."""
    ends = [card.departure, card.arrival]
    v_ends = sum(is_v(data, code) for code in ends)
    same = card.departure[0] == card.arrival[0]
    return ("same" if same else "cross") if v_ends == 0 else ("v-v" if v_ends == 2 else "v-same" if same else "v-cross")


MILE_STEPS = ("same", "cross", "v-same", "v-cross", "v-v")


def planes_serving(data: Components, code: str) -> set[str]:
    """Plane colours that can land on (and so stand at) an airport: the playability rule of the rulebook."""
    airport = data.airports[code]
    if airport.shape is not Shape.V:
        return {*PLAYER_COLOURS, *NPA_COLOURS}  # players by area permits, NPAs by their ALL silhouette
    npas = {n for n in NPA_COLOURS if airport.allows(n)}
    owners = {c for c, special in data.special_airport.items() if special == code and airport.allows(c)}
    return npas | owners


def edit_card(text: str, card_id: str, edit: Callable[[str], str]) -> str:
    """Apply `edit` to the [[card]] block with this id."""
    blocks = re.split(r"(?m)^(?=\[\[)", text)
    hits = [i for i, block in enumerate(blocks) if f'id = "{card_id}"\n' in block]
    assert len(hits) == 1, card_id
    blocks[hits[0]] = edit(blocks[hits[0]])
    return "".join(blocks)


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def rejected(tmp_path: Path, text: str) -> str:
    path = tmp_path / "components.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as error:
        load(path)
    return str(error.value)


@pytest.fixture
def text() -> str:
    return DATA_FILE.read_text(encoding="utf-8")


# -- the file --------------------------------------------------------------------------------


def test_components_file_loads_and_components_caches_it(data: Components) -> None:
    assert vars(load(DATA_FILE)) == vars(data)  # components compare by identity: one object per edition
    assert components() is data


# -- the board -------------------------------------------------------------------------------


def test_24_airports_a1_to_u6_named_by_area_letter_and_number(data: Components) -> None:
    assert sorted(data.airports) == sorted(f"{a}{n}" for a in "AEMU" for n in range(1, 7))
    for code, airport in data.airports.items():
        assert (airport.code, airport.area, airport.number) == (code, Area(code[0]), int(code[1]))
        assert airport.name.strip()


def test_number_1_is_y_2_and_3_reverse_y_4_to_6_v_with_3_or_2_places(data: Components) -> None:
    for airport in data.airports.values():
        expected = {1: Shape.Y, 2: Shape.REVERSE_Y, 3: Shape.REVERSE_Y}.get(airport.number, Shape.V)
        assert airport.shape is expected, airport.code
        assert airport.capacity == (2 if expected is Shape.V else 3), airport.code


def test_the_rulebooks_airport_names(data: Components) -> None:
    assert {code: data.airports[code].name for code in RULEBOOK_NAMES} == RULEBOOK_NAMES


def test_polynesia_cannes_and_tokyo_are_airports_where_every_plane_lands(data: Components) -> None:
    for name in ("Polynesia", "Cannes", "Tokyo"):
        airport = by_name(data, name)
        assert airport.number <= 3 and airport.silhouettes == {ALL}, name


def test_every_plane_lands_on_numbers_1_to_3(data: Components) -> None:
    for airport in data.airports.values():
        if airport.number <= 3:
            assert airport.silhouettes == frozenset({ALL}), airport.code
            assert all(airport.allows(c) for c in (*PLAYER_COLOURS, *NPA_COLOURS))


def test_allows_reads_the_silhouettes(data: Components) -> None:
    seoul = data.airports["A4"]
    assert seoul.allows("white") and seoul.allows("red")
    assert not seoul.allows("black") and not seoul.allows("blue")
    danube = data.airports["E5"]
    assert danube.silhouettes == {"white"} and not danube.allows("black") and not danube.allows("purple")


def test_v_airports_let_only_certain_colours_land(data: Components) -> None:
    """Airports: on V airports "only certain colours can land on these", so none shows ALL (edition 2: Oceania
    and Mexico showed ALL before)."""
    for airport in data.airports.values():
        if airport.shape is Shape.V:
            assert ALL not in airport.silhouettes and 1 <= len(airport.silhouettes) <= 2, airport.code
    assert data.airports["A6"].silhouettes == {"white", "black"}
    assert data.airports["U5"].silhouettes == {"purple", "white"}


def test_every_npa_lands_on_six_v_airports_its_stars_and_one_in_each_other_area(data: Components) -> None:
    """Even landing chances: four stars in two areas, and one more V airport in each of the other two."""
    for colour in NPA_COLOURS:
        landing = [a for a in data.airports.values() if a.shape is Shape.V and a.allows(colour)]
        assert len(landing) == 6, colour
        others = [a for a in landing if a.code not in RULEBOOK_NPA_STARTS[colour]]
        starred = {a.area for a in landing if a.code in RULEBOOK_NPA_STARTS[colour]}
        assert len(others) == 2 and {a.area for a in others} == set(Area) - starred, colour


def test_every_npa_is_shown_on_as_many_code_sharing_icons(data: Components) -> None:
    shown = Counter(tuple(code_sharing(c.icons)[0].npa) for c in data.cards.values())
    assert {shown[(n,)] for n in NPA_COLOURS} == {13}
    assert {shown[pair] for pair in (("black", "white"), ("black", "purple"), ("white", "purple"))} == {7}


def test_npa_planes_start_on_the_starred_airports_which_allow_them(data: Components) -> None:
    assert {c: set(codes) for c, codes in data.npa_start.items()} == RULEBOOK_NPA_STARTS
    for colour, codes in data.npa_start.items():
        assert len(codes) == 4
        for code in codes:
            assert is_v(data, code) and data.airports[code].allows(colour), (colour, code)


def test_each_npa_reaches_v_airports_in_all_four_areas(data: Components) -> None:
    for colour in NPA_COLOURS:
        areas = {a.area for a in data.airports.values() if a.shape is Shape.V and a.allows(colour)}
        assert areas == set(Area), colour


def test_each_player_colour_has_its_own_special_airport_a_v_airport_allowing_it(data: Components) -> None:
    assert set(data.special_airport) == set(PLAYER_COLOURS)
    assert len(set(data.special_airport.values())) == 4
    for colour, code in data.special_airport.items():
        airport = data.airports[code]
        assert airport.shape is Shape.V and airport.allows(colour), colour
    assert {data.airports[code].area for code in data.special_airport.values()} == set(Area)


def test_a_player_colour_is_printed_only_on_that_players_special_airport(data: Components) -> None:
    for airport in data.airports.values():
        for colour in airport.silhouettes & set(PLAYER_COLOURS):
            assert data.special_airport[colour] == airport.code


# -- boarding passes -------------------------------------------------------------------------


def test_one_printed_boarding_pass_per_player_colour_3_slots_of_3_icons(data: Components) -> None:
    assert set(data.passes) == set(PLAYER_COLOURS)
    for colour, boarding_pass in data.passes.items():
        assert boarding_pass.colour == colour
        assert len(boarding_pass.slots) == 3 and all(len(slot) == 3 for slot in boarding_pass.slots)


def test_printed_passes_show_black_white_and_purple_code_sharing_so_no_alliance_at_start(data: Components) -> None:
    for colour, boarding_pass in data.passes.items():
        sharing = [code_sharing(slot) for slot in boarding_pass.slots]
        assert all(len(icons) == 1 for icons in sharing), colour
        assert sorted(icons[0].npa for icons in sharing) == sorted((n,) for n in NPA_COLOURS), colour
        assert not set(NPA_COLOURS).intersection(*(set(icons[0].npa) for icons in sharing))


def test_printed_pass_has_the_players_own_special_permit_a_priority_takeoff_and_area_permits(data: Components) -> None:
    for colour, boarding_pass in data.passes.items():
        icons = [icon for slot in boarding_pass.slots for icon in slot]
        specials = [i for i in icons if i.kind is IconKind.SPECIAL]
        assert [i.colour for i in specials] == [colour]
        assert sum(i.kind is IconKind.PRIORITY for i in icons) == 1
        reach = {area for i in icons if i.kind is IconKind.AREA for area in i.areas}
        assert reach == set(Area), colour  # a first turn can land a plane in any area
        home = data.airports[data.special_airport[colour]].area
        assert Icon(IconKind.AREA, areas=(home,)) in icons, colour  # the home area's own permit


# -- passenger cards -------------------------------------------------------------------------


def test_60_passenger_cards_p01_to_p60(data: Components) -> None:
    assert sorted(data.cards) == [f"p{n:02d}" for n in range(1, 61)]
    assert all(card.id == key and card.passenger.strip() for key, card in data.cards.items())


def test_every_route_joins_two_different_airports_of_the_board(data: Components) -> None:
    for card in data.cards.values():
        assert card.departure in data.airports and card.arrival in data.airports, card.id
        assert card.departure != card.arrival, card.id


def test_every_card_shows_three_icons_exactly_one_of_them_code_sharing(data: Components) -> None:
    for card in data.cards.values():
        assert len(card.icons) == 3
        sharing = code_sharing(card.icons)
        assert len(sharing) == 1, card.id
        assert 1 <= len(sharing[0].npa) <= 2 and set(sharing[0].npa) <= set(NPA_COLOURS), card.id


def test_about_a_third_of_code_sharing_icons_show_two_colours(data: Components) -> None:
    two = sum(len(code_sharing(c.icons)[0].npa) == 2 for c in data.cards.values())
    assert 15 <= two <= 25
    colours = Counter(n for c in data.cards.values() for n in code_sharing(c.icons)[0].npa)
    assert max(colours.values()) - min(colours.values()) <= 3  # no NPA is much easier to ally with


def test_roughly_two_thirds_economy(data: Components) -> None:
    economy = sum(c.travel is Travel.ECONOMY for c in data.cards.values())
    assert 36 <= economy <= 44


def test_seven_trios_of_three_cards_with_the_rulebooks_passengers(data: Components) -> None:
    assert {name: sorted(p) for name, p in data.trios.items()} == {n: sorted(p) for n, p in RULEBOOK_TRIOS.items()}
    for name, passengers in RULEBOOK_TRIOS.items():
        members = [c.passenger for c in data.cards.values() if c.trio == name]
        assert sorted(members) == sorted(passengers), name
    assert sum(c.trio is not None for c in data.cards.values()) == 21


def test_cards_outside_the_trios_do_not_carry_a_trio_passenger(data: Components) -> None:
    trio_passengers = {p for passengers in RULEBOOK_TRIOS.values() for p in passengers}
    assert all(c.passenger not in trio_passengers for c in data.cards.values() if c.trio is None)


def test_the_relay_example_polynesia_cannes_tokyo_is_three_cards(data: Components) -> None:
    routes = {(data.airports[c.departure].name, data.airports[c.arrival].name) for c in data.cards.values()}
    assert {("Polynesia", "Cannes"), ("Cannes", "Tokyo"), ("Polynesia", "Tokyo")} <= routes


def test_every_flight_icon_appears_on_several_cards(data: Components) -> None:
    labels = Counter(icon.label for card in data.cards.values() for icon in card.icons)
    for permit in AREA_PERMITS:
        assert labels[f"{permit} 1-2-3"] >= 3, permit
    assert labels["Priority takeoff"] >= 5
    for colour in PLAYER_COLOURS:
        assert labels[f"Special landing: {colour}"] >= 3, colour
    assert set(labels) == {
        *(f"{p} 1-2-3" for p in AREA_PERMITS), "Priority takeoff", *(f"Special landing: {c}" for c in PLAYER_COLOURS),
        *(f"Code sharing: {n}" for n in NPA_COLOURS), "Code sharing: black/white", "Code sharing: black/purple",
        "Code sharing: white/purple",
    }


def test_icon_labels_use_the_printed_words() -> None:
    assert Icon(IconKind.AREA, areas=tuple(Area)).label == "ALL 1-2-3"
    assert Icon(IconKind.AREA, areas=(Area.A, Area.M)).label == "AM 1-2-3"
    assert Icon(IconKind.SPECIAL, colour="red").label == "Special landing: red"
    assert Icon(IconKind.PRIORITY).label == "Priority takeoff"
    assert Icon(IconKind.CODE_SHARING, npa=("black", "white")).label == "Code sharing: black/white"


def test_a_card_never_shows_the_same_icon_twice(data: Components) -> None:
    assert all(len(set(card.icons)) == 3 for card in data.cards.values())


# -- a playable deck -------------------------------------------------------------------------


def test_every_route_can_be_flown(data: Components) -> None:
    """Some plane can stand at the departure and some plane can land at the arrival; every plane also
    lands on numbers 1-3, so a relay through any of them joins the two flights in one turn."""
    for card in data.cards.values():
        assert planes_serving(data, card.departure), (card.id, card.departure)
        assert planes_serving(data, card.arrival), (card.id, card.arrival)


def test_routes_between_two_v_airports_can_be_flown_by_one_npa(data: Components) -> None:
    for card in data.cards.values():
        if route_kind(data, card) == "v-v":
            both = planes_serving(data, card.departure) & planes_serving(data, card.arrival) & set(NPA_COLOURS)
            assert both, card.id


def test_a_card_touching_a_v_airport_shares_code_with_an_npa_that_lands_there(data: Components) -> None:
    for card in data.cards.values():
        npa = set(code_sharing(card.icons)[0].npa)
        for code in (card.departure, card.arrival):
            if is_v(data, code):
                assert any(data.airports[code].allows(n) for n in npa), (card.id, code)


def test_most_routes_use_numbers_1_to_3_and_every_v_airport_is_on_a_card(data: Components) -> None:
    kinds = Counter(route_kind(data, c) for c in data.cards.values())
    assert kinds["same"] + kinds["cross"] >= 30  # reachable with the players' own area permits
    assert kinds["v-same"] + kinds["v-cross"] + kinds["v-v"] >= 15
    touched = {code for c in data.cards.values() for code in (c.departure, c.arrival)}
    assert {code for code in data.airports if is_v(data, code)} <= touched
    for colour, code in data.special_airport.items():
        assert sum(code in (c.departure, c.arrival) for c in data.cards.values()) >= 2, colour


def test_the_four_areas_see_about_as_many_passengers(data: Components) -> None:
    ends = Counter(code[0] for c in data.cards.values() for code in (c.departure, c.arrival))
    assert set(ends) == {"A", "E", "M", "U"}
    assert max(ends.values()) - min(ends.values()) <= 8
    same_area = Counter(c.departure[0] for c in data.cards.values() if route_kind(data, c) == "same")
    assert set(same_area.values()) == {3}


def test_miles_rise_with_the_difficulty_of_the_route_and_first_class_pays_more(data: Components) -> None:
    miles: dict[tuple[str, Travel], set[int]] = {}
    for card in data.cards.values():
        assert 2000 <= card.miles <= 12000 and card.miles % 1000 == 0, card.id
        miles.setdefault((route_kind(data, card), card.travel), set()).add(card.miles)
    steps = [(kind, travel) for kind in MILE_STEPS for travel in Travel if (kind, travel) in miles]
    for easier, harder in zip(steps, steps[1:]):
        assert max(miles[easier]) < min(miles[harder]), (easier, harder)


# -- the loader names a bad entry ------------------------------------------------------------


def test_not_toml_is_refused(tmp_path: Path, text: str) -> None:
    assert "not valid TOML" in rejected(tmp_path, text + "\n[[card\n")


def test_a_missing_airport_is_named(tmp_path: Path, text: str) -> None:
    broken = re.sub(r'(?m)^A3 = .*\n', "", text)
    assert "airport A3" in rejected(tmp_path, broken)


def test_a_wrong_shape_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, 'A2 = { name = "Hong Kong", shape = "reverse Y"', 'A2 = { name = "Hong Kong", shape = "V"')
    assert "airport A2" in rejected(tmp_path, broken)


def test_a_printed_name_changed_is_named(tmp_path: Path, text: str) -> None:
    assert "airport M3" in rejected(tmp_path, replace_once(text, 'name = "Nile"', 'name = "Cairo"'))


def test_a_silhouette_on_numbers_1_to_3_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, 'E2 = { name = "Rome", shape = "reverse Y", silhouettes = ["all"]',
                          'E2 = { name = "Rome", shape = "reverse Y", silhouettes = ["black"]')
    assert "airport E2" in rejected(tmp_path, broken)


def test_an_npa_starting_where_it_may_not_land_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, 'silhouettes = ["black", "blue"]', 'silhouettes = ["white", "blue"]')
    assert "npa_start black" in rejected(tmp_path, broken)


def test_npa_starts_other_than_the_starred_airports_are_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, 'white = ["A4", "A5", "A6", "E5"]', 'white = ["A4", "A5", "A6", "M4"]')
    assert "npa_start white" in rejected(tmp_path, broken)


def test_a_special_airport_not_allowing_its_colour_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, 'special_airport = "A4"', 'special_airport = "A5"')
    assert "colour red" in rejected(tmp_path, broken)


def test_a_special_airport_on_numbers_1_to_3_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, 'special_airport = "M5"', 'special_airport = "M1"')
    assert "colour yellow" in rejected(tmp_path, broken)


def test_a_player_colour_printed_off_its_special_airport_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, 'silhouettes = ["black", "white"] }\nM5', 'silhouettes = ["black", "white", "red"] }\nM5')
    assert "airport M4" in rejected(tmp_path, broken)


def test_a_printed_pass_allowing_an_alliance_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, '["area AM", "priority", "code_sharing white"],\n  ["area ALL", "area EU"',
                          '["area AM", "priority", "code_sharing black/white"],\n  ["area ALL", "area EU"')
    broken = replace_once(broken, '["area ALL", "area EU", "code_sharing purple"]', '["area ALL", "area EU", "code_sharing black"]')
    message = rejected(tmp_path, broken)
    assert "colour red" in message and "alliance" in message


def test_a_pass_slot_without_exactly_one_code_sharing_icon_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, '["special red", "area A", "code_sharing black"]', '["special red", "area A", "priority"]')
    assert "colour red boarding pass slot 1" in rejected(tmp_path, broken)


def test_a_card_id_used_twice_is_named(tmp_path: Path, text: str) -> None:
    assert "card p02: id used twice" in rejected(tmp_path, edit_card(text, "p03", lambda b: b.replace('"p03"', '"p02"')))


def test_59_cards_are_refused(tmp_path: Path, text: str) -> None:
    assert "59 passenger cards" in rejected(tmp_path, edit_card(text, "p02", lambda b: ""))


def test_a_route_to_its_own_departure_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_card(text, "p05", lambda b: b.replace('arrival = "E1"', 'arrival = "E3"'))
    assert "card p05" in rejected(tmp_path, broken)


def test_a_route_to_an_unknown_airport_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_card(text, "p06", lambda b: b.replace('arrival = "E2"', 'arrival = "E7"'))
    assert "card p06" in rejected(tmp_path, broken)


def test_a_card_without_exactly_one_code_sharing_icon_is_named(tmp_path: Path, text: str) -> None:
    two = edit_card(text, "p07", lambda b: b.replace('"area U"', '"code_sharing purple"'))
    assert "card p07" in rejected(tmp_path, two)
    none = edit_card(text, "p07", lambda b: b.replace('"code_sharing black/white"', '"priority"'))
    assert "card p07" in rejected(tmp_path, none)


def test_an_unknown_area_permit_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_card(text, "p08", lambda b: b.replace('"area E"', '"area ME"'))
    message = rejected(tmp_path, broken)
    assert "card p08" in message and "area ME" in message


def test_a_special_permit_of_an_npa_colour_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_card(text, "p08", lambda b: b.replace('"special green"', '"special black"'))
    assert "card p08" in rejected(tmp_path, broken)


def test_an_incomplete_trio_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_card(text, "p01", lambda b: b.replace('trio = "Actor Trio"\n', ""))
    assert "trio Actor Trio" in rejected(tmp_path, broken)


def test_a_trio_with_the_wrong_passenger_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_card(text, "p39", lambda b: b.replace("Secret Agent (KGB)", "Secret Agent (Mossad)"))
    assert "trio Spy Trio" in rejected(tmp_path, broken)
    listed = replace_once(text, '"Secret Agent (KGB)", "Secret', '"Secret Agent (Mossad)", "Secret')
    assert "trio Spy Trio" in rejected(tmp_path, listed)


def test_an_unknown_trio_on_a_card_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_card(text, "p02", lambda b: b.replace('passenger = "Sumo Wrestler"\n', 'passenger = "Sumo Wrestler"\ntrio = "Sumo Trio"\n'))
    assert "card p02" in rejected(tmp_path, broken)


def test_all_on_a_v_airport_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, 'silhouettes = ["white", "black"] }', 'silhouettes = ["all"] }')
    message = rejected(tmp_path, broken)
    assert "airport A6" in message and "only certain colours" in message


def test_an_npa_landing_on_more_v_airports_than_another_is_named(tmp_path: Path, text: str) -> None:
    broken = replace_once(text, 'silhouettes = ["white"] }', 'silhouettes = ["white", "black"] }')
    message = rejected(tmp_path, broken)
    assert "airports" in message and "black 7, white 6, purple 6" in message


def test_an_npa_shown_on_more_code_sharing_icons_than_another_is_named(tmp_path: Path, text: str) -> None:
    broken = edit_card(text, "p38", lambda b: b.replace('"code_sharing white/purple"', '"code_sharing black"'))
    message = rejected(tmp_path, broken)
    assert "card" in message and "black 28, white 26, purple 26" in message


# -- editions ------------------------------------------------------------------------------------


def test_games_of_the_first_edition_keep_its_components(data: Components) -> None:
    """A game started before the V airports were corrected replays with the board and cards it began with: the
    frozen copy, read with the checks of its day (it still shows ALL on Oceania and Mexico)."""
    first = components(1)
    assert first is not data and first is components(1)
    assert first.airports["A6"].silhouettes == {ALL} and first.airports["U5"].silhouettes == {ALL}
    assert first.cards["p58"].departure == "A6" and data.cards["p58"].departure == "A5"
    with pytest.raises(DataError):
        load(DATA_FILE.with_suffix(".e1.toml"))  # the checks of the current edition refuse it
    changed_airports = {code for code in data.airports if first.airports[code] != data.airports[code]}
    assert changed_airports == {"A6", "E5", "E6", "U5"}
    assert {card for card in data.cards if first.cards[card] != data.cards[card]} == {"p38", "p58"}
    assert (first.passes, first.special_airport, first.npa_start, first.trios) == (
        data.passes, data.special_airport, data.npa_start, data.trios)
