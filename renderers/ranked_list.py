"""A ranked list as a PNG (a leaderboard, a league's standings): title, subtitle, rows with a podium, a footer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from renderers.common import (
    BLUISH_GREEN, INK, MUTED, ORANGE, SKY_BLUE, Pen, blend, drawable, ellipsize, encode_png, ink_on, shown_name,
)

WIDTH = 720  # a phone shows it about 360 px wide: the smallest text (22 px) stays above 1/36 of the width
MARGIN = 24
TITLE_SIZE = 34
TEXT_SIZE = 26
SMALL_SIZE = 22
HEADER_HEIGHT = 120
ROW_HEIGHT = 52
FOOTER_HEIGHT = 56
MAX_ROWS = 25  # the image, like the embed beside it, shows the top 25

RANK_RIGHT = 78  # numbers align on the right
NAME_LEFT = 104
NUMBER_ROOM = 100  # kept between a name and the first number column ('2,345')

PAPER = (250, 248, 243)
STRIPE = blend(PAPER, SKY_BLUE, 0.15)
# Orange, sky blue and bluish green (Okabe-Ito) tell the podium apart for every kind of colour vision; the rank's
# number is drawn on the badge anyway, so the colour only helps.
BADGES = (ORANGE, SKY_BLUE, BLUISH_GREEN)


@dataclass(frozen=True)
class Column:
    """A number column: its heading and its right edge."""

    heading: str
    right: int


@dataclass(frozen=True)
class Cell:
    """One number as drawn: `strong` in bold, `muted` in grey, `mark` (such as '*') just after it."""

    text: str
    strong: bool = False
    muted: bool = False
    mark: str = ""


@dataclass(frozen=True)
class Row:
    rank: int
    name: str
    cells: tuple[Cell, ...]  # one per column


def draw_ranked_list(title: str, subtitle: str, columns: Sequence[Column], rows: Sequence[Row], *,
                     empty: str, footer: str) -> bytes:
    """PNG bytes of the list, best first; at most MAX_ROWS rows are drawn."""
    rows = list(rows)[:MAX_ROWS]
    height = HEADER_HEIGHT + ROW_HEIGHT * max(1, len(rows)) + FOOTER_HEIGHT
    pen = Pen(Image.new("RGB", (WIDTH, height), PAPER))  # a plain RGB image: one picture, no palette to share
    pen.text((MARGIN, 36), ellipsize(drawable(title) or "Standings", TITLE_SIZE, WIDTH - 2 * MARGIN, bold=True),
             TITLE_SIZE, bold=True)
    pen.text((MARGIN, 76), ellipsize(drawable(subtitle), SMALL_SIZE, WIDTH - 2 * MARGIN), SMALL_SIZE, fill=MUTED)
    y = HEADER_HEIGHT - 14
    pen.text((RANK_RIGHT, y), "#", SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.text((NAME_LEFT, y), "Member", SMALL_SIZE, bold=True, fill=MUTED)
    for column in columns:
        pen.text((column.right, y), column.heading, SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.draw.line((MARGIN, HEADER_HEIGHT, WIDTH - MARGIN, HEADER_HEIGHT), fill=MUTED, width=2)
    name_width = (columns[0].right if columns else WIDTH - MARGIN) - NUMBER_ROOM - NAME_LEFT
    for index, row in enumerate(rows):
        _row(pen, HEADER_HEIGHT + index * ROW_HEIGHT, index, row, columns, name_width)
    if not rows:
        pen.text((MARGIN, HEADER_HEIGHT + ROW_HEIGHT / 2), empty, TEXT_SIZE, fill=MUTED)
    pen.text((MARGIN, height - FOOTER_HEIGHT / 2), ellipsize(footer, SMALL_SIZE, WIDTH - 2 * MARGIN), SMALL_SIZE,
             fill=MUTED)
    return encode_png(pen.image)


def _row(pen: Pen, top: int, index: int, row: Row, columns: Sequence[Column], name_width: int) -> None:
    if index % 2:
        pen.draw.rectangle((0, top + 1, WIDTH, top + ROW_HEIGHT), fill=STRIPE)
    middle = top + ROW_HEIGHT / 2
    if row.rank <= len(BADGES):
        badge = BADGES[row.rank - 1]
        pen.draw.ellipse((RANK_RIGHT - 42, middle - 20, RANK_RIGHT + 2, middle + 20), fill=badge)
        pen.text((RANK_RIGHT - 20, middle), str(row.rank), TEXT_SIZE, bold=True, fill=ink_on(badge), anchor="mm")
    else:
        pen.text((RANK_RIGHT, middle), str(row.rank), TEXT_SIZE, bold=True, anchor="rm")
    # No seat to name beside a member's name here, so 'Member' only stands in for one with nothing drawable.
    name = drawable(shown_name(row.name, "Member", beside=False))
    pen.text((NAME_LEFT, middle), ellipsize(name, TEXT_SIZE, name_width), TEXT_SIZE)
    for column, cell in zip(columns, row.cells):
        colour = MUTED if cell.muted else INK
        pen.text((column.right, middle), cell.text, TEXT_SIZE, bold=cell.strong, fill=colour, anchor="rm")
        if cell.mark:  # beside the digits, so every number's digits line up
            pen.text((column.right + 3, middle), cell.mark, TEXT_SIZE, bold=True, fill=colour)
