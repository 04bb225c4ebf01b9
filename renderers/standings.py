"""A league season's standings as a PNG: rank, member, points, opponents' points and games, legible on a phone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image

from renderers.common import (
    BLUISH_GREEN, INK, MUTED, ORANGE, SKY_BLUE, Pen, blend, drawable, ellipsize, encode_png, ink_on,
)

WIDTH = 720  # a phone shows it about 360 px wide: the smallest text (22 px) stays above 1/36 of the width
MARGIN = 24
TITLE_SIZE = 34
TEXT_SIZE = 26
SMALL_SIZE = 22
HEADER_HEIGHT = 120
ROW_HEIGHT = 52
FOOTER_HEIGHT = 56
MAX_ROWS = 25  # the image, like the embed, shows the top 25

# The columns' right edges (numbers align on the right) and the name's left edge.
RANK_RIGHT = 78
NAME_LEFT = 104
POINTS_RIGHT = 470
OPPONENTS_RIGHT = 600
GAMES_RIGHT = WIDTH - MARGIN

PAPER = (250, 248, 243)
STRIPE = blend(PAPER, SKY_BLUE, 0.15)
# Orange, sky blue and bluish green (Okabe-Ito) tell the podium apart for every kind of colour vision;
# the rank's number is drawn on the badge anyway.
BADGES = (ORANGE, SKY_BLUE, BLUISH_GREEN)


def draw_standings(title: str, subtitle: str, rows: Sequence[Mapping[str, object]]) -> bytes:
    """PNG bytes of standings: `rows` are dicts of rank, name, points, opponents (points) and games, best first."""
    rows = list(rows)[:MAX_ROWS]
    height = HEADER_HEIGHT + ROW_HEIGHT * max(1, len(rows)) + FOOTER_HEIGHT
    pen = Pen(Image.new("RGB", (WIDTH, height), PAPER))
    heading = ellipsize(drawable(title) or "Standings", TITLE_SIZE, WIDTH - 2 * MARGIN, bold=True)
    pen.text((MARGIN, 36), heading, TITLE_SIZE, bold=True)
    pen.text((MARGIN, 76), ellipsize(drawable(subtitle), SMALL_SIZE, WIDTH - 2 * MARGIN), SMALL_SIZE, fill=MUTED)
    y = HEADER_HEIGHT - 14
    pen.text((RANK_RIGHT, y), "#", SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.text((NAME_LEFT, y), "Member", SMALL_SIZE, bold=True, fill=MUTED)
    pen.text((POINTS_RIGHT, y), "Points", SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.text((OPPONENTS_RIGHT, y), "Opp.", SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.text((GAMES_RIGHT, y), "Games", SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.draw.line((MARGIN, HEADER_HEIGHT, WIDTH - MARGIN, HEADER_HEIGHT), fill=MUTED, width=2)
    for index, row in enumerate(rows):
        _row(pen, HEADER_HEIGHT + index * ROW_HEIGHT, index, row)
    if not rows:
        pen.text((MARGIN, HEADER_HEIGHT + ROW_HEIGHT / 2), "Nobody has signed up yet.", TEXT_SIZE, fill=MUTED)
    footer = "Opp.: the points of everyone they sat with (tie-break)"
    pen.text((MARGIN, height - FOOTER_HEIGHT / 2), ellipsize(footer, SMALL_SIZE, WIDTH - 2 * MARGIN), SMALL_SIZE,
             fill=MUTED)
    return encode_png(pen.image)


def points_text(value: object) -> str:
    """'4', '2.5': half points from shared places show, whole ones stay whole."""
    number = float(str(value))
    return f"{number:g}" if number != int(number) else f"{int(number):,}"


def _row(pen: Pen, top: int, index: int, row: Mapping[str, object]) -> None:
    if index % 2:
        pen.draw.rectangle((0, top + 1, WIDTH, top + ROW_HEIGHT), fill=STRIPE)
    middle = top + ROW_HEIGHT / 2
    rank = int(str(row["rank"]))
    if rank <= len(BADGES):
        badge = BADGES[rank - 1]
        pen.draw.ellipse((RANK_RIGHT - 42, middle - 20, RANK_RIGHT + 2, middle + 20), fill=badge)
        pen.text((RANK_RIGHT - 20, middle), str(rank), TEXT_SIZE, bold=True, fill=ink_on(badge), anchor="mm")
    else:
        pen.text((RANK_RIGHT, middle), str(rank), TEXT_SIZE, bold=True, anchor="rm")
    name = drawable(str(row["name"])) or "Member"
    pen.text((NAME_LEFT, middle), ellipsize(name, TEXT_SIZE, POINTS_RIGHT - 90 - NAME_LEFT), TEXT_SIZE)
    pen.text((POINTS_RIGHT, middle), points_text(row["points"]), TEXT_SIZE, bold=True, fill=INK, anchor="rm")
    pen.text((OPPONENTS_RIGHT, middle), points_text(row["opponents"]), TEXT_SIZE, fill=MUTED, anchor="rm")
    pen.text((GAMES_RIGHT, middle), f"{int(str(row['games'])):,}", TEXT_SIZE, anchor="rm")
