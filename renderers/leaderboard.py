"""A server's leaderboard for one game as a PNG: rank, member, rating, games and wins, legible on a phone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image

from renderers.common import (
    BLUISH_GREEN,
    INK,
    MUTED,
    ORANGE,
    SKY_BLUE,
    Pen,
    blend,
    drawable,
    ellipsize,
    encode_png,
    ink_on,
)

WIDTH = 720  # a phone shows it about 360 px wide: the smallest text (22 px) stays above 1/36 of the width
MARGIN = 24
TITLE_SIZE = 34
TEXT_SIZE = 26
SMALL_SIZE = 22
HEADER_HEIGHT = 116
ROW_HEIGHT = 52
FOOTER_HEIGHT = 56
PROVISIONAL_MARK = "*"

# The columns' right edges (numbers align on the right) and the name's left edge.
RANK_RIGHT = 78
NAME_LEFT = 104
RATING_RIGHT = 500
GAMES_RIGHT = 614
WINS_RIGHT = WIDTH - MARGIN

PAPER = (250, 248, 243)
STRIPE = blend(PAPER, SKY_BLUE, 0.15)
# The first three places get a badge behind their rank; the number itself says the place, the colour only helps.
BADGES = (ORANGE, SKY_BLUE, BLUISH_GREEN)


def draw_leaderboard(title: str, rows: Sequence[Mapping[str, object]], rated: int) -> bytes:
    """PNG bytes of a leaderboard: `rows` are dicts of rank, name, rating, provisional, games and wins, best first."""
    height = HEADER_HEIGHT + ROW_HEIGHT * max(1, len(rows)) + FOOTER_HEIGHT
    pen = Pen(Image.new("RGB", (WIDTH, height), PAPER))  # a plain RGB image: one picture, no palette to share
    _header(pen, title, rated)
    for index, row in enumerate(rows):
        _row(pen, HEADER_HEIGHT + index * ROW_HEIGHT, index, row)
    if not rows:
        pen.text((MARGIN, HEADER_HEIGHT + ROW_HEIGHT / 2), "Nobody is rated yet.", TEXT_SIZE, fill=MUTED)
    footer = f"{PROVISIONAL_MARK} provisional: fewer than 5 rated games"
    pen.text((MARGIN, height - FOOTER_HEIGHT / 2), footer, SMALL_SIZE, fill=MUTED)
    return encode_png(pen.image)


def _header(pen: Pen, title: str, rated: int) -> None:
    heading = ellipsize(drawable(f"{title} leaderboard") or "Leaderboard", TITLE_SIZE, WIDTH - 2 * MARGIN, bold=True)
    pen.text((MARGIN, 36), heading, TITLE_SIZE, bold=True)
    members = f"{rated:,} member{'s' if rated != 1 else ''} rated on this server"
    pen.text((MARGIN, 74), members, SMALL_SIZE, fill=MUTED)
    y = HEADER_HEIGHT - 14
    pen.text((RANK_RIGHT, y), "#", SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.text((NAME_LEFT, y), "Member", SMALL_SIZE, bold=True, fill=MUTED)
    pen.text((RATING_RIGHT, y), "Rating", SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.text((GAMES_RIGHT, y), "Games", SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.text((WINS_RIGHT, y), "Wins", SMALL_SIZE, bold=True, fill=MUTED, anchor="rm")
    pen.draw.line((MARGIN, HEADER_HEIGHT, WIDTH - MARGIN, HEADER_HEIGHT), fill=MUTED, width=2)


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
    name_width = RATING_RIGHT - 100 - NAME_LEFT  # room left for the widest rating ('2,345')
    pen.text((NAME_LEFT, middle), ellipsize(name, TEXT_SIZE, name_width), TEXT_SIZE)
    provisional = bool(row["provisional"])
    rating = f"{int(str(row['rating'])):,}"
    pen.text((RATING_RIGHT, middle), rating, TEXT_SIZE, bold=True, fill=MUTED if provisional else INK, anchor="rm")
    if provisional:  # the mark stands beside the digits, so every rating's digits line up
        pen.text((RATING_RIGHT + 3, middle), PROVISIONAL_MARK, TEXT_SIZE, bold=True, fill=MUTED)
    pen.text((GAMES_RIGHT, middle), f"{int(str(row['games'])):,}", TEXT_SIZE, anchor="rm")
    pen.text((WINS_RIGHT, middle), f"{int(str(row['wins'])):,}", TEXT_SIZE, anchor="rm")
