"""Every board's scores line ranks the scores as the turn message does (issue 53, item 7): one order everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.words import ranked_seats
from renderers.air_alliance import render as air_alliance
from renderers.airships import render as airships
from renderers.golden_age import render as golden_age
from tests.renderers.air_alliance_sample import sample_view as air_alliance_view
from tests.renderers.airships_views import mid_view as airships_view
from tests.renderers.golden_age_sample import sample_view as golden_age_view
from tests.renderers.drawing import typed


def airships_scores(points: list[int]) -> dict[str, Any]:
    view = airships_view()
    for company, vp in zip(view["companies"], points):
        company["vp"] = vp
    return view | {"points": points, "points_unit": "VP"}


def air_alliance_scores(points: list[int]) -> dict[str, Any]:
    view = air_alliance_view()
    for entry, miles in zip(view["scores"], points):
        entry["miles"] = miles
    return view | {"points": points, "points_unit": "miles"}


def golden_age_scores(points: list[int]) -> dict[str, Any]:
    view = golden_age_view()
    for seat, worth in zip(view["seats"], points):
        seat["worth"] = worth
    return view | {"points": points, "points_unit": "dollars"}


BOARDS: dict[str, tuple[Callable[[list[int]], dict[str, Any]], Callable[[Any], list[Any]], str]] = {
    "airships": (airships_scores, airships.header_lines, "VP: "),
    "air-alliance": (air_alliance_scores, air_alliance.header_lines, "Miles: "),
    "1930": (golden_age_scores, golden_age.header_lines, "Worth: "),
}


@pytest.mark.parametrize("slug", BOARDS)
def test_the_boards_scores_line_ranks_the_scores_as_the_turn_message_does(slug: str) -> None:
    build, header_lines, label = BOARDS[slug]
    seats = len(build([])["seat_names"])
    points = [28, 37, 40, 12][:seats]  # seat order is not the ranking: the third seat leads
    view = build(points)
    names = view["seat_names"]
    texts = [line.text for line in header_lines(typed(view))]
    start = next(index for index, text in enumerate(texts) if text.startswith(label))
    line = "  ·  ".join(texts[start:])  # 1930's worth may take two lines
    starts = [name[:5] for name in names]  # a long name may be cut short on the line
    shown = [start for start in sorted(starts, key=line.find) if start in line]
    assert shown == [starts[seat] for seat in ranked_seats(points)], line
