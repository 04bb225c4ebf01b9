"""Airships board panels: company boards, the Hindenburg, the pile, the last throw, the dice reference, the ranking."""

from __future__ import annotations

from collections.abc import Mapping
from renderers.memo import cached

from PIL import Image

from renderers.airships.cards import (
    BACK_COLOUR, DEPARTMENT_COLOUR, DEPARTMENT_NAME, DEPARTMENTS, EMPTY, LINE, NAVY, PALETTE, PANEL, PAPER,
    PHASE_SIZE, SKY_BLUE, atoms_width, counted_dice_atoms, draw_atoms, draw_die, draw_vp_badge, gives_atoms,
    nation_badge, phase_tile,
)
from renderers.airships.marks import Marks
from engine.views.airships import Dice
from renderers.airships.table import Airship, Card, Company, Die, Hindenburg, Outcome
from renderers.common import (
    INK, MIN_TEXT, MUTED, RGB, WHITE, YELLOW, Pen, ellipsize, fit_text, ink_on,
    text_width, wrap_lines,
)

Piece = tuple[Image.Image, tuple[int, int]]  # a cached palette image and where it goes, relative to its panel

COMPANY_SIZE = (676, 330)
SIDE_WIDTH = 386
HINDENBURG_SIZE = (516, 250)
HINDENBURG_CAPTION = 32
PILE_HEIGHT = 124
PAD = 12
FRAME = 5  # the current player's thick frame
HEADER_SIZE = (COMPANY_SIZE[0] - 2 * FRAME, 54)
ROW_SIZE = (COMPANY_SIZE[0] - 2 * PAD, 46)
DEPARTMENT_CELL = (212, 72)
DEPARTMENTS_TOP = 116
LINE_STEP = 26  # one line of MIN_TEXT text and its leading
PILE_BACK: dict[str | None, tuple[RGB, str, str]] = {  # the next card's back: colour, words, mark
    "era 1": (SKY_BLUE, "Era 1", "1"), "change of era": (YELLOW, "Change of Era", "⇄"),
    "era 2": (NAVY, "Era 2", "2"), None: (EMPTY, "none", ""),
}
HINDENBURG_STATUS = {  # (open, complete) -> the caption's explanation
    (False, False): "closed until a pile runs out", (True, False): "open: throw for a phase",
    (True, True): "complete: high VP count",
}
REFERENCE_RULES = "At most 3 dice of a colour count. Bonuses: engine +1/+2, wooden airship +1, one chip a throw +1."


def panel(size: tuple[int, int], title: str = "", fill: RGB = PANEL) -> Pen:
    """A boxed panel with an optional bold title; drawn in RGB, converted by the caller."""
    pen = PALETTE.pen(size, fill)
    pen.draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=LINE, width=2)
    if title:
        pen.text((PAD, 22), title, 24, True)
    return pen


# -- company board: lines cached apart, since a move usually changes one line of one board -------------
@cached(maxsize=32)
def company_panel(company: Company, current: bool, wooden: bool) -> Image.Image:
    """The board as one image, so the table pastes it once; rebuilt from cached lines when it changes."""
    image = _company_frame(current).copy()
    for piece, xy in company_pieces(company, current, wooden):
        image.paste(piece, xy)
    return image


