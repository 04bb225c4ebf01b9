"""Airships board image: a pure function from the public view (docs/airships-view.md) to PNG bytes.

The board is pasted together from cached pieces (the static layout, each card tile, each panel line),
all already mapped to one 256-colour palette: a move redraws only the pieces whose part of the view
changed, pastes the rest, and encodes a palette PNG, which is a fraction of the cost of an RGB one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from renderers.airships_cards import (
    AIRSHIP_SIZE, CARD_KEYS, DEPARTMENT_COLOUR, DEPARTMENT_NAME, DEPARTMENTS, EXPANSION_SIZE, NAVY, PALETTE, PAPER,
    Atom, Frozen, airship_tile, draw_atoms, draw_die, empty_field, expansion_tile, pick,
)
from renderers.airships_panels import (
    COMPANY_SIZE, PILE_HEIGHT, SIDE_WIDTH, THROW_HEIGHT, card_words, company_panel, hindenburg_panel, pile_box,
    ranking_box, reference_box, throw_panel,
)
from renderers.common import (
    INK, MIN_TEXT, MUTED, WHITE, Pen, drawable, ellipsize, encode_png, fit_text, ink_on, text_width,
)

WIDTH = 1400
MARGIN = 16
GAP = 12
HEADER_HEIGHT = 64
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
LEGEND_HEIGHT = 44
STEP_WORDS = {  # what the player to act is deciding, in the rulebook's words
    "choose_card": "choose a card to throw for",
    "exchange": "exchange dice before the throw?",
    "bonus_chip": "use bonuses to reach the score?",
    "additional_go": "pay 3 chips for an additional go?",
}
STATUS_SIZES = (28, 26, 24, MIN_TEXT)
MOVE_X = 316  # the move number's place in the title bar
STATUS_X = MOVE_X + 120  # where the status's room begins ('move 999' and a gap before it)


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of the Airships board for a public view."""
    companies = list(view.get("companies") or [])
    names = seat_names(view, companies)
    nations = tuple(str(c.get("nation", "")) for c in companies)
    canvas = base(company_rows(len(companies))).copy()
    paste_header(canvas, view, names)
    paste_airships(canvas, view)
    canvas.paste(hindenburg_panel(view.get("hindenburg") or {}, nations), (HINDENBURG_X, AIRSHIPS_TOP))
    paste_display(canvas, view.get("display") or {})
    paste_side(canvas, view, names)
    paste_companies(canvas, view, companies, names)
    return encode_png(canvas)


