"""The 1930 board image: valid, bounded PNGs drawn only from the public view, 2 to 6 players, readable on a phone."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest
from PIL import ImageChops

import renderers
from engine.view import ViewError
from renderers import common
from renderers.golden_age import render as golden_age
from renderers.golden_age import airlines as golden_age_airlines
from renderers.golden_age import header as golden_age_header
from renderers.golden_age import map as golden_age_map
from renderers.golden_age import market as golden_age_market
from renderers.golden_age import panels as golden_age_panels
from renderers.golden_age import pieces as golden_age_pieces
from renderers.golden_age import table as golden_age_table
from tests.renderers import drawing
from tests.renderers.drawing import typed, open_png
from tests.renderers.golden_age_sample import (
    LONG_NAMES, bankrupt_view, full_city_view, over_view, sample_view, start_view, with_names,
)
from engine.platform.wording import tableless

SLUG = "1930"
MAX_BYTES = 1_000_000
MIN_WIDTH = 1600
MODULES = (common, golden_age_table, golden_age_pieces, golden_age_map, golden_age_market, golden_age_airlines,
           golden_age_header, golden_age_panels, golden_age)
PHONE_TEXT = -(-golden_age.WIDTH // 36)  # Discord shows the board about 360 px wide on a phone


def clear_caches() -> None:
    """Forget every cached piece of this game's renderer, so a test sees what a fresh process would draw."""
    drawing.clear_caches(MODULES)


