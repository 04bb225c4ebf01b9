"""A game's wins by seat position as a PNG: one bar per position, the fair share and what luck alone gives marked."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from renderers.common import BLUE, INK, MUTED, VERMILLION, Pen, blend, drawable, ellipsize, encode_png

WIDTH = 720  # a phone shows it about 360 px wide: the smallest text (22 px) stays above 1/36 of the width
MARGIN = 24
TITLE_SIZE = 34
TEXT_SIZE = 26
SMALL_SIZE = 22
HEADER_HEIGHT = 124
ROW_HEIGHT = 76
AXIS_HEIGHT = 44
FOOTER_HEIGHT = 84
LABEL_WIDTH = 190  # '6th to play' at 26 px
VALUE_ROOM = 76  # kept right of the bars for the share ('100%')
BAR_LEFT = MARGIN + LABEL_WIDTH
BAR_RIGHT = WIDTH - MARGIN - VALUE_ROOM
BAR_HEIGHT = 34
DASH = 6

PAPER = (250, 248, 243)
GRID = blend(PAPER, MUTED, 0.25)
# Blue bars, black whiskers and a vermillion fair mark (Okabe-Ito) stay apart for every kind of colour vision; the
# share is written beside each bar and the legend names each mark, so no colour has to be told from another.
BAR = BLUE
FAIR = VERMILLION


def draw_stats(chart: Mapping[str, Any]) -> bytes:
    """PNG bytes of the chart: `chart` has a title, a subtitle and seats, each a dict of label, share, fair, games and
    luck (the [low, high] shares luck alone gives a fair seat, or None while too few games tell it), from 0 to 1."""
    seats: Sequence[Mapping[str, Any]] = list(chart.get("seats", ()))
    height = HEADER_HEIGHT + ROW_HEIGHT * max(1, len(seats)) + AXIS_HEIGHT + FOOTER_HEIGHT
    pen = Pen(Image.new("RGB", (WIDTH, height), PAPER))  # one picture, no palette to share
    pen.text((MARGIN, 38), ellipsize(drawable(str(chart.get("title", ""))) or "Statistics", TITLE_SIZE,
                                     WIDTH - 2 * MARGIN, bold=True), TITLE_SIZE, bold=True)
    pen.text((MARGIN, 80), ellipsize(drawable(str(chart.get("subtitle", ""))), SMALL_SIZE, WIDTH - 2 * MARGIN),
             SMALL_SIZE, fill=MUTED)
    top = _scale_top(seats)
    bottom = HEADER_HEIGHT + ROW_HEIGHT * max(1, len(seats))
    _grid(pen, top, bottom)
    for index, seat in enumerate(seats):
        _bar(pen, HEADER_HEIGHT + index * ROW_HEIGHT, seat, top)
    if not seats:
        pen.text((MARGIN, HEADER_HEIGHT + ROW_HEIGHT / 2), "No finished games yet.", TEXT_SIZE, fill=MUTED)
    _legend(pen, height - FOOTER_HEIGHT + 20, luck=any(seat.get("luck") for seat in seats))
    return encode_png(pen.image)


def _scale_top(seats: Sequence[Mapping[str, Any]]) -> float:
    """The share at the right end of the bars: the next 10 % above every bar, whisker and fair mark, at most 100 %."""
    highest = max((max(float(s["share"]), float(s["fair"]), *(float(end) for end in s.get("luck") or ()))
                   for s in seats), default=0.5)
    return min(1.0, math.ceil(highest * 10 + 0.5) / 10)


def _x(share: float, top: float) -> float:
    return BAR_LEFT + (BAR_RIGHT - BAR_LEFT) * max(0.0, min(share, top)) / top


def _grid(pen: Pen, top: float, bottom: int) -> None:
    steps = round(top * 10)
    every = 1 if steps <= 5 else 2  # at most six labels: each stays apart at a phone's width
    for step in range(0, steps + 1, every):
        x = _x(step / 10, top)
        pen.draw.line((x, HEADER_HEIGHT - 8, x, bottom), fill=GRID, width=2)
        pen.text((x, bottom + AXIS_HEIGHT / 2), f"{step * 10}%", SMALL_SIZE, fill=MUTED, anchor="mm")


def _bar(pen: Pen, row_top: int, seat: Mapping[str, Any], top: float) -> None:
    middle = row_top + ROW_HEIGHT / 2
    share, fair = float(seat["share"]), float(seat["fair"])
    pen.text((MARGIN, middle - 12), ellipsize(drawable(str(seat["label"])), TEXT_SIZE, LABEL_WIDTH - 8), TEXT_SIZE,
             bold=True)
    games = int(seat.get("games", 0))
    pen.text((MARGIN, middle + 18), f"{games:,} game{'' if games == 1 else 's'}", SMALL_SIZE, fill=MUTED)
    right = _x(share, top)
    if right > BAR_LEFT:
        pen.draw.rectangle((BAR_LEFT, middle - BAR_HEIGHT / 2, right, middle + BAR_HEIGHT / 2), fill=BAR)
    high = right
    luck = seat.get("luck")
    if luck:  # drawn only once enough games tell luck from an edge
        low, high = _x(float(luck[0]), top), _x(float(luck[1]), top)
        pen.draw.line((low, middle, high, middle), fill=INK, width=3)
        for end in (low, high):
            pen.draw.line((end, middle - 12, end, middle + 12), fill=INK, width=3)
    _dashed(pen, _x(fair, top), middle - BAR_HEIGHT / 2 - 10, middle + BAR_HEIGHT / 2 + 10)
    pen.text((max(right, high) + 10, middle), f"{share:.0%}", TEXT_SIZE, bold=True)


def _dashed(pen: Pen, x: float, top: float, bottom: float) -> None:
    y = top
    while y < bottom:
        pen.draw.line((x, y, x, min(y + DASH, bottom)), fill=FAIR, width=4)
        y += 2 * DASH


def _legend(pen: Pen, y: int, *, luck: bool) -> None:
    pen.draw.rectangle((MARGIN, y - 10, MARGIN + 28, y + 10), fill=BAR)
    pen.text((MARGIN + 38, y), "share of wins", SMALL_SIZE, fill=INK)
    if luck:
        whisker = MARGIN + 250
        pen.draw.line((whisker, y, whisker + 28, y), fill=INK, width=3)
        for end in (whisker, whisker + 28):
            pen.draw.line((end, y - 10, end, y + 10), fill=INK, width=3)
        pen.text((whisker + 38, y), "what luck alone gives", SMALL_SIZE, fill=INK)
    _dashed(pen, MARGIN + 14, y + 24, y + 46)
    pen.text((MARGIN + 38, y + 35), "fair share (1 in the number of players)", SMALL_SIZE, fill=INK)
