"""1930 airline table: a row per airline with its CEO, stock price, tech track box, income, dividend, flags and supplies."""

from __future__ import annotations

from renderers.memo import cached
from typing import NamedTuple

from PIL import Image

from renderers.common import INK, MIN_TEXT, MUTED, VERMILLION, WHITE, YELLOW, Pen, ellipsize, ink_on, text_width
from renderers.golden_age.pieces import (
    DIM, LINE, NAVY, PALETTE, PANEL, TOKEN, draw_disc, draw_tag, money, tech_fill,
)
from renderers.golden_age.table import Airline

TABLE_WIDTH = 1576
ROW_HEIGHT = 42
HEAD_HEIGHT = 34
CELL = 22  # a box of the tech track in a row
CELL_GAP = 2


class Column(NamedTuple):
    key: str
    title: str
    width: int


COLUMNS = (
    Column("airline", "Airline", 140),
    Column("ceo", "CEO", 140),
    Column("price", "Price", 74),
    Column("action", "Action", 78),
    Column("purchased", "", 150),
    Column("tech", "Tech track", 304),
    Column("advanced", "", 146),
    Column("income", "Income", 90),
    Column("dividend", "Dividend", 104),
    Column("flown", "", 98),
    Column("gates", "Gates", 98),
    Column("hubs", "Hubs", 60),
    Column("pool", "Pool", 80),
)
LEFTS = {c.key: 8 + sum(o.width for o in COLUMNS[:i]) for i, c in enumerate(COLUMNS)}
WIDTHS = {c.key: c.width for c in COLUMNS}


def table_height(airlines: int) -> int:
    return HEAD_HEIGHT + max(1, airlines) * ROW_HEIGHT


@cached(maxsize=4)
def head_row(tech: tuple[str, ...]) -> Image.Image:
    """Column titles; over the tech track, each box's number in its colour."""
    pen = PALETTE.pen((TABLE_WIDTH, HEAD_HEIGHT), PANEL)
    middle = HEAD_HEIGHT // 2 + 1
    for column in COLUMNS:
        if column.key == "tech" and tech:
            draw_track(pen, LEFTS["tech"], middle, tech, None, numbers=True)
            continue
        pen.text((LEFTS[column.key], middle), ellipsize(column.title, MIN_TEXT, column.width - 4), MIN_TEXT, False,
                 MUTED)
    pen.draw.line((0, HEAD_HEIGHT - 1, TABLE_WIDTH, HEAD_HEIGHT - 1), fill=LINE, width=2)
    return PALETTE.convert(pen.image)


def draw_track(pen: Pen, x: int, middle: int, tech: tuple[str, ...], box: int | None, numbers: bool = False) -> int:
    """The tech boxes in their colours; the airline's box framed thick with its number in it (the head row
    numbers every box). Returns the x after the track."""
    for index, colour in enumerate(tech):
        left = x + index * (CELL + CELL_GAP)
        cell = (left, middle - 13, left + CELL - 1, middle + 13)
        fill = tech_fill(colour)
        here = box == index + 1
        pen.draw.rectangle(cell, fill=fill, outline=INK if here else LINE, width=3 if here else 1)
        if here or numbers:
            pen.centered(cell, str(index + 1), MIN_TEXT, here, ink_on(fill))
    return x + len(tech) * (CELL + CELL_GAP)