VIEWS: dict[str, Callable[[], dict[str, Any]]] = {
    **{f"start, {n} players": (lambda n=n: start_view(n)) for n in range(2, 7)},
    **{f"mid-game, {n} players": (lambda n=n: sample_view(n)) for n in range(2, 7)},
    **{f"game over, {n} players": (lambda n=n: over_view(n)) for n in range(2, 7)},
    "long names, 6 players": lambda: with_names(sample_view(6), LONG_NAMES),
    "long names, 2 players": lambda: with_names(over_view(2), LONG_NAMES),
    "every spot full": full_city_view,
    "a bankrupt airline": bankrupt_view,
    "no seat names": lambda: sample_view(5) | {"seat_names": [""] * 5},
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_view_renders_to_a_png_at_least_1600_wide_and_under_1_mb(name: str) -> None:
    data = renderers.render(SLUG, typed(VIEWS[name]()))
    image = open_png(data)
    assert image.format == "PNG"
    assert image.width >= MIN_WIDTH
    assert len(data) < MAX_BYTES


def test_the_renderer_is_registered_under_the_games_slug() -> None:
    assert renderers.RENDERERS[SLUG] is golden_age.render


def test_a_view_missing_a_key_is_refused_naming_it_rather_than_drawn_blank() -> None:
    """A renamed or lost key fails where the view is read, with its name, instead of drawing an empty panel."""
    view = sample_view()
    view["cities"][3]["tiles"] = view["cities"][3].pop("tiles_left")
    with pytest.raises(ViewError, match=re.escape("view.cities[3] lacks 'tiles_left'")):
        typed(view)


@pytest.mark.parametrize("name", ["mid-game, 4 players", "game over, 6 players", "every spot full"])
def test_the_same_view_gives_the_same_bytes_even_from_a_fresh_cache(name: str) -> None:
    first = renderers.render(SLUG, typed(VIEWS[name]()))
    clear_caches()
    assert renderers.render(SLUG, typed(VIEWS[name]())) == first
    assert renderers.render(SLUG, typed(VIEWS[name]())) == first


# -- hidden information -----------------------------------------------------------------------------------
def test_a_seats_own_contracts_never_reach_the_board() -> None:
    """A seat's view adds "you" (its secret contracts); the board drawn from it is the public one, byte for byte."""
    clean = renderers.render(SLUG, typed(sample_view()))
    leaky = sample_view()
    leaky["you"] = {"seat": 1, "contracts": [
        {"number": 60, "value": 4, "cities": ["Rio de Janeiro", "Miami"], "words": "$4: Rio de Janeiro + Miami",
         "eligible": ["Green Airline"]},
        {"number": 3, "value": 1, "cities": ["Atlanta"], "words": "$1: Atlanta", "eligible": []},
    ]}
    assert renderers.render(SLUG, typed(leaky)) == clean


def test_the_table_the_board_draws_holds_nothing_of_a_seats_own_part() -> None:
    view = sample_view()
    view["you"] = {"seat": 0, "contracts": [{"number": 71, "value": 5, "cities": ["Honolulu", "Los Angeles"],
                                            "words": "$5: Honolulu + Los Angeles", "eligible": []}]}
    table = golden_age_table.read(typed(view))
    assert table == golden_age_table.read(typed(sample_view()))
    assert "Honolulu + Los Angeles" not in str(table)


# -- what changes on the table changes the image ----------------------------------------------------------
def _city(view: dict[str, Any], key: str) -> dict[str, Any]:
    return next(c for c in view["cities"] if c["key"] == key)


def _airline(view: dict[str, Any], key: str) -> dict[str, Any]:
    return next(a for a in view["airlines"] if a["key"] == key)


CHANGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "a gate is placed": lambda v: _city(v, "miami")["gates"].append("pink"),
    "a hub is built": lambda v: _city(v, "los_angeles").update(hub="orange"),
    "a city is upgraded": lambda v: _city(v, "denver").update(colour="yellow", value=6, tiles_left=[]),
    "a price moves": lambda v: _airline(v, "green").update(price_box=14, price=18, action_cost=5),
    "a token is purchased": lambda v: _airline(v, "pink").update(purchased=True),
    "an airline researches": lambda v: _airline(v, "orange").update(tech_box=3),
    "an airline flies": lambda v: _airline(v, "orange").update(flown=True),
    "the income rises": lambda v: _airline(v, "blue").update(income=40, dividend=5),
    "money changes hands": lambda v: v["seats"][2].update(money=99),
    "a token is used": lambda v: v["seats"][1]["used"].update(blue=1),
    "a contract is played": lambda v: v["seats"][3].update(contracts=4),
    "the turn passes": lambda v: v.update(current=2),
    "the operating round ends": lambda v: v.update(operating_round=3),
    "an event happens": lambda v: v["events"].append("Bartholomew passes."),
    "another airline acts": lambda v: v.update(last="blue:fly"),
    "the turn order differs": lambda v: v.update(turn_order=[0, 2, 1, 3]),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_change_on_the_table_changes_the_image(change: str) -> None:
    """The caches must not hide a real change on the table."""
    before = renderers.render(SLUG, typed(sample_view()))
    view = sample_view()
    CHANGES[change](view)
    assert renderers.render(SLUG, typed(view)) != before


def difference_box(first: dict[str, Any], second: dict[str, Any]) -> tuple[int, int, int, int] | None:
    images = [open_png(renderers.render(SLUG, typed(v))).convert("RGB") for v in (first, second)]
    assert images[0].size == images[1].size
    return ImageChops.difference(*images).getbbox()


def test_a_gate_changes_only_its_citys_tile() -> None:
    view = sample_view()
    _city(view, "miami")["gates"].append("pink")
    box = difference_box(sample_view(), view)
    assert box is not None
    layout = golden_age.Layout.of(golden_age_table.read(typed(view)))
    tiles = dict(golden_age_map.map_layout(golden_age_map.layout_key(golden_age_table.read(typed(view)).cities)).tiles)
    left, top = tiles["miami"]
    top += layout.map_top + golden_age.CAPTION
    left += golden_age.MARGIN
    assert left <= box[0] and box[2] <= left + golden_age_map.TILE_WIDTH
    assert top <= box[1] and box[3] <= top + golden_age_map.TILE_HEIGHT


def test_the_board_keeps_its_height_move_after_move() -> None:
    """Events come and go; the board's height depends only on the game (its players, cities and airlines)."""
    quiet = sample_view()
    quiet["events"] = []
    busy = sample_view()
    busy["events"] = [f"Airline {n} pays a final full dividend of $9 a token: Alice $9, Bartholomew $18." for n in range(12)]
    assert open_png(renderers.render(SLUG, typed(quiet))).size == open_png(renderers.render(SLUG, typed(busy))).size


# -- the map ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_no_two_city_tiles_or_region_panels_overlap(players: int) -> None:
    table = golden_age_table.read(typed(start_view(players)))
    layout = golden_age_map.map_layout(golden_age_map.layout_key(table.cities))
    assert len(layout.tiles) == len(table.cities)
    width, height = golden_age_map.TILE_WIDTH, golden_age_map.TILE_HEIGHT
    boxes = [(x, y, x + width, y + height) for _, (x, y) in layout.tiles]
    panels = [(p.left, p.top, p.left + p.width, p.top + p.height) for p in layout.panels]
    for a, b in [*combinations(boxes, 2), *combinations(panels, 2)]:
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for box in boxes + panels:
        assert box[0] >= 0 and box[2] <= golden_age_map.MAP_WIDTH and box[3] <= layout.height
    for (x, y) in (place for _, place in layout.tiles):  # every tile inside its region's panel
        assert any(p[0] <= x and x + width <= p[2] and p[1] <= y and y + height <= p[3] for p in panels)


def test_a_city_not_in_play_shows_the_tile_that_would_bring_it_in() -> None:
    winnipeg = next(c for c in golden_age_table.read(typed(start_view(2))).cities if c.key == "winnipeg")
    assert winnipeg.colour is None and winnipeg.shown == ("yellow", 7)
    chicago = next(c for c in golden_age_table.read(typed(sample_view(2))).cities if c.key == "chicago")
    assert chicago.shown == ("green", 13)


def test_every_spot_full_and_the_hub_are_drawn_in_order() -> None:
    table = golden_age_table.read(typed(full_city_view()))
    new_york = next(c for c in table.cities if c.key == "new_york")
    assert [g.key for g in new_york.gates] == ["green", "orange", "blue", "yellow", "pink"]
    assert new_york.hub is not None and new_york.hub.key == "orange"
    full = golden_age_map.city_tile(new_york)
    assert full.size == (golden_age_map.TILE_WIDTH, golden_age_map.TILE_HEIGHT)
    assert golden_age_map.city_tile(new_york._replace(gates=new_york.gates[:4])).tobytes() != full.tobytes()


def test_every_airline_has_its_own_letters() -> None:
    labels = [golden_age_table.label_for(key) for key in golden_age_table.AIRLINE_LABELS]
    assert len(set(labels)) == len(labels)
    assert golden_age_table.label_for("silver") == "Si"  # an airline the data adds later still gets letters


# -- the stock market and the airlines ---------------------------------------------------------------------
def test_a_bankrupt_airline_leaves_the_market_and_its_row_says_so() -> None:
    table = golden_age_table.read(typed(bankrupt_view()))
    assert "pink" not in {m.disc.key for m in golden_age_market.markers(table.airlines)}
    assert "pink" in {a.disc.key for a in table.airlines if a.bankrupt}
    assert all("pink" not in {g.key for g in c.gates} for c in table.cities)


def test_only_founded_airlines_have_a_marker_and_purchased_ones_are_flagged() -> None:
    table = golden_age_table.read(typed(sample_view()))
    placed = {m.disc.key: m for m in golden_age_market.markers(table.airlines)}
    assert set(placed) == {"green", "orange", "blue", "yellow", "pink"}
    assert placed["blue"].purchased and not placed["green"].purchased
    assert golden_age_market.purchased_fits(len(table.market))


def test_the_airline_table_columns_fit_the_board() -> None:
    assert golden_age_airlines.columns_fit()


# -- the header: the facts a player looks for first, large enough for a phone ----------------------------
@pytest.mark.parametrize("name", sorted(VIEWS))
def test_turn_news_and_worth_are_large_enough_for_a_phone(name: str) -> None:
    view = VIEWS[name]()
    lines = golden_age.header_lines(typed(view))
    rows = golden_age_header.worth_rows(len(view["seats"]))
    assert len(lines) == 4 + rows
    assert lines[0].size >= PHONE_TEXT  # whose turn
    assert lines[2].size >= PHONE_TEXT  # what just happened
    assert all(line.size >= PHONE_TEXT for line in lines[4:])  # worth
    room = golden_age.INNER - 2 * golden_age_header.PAD
    assert all(golden_age_header.runs_width(line.runs, line.size) <= room for line in lines)


def test_the_header_says_whose_decision_the_turn_the_phase_and_the_last_action() -> None:
    view = sample_view()
    lines = golden_age.header_lines(typed(view))
    assert lines[0].text == "▶ Bartholomew: use a stock token"
    assert lines[1].text == "Turn 3 of 6  ·  Operating round 2 of up to 7  ·  First player: Alice"
    assert " ".join(line.text for line in lines[2:4]) == "Alice (Green Airline) opens a gate in Chicago."
    assert golden_age_header.shown_tag(golden_age_table.read(typed(view)))[1] == "Green · expand"  # the event's own
    assert lines[4].text == "Worth: Alice $62  ·  Bartholomew $59"
    assert lines[5].text == "Chen $44  ·  Dolores $40"


def test_the_header_ranks_the_worths_richest_first_as_the_turn_message_does() -> None:
    view = sample_view()
    seats = view["seats"]
    seats[0]["worth"], seats[3]["worth"] = seats[3]["worth"], seats[0]["worth"]  # Dolores leads, Alice is last
    lines = golden_age.header_lines(typed(view))
    assert [lines[4].text, lines[5].text] == ["Worth: Dolores $62  ·  Bartholomew $59", "Chen $44  ·  Alice $40"]


def test_the_board_shows_the_first_turns_order_from_the_view_on_each_player() -> None:
    """The First Round Turn Order cards order the first turn: each player's panel carries its number in it."""
    assert golden_age_table.read(typed(start_view(4))).turn_order == (0, 2, 1, 3)
    clockwise = {k: v for k, v in start_view(4).items() if k != "turn_order"}  # a game of edition 1
    assert golden_age_table.read(typed(clockwise)).turn_order == (0, 1, 2, 3)
    assert golden_age_table.read(typed({**start_view(4), "turn_order": [0, 0, 1, 2]})).turn_order == (0, 1, 2, 3)
    assert renderers.render(SLUG, typed(start_view(4))) != renderers.render(SLUG, typed(clockwise))
    seat = golden_age_table.read(typed(start_view(4))).seats[2]
    badges = [golden_age_panels.player_panel(seat, 500, False, False, None, (), n).tobytes() for n in (2, 3, None)]
    assert len(set(badges)) == 3
    over = golden_age_table.read(typed(over_view(4)))
    assert golden_age.final_places(over) and not golden_age.turn_badges(over)  # once over, places instead


def test_names_the_board_cannot_draw_are_seat_numbers_and_events_are_drawn_as_the_services_worded_them() -> None:
    view = sample_view()
    view["seat_names"] = ["🚀 Zoë", "李雷"]
    table = golden_age_table.read(typed(view))
    assert table.names == ("Zoë (Seat 1)", "Seat 2", "Seat 3", "Seat 4")  # as renderers.shown_name names them
    assert table.events[0] == "Alice (Green Airline) opens a gate in New York."  # a renderer words no event


def test_the_game_over_header_names_the_winner_and_the_worth() -> None:
    view = over_view()
    lines = golden_age.header_lines(typed(view))
    winner = view["winners"][0]
    assert lines[0].text == f"Game over: {view['seat_names'][winner]} wins with ${view['seats'][winner]['worth']}"
    assert lines[4].text.startswith("Final worth: ")
    places = golden_age.final_places(golden_age_table.read(typed(view)))
    assert places[winner] == 1 and sorted(places.values())[0] == 1


def news_text(view: dict[str, Any]) -> str:
    """The header's news as it reads: its two lines of news, joined."""
    return " ".join(line.text for line in golden_age.header_lines(typed(view))[2:4] if line.text)


DIVIDEND = "Orange Airline pays a full dividend of $3 a token: Bartholomew $6, Eve $3."


def test_the_headline_is_the_headers_main_news_and_the_newest_event_comes_under_it() -> None:
    view = sample_view()
    view["headline"] = "Chen passes."  # short: the newest event fits under it
    lines = golden_age.header_lines(typed(view))
    assert (lines[2].text, lines[3].text) == ("Chen passes.", "Alice (Green Airline) opens a gate in Chicago.")
    view["headline"] = DIVIDEND  # long: it takes both lines
    assert news_text(view) == DIVIDEND
    del view["headline"]  # without one (a view no service has seen), the newest event
    assert news_text(view).startswith("Alice (Green Airline) opens a gate in Chicago.")


@pytest.mark.parametrize(("own", "headline", "tagged"), [
    ([0, 1], "Alice (Green Airline) opens a gate in Chicago.", True),  # news the game says the last action did
    ([0, 1], DIVIDEND, False),  # other news
    ([0], "Alice (Green Airline) opens a gate in Chicago.", False),  # the game says that action did only the first
    ([0, 1], None, True),  # no headline: the newest event leads, the expand's own
])
def test_the_last_actions_tag_stands_only_beside_news_the_game_says_that_action_did(
        own: list[int], headline: str | None, tagged: bool) -> None:
    """Which news an action did is the game's to say (by its events' keys and airline, engine.rules.golden_age
    .events.own_news): the board reads no event's words to find out."""
    view = {**sample_view(), "own_news": own, **({"headline": headline} if headline else {})}
    tag = golden_age_header.shown_tag(golden_age_table.read(typed(view)))
    assert (tag is not None) is tagged


def test_the_final_board_names_the_winner_first_and_shows_no_stale_tag() -> None:
    view = {**over_view(), "last": "green:expand"}
    lines = golden_age.header_lines(typed(view))
    assert lines[0].text == f"Game over: {view['headline']}"
    assert golden_age_header.shown_tag(golden_age_table.read(typed(view))) is None
    assert news_text(view).startswith("Green Airline pays a final full dividend of $6 a token")
    unnamed = {k: v for k, v in view.items() if k != "headline"}  # a view no service has seen: from the winners
    assert golden_age.header_lines(typed(unnamed))[0].text == lines[0].text


@pytest.mark.parametrize(("view", "words"), [
    (start_view(), "The game begins: each player founds an airline"),
    ({**sample_view(), "events": [], "news": []}, "Last action: Green · expand"),
    ({**sample_view(), "events": [], "news": [], "own_news": [], "last": ""}, "The game goes on"),
])
def test_the_headers_news_is_never_empty(view: dict[str, Any], words: str) -> None:
    assert news_text(view) == words


def test_a_long_name_still_leaves_the_decision_whole_when_it_fits() -> None:
    view = with_names(sample_view(), LONG_NAMES)
    assert golden_age.header_lines(typed(view))[0].text == f"▶ {LONG_NAMES[1]}: use a stock token"


# -- legible on a phone, nothing cut off -----------------------------------------------------------------
@pytest.mark.slow
def test_no_text_is_drawn_below_the_minimum_size_or_off_its_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text a player reads keeps to MIN_TEXT; only two wide letters on a disc may shrink a little (the disc's
    colour says the same)."""
    drawn: list[tuple[str, int, bool]] = []
    text = common.Pen.text

    def logged(pen: common.Pen, xy: tuple[float, float], words: str, size: int, bold: bool = False,
               fill: common.RGB = common.INK, anchor: str = "lm") -> None:
        if words:
            left, top, right, bottom = common.font(size, bold).getbbox(words, anchor=anchor)
            x, y = int(round(xy[0])), int(round(xy[1]))
            inside = x + left >= 0 and y + top >= 0 and x + right <= pen.image.width and y + bottom <= pen.image.height
            drawn.append((words, size, inside))
        text(pen, xy, words, size, bold, fill, anchor)

    clear_caches()
    monkeypatch.setattr(common.Pen, "text", logged)
    for name in ("long names, 6 players", "every spot full", "game over, 5 players", "start, 2 players"):
        renderers.render(SLUG, typed(VIEWS[name]()))
    clear_caches()
    labels = set(golden_age_table.AIRLINE_LABELS.values())
    assert drawn
    assert sorted({(w, s) for w, s, _ in drawn if s < common.MIN_TEXT and w not in labels}) == []
    assert min(s for w, s, _ in drawn if w in labels) >= 18
    assert [w for w, _, inside in drawn if not inside] == []


# -- the contract end to end --------------------------------------------------------------------------------
def engine_views(players: int, seed: int, every: int) -> list[Any]:
    """Every `every`-th position of a random game of the real engine and its end (skipped without the engine)."""
    rules = pytest.importorskip("engine.rules.golden_age")
    game = rules.GAME
    chooser = random.Random(seed)
    state = game.setup(players, seed)
    views, moves = [tableless(game.sentences, game.view(state, None))], 0
    while to_act := game.to_act(state):
        seat = to_act[0]
        state = game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
        moves += 1
        if moves % every == 0:
            views.append(tableless(game.sentences, game.view(state, None)))
    return views + [tableless(game.sentences, game.view(state, None))]


@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in (3, 4, 5, 6))])
def test_positions_of_a_real_engine_game_render(players: int) -> None:
    views = engine_views(players, seed=players, every=40 * players)
    for view in views:
        data = renderers.render(SLUG, view)
        assert open_png(data).width >= MIN_WIDTH and len(data) < MAX_BYTES
    assert views[-1].winners
    assert golden_age.header_lines(views[-1])[0].text.startswith("Game over: ")
