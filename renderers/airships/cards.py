"""Airships card tiles and dice: the theme, the palette and the cached pieces the board is pasted from."""

from __future__ import annotations

from collections.abc import Sequence
from renderers.memo import cached
from typing import Any

from PIL import Image

from renderers.airships.marks import (
    CHOSEN, CHOSEN_FRAME, Marks, check_room, draw_check, draw_chosen_frame, draw_tags, tags, tags_width,
)
from engine.views.airships import DEPARTMENTS, Dice
from renderers.airships.table import DIE_COLOURS, Card, Field, Phase
from renderers.common import (
    BLUE, BLUISH_GREEN, INK, MIN_TEXT, MUTED, ORANGE, REDDISH_PURPLE, RGB, SKY_BLUE, VERMILLION, WHITE, YELLOW,
    ELLIPSIS, Palette, Pen, fit_text, ink_on, text_width, wrap_fit,
)

# -- theme ---------------------------------------------------------------------------------------
PAPER: RGB = (236, 230, 216)  # the board
PANEL: RGB = (250, 247, 240)  # company boards and side boxes
LINE: RGB = (178, 168, 150)
EMPTY: RGB = (222, 214, 198)  # a free field
BROWN: RGB = (140, 90, 43)  # Captains; not an Okabe-Ito hue, but the name is always printed
LIGHT_SKY: RGB = (178, 220, 244)
NAVY: RGB = (16, 52, 96)
GREY_ANY: RGB = (150, 150, 150)  # the rulebook's grey engine symbol: any die
DIE_BLACK: RGB = (24, 24, 24)

DEPARTMENT_COLOUR: dict[str, RGB] = {  # the rulebook's border colours
    "engineers": ORANGE, "captains": BROWN, "financiers": REDDISH_PURPLE,
    "materials": BLUE, "hangars": YELLOW, "engines": BLUISH_GREEN,
}
DEPARTMENT_NAME = {d: d.capitalize() for d in DEPARTMENTS}
DIE_FILL: dict[str, RGB] = {"white": WHITE, "red": VERMILLION, "black": DIE_BLACK, "any": GREY_ANY}
DIE_TEXT: dict[str, RGB] = {"white": INK, "red": WHITE, "black": WHITE, "any": INK}
DIE_LETTER = {"white": "W", "red": "R", "black": "B", "any": "?"}
BACK_COLOUR: dict[str | None, RGB] = {"light": LIGHT_SKY, "medium": SKY_BLUE, "dark": NAVY, None: LINE}
NATION_MARK: dict[str, tuple[str, RGB]] = {  # initials carry the nation; the colour only helps
    "USA": ("US", BLUE), "Germany": ("DE", DIE_BLACK), "Italy": ("IT", BLUISH_GREEN), "France": ("FR", VERMILLION),
}

PALETTE = Palette(
    fills=[PAPER, PANEL, WHITE, LINE, EMPTY, MUTED, BROWN, LIGHT_SKY, NAVY, GREY_ANY, DIE_BLACK,
           ORANGE, REDDISH_PURPLE, BLUE, YELLOW, BLUISH_GREEN, VERMILLION, SKY_BLUE],
    inks=[INK, WHITE, MUTED],
)

# -- sizes (px at the board's 1400 px width) -------------------------------------------------------
# Text sizes are never below MIN_TEXT (common.py): the board is read on phones at under a third of its size.
EXPANSION_SIZE = (262, 140)  # tall enough for a name on two lines between the cost and what the card gives
NAME_LINE = 25  # from one line of a card's name to the next, at MIN_TEXT
AIRSHIP_SIZE = (200, 218)
PHASE_SIZE = (119, 170)
BORDER = 5
COST_DICE = (26, 22)  # the cost row shrinks to the smaller size rather than touch the target
GIVE_DIE = 26
IMAGINARY_DIE = 26  # the least an imaginary die's face may be: its number is a score, so it stays >= MIN_TEXT
IMAGINARY_EXTRA = 8  # an imaginary die is drawn inside a dashed frame, so it gets a little more room
IMAGINARY_INSET = 3  # the gap between the frame and the die
LABEL_SHARE = 0.78  # a number's size as a share of its die's face
LETTER_SHARE = 0.56  # a colour letter's (W/R/B): the die's colour is the main cue, the letter a spare one