def company_pieces(company: Company, current: bool, wooden: bool) -> list[Piece]:
    pieces: list[Piece] = [
        (_company_header(company.nation, company.name, company.vp, current, company.tag), (FRAME, FRAME)),
        (_company_dice(company.dice, company.imaginary, company.chips, wooden), (PAD, 64)),
        (_company_airships(company.airships, company.phases, company.airships_built),
         (PAD, COMPANY_SIZE[1] - ROW_SIZE[1] - 8)),
    ]
    for index, department in enumerate(DEPARTMENTS):
        x = PAD + 2 + (index % 3) * (DEPARTMENT_CELL[0] + 6)
        y = DEPARTMENTS_TOP + (index // 3) * (DEPARTMENT_CELL[1] + 6)
        pieces.append((department_cell(department, company.departments[index]), (x, y)))
    return pieces


@cached(maxsize=2)
def _company_frame(current: bool) -> Image.Image:
    pen = panel(COMPANY_SIZE)
    if current:  # a thick frame as well as the yellow strip and the tag: the turn must not hang on colour
        pen.draw.rectangle((0, 0, COMPANY_SIZE[0] - 1, COMPANY_SIZE[1] - 1), outline=INK, width=FRAME)
    return PALETTE.convert(pen.image)


@cached(maxsize=32)
def _company_header(nation: str, name: str, vp: int, current: bool, tag: str = "") -> Image.Image:
    """Nation, player and VP; the player to act gets a ▶ before the name as well as the yellow strip and the frame.

    A seat the bot plays carries a tag after the nation ("AI", or "AUTO" for a person's seat on autopilot).
    """
    width, height = HEADER_SIZE
    pen = PALETTE.pen(HEADER_SIZE, YELLOW if current else EMPTY)
    nation_badge(pen, (PAD - FRAME, 6, PAD - FRAME + 62, height - 6), nation)
    vp_text = f"★ {vp} VP"
    pen.text((width - PAD, height // 2), vp_text, 30, True, anchor="rm")
    vp_left = width - PAD - text_width(vp_text, 30, True)
    name_x = PAD - FRAME + 74
    if tag:
        tag_width = text_width(tag, MIN_TEXT, True) + 16
        pen.draw.rounded_rectangle((name_x, 10, name_x + tag_width, height - 10), radius=6, fill=NAVY)
        pen.text((name_x + tag_width // 2, height // 2), tag, MIN_TEXT, True, fill=WHITE, anchor="mm")
        name_x += tag_width + 10
    text, size = fit_text(f"▶ {name}" if current else name, vp_left - name_x - 20, (28, 26, 24, MIN_TEXT), bold=True)
    pen.text((name_x, height // 2), text, size, True)
    return PALETTE.convert(pen.image)


@cached(maxsize=64)
def _company_dice(dice: Dice, imaginary: tuple[Die, ...], chips: int, wooden: bool) -> Image.Image:
    """Dice at disposal (count per colour, imaginary dice with their value), bonus chips, the wooden airship."""
    width, height = ROW_SIZE
    pen = PALETTE.pen(ROW_SIZE, PANEL)
    middle = height // 2
    atoms = counted_dice_atoms(dice, 24)
    for die in imaginary:
        atoms += [("die", die.colour, str(die.value), True)]
    x = draw_atoms(pen, 0, middle, atoms, 32) + 12
    pen.text((x, middle), "Chips", MIN_TEXT, False, MUTED)
    x += text_width("Chips", MIN_TEXT) + 8
    pen.text((x, middle), str(chips), 26, True)
    x += text_width(str(chips), 26, True) + 16
    if wooden:  # the long words when they fit, else the short ones
        label = "✈ wooden airship" if x + text_width("✈ wooden airship", MIN_TEXT, True) + 16 <= width else "✈ wooden"
        box = (width - text_width(label, MIN_TEXT, True) - 16, middle - 18, width - 1, middle + 18)
        pen.draw.rounded_rectangle(box, radius=6, fill=NAVY)
        pen.centered(box, label, MIN_TEXT, True, WHITE)
    return PALETTE.convert(pen.image)


@cached(maxsize=128)
def department_cell(department: str, card: Card | None) -> Image.Image:
    """One department of a company board: its name, colour tab and what its card gives; VP beside the name."""
    width, height = DEPARTMENT_CELL
    pen = PALETTE.pen(DEPARTMENT_CELL, WHITE if card else EMPTY)
    pen.draw.rectangle((0, 0, width - 1, height - 1), outline=LINE, width=1)
    pen.draw.rectangle((0, 0, 9, height - 1), fill=DEPARTMENT_COLOUR[department])
    pen.text((17, 18), DEPARTMENT_NAME[department], MIN_TEXT, True, INK if card else MUTED)
    if card is None:
        pen.text((17, 50), "—", MIN_TEXT, False, MUTED)
        return PALETTE.convert(pen.image)
    if card.vp:
        draw_vp_badge(pen, width - 4, 36, f"★{card.vp}", MIN_TEXT)
    atoms = gives_atoms(card, MIN_TEXT, words=False)
    die = 26 if atoms_width(atoms, 26) <= width - 6 - 17 else 20
    draw_atoms(pen, 17, 52, atoms, die)
    return PALETTE.convert(pen.image)


@cached(maxsize=64)
def _company_airships(airships: tuple[Airship, ...], phases: tuple[object, ...], built: int) -> Image.Image:
    """Airship cards (their VP, tinted by back) and Hindenburg phases built: the tie-break count."""
    width, height = ROW_SIZE
    pen = PALETTE.pen(ROW_SIZE, PANEL)
    middle = height // 2
    tiles = [(f"★{card.vp}", BACK_COLOUR.get(card.back, LINE)) for card in airships]  # bottom first
    phase_tiles = [(f"P{number}", WHITE) for number in phases]
    words = f"{built} built"
    labels = ["Airships", "Hindenburg"]
    if _airships_width(labels, tiles, phase_tiles) + text_width(words, MIN_TEXT) + 12 > width:
        words = ""  # the cards come first; the count also shows in the final ranking where it breaks a tie
    if _airships_width(labels, tiles, phase_tiles) > width:
        labels = ["", "Hindenburg"]  # the tiles' stars say they are airships
    x = 0
    if labels[0]:
        pen.text((x, middle), labels[0], MIN_TEXT, False, MUTED)
        x += text_width(labels[0], MIN_TEXT) + 10
    if not tiles:
        pen.text((x, middle), "none", MIN_TEXT, False, MUTED)
        x += text_width("none", MIN_TEXT) + 10
    for text, fill in tiles:
        x = _mini_tile(pen, x, middle, text, fill)
    if phase_tiles:
        x += 10
        pen.text((x, middle), labels[1], MIN_TEXT, False, MUTED)
        x += text_width(labels[1], MIN_TEXT) + 8
        for text, fill in phase_tiles:
            x = _mini_tile(pen, x, middle, text, fill)
    if words:
        pen.text((width - 1, middle), words, MIN_TEXT, False, MUTED, anchor="rm")
    return PALETTE.convert(pen.image)


def _airships_width(labels: list[str], tiles: list[tuple[str, RGB]], phase_tiles: list[tuple[str, RGB]]) -> int:
    width = text_width(labels[0], MIN_TEXT) + 10 if labels[0] else 0
    width += sum(_mini_width(text) + 6 for text, _ in tiles) if tiles else text_width("none", MIN_TEXT) + 10
    if phase_tiles:
        width += 10 + text_width(labels[1], MIN_TEXT) + 8 + sum(_mini_width(text) + 6 for text, _ in phase_tiles)
    return width


def _mini_width(text: str) -> int:
    return max(46, text_width(text, MIN_TEXT, True) + 14)


def _mini_tile(pen: Pen, x: int, middle: int, text: str, fill: RGB) -> int:
    width = _mini_width(text)
    box = (x, middle - 19, x + width, middle + 19)
    pen.draw.rectangle(box, fill=fill, outline=INK, width=2)
    pen.centered(box, text, MIN_TEXT, True, ink_on(fill))
    return x + width + 6


# -- Hindenburg ----------------------------------------------------------------------------------
def hindenburg_panel(hindenburg: Hindenburg, nations: tuple[str, ...], marks: Mapping[str, Marks]) -> Image.Image:
    """`marks`: the marks per card id (a phase's id is 'hindenburg-' and its number)."""
    owners = tuple(nations[p.owner] if p.owner is not None and p.owner < len(nations) else None
                   for p in hindenburg.phases)
    phase_marks = tuple(marks.get(p.mark_id, ()) for p in hindenburg.phases)
    return _hindenburg_panel(hindenburg, owners, phase_marks)


@cached(maxsize=32)
def _hindenburg_panel(hindenburg: Hindenburg, owners: tuple[str | None, ...], marks: tuple[Marks, ...]) -> Image.Image:
    """The caption says whether it is open; the panel says which of a phase's two VP counts when."""
    caption = HINDENBURG_CAPTION
    open_, complete = hindenburg.open, hindenburg.complete
    pen = PALETTE.pen(HINDENBURG_SIZE, PAPER)
    pen.text((0, caption // 2 - 2), "HINDENBURG", MIN_TEXT, True, MUTED)
    left = text_width("HINDENBURG", MIN_TEXT, True) + 14
    status = HINDENBURG_STATUS.get((open_ or complete, complete), "")
    pen.text((left, caption // 2 - 2), ellipsize(status, MIN_TEXT, HINDENBURG_SIZE[0] - left), MIN_TEXT, False, INK)
    pen.draw.rectangle((0, caption, HINDENBURG_SIZE[0] - 1, HINDENBURG_SIZE[1] - 1), fill=PANEL, outline=LINE, width=2)
    pen.text((PAD, caption + 20), "★ VP: if unfinished / if finished", MIN_TEXT)
    for index, phase in enumerate(hindenburg.phases):
        tile = phase_tile(phase, open_, owners[index] if index < len(owners) else None,
                          marks[index] if index < len(marks) else ())
        pen.image.paste(tile.convert("RGB"), (PAD - 4 + index * (PHASE_SIZE[0] + 8), caption + 38))
    return PALETTE.convert(pen.image)


# -- side column ---------------------------------------------------------------------------------
@cached(maxsize=64)
def pile_box(left: int, next_back: str | None) -> Image.Image:
    """The expansion pile: how many cards are left and which back is on top."""
    pen = panel((SIDE_WIDTH, PILE_HEIGHT))
    colour, words, mark = PILE_BACK.get(next_back, (EMPTY, str(next_back), ""))
    card = (PAD, 14, PAD + 66, PILE_HEIGHT - 14)
    pen.draw.rounded_rectangle(card, radius=6, fill=colour, outline=INK, width=2)
    pen.centered(card, mark, 30, True, ink_on(colour))
    x = PAD + 84
    pen.text((x, 28), "Expansion pile", MIN_TEXT, True)
    pen.text((x, 62), f"{left} card{'s' if left != 1 else ''} left", 26, True)
    next_words = ellipsize(f"next back: {words}" if left else "used up", MIN_TEXT, SIDE_WIDTH - PAD - x)
    pen.text((x, 96), next_words, MIN_TEXT, False, INK)
    return PALETTE.convert(pen.image)


DICE_FACES = {"white": (1, 1, 2, 2, 3, 3), "red": (2, 3, 3, 4, 4, 5), "black": (4, 4, 6, 6, 8, 8)}  # rulebook, contents


@cached(maxsize=4)
def reference_box(height: int) -> Image.Image:
    """The faces of each die and the throw's limits: what a player weighs before choosing a card."""
    pen = panel((SIDE_WIDTH, height), "Dice faces")
    die, y = 36, 62
    for colour, faces in DICE_FACES.items():
        x = PAD
        for value in faces:
            draw_die(pen, x, y - die // 2, die, colour, str(value))
            x += die + 6
        pen.text((x + 6, y), colour, MIN_TEXT, False, INK)
        y += die + 8
    y += 2
    for line in wrap_lines(REFERENCE_RULES, MIN_TEXT, SIDE_WIDTH - 2 * PAD, 3):
        pen.text((PAD, y), line, MIN_TEXT)
        y += LINE_STEP
    return PALETTE.convert(pen.image)


def ranking_box(outcome: Outcome, companies: tuple[Company, ...], height: int) -> Image.Image:
    return _ranking_box(outcome.ranking, outcome.scores, outcome.reason, tuple(c.name for c in companies),
                        tuple(c.nation for c in companies), tuple(c.airships_built for c in companies), height)


@cached(maxsize=16)
def _ranking_box(ranking: tuple[tuple[int, ...], ...], scores: tuple[int, ...], reason: str, names: tuple[str, ...],
                 nations: tuple[str, ...], built: tuple[int, ...], height: int) -> Image.Image:
    """Places best first (a shared place for a true tie, numbered alike), with VP; where VP tie, the
    airships built (the tie-break) go under the VP."""
    pen = panel((SIDE_WIDTH, height), "Final ranking" if reason == "finished" else "Game abandoned")
    y, place = 64, 1
    tied_vp = {score for score in scores if scores.count(score) > 1}
    for group in ranking:
        for seat in group:
            big = place == 1
            tie_break = seat < len(scores) and scores[seat] in tied_vp and seat < len(built)
            middle = y + 7 if tie_break else y
            pen.text((PAD, middle), f"{place}.", 26 if big else 24, True)
            nation_badge(pen, (PAD + 38, middle - 17, PAD + 90, middle + 17), nations[seat] if seat < len(nations) else "")
            right = SIDE_WIDTH - PAD
            if seat < len(scores):
                vp = f"{scores[seat]} VP"
                pen.text((right, y), vp, 24, True, anchor="rm")
                if tie_break:
                    pen.text((right, y + 24), f"{built[seat]} built", MIN_TEXT, False, MUTED, anchor="rm")
                right -= max(text_width(vp, 24, True), text_width("0 built", MIN_TEXT) if tie_break else 0) + 12
            name, size = fit_text(names[seat] if seat < len(names) else "?", right - PAD - 100,
                                  (26, 24, MIN_TEXT) if big else (24, MIN_TEXT), bold=big)
            pen.text((PAD + 100, middle), name, size, big)
            y += 58 if tie_break else 46
        place += len(group)
    return PALETTE.convert(pen.image)
