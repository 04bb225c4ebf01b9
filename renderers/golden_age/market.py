"""1930 stock market track: every box's price and action cost, each founded airline's marker and its Purchased flag."""

from __future__ import annotations

from renderers.memo import cached
from typing import NamedTuple

from PIL import Image

from renderers.common import INK, MIN_TEXT, MUTED, VERMILLION, WHITE, Pen, text_width
from renderers.golden_age.pieces import LINE, PALETTE, PANEL, PAPER, TOKEN, draw_disc, money
from renderers.golden_age.table import Airline, Disc

MARKET_WIDTH = 1576
BOX_TOP = 0
BOX_HEIGHT = 62  # the price over the action cost
STACK_TOP = BOX_HEIGHT + 6
STACK_ROWS = 4  # markers in one box, one under another; more show as '+n' (the airline table gives each price)
STACK_PITCH = TOKEN + 4
MARKET_HEIGHT = STACK_TOP + STACK_ROWS * STACK_PITCH + 4
PURCHASED = "▲"


class Marker(NamedTuple):
    box: int
    disc: Disc
    purchased: bool


def markers(airlines: tuple[Airline, ...]) -> tuple[Marker, ...]:
    """The founded airlines still in the game, by box then in the airlines' order."""
    found = [Marker(a.price_box, a.disc, a.purchased) for a in airlines if a.founded and not a.bankrupt]
    return tuple(sorted(found, key=lambda m: m.box))


def box_width(boxes: int) -> int:
    return MARKET_WIDTH // max(1, boxes)


def box_left(boxes: int, index: int) -> int:
    """A box's left edge: the track centred in the width."""
    width = box_width(boxes)
    return (MARKET_WIDTH - width * boxes) // 2 + index * width


@cached(maxsize=4)
def _track(market: tuple[tuple[int, int], ...]) -> Image.Image:
    """The boxes: price on top, action cost under; box 0, the $1 box, bankrupts an airline at the end of the turn."""
    pen = PALETTE.pen((MARKET_WIDTH, MARKET_HEIGHT), PANEL)
    width = box_width(len(market))
    for index, (price, cost) in enumerate(market):
        left = box_left(len(market), index)
        box = (left, BOX_TOP, left + width - 1, BOX_TOP + BOX_HEIGHT - 1)
        bankrupt = index == 0
        pen.draw.rectangle(box, fill=VERMILLION if bankrupt else WHITE, outline=INK if bankrupt else LINE,
                           width=3 if bankrupt else 1)
        ink, muted = (WHITE, WHITE) if bankrupt else (INK, MUTED)
        pen.text((left + width / 2, BOX_TOP + 18), money(price), MIN_TEXT, True, ink, anchor="mm")
        pen.text((left + width / 2, BOX_TOP + 45), money(cost), MIN_TEXT, False, muted, anchor="mm")
        if index % 2:  # every other column shaded: a marker is easy to follow up to its box
            pen.draw.rectangle((left, STACK_TOP - 4, left + width - 1, MARKET_HEIGHT - 1), fill=PAPER)
        pen.draw.line((left, STACK_TOP - 4, left, MARKET_HEIGHT - 1), fill=LINE, width=1)
    end = box_left(len(market), len(market))
    pen.draw.line((end - 1, STACK_TOP - 4, end - 1, MARKET_HEIGHT - 1), fill=LINE, width=1)
    return PALETTE.convert(pen.image)


@cached(maxsize=8)
def market_image(market: tuple[tuple[int, int], ...], placed: tuple[Marker, ...]) -> Image.Image:
    """The track with each founded airline's marker under its box, ▲ beside a Purchased one."""
    image = _track(market).convert("RGB")
    pen = Pen(image)
    width = box_width(len(market))
    stacks: dict[int, list[Marker]] = {}
    for marker in placed:
        stacks.setdefault(max(0, min(marker.box, len(market) - 1)), []).append(marker)
    for box, stack in stacks.items():
        left = box_left(len(market), box)
        shown = stack if len(stack) <= STACK_ROWS else stack[:STACK_ROWS - 1]
        for row, marker in enumerate(shown):
            top = STACK_TOP + row * STACK_PITCH
            draw_disc(pen, left + 1, top, marker.disc, TOKEN)
            if marker.purchased:
                pen.text((left + TOKEN + 2, top + TOKEN // 2), PURCHASED, MIN_TEXT, True, INK, anchor="lm")
        if len(stack) > STACK_ROWS:
            more = f"+{len(stack) - len(shown)}"
            top = STACK_TOP + (STACK_ROWS - 1) * STACK_PITCH
            pen.text((left + width / 2, top + TOKEN // 2), more, MIN_TEXT, True, INK, anchor="mm")
    return PALETTE.convert(image)


def purchased_fits(boxes: int) -> bool:
    """Whether a marker and its ▲ share one box's width (a check for the layout's tests)."""
    return TOKEN + 2 + text_width(PURCHASED, MIN_TEXT, True) <= box_width(boxes)
