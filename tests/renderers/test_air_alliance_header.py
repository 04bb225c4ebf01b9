"""The Air Alliance board on a phone: whose turn, the news and the miles in large text; no tofu, nothing cut off."""

from __future__ import annotations

from typing import Any

import pytest

import renderers
from renderers import common
from renderers.air_alliance import render as air_alliance
from renderers.air_alliance import header as air_alliance_header
from renderers.air_alliance import pieces as air_alliance_pieces
from tests.renderers.air_alliance_sample import (
    PHASES, RELAY_NEWS, over_view, phase_view, sample_view, start_view, with_players,
)
from tests.renderers.test_air_alliance_render import LONG_NAMES, SLUG, VIEWS, clear_caches
from tests.renderers.drawing import typed

# Discord shows the board about 360 px wide on a phone: text a player must read there is at least 1/36 of the width.
PHONE_TEXT = -(-air_alliance.WIDTH // 36)


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_turn_news_and_miles_are_large_enough_for_a_phone(name: str) -> None:
    lines = air_alliance.header_lines(typed(VIEWS[name]()))
    assert len(lines) == 4
    assert all(line.size >= PHONE_TEXT for line in lines[:2] + lines[3:])
    assert air_alliance_header.HEADER_MIN_TEXT >= PHONE_TEXT


def test_the_turn_line_names_the_player_to_act_and_the_decision() -> None:
    lines = air_alliance.header_lines(typed(sample_view()))
    assert lines[0].text == "▶ Alice: place a marker"
    assert lines[3].text == "Miles: Bartholomew 41,000  ·  Alice 26,000  ·  Chen 19,000"  # ranked


def test_the_headline_comes_first_whole_on_two_lines() -> None:
    lines = air_alliance.header_lines(typed(sample_view()))
    assert " ".join(line.text for line in lines[1:3]) == RELAY_NEWS
    assert all(run[1] for line in lines[1:3] for run in line.runs)  # the news is bold


def test_the_headline_leads_even_when_the_last_move_was_lost_baggage() -> None:
    view = phase_view("flight_control")  # the move's last event is the automatic lost baggage
    assert view["events"][-1].startswith("Lost baggage: ")
    assert " ".join(line.text for line in air_alliance.header_lines(typed(view))[1:3]) == RELAY_NEWS


def test_a_one_line_headline_has_this_turns_flights_under_it() -> None:
    view = sample_view()
    view["headline"] = "Chen lands a green plane from the supply on U6 Brazil."
    lines = air_alliance.header_lines(typed(view))
    assert lines[1].text == view["headline"]
    assert lines[2].text == "Flights this turn: red U2 → E3, black E3 → A1"


def test_the_winner_is_the_headline_at_the_end() -> None:
    lines = air_alliance.header_lines(typed(over_view()))
    assert (lines[1].text, lines[2].text) == ("Bartholomew wins with 71,000 miles",
                                              "The last round is over: the game ends")


def test_without_a_headline_the_newest_event_leads_with_the_one_before_under_it() -> None:
    view = sample_view()
    del view["headline"]
    view["events"] = ["Bartholomew reserves Backpacker", "Bartholomew flies yellow A3 Singapore → M1 Istanbul."]
    lines = air_alliance.header_lines(typed(view))
    assert (lines[1].text, lines[2].text) == ("Bartholomew flies yellow A3 Singapore → M1 Istanbul.",
                                              "Bartholomew reserves Backpacker")


def test_without_a_headline_or_events_the_header_says_this_turns_flights() -> None:
    view = sample_view()
    del view["headline"]
    view["events"] = []  # choosing an icon or a plane moves nothing yet
    lines = air_alliance.header_lines(typed(view))
    assert lines[1].text == "Flights this turn: red U2 → E3, black E3 → A1"
    assert lines[2].text == "23 cards in the deck · 9 discarded"


def test_the_header_is_never_empty_mid_game() -> None:
    view = phase_view("alliance")  # no flights yet this turn
    del view["headline"]
    view["events"] = []
    lines = air_alliance.header_lines(typed(view))
    assert (lines[1].text, lines[2].text) == ("23 cards in the deck · 9 discarded", "")  # said once, not twice


def test_every_phase_is_named_in_the_header() -> None:
    for phase in PHASES:
        table = air_alliance.read(typed(phase_view(phase)))
        tags = [words for words, _ in air_alliance_header.header_tags(table, air_alliance.INNER)]
        if phase == "over":
            assert tags == [] and air_alliance.header_lines(typed(phase_view(phase)))[0].text == "Game over: Bartholomew wins"
        elif tags:  # in full words, or short beside a long decision
            assert tags[-1] in (air_alliance_header.PHASE_WORDS[phase], air_alliance_header.PHASE_SHORT.get(phase))
        else:  # a decision too long for any tag says the phase in its own words, whole
            assert phase == "waiting" and air_alliance.header_lines(typed(phase_view(phase)))[0].text.endswith("keep waiting")


def test_the_last_round_is_tagged_beside_the_phase() -> None:
    tags = air_alliance_header.header_tags(air_alliance.read(typed(phase_view("refresh"))), air_alliance.INNER)
    assert [words for words, _ in tags] == ["last round", "Refresh"]


def test_players_waiting_for_a_cancellation_are_all_named() -> None:
    view = with_players(phase_view("waiting"), 4)
    view["seat_names"] = LONG_NAMES
    line = air_alliance.header_lines(typed(view))[0]
    assert line.text.startswith("▶ Maxi") and ", Christ" in line.text
    assert line.text.endswith(": reserve a cancelled card or keep waiting")


def test_long_names_give_way_but_no_score_is_cut() -> None:
    view = with_players(sample_view(), 4)
    view["seat_names"] = LONG_NAMES
    turn, _, _, scores = air_alliance.header_lines(typed(view))
    assert turn.text.endswith(": place a marker")
    assert [text for text, bold in scores.runs if bold] == [" 41,000", " 26,000", " 19,000", " 0"]
    width = air_alliance_header.runs_width(scores.runs, scores.size)
    assert width <= air_alliance.INNER - 2 * air_alliance_header.PAD


def test_a_tie_for_first_names_both_winners() -> None:
    view = over_view()
    view["winners"] = [0, 2]
    assert air_alliance.header_lines(typed(view))[0].text == "Game over: Alice & Chen win"


def test_a_quiet_header_line_tells_the_deck_the_games_clock() -> None:
    lines = air_alliance.header_lines(typed(start_view()))
    news = (lines[1].text, lines[2].text)
    assert news == ("The game begins", "54 cards in the deck · 0 discarded")


# -- what is drawn ----------------------------------------------------------------------------------------
class TextLog:
    """Every run of text drawn: its words, size, and whether its ink lies wholly inside its piece."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, int, bool]] = []
        text = common.Pen.text
        log = self

        def logged(pen: common.Pen, xy: tuple[float, float], words: str, size: int, bold: bool = False,
                   fill: common.RGB = common.INK, anchor: str = "lm") -> None:
            if words:
                left, top, right, bottom = common.font(size, bold).getbbox(words, anchor=anchor)
                x, y = int(round(xy[0])), int(round(xy[1]))
                width, height = pen.image.size
                inside = x + left >= 0 and y + top >= 0 and x + right <= width and y + bottom <= height
                log.texts.append((words, size, inside))
            text(pen, xy, words, size, bold, fill, anchor)

        monkeypatch.setattr(common.Pen, "text", logged)
        monkeypatch.setattr(air_alliance, "encode_board", lambda image: b"")  # only the drawing is looked at


def drawn(monkeypatch: pytest.MonkeyPatch, views: list[dict[str, Any]]) -> TextLog:
    clear_caches()
    log = TextLog(monkeypatch)
    for view in views:
        renderers.render(SLUG, typed(view))
    clear_caches()
    return log


def every_view() -> list[dict[str, Any]]:
    emoji = sample_view()
    emoji["seat_names"] = ["🚀 Zoë", "李雷", "Ann"]
    return [make() for make in VIEWS.values()] + [emoji]


@pytest.mark.slow
def test_every_character_drawn_is_one_the_font_has(monkeypatch: pytest.MonkeyPatch) -> None:
    """No tofu anywhere: the board's own words and symbols, and names with emoji and CJK."""
    log = drawn(monkeypatch, every_view())
    missing = {char for words, _, _ in log.texts for char in words if not char.isspace() and not common.has_glyph(char)}
    assert missing == set()
    assert {"Zoë", "Yellow"} & {words.removeprefix("▶ ") for words, _, _ in log.texts}


def test_no_text_is_smaller_than_the_minimum_but_a_planes_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plane's or a marker's letter may be smaller: its colour and shape say the same, the letter is a spare cue."""
    log = drawn(monkeypatch, every_view())
    small = {(words, size) for words, size, _ in log.texts if size < common.MIN_TEXT and len(words) > 1}
    assert small == set()


def test_no_text_runs_off_its_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    log = drawn(monkeypatch, every_view())
    assert [(words, size) for words, size, inside in log.texts if not inside] == []


def test_every_plane_carries_its_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Colour is never the only cue: players' planes R Y G B, the NPAs' K (black), W (white), P (purple)."""
    log = drawn(monkeypatch, [with_players(start_view(4), 4), sample_view()])
    assert set("RYGBKWP") <= {words for words, _, _ in log.texts}
    assert len(set(air_alliance_pieces.PLANE_LETTER.values())) == 7


def test_the_events_panel_of_a_choice_that_moved_nothing_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    view = sample_view()
    view["events"] = []  # an icon chosen: its plane has not moved yet
    start = start_view()
    texts = [words for words, _, _ in drawn(monkeypatch, [view, start]).texts]
    assert "Nothing has moved since the last choice" in texts and "Nothing yet: the game begins" in texts