Atom = tuple[Any, ...]  # ("text", words, size, bold, colour) | ("die", colour, label, imaginary) | ("gap", px)


def nation_mark(nation: str) -> tuple[str, RGB]:
    return NATION_MARK.get(nation, (nation[:2].upper(), MUTED))


# -- dice -----------------------------------------------------------------------------------------
def draw_die(pen: Pen, x: int, y: int, size: int, colour: str, label: str = "", *,
             imaginary: bool = False, struck: bool = False) -> None:
    """A die as a square: white light with a dark edge, red and black filled with a white number.

    An imaginary die sits inside a dashed frame; a die that does not count is struck through.
    The number (or the colour's letter) is always printed so colour is never the only cue.
    """
    die = _die(size, colour, label, imaginary, struck)
    pen.image.paste(die, (x, y), die)  # its own alpha: the rounded corners show what lies beneath


def imaginary_size(die: int) -> int:
    """The outer size of an imaginary die drawn beside plain dice of size `die`."""
    return max(die, IMAGINARY_DIE) + IMAGINARY_EXTRA


def label_size(face: int) -> int:
    """The text size of a number on a die face `face` px wide."""
    return min(30, round(face * LABEL_SHARE))


@cached(maxsize=512)
def _die(size: int, colour: str, label: str, imaginary: bool, struck: bool) -> Image.Image:
    """One die drawn once on a transparent square; dice recur on every tile, board and throw."""
    pen = Pen(Image.new("RGBA", (size, size), (0, 0, 0, 0)))
    x = y = 0
    inset = IMAGINARY_INSET if imaginary else 0
    box = (x + inset, y + inset, x + size - 1 - inset, y + size - 1 - inset)
    pen.draw.rounded_rectangle(box, radius=max(2, size // 7), fill=DIE_FILL[colour], outline=INK, width=2)
    if imaginary:
        _dashed_frame(pen, x, y, size)
    face = size - 2 * inset
    if label:
        pen.centered(box, label, label_size(face), True, DIE_TEXT[colour])
    else:
        pen.centered(box, DIE_LETTER[colour], int(face * LETTER_SHARE), True, DIE_TEXT[colour])
    if struck:
        pen.draw.line((x + 2, y + size - 3, x + size - 3, y + 2), fill=MUTED if colour == "white" else WHITE, width=3)
    return pen.image


def _dashed_frame(pen: Pen, x: int, y: int, size: int) -> None:
    dash = max(3, size // 6)
    right, bottom = x + size - 1, y + size - 1
    for start in range(0, size, dash * 2):
        end = min(start + dash, size - 1)
        for line in ((x + start, y, x + end, y), (x + start, bottom, x + end, bottom),
                     (x, y + start, x, y + end), (right, y + start, right, y + end)):
            pen.draw.line(line, fill=INK, width=2)


def dice_atoms(counts: Dice) -> list[Atom]:
    """One die per die in a count (cost, gifts), lettered W/R/B: the rulebook draws them that way."""
    atoms: list[Atom] = []
    for colour in DIE_COLOURS:
        atoms += [("die", colour, "", False)] * counts.of(colour)
    return atoms


def fitted_dice(counts: Dice, room: int, sizes: Sequence[int] = COST_DICE) -> tuple[list[Atom], int]:
    """A cost as one die per die at the largest size that fits `room`; else as counts ('2[R] 3[B]')."""
    atoms = dice_atoms(counts)
    for size in sizes:
        if atoms_width(atoms, size) <= room:
            return atoms, size
    counted: list[Atom] = []
    for colour in DIE_COLOURS:
        count = counts.of(colour)
        if count:
            counted += [("text", str(count), MIN_TEXT, True, INK), ("die", colour, "", False), ("gap", 4)]
    return counted, sizes[-1]


def counted_dice_atoms(counts: Dice, size: int = MIN_TEXT) -> list[Atom]:
    """'[W]×4 [R]×2': a die per colour with its count, for dice at disposal (counts can pass 3)."""
    atoms: list[Atom] = []
    for colour in DIE_COLOURS:
        count = counts.of(colour)
        if count:
            atoms += [("die", colour, "", False), ("text", f"×{count}", size, True, INK), ("gap", 8)]
    return atoms or [("text", "none", size, False, MUTED)]


def atoms_width(atoms: Sequence[Atom], die: int, gap: int = 4) -> int:
    width = 0
    for atom in atoms:
        if atom[0] == "die":
            width += (imaginary_size(die) if atom[3] else die) + gap
        elif atom[0] == "text":
            width += text_width(atom[1], atom[2], atom[3]) + gap
        else:
            width += atom[1]
    return width


def draw_atoms(pen: Pen, x: int, middle: int, atoms: Sequence[Atom], die: int, gap: int = 4) -> int:
    """Draw dice and words left to right, vertically centred on `middle`; returns the x after the last."""
    for atom in atoms:
        if atom[0] == "die":
            size = imaginary_size(die) if atom[3] else die
            draw_die(pen, x, middle - size // 2, size, atom[1], atom[2], imaginary=atom[3])
            x += size + gap
        elif atom[0] == "text":
            pen.text((x, middle), atom[1], atom[2], atom[3], atom[4])
            x += text_width(atom[1], atom[2], atom[3]) + gap
        else:
            x += atom[1]
    return x


def gives_atoms(card: Card, size: int = MIN_TEXT, words: bool = True) -> list[Atom]:
    """What an expansion card gives its owner, as dice and short words (fewer words when `words` is off)."""
    atoms: list[Atom] = []
    given = dice_atoms(card.dice)
    if given:
        atoms += [("text", "+", size, True, INK), *given]
    imaginary = card.imaginary
    if imaginary:
        atoms += [("gap", 10)] if atoms else []
        atoms += [("die", imaginary.colour, str(imaginary.value), True)]
        atoms += [("text", "imaginary", size, False, MUTED)] if words else []
    exchange = card.exchange
    if exchange:
        atoms += [("gap", 12)] if atoms else []  # apart from a gift of dice, so '+B' and '2R→1B' don't run together
        atoms += [("text", f"{exchange.give_count}", size, True, INK), ("die", exchange.give, "", False),
                  ("text", "→", size, True, INK), ("text", f"{exchange.get_count}", size, True, INK),
                  ("die", exchange.get, "", False)]
    engine = card.engine
    if engine:
        atoms += [("gap", 10)] if atoms else []
        atoms += [("text", f"+{engine.amount}", size, True, INK)]
        if engine.colour == "any":
            atoms += [("text", "every throw" if words else "any die", size, False, INK)]
        else:
            atoms += [("text", "with", size, False, INK), ("die", engine.colour, "", False)]
    if card.chips:
        chips = card.chips
        atoms += [("gap", 6), ("text", f"+{chips} chip{'s' if chips != 1 else ''}", size, True, INK)]
    return atoms


def draw_vp_badge(pen: Pen, right: int, bottom: int, text: str, size: int) -> int:
    """A gold star badge ('★ 5') anchored at its bottom-right corner; returns its left edge."""
    width, height = text_width(text, size, True) + 14, size + 12
    box = (right - width, bottom - height, right, bottom)
    pen.draw.rounded_rectangle(box, radius=6, fill=YELLOW, outline=INK, width=2)
    pen.centered(box, text, size, True, INK)
    return box[0]


def draw_cost_and_target(pen: Pen, left: int, top: int, right: int, card: Card, target_size: int = 30,
                         marks: Marks = ()) -> None:
    """The card's top line, as the rulebook prints it: dice to use at the left, score needed at the right;
    the ✓ badge just before the score when the player to act has the dice for the card."""
    target = f"≥{card.target}"
    target_width = text_width(target, target_size, True)
    atoms, die = fitted_dice(card.cost, right - left - target_width - 8 - check_room(marks))
    middle = top + COST_DICE[0] // 2 + 2
    draw_atoms(pen, left, middle, atoms, die)
    pen.text((right, middle), target, target_size, True, INK, anchor="rm")
    if check_room(marks):
        draw_check(pen, right - target_width - check_room(marks), middle)


# -- cached tiles -----------------------------------------------------------------------------------
@cached(maxsize=256)
def expansion_tile(card: Card, marks: Marks = ()) -> Image.Image:
    """An expansion card; its name wraps onto a second line, which it shares with the card's tags."""
    width, height = EXPANSION_SIZE
    pen = PALETTE.pen(EXPANSION_SIZE, WHITE)
    border = DEPARTMENT_COLOUR.get(card.department, LINE)
    frame = CHOSEN_FRAME if CHOSEN in marks else 0  # the department's colour stays visible inside the frame
    pen.draw.rectangle((frame, frame, width - 1 - frame, height - 1 - frame), outline=border, width=BORDER)
    if frame:
        draw_chosen_frame(pen, (0, 0, width - 1, height - 1))
    inner = BORDER + 6 + frame // 2
    draw_cost_and_target(pen, inner, inner - 2, width - inner, card, marks=marks)
    lines, size, tag_row = _name_lines(card.name, width - 2 * inner, tags_width(marks))
    for row, line in enumerate(lines):
        pen.text((inner, 53 + row * NAME_LINE), line, size)
    if tags(marks):
        draw_tags(pen, width - inner - tags_width(marks) + 6, 53 + tag_row * NAME_LINE, marks)
    right_limit = width - inner
    if card.vp:
        right_limit = draw_vp_badge(pen, width - inner + 2, height - inner + 3, f"★{card.vp}", MIN_TEXT) - 6
    atoms = gives_atoms(card)
    die = GIVE_DIE if atoms_width(atoms, GIVE_DIE) <= right_limit - inner else 22
    draw_atoms(pen, inner, height - inner - 18, atoms, die)
    return PALETTE.convert(pen.image)


def _name_lines(name: str, room: int, tags: int) -> tuple[list[str], int, int]:
    """A card's name on two lines and the line its tags take: the second, or the first when the name
    needs all of the second ('Hangar [chosen]' / "d'Écausseville"); cut only if neither way fits."""
    lines, size = wrap_fit(name, room, 2, (MIN_TEXT,), widths=(room, room - tags))
    if tags and any(ELLIPSIS in line for line in lines):
        first_narrow, first_size = wrap_fit(name, room, 2, (MIN_TEXT,), widths=(room - tags, room))
        if not any(ELLIPSIS in line for line in first_narrow):
            return first_narrow, first_size, 0
    return lines, size, 1


@cached(maxsize=8)
def empty_field(size: tuple[int, int], colour: RGB, label: str = "empty") -> Image.Image:
    """A free field: the department's border around a blank, with a word saying so."""
    pen = PALETTE.pen(size, EMPTY)
    pen.draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=colour, width=3)
    pen.centered((0, 0, size[0], size[1]), label, MIN_TEXT, False, MUTED)
    return PALETTE.convert(pen.image)


@cached(maxsize=64)
def airship_tile(field: Field, marks: Marks = ()) -> Image.Image:
    """An airship field: its top card and, under it, how many cards the pile still holds."""
    card, left = field.top, field.left
    width, height = AIRSHIP_SIZE
    footer = 36
    pen = PALETTE.pen(AIRSHIP_SIZE, PAPER)
    card_box = (0, 0, width - 1, height - footer - 1)
    if card is None:
        pen.draw.rectangle(card_box, fill=EMPTY, outline=LINE, width=3)
        pen.centered(card_box, "pile empty", MIN_TEXT, False, MUTED)
    else:
        _draw_airship_card(pen, card_box, card, marks)
    count = "no cards" if left == 0 else f"{left} card{'s' if left != 1 else ''} in pile"
    count, size = fit_text(count, width, (24, MIN_TEXT), bold=left > 0)
    pen.centered((0, height - footer, width, height), count, size, left > 0, INK if left else MUTED)
    return PALETTE.convert(pen.image)


def _draw_airship_card(pen: Pen, box: tuple[int, int, int, int], card: Card, marks: Marks) -> None:
    """The card, its name on up to three lines; its marks share the bottom line with its VP."""
    left, top, right, bottom = box
    frame = CHOSEN_FRAME if CHOSEN in marks else 0  # the back's colour stays visible inside the frame
    pen.draw.rectangle((left + frame, top + frame, right - frame, bottom - frame), fill=WHITE,
                       outline=BACK_COLOUR.get(card.back, LINE), width=BORDER + 1)
    if frame:
        draw_chosen_frame(pen, box)
    inner = BORDER + 7 + frame // 2
    draw_cost_and_target(pen, left + inner, top + inner - 2, right - inner + 1, card, 32)
    lines, size = wrap_fit(card.name, right - left - 2 * inner, 3, (24, MIN_TEXT), bold=True)
    for row, line in enumerate(lines):
        pen.text((left + inner, top + 60 + row * (size + 4)), line, size, True)
    vp = card.vp
    badge = f"★ {vp} VP" if not tags(marks) else f"★{vp}"  # the short form leaves the tags their room
    draw_vp_badge(pen, right - inner + 2, bottom - inner + 2, badge, 24 if not tags(marks) else MIN_TEXT)
    middle = bottom - inner + 2 - (MIN_TEXT + 12) // 2
    x = draw_tags(pen, left + inner - 2, middle, marks)
    if check_room(marks):  # at the bottom: the cost row of an airship has no room beside its large score
        draw_check(pen, x, middle)


@cached(maxsize=64)
def phase_tile(phase: Phase, open_: bool, owner_nation: str | None, marks: Marks = ()) -> Image.Image:
    """One construction phase: dice, target, VP low / high, and the builder's nation marker.

    The phase's name ('Frame') is left to the throw panel: at a legible size it does not fit the tile.
    """
    width, height = PHASE_SIZE
    pen = PALETTE.pen(PHASE_SIZE, WHITE if open_ else EMPTY)
    pen.draw.rectangle((0, 0, width - 1, height - 1), outline=NAVY if open_ else LINE, width=3)
    if CHOSEN in marks:
        draw_chosen_frame(pen, (0, 0, width - 1, height - 1))
    pen.text((8, 18), f"Phase {phase.number}", MIN_TEXT, True)
    cost, die = fitted_dice(phase.cost, width - 14, (24, 20))
    draw_atoms(pen, 8, 50, cost, die)
    target = f"≥{phase.target}"
    pen.text((8, 84), target, 30, True)
    if check_room(marks):
        draw_check(pen, 8 + text_width(target, 30, True) + 6, 84)
    pen.text((8, 117), f"★ {phase.vp_low} / {phase.vp_high}", MIN_TEXT, True)
    status = (8, 134, width - 8, height - 6)
    if owner_nation:
        nation_badge(pen, status, owner_nation)
    elif tags(marks):  # a phase with a tag is free: the tag takes the word's place
        draw_tags(pen, 8, (status[1] + status[3]) // 2, marks[:1])
    else:
        pen.centered(status, "free" if open_ else "closed", MIN_TEXT, False, MUTED)
    return PALETTE.convert(pen.image)


def nation_badge(pen: Pen, box: tuple[int, int, int, int], nation: str) -> None:
    """A nation marker: its initials on its colour, so it reads without the colour too."""
    initials, colour = nation_mark(nation)
    pen.draw.rounded_rectangle(box, radius=6, fill=colour, outline=INK, width=2)
    pen.centered(box, initials, min(26, box[3] - box[1] - 8), True, ink_on(colour))
