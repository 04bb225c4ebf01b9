"""Airships board image: a pure function from the public view (docs/airships-view.md) to PNG bytes."""

# The board is pasted together from cached pieces (the static layout, each card tile, each panel line),
# all already mapped to one 256-colour palette: a move redraws only the pieces whose part of the view
# changed, pastes the rest, and encodes a palette PNG in which only the strips of rows the move changed are
# compressed again (renderers/png.py).
# A card's marks (chosen, new, ✓ can throw) are part of its tile's cache key, and each header line is
# cached on its words, so a new player to act costs a few tiles and a line, not a board.
# The view is read once (renderers/airships/table.py) into frozen values, which are the pieces' cache keys.

from __future__ import annotations

from functools import lru_cache

from renderers.memo import cached

from PIL import Image

from engine.views.airships import AirshipsView

from renderers.airships.cards import (
    AIRSHIP_SIZE, DEPARTMENT_COLOUR, DEPARTMENT_NAME, DEPARTMENTS, EXPANSION_SIZE, PALETTE, PAPER, Atom,
    airship_tile, draw_atoms, draw_die, empty_field, expansion_tile,
)
from renderers.airships.header import HEADER_HEIGHT, HeaderLine, header_band
from renderers.airships.header import header_lines as _header_lines
from renderers.airships.marks import Marks, draw_marks_legend
from renderers.airships.panels import (
    COMPANY_SIZE, PILE_HEIGHT, SIDE_WIDTH, company_panel, hindenburg_panel, pile_box, ranking_box, reference_box,
)
from renderers.airships.table import Card, Table, read
from renderers.airships.throw import THROW_HEIGHT, throw_panel
from renderers.common import INK, MIN_TEXT, MUTED, Pen, ink_on, with_pack_footer
from renderers.png import encode_board

WIDTH = 1400
MARGIN = 16
GAP = 12
CAPTION = 32  # a section title's strip
AIRSHIPS_TOP = MARGIN + HEADER_HEIGHT + GAP
HINDENBURG_X = MARGIN + 4 * (AIRSHIP_SIZE[0] + GAP) + 4
DISPLAY_TOP = AIRSHIPS_TOP + CAPTION + AIRSHIP_SIZE[1] + 16
ROW_LABEL_WIDTH = 156
FIELD_GAP = 8
ROW_HEIGHT = EXPANSION_SIZE[1] + FIELD_GAP
SIDE_X = WIDTH - MARGIN - SIDE_WIDTH
DISPLAY_BOTTOM = DISPLAY_TOP + CAPTION + len(DEPARTMENTS) * ROW_HEIGHT - FIELD_GAP
COMPANIES_TOP = DISPLAY_BOTTOM + 16
THROW_TOP = DISPLAY_TOP + PILE_HEIGHT + GAP
SIDE_BOTTOM_TOP = THROW_TOP + THROW_HEIGHT + GAP
SIDE_BOTTOM_HEIGHT = DISPLAY_BOTTOM - SIDE_BOTTOM_TOP
LEGEND_LINE = 40
LEGEND_HEIGHT = 2 * LEGEND_LINE  # the symbols, then the marks on cards


def render(view: AirshipsView) -> bytes:
    """PNG bytes of the Airships board for a public view."""
    table = read(view)
    canvas = base(company_rows(len(table.companies))).copy()
    canvas.paste(header_band(table, WIDTH - 2 * MARGIN), (MARGIN, MARGIN))
    paste_airships(canvas, table)
    canvas.paste(hindenburg_panel(table.hindenburg, table.nations, table.marks), (HINDENBURG_X, AIRSHIPS_TOP))
    paste_display(canvas, table)
    paste_side(canvas, table)
    paste_companies(canvas, table)
    return encode_board(with_pack_footer(canvas, view, PALETTE, PAPER))


def header_lines(view: AirshipsView) -> list[HeaderLine]:
    """The header's lines (their text and size) as the board draws them for this view."""
    return _header_lines(read(view), WIDTH - 2 * MARGIN)


