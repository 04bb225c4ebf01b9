"""The Airships header band: whose turn, the headline (or the last throw), the VP, at least 1/36 of the board's width tall."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

import renderers
from renderers import common
from renderers.airships import render as airships
from renderers.airships import header as airships_header
from tests.renderers.airships_drawing import VIEWS, clear_caches, drawn_views, open_png
from tests.renderers.airships_views import dice, end_view, expansion, mid_view, phase_card, start_view
from tests.renderers.drawing import typed

PHONE_WIDTH = 360  # the board as a phone shows it in a chat
LINE_NAMES = ("turn", "news", "news or last throw", "VP")


def min_header_size(width: int) -> float:
    """The least text size the issue allows the header: 10 px on a phone showing the board 360 px wide."""
    return width / 36


def cap_height(size: float) -> int:
    """The height of a capital at the least allowed size: what a line's letters must reach on the image."""
    left, top, right, bottom = common.font(int(-(-size // 1))).getbbox("H")
    return bottom - top


def ink_heights(image: Image.Image) -> list[int]:
    """Per header line, the tallest run of pixel rows that hold ink, in the line's first 360 px of text.

    Ink is anything far from the line's own background (white on navy, dark on yellow alike); the
    run of rows is as tall as the line's letters, whatever the renderer claims its size is.
    """
    rgb = image.convert("RGB")
    left = airships.MARGIN + airships_header.PAD
    heights = []
    for row in range(len(LINE_NAMES)):
        top = airships.MARGIN + airships_header.line_top(row)
        height = airships_header.TURN_HEIGHT if row == 0 else airships_header.LINE_PITCH
        background = rgb.getpixel((airships.MARGIN + 2, top + height // 2))
        inked = [any(far(rgb.getpixel((x, y)), background) for x in range(left, left + 360)) for y in range(top, top + height)]
        best = run = 0
        for has_ink in inked:
            run = run + 1 if has_ink else 0
            best = max(best, run)
        heights.append(best)
    return heights


def far(pixel: Any, background: Any) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel, background)) > 240


@pytest.mark.slow
def test_each_header_line_is_at_least_a_36th_of_the_board_width() -> None:
    """At phone width (360 px) that is 10 px: readable without zooming."""
    for view in drawn_views():
        width = open_png(renderers.render("airships", typed(view))).width
        lines = airships.header_lines(typed(view))
        assert len(lines) == len(LINE_NAMES)
        for name, line in zip(LINE_NAMES, lines):
            assert line.text, name
            assert line.size >= min_header_size(width), (name, line.text, line.size)
            assert line.size * PHONE_WIDTH / width >= 10


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_the_header_letters_are_that_tall_in_pixels(name: str) -> None:
    image = open_png(renderers.render("airships", typed(VIEWS[name]())))
    least = cap_height(min_header_size(image.width))
    for line, height in zip(LINE_NAMES, ink_heights(image)):
        assert height >= least, (line, height, least)


def test_the_pixel_measure_would_catch_a_header_drawn_small(monkeypatch: pytest.MonkeyPatch) -> None:
    """The measure above is not fooled: at the old header's size the letters fall short."""
    clear_caches()
    monkeypatch.setattr(airships_header, "TURN_SIZES", (28,))
    monkeypatch.setattr(airships_header, "LINE_SIZES", (common.MIN_TEXT,))
    image = open_png(renderers.render("airships", typed(mid_view())))
    clear_caches()
    least = cap_height(min_header_size(image.width))
    assert all(height < least for height in ink_heights(image))


def test_the_header_says_who_acts_and_what_they_decide() -> None:
    view = mid_view()
    view["headline"] = "Ada builds Hindenburg phase 2 (Gas cells)."
    turn, news, throw, scores = airships.header_lines(typed(view))
    assert turn.text.startswith("▶ Bartholomew") and turn.text.endswith(": choose a card to throw for")
    assert "…" in turn.text  # the long name gives way to the decision
    assert news.text == view["headline"]
    assert throw.text == "Last throw: Ada 13 vs 13 for Hindenburg phase 2 ✓ success"
    assert scores.text.startswith("VP: Ada 15  ·  Chiara 3  ·  Bartholomew") and scores.text.endswith(" 2")  # ranked


def test_the_headline_is_the_headers_news_line_in_bold() -> None:
    view = start_view()
    view["headline"] = "Bruno builds the airship LZ 4."
    news = airships.header_lines(typed(view))[1]
    assert news.text == view["headline"] and all(bold for _, bold in news.runs) and not news.verdict
    assert news.size >= airships_header.HEADER_MIN_TEXT


def test_a_long_headline_takes_both_news_lines_and_the_last_throw_gives_way() -> None:
    view = mid_view()
    view["headline"] = "Bruno builds the airship LZ 127 Graf Zeppelin and takes the wooden airship."
    _, first, second, _ = airships.header_lines(typed(view))
    assert f"{first.text} {second.text}" == view["headline"]
    assert not first.verdict and not second.verdict  # the throw's tag went with the throw's line
    room = airships.WIDTH - 2 * airships.MARGIN - 2 * airships_header.PAD
    assert all(airships_header.runs_width(line.runs, line.size) <= room for line in (first, second))


def test_a_headline_too_long_for_two_lines_is_cut_at_a_word() -> None:
    view = mid_view()
    view["headline"] = ("Bartholomew Featherstonehaugh-Smythe fails to win Henri Deutsch de la Meurthe "
                        "and takes a compensation chip.")
    _, first, second, _ = airships.header_lines(typed(view))
    kept = f"{first.text} {second.text.removesuffix('…')}"
    assert second.text.endswith("…") and view["headline"].startswith(kept)
    assert view["headline"][len(kept)] == " "  # what is left out begins at a word: no word was cut


def test_without_a_headline_the_news_is_the_newest_event_with_the_names_in() -> None:
    _, first, second, _ = airships.header_lines(typed(mid_view()))
    assert f"{first.text} {second.text}" == "Bartholomew Featherstonehaugh-Smythe turns over Ludwig Dürr (Engineers)."


def test_the_news_line_is_never_empty() -> None:
    view = start_view()
    view["events"] = []
    assert airships.header_lines(typed(view))[1].text == "The game begins"
    view.update(events=[], version=12)
    assert airships.header_lines(typed(view))[1].text
    view["events"] = ["   "]  # an event of no words is no news
    assert airships.header_lines(typed(view))[1].text


def test_the_header_names_the_chosen_card_while_its_thrower_exchanges() -> None:
    view = start_view()
    view.update(step="exchange", chosen=view["airship_fields"][1]["top"])
    assert airships.header_lines(typed(view))[0].text == "▶ Ada: exchange dice for LZ 10 Schwaben?"


def test_a_short_throw_awaiting_a_chip_says_so_in_the_header() -> None:
    view = start_view()
    view.update(step="bonus_chip", chosen=phase_card(2), last_throw={
        "seat": 0, "card": phase_card(2), "exchange": None, "rolled": {"white": [], "red": [5, 4, 2], "black": []},
        "kept": [], "dice_total": 11, "bonuses": [], "total": 11, "target": 13, "success": False,
    })
    turn, _, throw, _ = airships.header_lines(typed(view))
    assert turn.text == "▶ Ada: use a bonus chip?"
    assert throw.text == "Last throw: Ada 11 vs 13 for Hindenburg phase 2 short: chip?"
    view["step"] = "additional_go"
    assert airships.header_lines(typed(view))[2].text.endswith("✗ failed")


def test_before_any_throw_the_header_says_so() -> None:
    assert airships.header_lines(typed(start_view()))[2].text == "No throw yet"


def test_at_the_end_the_header_names_the_winner_and_the_final_scores() -> None:
    turn, _, _, scores = airships.header_lines(typed(end_view()))
    assert turn.text == "Game over: Ada wins"
    assert scores.text == "Final VP: Ada 35  ·  Bruno 31"


def test_at_the_end_the_headline_names_the_winner_and_the_turn_line_only_closes_the_game() -> None:
    view = end_view()
    view["headline"] = "Ada wins with 35 VP"
    turn, news, _, _ = airships.header_lines(typed(view))
    assert (turn.text, news.text) == ("Game over", "Ada wins with 35 VP")
    view["outcome"].update(scores=[31, 31])
    view["headline"] = "Ada wins with 31 VP"
    assert airships.header_lines(typed(view))[0].text == "Game over: tied on VP, airships built decide"


def test_a_win_on_the_tie_break_says_so() -> None:
    view = end_view()
    view["outcome"].update(scores=[31, 31])
    assert airships.header_lines(typed(view))[0].text == "Game over: Ada wins on airships built"


def test_an_abandoned_game_says_so() -> None:
    view = end_view()
    view["outcome"].update(reason="abandoned", winners=[])
    turn, _, _, scores = airships.header_lines(typed(view))
    assert turn.text == "Game abandoned" and scores.text.startswith("Final VP: ")


def test_long_names_on_a_full_table_still_fit_the_band() -> None:
    view = mid_view()
    view["seat_names"] = ["Bartholomew Featherstonehaugh-Smythe", "Zoë van der Berg-Oppenheimer", "Alexandrina-Victoria"]
    view["last_throw"]["card"] = expansion("e2-fin-9", "Henri Deutsch de la Meurthe", "financiers", "2", dice(red=3), 28)
    room = airships.WIDTH - 2 * airships.MARGIN - 2 * airships_header.PAD
    view["headline"] = "Chiara builds the airship R100."  # one line: the last throw stays under it
    turn, _, throw, scores = airships.header_lines(typed(view))
    assert airships_header.runs_width(turn.runs, turn.size) <= room - airships_header.ERA_BLOCK
    assert airships_header.runs_width(throw.runs, throw.size) + airships_header.verdict_width(throw.verdict, throw.size) <= room
    assert airships_header.runs_width(scores.runs, scores.size) <= room
    assert " for Henri" in throw.text  # the card keeps some of its name: the player's name gave way first
    assert all(f" {vp}" in scores.text for vp in (15, 2, 3))