def seat_names(view: dict[str, Any], companies: list[dict[str, Any]]) -> tuple[str, ...]:
    """Each seat's name as the font can draw it (emoji and CJK dropped, never a tofu box); a name with
    nothing drawable left falls back to the seat's nation."""
    names = list(view.get("seat_names") or [])
    result = []
    for index, company in enumerate(companies):
        name = drawable(str(names[index])) if index < len(names) else ""
        result.append(name or drawable(str(company.get("nation") or "")) or f"Seat {index + 1}")
    return tuple(result)


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
    legend(pen, MARGIN, height - MARGIN - LEGEND_HEIGHT // 2)
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


# -- per-move pieces -------------------------------------------------------------------------------
def paste_header(canvas: Image.Image, view: dict[str, Any], names: tuple[str, ...]) -> None:
    """The title bar, pasted in three cached parts: the move number changes on every move, the rest seldom."""
    era, version, status, short = header_words(view, names)
    canvas.paste(_header_base(era), (MARGIN, MARGIN))
    canvas.paste(_move_number(version), (MARGIN + MOVE_X, MARGIN))
    canvas.paste(_status(status, short), (MARGIN + STATUS_X, MARGIN))


def header_words(view: dict[str, Any], names: tuple[str, ...]) -> tuple[int, int, str, str]:
    current = view.get("current")
    outcome = view.get("outcome")
    short = ""  # said again without the card, when the whole does not fit
    if outcome:
        winners = " & ".join(names[s] for s in outcome.get("winners") or [] if s < len(names))
        status = f"Game over: {winners} win{'s' if ' & ' not in winners else ''}" if winners else "Game over"
    elif isinstance(current, int) and current < len(names):
        status = f"▶ {names[current]}: {STEP_WORDS.get(str(view.get('step')), str(view.get('step')))}"
        chosen = view.get("chosen")
        if chosen and view.get("step") in ("exchange", "bonus_chip"):
            short = status
            status = f"▶ {names[current]} throws for {card_words(chosen, detail=False)}: {STEP_WORDS[str(view['step'])]}"
    else:
        status = ""
    return int(view.get("era") or 1), int(view.get("version") or 0), status, short


@lru_cache(maxsize=4)
def _header_base(era: int) -> Image.Image:
    """The title bar's fixed part: the game and the era."""
    size = (WIDTH - 2 * MARGIN, HEADER_HEIGHT)
    pen = PALETTE.pen(size, NAVY)
    pen.text((16, size[1] // 2), "AIRSHIPS", 30, True, WHITE)
    era_box = (196, 10, 300, size[1] - 10)
    pen.draw.rounded_rectangle(era_box, radius=6, fill=WHITE)
    pen.centered(era_box, f"ERA {era}", 24, True, INK)
    return PALETTE.convert(pen.image)


@lru_cache(maxsize=8)
def _move_number(version: int) -> Image.Image:
    """The move number, to spot a stale image."""
    pen = PALETTE.pen((STATUS_X - MOVE_X, HEADER_HEIGHT), NAVY)
    pen.text((0, HEADER_HEIGHT // 2), ellipsize(f"move {version}", MIN_TEXT, STATUS_X - MOVE_X - 8), MIN_TEXT, False, WHITE)
    return PALETTE.convert(pen.image)


@lru_cache(maxsize=32)
def _status(status: str, short: str) -> Image.Image:
    """Who must do what, right-aligned; without the card's name if the whole will not fit at a legible size."""
    size = (WIDTH - 2 * MARGIN - STATUS_X, HEADER_HEIGHT)
    room = size[0] - 16
    pen = PALETTE.pen(size, NAVY)
    text, text_size = fit_text(status, room, STATUS_SIZES, bold=True)
    if text != status and short and text_width(short, MIN_TEXT, True) <= room:
        text, text_size = fit_text(short, room, STATUS_SIZES, bold=True)
    pen.text((size[0] - 16, size[1] // 2), text, text_size, True, WHITE, anchor="rm")
    return PALETTE.convert(pen.image)


def paste_airships(canvas: Image.Image, view: dict[str, Any]) -> None:
    for index, field in enumerate((view.get("airship_fields") or [])[:4]):
        canvas.paste(airship_tile(field), (MARGIN + index * (AIRSHIP_SIZE[0] + GAP), AIRSHIPS_TOP + CAPTION))


def paste_display(canvas: Image.Image, display: dict[str, Any]) -> None:
    rows = [[pick(card, CARD_KEYS) for card in ((display.get(d) or []) + [None] * 3)[:3]] for d in DEPARTMENTS]
    canvas.paste(_display_fields(Frozen(rows)), (field_x(0), DISPLAY_TOP + CAPTION))


@lru_cache(maxsize=16)
def _display_fields(rows: Frozen) -> Image.Image:
    """The eighteen fields as one image (a card is turned over only every few decisions)."""
    image = _free_fields().copy()
    for row, cards in enumerate(rows.value):
        for column, card in enumerate(cards):
            if card is not None:
                image.paste(expansion_tile(card), (field_x(column) - field_x(0), row * ROW_HEIGHT))
    return image


@lru_cache(maxsize=1)
def _free_fields() -> Image.Image:
    """All eighteen fields free, each in its department's border."""
    pen = PALETTE.pen((field_x(3) - FIELD_GAP - field_x(0), len(DEPARTMENTS) * ROW_HEIGHT - FIELD_GAP), PAPER)
    for row, department in enumerate(DEPARTMENTS):
        for column in range(3):
            free = empty_field(EXPANSION_SIZE, DEPARTMENT_COLOUR[department])
            pen.image.paste(free.convert("RGB"), (field_x(column) - field_x(0), row * ROW_HEIGHT))
    return PALETTE.convert(pen.image)


def paste_side(canvas: Image.Image, view: dict[str, Any], names: tuple[str, ...]) -> None:
    """Pile and last throw; at the end the final ranking covers the dice reference below them.

    The events stay in the chat message that carries the image: as text they cost nothing to draw.
    """
    pile = view.get("pile") or {}
    canvas.paste(pile_box(int(pile.get("left") or 0), pile.get("next")), (SIDE_X, DISPLAY_TOP))
    pending = view.get("step") == "bonus_chip"
    canvas.paste(throw_panel(view.get("last_throw"), names, pending), (SIDE_X, THROW_TOP))
    if view.get("outcome"):
        companies = list(view.get("companies") or [])
        canvas.paste(ranking_box(view["outcome"], names, companies, SIDE_BOTTOM_HEIGHT), (SIDE_X, SIDE_BOTTOM_TOP))


def paste_companies(canvas: Image.Image, view: dict[str, Any], companies: list[dict[str, Any]], names: tuple[str, ...]) -> None:
    current, wooden = view.get("current"), view.get("wooden_airship")
    for index, company in enumerate(companies):
        seat = company.get("seat", index)
        x = MARGIN + (index % 2) * (COMPANY_SIZE[0] + MARGIN)
        y = COMPANIES_TOP + (index // 2) * (COMPANY_SIZE[1] + GAP)
        canvas.paste(company_panel(company, names[index], seat == current, seat == wooden), (x, y))