def company_rows(players: int) -> int:
    return max(1, (players + 1) // 2)


# -- the static board ------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def base(rows: int) -> Image.Image:
    """Everything that never changes for a table of this size: background, titles, row labels, dice reference, legend."""
    height = COMPANIES_TOP + rows * (COMPANY_SIZE[1] + GAP) + LEGEND_HEIGHT + MARGIN
    pen = PALETTE.pen((WIDTH, height), PAPER)
    caption(pen, MARGIN, AIRSHIPS_TOP, "AIRSHIP FIELDS  (throw for a top card)")
    caption(pen, MARGIN, DISPLAY_TOP, "EXPANSION DISPLAY  (throw for any card)")
    for row, department in enumerate(DEPARTMENTS):
        row_label(pen, MARGIN, DISPLAY_TOP + CAPTION + row * ROW_HEIGHT, department)
    pen.image.paste(reference_box(SIDE_BOTTOM_HEIGHT).convert("RGB"), (SIDE_X, SIDE_BOTTOM_TOP))
    legend(pen, MARGIN, height - MARGIN - LEGEND_HEIGHT + LEGEND_LINE // 2)
    return PALETTE.convert(pen.image)


def caption(pen: Pen, x: int, y: int, text: str) -> None:
    pen.text((x, y + CAPTION // 2 - 2), text, MIN_TEXT, True, MUTED)


def field_x(column: int) -> int:
    return MARGIN + ROW_LABEL_WIDTH + FIELD_GAP + column * (EXPANSION_SIZE[0] + FIELD_GAP)


def row_label(pen: Pen, x: int, y: int, department: str) -> None:
    """The row's colour with its name written on it: colour is never the only cue.

    What a department gives is on each of its cards, so the label carries only the name, at a size a phone shows.
    """
    colour = DEPARTMENT_COLOUR[department]
    pen.draw.rectangle((x, y, x + ROW_LABEL_WIDTH - 1, y + EXPANSION_SIZE[1] - 1), fill=colour)
    pen.text((x + 10, y + EXPANSION_SIZE[1] // 2), DEPARTMENT_NAME[department], 24, True, ink_on(colour))


def legend(pen: Pen, x: int, middle: int) -> None:
    """A key to the symbols, for first-time players and for anyone who cannot tell the colours apart."""
    atoms: list[Atom] = []
    for colour in ("white", "red", "black"):
        atoms += [("die", colour, "", False), ("text", colour, MIN_TEXT, False, INK), ("gap", 12)]
    atoms += [("die", "red", "4", True), ("text", "imaginary die", MIN_TEXT, False, INK), ("gap", 16)]
    atoms += [("text", "≥7", 24, True, INK), ("text", "score needed", MIN_TEXT, False, INK), ("gap", 16)]
    atoms += [("text", "★", 24, True, INK), ("text", "VP", MIN_TEXT, False, INK), ("gap", 16)]
    end = draw_atoms(pen, x, middle, atoms, 28)
    draw_die(pen, end, middle - 14, 28, "white", "2", struck=True)
    pen.text((end + 34, middle), "not counted", MIN_TEXT)
    draw_marks_legend(pen, x, middle + LEGEND_LINE)


# -- per-move pieces -------------------------------------------------------------------------------
def paste_airships(canvas: Image.Image, table: Table) -> None:
    for index, field in enumerate(table.fields):
        tile = airship_tile(field, table.marks.get(field.top.id, ()) if field.top else ())
        canvas.paste(tile, (MARGIN + index * (AIRSHIP_SIZE[0] + GAP), AIRSHIPS_TOP + CAPTION))


def paste_display(canvas: Image.Image, table: Table) -> None:
    row_marks = tuple(tuple(table.marks.get(card.id, ()) if card else () for card in cards) for cards in table.display)
    canvas.paste(_display_fields(table.display, row_marks), (field_x(0), DISPLAY_TOP + CAPTION))


@cached(maxsize=16)
def _display_fields(rows: tuple[tuple[Card | None, ...], ...], marks: tuple[tuple[Marks, ...], ...]) -> Image.Image:
    """The eighteen fields as one image (a card is turned over, or the player to act changes, only every few decisions)."""
    image = _free_fields().copy()
    for row, cards in enumerate(rows):
        for column, card in enumerate(cards):
            if card is not None:
                image.paste(expansion_tile(card, marks[row][column]), (field_x(column) - field_x(0), row * ROW_HEIGHT))
    return image


@cached(maxsize=1)
def _free_fields() -> Image.Image:
    """All eighteen fields free, each in its department's border."""
    pen = PALETTE.pen((field_x(3) - FIELD_GAP - field_x(0), len(DEPARTMENTS) * ROW_HEIGHT - FIELD_GAP), PAPER)
    for row, department in enumerate(DEPARTMENTS):
        for column in range(3):
            free = empty_field(EXPANSION_SIZE, DEPARTMENT_COLOUR[department])
            pen.image.paste(free.convert("RGB"), (field_x(column) - field_x(0), row * ROW_HEIGHT))
    return PALETTE.convert(pen.image)


def paste_side(canvas: Image.Image, table: Table) -> None:
    """Pile and last throw; at the end the final ranking covers the dice reference below them.

    The events stay in the chat message that carries the image: as text they cost nothing to draw.
    """
    canvas.paste(pile_box(table.pile_left, table.pile_next), (SIDE_X, DISPLAY_TOP))
    canvas.paste(throw_panel(table.last_throw, table.names, table.pending), (SIDE_X, THROW_TOP))
    if table.outcome:
        canvas.paste(ranking_box(table.outcome, table.companies, SIDE_BOTTOM_HEIGHT), (SIDE_X, SIDE_BOTTOM_TOP))


def paste_companies(canvas: Image.Image, table: Table) -> None:
    for index, company in enumerate(table.companies):
        x = MARGIN + (index % 2) * (COMPANY_SIZE[0] + MARGIN)
        y = COMPANIES_TOP + (index // 2) * (COMPANY_SIZE[1] + GAP)
        current = table.current is not None and company.seat == table.current
        wooden = table.wooden is not None and company.seat == table.wooden
        canvas.paste(company_panel(company, current, wooden), (x, y))