@cached(maxsize=128)
def airline_row(airline: Airline, ceo: str, tech: tuple[str, ...], last: bool) -> Image.Image:
    """One airline. `ceo`: the CEO's name ('' with no CEO); `last`: the airline just acting, whose row is yellow
    and framed (the frame too, so it is not told by colour alone)."""
    fill = YELLOW if last else DIM if airline.bankrupt else PANEL
    pen = PALETTE.pen((TABLE_WIDTH, ROW_HEIGHT), fill)
    middle = ROW_HEIGHT // 2
    if last:
        pen.draw.rectangle((0, 0, TABLE_WIDTH - 1, ROW_HEIGHT - 1), outline=INK, width=3)
    else:
        pen.draw.line((0, ROW_HEIGHT - 1, TABLE_WIDTH, ROW_HEIGHT - 1), fill=LINE, width=1)
    x = LEFTS["airline"]
    draw_disc(pen, x, middle - TOKEN // 2, airline.disc, TOKEN)
    name = ellipsize(airline.name, MIN_TEXT, WIDTHS["airline"] - TOKEN - 14, True)
    pen.text((x + TOKEN + 8, middle), name, MIN_TEXT, True, MUTED if airline.bankrupt else INK)
    if airline.bankrupt:
        right = draw_tag(pen, LEFTS["price"], middle, "Bankrupt", VERMILLION)
        pen.text((right + 12, middle), "out of the game: its tokens, gates and hubs are gone", MIN_TEXT, False, MUTED)
        return PALETTE.convert(pen.image)
    cell(pen, "ceo", middle, ceo or ("none (a tie)" if airline.founded else "—"), bold=bool(ceo), muted=not ceo)
    if airline.founded:
        cell(pen, "price", middle, money(airline.price), bold=True)
        cell(pen, "action", middle, money(airline.action_cost))
        if airline.purchased:
            draw_tag(pen, LEFTS["purchased"], middle, "Purchased", WHITE, pad=6)
    else:
        cell(pen, "price", middle, "not founded yet", muted=True, width=WIDTHS["price"] + WIDTHS["action"]
             + WIDTHS["purchased"])
    x = draw_track(pen, LEFTS["tech"], middle, tech, airline.tech_box)
    pen.text((x + 6, middle), ellipsize(airline.tech_colour, MIN_TEXT, LEFTS["advanced"] - x - 10), MIN_TEXT)
    if airline.advanced:
        draw_tag(pen, LEFTS["advanced"], middle, "Advanced", NAVY, pad=6)
    cell(pen, "income", middle, money(airline.income), bold=True)
    cell(pen, "dividend", middle, money(airline.dividend))
    if airline.flown:
        draw_tag(pen, LEFTS["flown"], middle, "Flown", NAVY, pad=6)
    cell(pen, "gates", middle, f"{airline.gates_available} (+{airline.gates_reserve})")
    cell(pen, "hubs", middle, str(airline.hubs_available))
    cell(pen, "pool", middle, f"{airline.pool} (+{airline.unreleased})" if airline.unreleased else str(airline.pool))
    return PALETTE.convert(pen.image)


def cell(pen: Pen, key: str, middle: int, words: str, bold: bool = False, muted: bool = False,
         width: int | None = None) -> None:
    room = (width or WIDTHS[key]) - 8
    pen.text((LEFTS[key], middle), ellipsize(words, MIN_TEXT, room, bold), MIN_TEXT, bold, MUTED if muted else INK)


def table_image(airlines: tuple[Airline, ...], ceos: tuple[str, ...], tech: tuple[str, ...],
                last: str | None) -> Image.Image:
    """The head row and a row per airline, each row cached apart: an action changes one or two of them."""
    image = Image.new("P", (TABLE_WIDTH, table_height(len(airlines))))
    image.putpalette(PALETTE.image.getpalette() or [])
    image.paste(head_row(tech), (0, 0))
    for index, airline in enumerate(airlines):
        row = airline_row(airline, ceos[index], tech, airline.disc.key == last)
        image.paste(row, (0, HEAD_HEIGHT + index * ROW_HEIGHT))
    if not airlines:
        pen_row = PALETTE.pen((TABLE_WIDTH, ROW_HEIGHT), PANEL)
        pen_row.text((8, ROW_HEIGHT // 2), "No airlines yet", MIN_TEXT, False, MUTED)
        image.paste(PALETTE.convert(pen_row.image), (0, HEAD_HEIGHT))
    return image


def columns_fit() -> bool:
    """Whether every column fits the table's width (a check for the tests)."""
    tags = all(text_width(words, MIN_TEXT, True) + 12 + 6 <= WIDTHS[key]  # a tag and a gap before the next column
               for key, words in (("purchased", "Purchased"), ("advanced", "Advanced"), ("flown", "Flown")))
    numbers = text_width("10 (+6)", MIN_TEXT) + 8 <= WIDTHS["gates"] and text_width("4 (+3)", MIN_TEXT) + 8 <= WIDTHS["pool"]
    return 8 + sum(c.width for c in COLUMNS) <= TABLE_WIDTH and tags and numbers
