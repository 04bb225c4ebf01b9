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
    COMPANY_SIZE, PILE_HEIGHT, SIDE_WIDTH, THROW_HEIGHT, company_panel, hindenburg_panel, pile_box, ranking_box,
    reference_box, throw_panel,
)
from renderers.common import INK, MUTED, WHITE, Pen, encode_png, fit_text, ink_on, text_width

WIDTH = 1400
MARGIN = 16
GAP = 12
HEADER_HEIGHT = 64
CAPTION = 30  # a section title's strip
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
ROW_GIFTS = {  # what each department gives, from the rulebook's overview (p. 6)
    "engineers": "imaginary die", "captains": "dice + bonus chips", "financiers": "dice, some VP",
    "materials": "exchange dice", "hangars": "dice", "engines": "+1/+2 on a throw",
}


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of the Airships board for a public view."""
    companies = list(view.get("companies") or [])
    names = seat_names(view, companies)
    nations = tuple(str(c.get("nation", "")) for c in companies)
    canvas = base(company_rows(len(companies))).copy()
    canvas.paste(header(view, names), (MARGIN, MARGIN))
    paste_airships(canvas, view)
    canvas.paste(hindenburg_panel(view.get("hindenburg") or {}, nations), (HINDENBURG_X, AIRSHIPS_TOP))
    paste_display(canvas, view.get("display") or {})
    paste_side(canvas, view, names)
    paste_companies(canvas, view, companies, names)
    return encode_png(canvas)


def seat_names(view: dict[str, Any], companies: list[dict[str, Any]]) -> tuple[str, ...]:
    names = list(view.get("seat_names") or [])
    return tuple(str(names[i]) if i < len(names) else str(c.get("nation", f"Seat {i + 1}")) for i, c in enumerate(companies))


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
    pen.text((x, y + CAPTION // 2 - 2), text, 18, True, MUTED)


def field_x(column: int) -> int:
    return MARGIN + ROW_LABEL_WIDTH + FIELD_GAP + column * (EXPANSION_SIZE[0] + FIELD_GAP)


def row_label(pen: Pen, x: int, y: int, department: str) -> None:
    """The row's colour with its name and gift written on it: colour is never the only cue."""
    colour = DEPARTMENT_COLOUR[department]
    pen.draw.rectangle((x, y, x + ROW_LABEL_WIDTH - 1, y + EXPANSION_SIZE[1] - 1), fill=colour)
    ink = ink_on(colour)
    pen.text((x + 10, y + 42), DEPARTMENT_NAME[department], 21, True, ink)
    pen.text((x + 10, y + 76), ROW_GIFTS[department], 15, False, ink)


def legend(pen: Pen, x: int, middle: int) -> None:
    """A key to the symbols, for first-time players and for anyone who cannot tell the colours apart."""
    atoms: list[Atom] = []
    for colour in ("white", "red", "black"):
        atoms += [("die", colour, "", False), ("text", f"{colour} die", 18, False, INK), ("gap", 14)]
    atoms += [("die", "red", "4", True), ("text", "imaginary die", 18, False, INK), ("gap", 14)]
    atoms += [("text", "≥7", 20, True, INK), ("text", "score needed", 18, False, INK), ("gap", 14)]
    atoms += [("text", "★", 20, True, INK), ("text", "victory points", 18, False, INK), ("gap", 14)]
    end = draw_atoms(pen, x, middle, atoms, 28)
    draw_die(pen, end, middle - 14, 28, "white", "2", struck=True)
    pen.text((end + 34, middle), "not counted", 18)


# -- per-move pieces -------------------------------------------------------------------------------
def header(view: dict[str, Any], names: tuple[str, ...]) -> Image.Image:
    current = view.get("current")
    outcome = view.get("outcome")
    if outcome:
        winners = " & ".join(names[s] for s in outcome.get("winners") or [] if s < len(names))
        status = f"Game over: {winners} win{'s' if ' & ' not in winners else ''}" if winners else "Game over"
    elif isinstance(current, int) and current < len(names):
        status = f"▶ {names[current]}: {STEP_WORDS.get(str(view.get('step')), str(view.get('step')))}"
        chosen = view.get("chosen")
        if chosen and view.get("step") in ("exchange", "bonus_chip"):
            status = f"▶ {names[current]} throws for {chosen.get('name', '?')}: {STEP_WORDS[str(view['step'])]}"
    else:
        status = ""
    return _header(int(view.get("era") or 1), int(view.get("version") or 0), status)


@lru_cache(maxsize=16)
def _header(era: int, version: int, status: str) -> Image.Image:
    """The title bar: era, move number (to spot a stale image) and who must do what."""
    size = (WIDTH - 2 * MARGIN, HEADER_HEIGHT)
    pen = PALETTE.pen(size, NAVY)
    pen.text((16, size[1] // 2), "AIRSHIPS", 30, True, WHITE)
    era_box = (200, 12, 300, size[1] - 12)
    pen.draw.rounded_rectangle(era_box, radius=6, fill=WHITE)
    pen.centered(era_box, f"ERA {era}", 22, True, INK)
    pen.text((316, size[1] // 2), f"move {version}", 18, False, WHITE)
    left = 316 + text_width(f"move {version}", 18) + 24
    text, text_size = fit_text(status, size[0] - left - 16, (24, 22, 20), bold=True)
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


