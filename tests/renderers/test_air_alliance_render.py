"""The Air Alliance board image: valid, bounded PNGs drawn only from the public view, every phase, 2 to 4 players."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import ImageChops

import renderers
from engine.view import ViewError
from tests.renderers import drawing
from tests.renderers.drawing import typed, open_png
from renderers import common
from renderers.air_alliance import render as air_alliance
from renderers.air_alliance import board as air_alliance_board
from renderers.air_alliance import cards as air_alliance_cards
from renderers.air_alliance import header as air_alliance_header
from renderers.air_alliance import panels as air_alliance_panels
from renderers.air_alliance import pieces as air_alliance_pieces
from renderers.air_alliance import table as air_alliance_table
from tests.renderers.air_alliance_sample import (
    PHASES, off_board_view, over_view, phase_view, sample_view, start_view, with_players,
)
from engine.platform.wording import tableless

SLUG = "air-alliance"
MAX_BYTES = 1_000_000
MIN_WIDTH = 1600
MODULES = (common, air_alliance_pieces, air_alliance_board, air_alliance_cards, air_alliance_panels,
           air_alliance_header, air_alliance)
LONG_NAMES = ["Bartholomew Featherstonehaugh-Smythe", "Maximiliana Wolkenstein-Oberhausen",
              "Christopher Alexander Montgomery III", "Anastasia Konstantinopoulou-Papadakis"]


def clear_caches() -> None:
    """Forget every cached piece of this game's renderer, so a test sees what a fresh process would draw."""
    drawing.clear_caches(MODULES)


def long_names_view(players: int = 4) -> dict[str, Any]:
    view = with_players(sample_view(), players)
    view["seat_names"] = LONG_NAMES[:players]
    return view


