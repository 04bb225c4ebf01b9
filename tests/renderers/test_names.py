"""The one rule for a name the font cannot draw (renderers.common.shown_name), as boards, lists and messages use it."""

from __future__ import annotations

import pytest

import renderers
from renderers import common
from renderers.drawing import PillowDrawing
from renderers.leaderboard import draw_leaderboard


@pytest.mark.parametrize(("name", "shown"), [
    ("Ann", "Ann"),
    ("Ann  Bo", "Ann  Bo"),  # the font draws all of it: the name exactly as given
    ("🚀 Zoë", "Zoë (USA)"),  # part of it: what it draws, the fallback beside it
    ("Ann李Bo", "Ann Bo (USA)"),
    ("李雷", "USA"),  # none of it: the fallback alone
    ("", "USA"),
    ("   ", "USA"),
])
def test_shown_name(name: str, shown: str) -> None:
    assert common.shown_name(name, "USA") == shown


def test_a_list_without_seats_keeps_what_the_font_draws_without_the_fallback_beside_it() -> None:
    assert common.shown_name("🚀 Zoë", "Member", beside=False) == "Zoë"
    assert common.shown_name("李雷", "Member", beside=False) == "Member"
    assert common.shown_name("Ann", "Member", beside=False) == "Ann"


def test_every_way_in_is_the_same_function() -> None:
    assert renderers.shown_name is common.shown_name
    assert PillowDrawing().shown_name("🚀 Zoë", "Red") == common.shown_name("🚀 Zoë", "Red")


def test_seat_names_fall_back_to_the_seats_own_name_else_its_number() -> None:
    names = common.seat_names(["🚀 Zoë", "李雷", "Ann  Bo", "李"], ["USA", "Germany", "Italy", "🏴"])
    assert names == ("Zoë (USA)", "Germany", "Ann Bo", "Seat 4")  # the board tidies spaces; a blank stand-in is 'Seat N'
    assert common.seat_names([], ["", ""]) == ("Seat 1", "Seat 2")  # a view without names
    assert common.seat_names(["Ann", "Bo", "Cy"], ["Red"]) == ("Ann",)  # one name per seat the game has


def test_a_name_already_shown_is_drawn_as_it_stands() -> None:
    """The service hands boards names already through shown_name: going through it again changes nothing."""
    for name in ("🚀 Zoë", "李雷", "Ann李Bo", "Zoë"):
        shown = common.shown_name(name, "Italy")
        assert common.seat_names([shown], ["Italy"]) == (shown,)


def test_a_leaderboard_draws_what_the_font_can_of_a_name() -> None:
    row = {"rank": 1, "rating": 1500, "provisional": False, "games": 1, "wins": 1}
    assert draw_leaderboard("Airships", [{**row, "name": "🚀 Zoë"}], 1) == draw_leaderboard(
        "Airships", [{**row, "name": "Zoë"}], 1)
    assert draw_leaderboard("Airships", [{**row, "name": "李雷"}], 1) == draw_leaderboard(
        "Airships", [{**row, "name": "Member"}], 1)