VIEWS: dict[str, Callable[[], dict[str, Any]]] = {
    "sample": sample_view,
    "start": start_view,
    "over": over_view,
    "long names": long_names_view,
    "two players": lambda: with_players(sample_view(), 2),
    "four players": lambda: with_players(sample_view(), 4),
    "two players at the start": lambda: start_view(2),
    "four players at the start": lambda: start_view(4),
    "off the board": off_board_view,
    **{f"phase {phase}": (lambda phase=phase: phase_view(phase)) for phase in PHASES},
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_view_renders_to_a_png_at_least_1600_wide_and_under_1_mb(name: str) -> None:
    data = renderers.render(SLUG, typed(VIEWS[name]()))
    image = open_png(data)
    assert image.format == "PNG"
    assert image.width >= MIN_WIDTH
    assert len(data) < MAX_BYTES


def test_the_renderer_is_registered_under_the_games_slug() -> None:
    assert renderers.RENDERERS[SLUG] is air_alliance.render


def test_a_view_missing_a_key_is_refused_naming_it_rather_than_drawn_blank() -> None:
    """A renamed or lost key fails where the view is read, with its name, instead of drawing an empty panel."""
    view = sample_view()
    view["scores"][1]["mileage"] = view["scores"][1].pop("miles")
    with pytest.raises(ViewError, match=re.escape("view.scores[1] lacks 'miles'")):
        typed(view)


@pytest.mark.parametrize("name", ["sample", "over", "off the board"])
def test_the_same_view_gives_the_same_bytes_even_from_a_fresh_cache(name: str) -> None:
    first = renderers.render(SLUG, typed(VIEWS[name]()))
    clear_caches()
    assert renderers.render(SLUG, typed(VIEWS[name]())) == first
    assert renderers.render(SLUG, typed(VIEWS[name]())) == first


def test_a_seats_own_part_and_the_options_change_nothing_drawn() -> None:
    clean = renderers.render(SLUG, typed(sample_view()))
    leaky = sample_view()
    leaky["you"] = {"seat": 1, "colour": "yellow", "legal": []}
    leaky["options"] = ["kobe_flush", "kobe_economy"]
    assert renderers.render(SLUG, typed(leaky)) == clean


def test_keys_the_view_does_not_have_are_refused() -> None:
    leaky = sample_view()
    leaky["baggage_claim"][0]["secret_note"] = "next in the deck"
    with pytest.raises(ViewError, match="secret_note"):
        typed(leaky)


CHANGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "a plane lands": lambda v: v["airports"][6].update(runways=["purple", None, None]),
    "a card is reserved": lambda v: v["baggage_claim"][4].update(reserved_by=1),
    "a marker is placed": lambda v: v["boarding_passes"][0]["slots"][1].update(marker=2),
    "a flight is made": lambda v: v["flights"].append({"from": "A1", "to": "M1", "colour": "black", "seat": 0}),
    "the deck shrinks": lambda v: v.update(deck=22),
    "an alliance forms": lambda v: v["alliances"][2].extend(["green", "purple"]),
    "an event happens": lambda v: v["events"].append("Alice reserves Backpacker"),
    "miles are scored": lambda v: v["scores"][2].update(miles=24000),
    "the turn passes": lambda v: v.update(current=1, to_act=[1]),
    "the phase changes": lambda v: v.update(phase="flight_control"),
    "the last round begins": lambda v: v.update(last_round=True),
    "a card is set aside": lambda v: v["scores"][1]["gained"].append(
        {k: value for k, value in v["baggage_claim"][3].items() if k != "reserved_by"}),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_change_on_the_table_changes_the_image(change: str) -> None:
    """The converse of the test above: the caches must not hide a real change on the table."""
    before = renderers.render(SLUG, typed(sample_view()))
    view = sample_view()
    CHANGES[change](view)
    assert renderers.render(SLUG, typed(view)) != before


def test_the_fifth_plane_marks_the_alliance_on_the_players_panel() -> None:
    """Preparations: one plane of each colour marks alliances. A player's panel shows theirs: beside the board
    (none yet) until an alliance is formed, then in its area, before the NPAs it flies."""
    view = sample_view()  # yellow is allied with white in area 1; red is in no alliance
    table = air_alliance_table.read(typed(view))
    red, yellow = table.players[0], table.players[1]
    label = air_alliance_panels.LABEL
    assert [("text", "alliance", label), ("planes", "red"), ("text", "none yet", "")] in (
        air_alliance_panels.player_facts(red, "A4 Seoul"))
    assert [("text", "alliance 1", label), ("planes", "yellow"), ("text", "with", label), ("planes", "white")] in (
        air_alliance_panels.player_facts(yellow, "M5 Savannah"))
    allied_view = sample_view()
    allied_view["alliances"][2] = ["red", "black"]
    allied = air_alliance_table.read(typed(allied_view)).players[0]
    assert allied.alliance == 2 and allied.allies == ("black",)
    panels = [air_alliance_panels.player_panel(p, False, None, "A4 Seoul").tobytes() for p in (red, allied)]
    assert panels[0] != panels[1]


def difference_box(first: dict[str, Any], second: dict[str, Any]) -> tuple[int, int, int, int] | None:
    images = [open_png(renderers.render(SLUG, typed(v))).convert("RGB") for v in (first, second)]
    assert images[0].size == images[1].size
    return ImageChops.difference(*images).getbbox()


def test_this_turns_flights_are_drawn_on_the_board_only() -> None:
    still = sample_view()
    still["flights"] = []
    box = difference_box(still, sample_view())
    assert box is not None
    top = air_alliance.BOARD_TOP
    assert box[1] >= top and box[3] <= top + air_alliance_board.BOARD_HEIGHT


def test_a_seat_the_bot_plays_is_tagged_on_its_own_panel_only() -> None:
    """ai_seats, autopilot_seats and away_seats come from the service; each tags one player's panel."""
    for key in ("ai_seats", "autopilot_seats", "away_seats"):
        tagged = sample_view()
        tagged[key] = [1]
        box = difference_box(sample_view(), tagged)
        assert box is not None
        layout = air_alliance.Layout.of(air_alliance.read(typed(tagged)))
        assert box[1] >= layout.players_top and box[0] >= air_alliance.MARGIN + air_alliance_panels.PLAYER_SIZE[0]
        assert box[3] - box[1] <= air_alliance_panels.HEADER_HEIGHT + air_alliance_panels.FRAME


def test_player_panels_take_two_per_row_and_an_odd_table_puts_the_events_beside() -> None:
    heights = {n: open_png(renderers.render(SLUG, typed(start_view(n)))).height for n in (2, 3, 4)}
    events_row = air_alliance_panels.events_height(1) + air_alliance.GAP  # the start view has one event line
    assert heights[3] - heights[2] == air_alliance_panels.PLAYER_SIZE[1] + air_alliance.GAP - events_row
    assert heights[4] - heights[3] == events_row
    assert air_alliance.Layout.of(air_alliance.read(typed(start_view(3)))).events_beside
    assert not air_alliance.Layout.of(air_alliance.read(typed(start_view(4)))).events_beside


def test_cards_reserved_off_the_board_get_a_row_of_their_own() -> None:
    plain, off = (open_png(renderers.render(SLUG, typed(v))) for v in (sample_view(), off_board_view()))
    assert off.height == plain.height + air_alliance.CAPTION + air_alliance_cards.CLAIM_TILE[1] + air_alliance.GAP


def test_the_game_over_ranks_shared_places_alike() -> None:
    table = air_alliance.read(typed(over_view()))
    assert air_alliance.final_places(table) == {0: 2, 1: 1, 2: 2}
    assert air_alliance.final_places(air_alliance.read(typed(sample_view()))) == {}


def test_a_special_airport_is_marked_only_for_a_colour_at_the_table() -> None:
    """The board prints a special airport for each of the four colours; an absent player's is just a V airport."""
    view = start_view(2)
    for airport in view["airports"]:
        airport["special_for"] = {"A4": "red", "M5": "yellow", "U6": "green", "E4": "blue"}.get(airport["code"])
    specials = {a.code for a in air_alliance.read(typed(view)).airports if a.special_for}
    assert specials == {"A4", "M5"}


def test_names_the_board_cannot_draw_are_colours_and_events_are_drawn_as_the_services_worded_them() -> None:
    view = sample_view()
    view["seat_names"] = ["🚀 Zoë", "李雷", "Ann"]
    table = air_alliance.read(typed(view))
    assert table.names == ("Zoë (Red)", "Yellow", "Ann")  # as renderers.shown_name names them in messages
    assert table.events[-1].startswith("Alice flies black E3 Cannes → A1 Tokyo")  # a renderer words no event


@pytest.mark.slow
def test_every_position_of_a_real_engine_game_renders() -> None:
    """The contract end to end: whatever the engine's public view holds, the renderer draws it."""
    engine = pytest.importorskip("engine")
    simulate = pytest.importorskip("engine.cli.simulate")
    try:
        game = engine.get_game(SLUG)
    except engine.GameError:
        pytest.skip("the Air Alliance rules are not registered yet")
    for players in (2, 3, 4):
        views: list[Any] = []
        simulate.play_random(game, players, seed=players,
                             on_move=lambda state, seat, action: views.append(tableless(game.sentences, game.view(state, None))))  # noqa: B023  # the callback runs only during this playout
        for view in views[:: max(1, len(views) // 10)] + [views[-1]]:
            data = renderers.render(SLUG, view)
            assert open_png(data).width >= MIN_WIDTH and len(data) < MAX_BYTES
