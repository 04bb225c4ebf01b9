"""1930 drawing kit: the palette, lettered airline discs, hub squares, tech colour chips and tags every panel shares."""

from __future__ import annotations

from renderers.memo import cached

from PIL import Image

from renderers.common import (
    INK, MIN_TEXT, MUTED, RGB, VERMILLION, WHITE, YELLOW, Palette, Pen, ink_on, text_width,
)
from renderers.golden_age.table import Disc

# -- theme ---------------------------------------------------------------------------------------
PAPER: RGB = (236, 230, 216)  # the board
PANEL: RGB = (250, 247, 240)  # region panels, player panels, the tables
LINE: RGB = (178, 168, 150)
DIM: RGB = (222, 214, 198)  # a city not in play yet, an empty place
NAVY: RGB = (16, 52, 96)

# The tile colours of the technology track. Every chip of one also carries its letter (W, Y, G, Br, Gy) and the
# track's order, so a colour never stands alone.
TECH_FILL: dict[str, RGB] = {
    "white": WHITE, "yellow": YELLOW, "green": (128, 196, 104), "brown": (166, 116, 66), "gray": (168, 168, 168),
}
TECH_LETTER = {"white": "W", "yellow": "Y", "green": "G", "brown": "Br", "gray": "Gy"}

# The ten airlines' disc colours as the components file gives them, so the palette holds them exactly (and
# their text's in-between shades); an airline the file adds later is drawn in its nearest palette colour.
AIRLINE_RGB: tuple[RGB, ...] = (
    (46, 139, 87), (240, 128, 20), (40, 90, 200), (235, 200, 30), (235, 120, 175),
    (130, 85, 45), (200, 35, 40), (120, 60, 170), (35, 35, 35), (0, 140, 140),
)

PALETTE = Palette(
    fills=[PAPER, PANEL, WHITE, LINE, DIM, NAVY, YELLOW, VERMILLION, MUTED, *TECH_FILL.values(), *AIRLINE_RGB],
    inks=[INK, WHITE, MUTED],
)

TOKEN = 34  # a marker on the stock market, a token in a player's panel, a disc in a table row


def tech_fill(colour: str | None) -> RGB:
    return TECH_FILL.get(str(colour), DIM)


def tech_letter(colour: str | None) -> str:
    return TECH_LETTER.get(str(colour), "?")


# -- airline pieces, each drawn once on a transparent square -----------------------------------------
@cached(maxsize=256)
def disc_image(piece: Disc, size: int, used: bool = False) -> Image.Image:
    """An airline's disc with its letters; `used`: a token used this turn, a ring in the airline's colour
    around a white middle (a shape apart from a full disc, not a paler shade)."""
    pen = Pen(Image.new("RGBA", (size, size), (0, 0, 0, 0)))
    box = (0, 0, size - 1, size - 1)
    if used:
        pen.draw.ellipse(box, fill=piece.rgb, outline=INK, width=2)
        ring = max(5, size // 6)
        pen.draw.ellipse((ring, ring, size - 1 - ring, size - 1 - ring), fill=WHITE, outline=INK, width=1)
        pen.centered(box, piece.label, label_size(piece.label, size - 2 * ring), True, INK)
    else:
        pen.draw.ellipse(box, fill=piece.rgb, outline=INK, width=2)
        pen.centered(box, piece.label, label_size(piece.label, size), True, ink_on(piece.rgb))
    return pen.image


@cached(maxsize=128)
def hub_image(piece: Disc, size: int) -> Image.Image:
    """A hub: a lettered square in the airline's colour (a gate is a disc)."""
    pen = Pen(Image.new("RGBA", (size, size), (0, 0, 0, 0)))
    box = (0, 0, size - 1, size - 1)
    pen.draw.rounded_rectangle(box, radius=4, fill=piece.rgb, outline=INK, width=3)
    pen.centered(box, piece.label, label_size(piece.label, size), True, ink_on(piece.rgb))
    return pen.image


def label_size(label: str, room: int) -> int:
    """The letters' size: MIN_TEXT, a little smaller only where two wide letters would touch the disc's edge
    (the colour says the same; the letters are the spare cue)."""
    size = MIN_TEXT
    while size > 18 and text_width(label, size, True) > room - 8:
        size -= 1
    return size


def draw_disc(pen: Pen, x: int, y: int, piece: Disc, size: int = TOKEN, used: bool = False) -> None:
    """An airline's disc with its top-left at (x, y)."""
    image = disc_image(piece, size, used)
    pen.image.paste(image, (x, y), image)


def draw_hub(pen: Pen, x: int, y: int, piece: Disc, size: int) -> None:
    image = hub_image(piece, size)
    pen.image.paste(image, (x, y), image)


def draw_free_spot(pen: Pen, x: int, y: int, size: int, fill: RGB = WHITE) -> None:
    """A free gate spot: a hollow ring, so a free spot and a gate never look alike."""
    pen.draw.ellipse((x + 2, y + 2, x + size - 3, y + size - 3), fill=fill, outline=MUTED, width=2)


def draw_free_hub(pen: Pen, x: int, y: int, size: int, fill: RGB = WHITE) -> None:
    """A free hub place: a hollow square with a muted H."""
    pen.draw.rounded_rectangle((x + 1, y + 1, x + size - 2, y + size - 2), radius=4, fill=fill, outline=MUTED,
                               width=2)
    pen.centered((x, y, x + size, y + size), "H", MIN_TEXT, True, MUTED)


# -- chips and tags ----------------------------------------------------------------------------------
def chip_words(colour: str | None, value: int | None) -> str:
    """'Y $10': a tile colour's letter and a value."""
    return f"{tech_letter(colour)} ${value}" if value is not None else tech_letter(colour)


def chip_width(words: str, size: int = MIN_TEXT) -> int:
    return text_width(words, size, True) + 14


def draw_chip(pen: Pen, x: int, middle: int, words: str, colour: str | None, size: int = MIN_TEXT,
              height: int = 30, dimmed: bool = False) -> int:
    """A tile colour's chip with its left edge at x: its fill, its letter and value; returns its right edge.
    `dimmed`: a city not in play yet shows the tile that would bring it in, framed thin and muted."""
    box = (x, middle - height // 2, x + chip_width(words, size), middle + height // 2)
    fill = tech_fill(colour)
    pen.draw.rounded_rectangle(box, radius=5, fill=fill, outline=MUTED if dimmed else INK, width=2)
    pen.centered(box, words, size, True, MUTED if dimmed and fill == WHITE else ink_on(fill))
    return box[2]


def tag_width(words: str, size: int = MIN_TEXT, pad: int = 8) -> int:
    return text_width(words, size, True) + 2 * pad


def draw_tag(pen: Pen, x: int, middle: int, words: str, fill: RGB, size: int = MIN_TEXT, height: int = 30,
             pad: int = 8) -> int:
    """Words on a rounded fill with its left edge at x; returns its right edge."""
    box = (x, middle - height // 2, x + tag_width(words, size, pad), middle + height // 2)
    pen.draw.rounded_rectangle(box, radius=6, fill=fill, outline=INK, width=2)  # an edge even on a pale fill
    pen.centered(box, words, size, True, ink_on(fill))
    return box[2]


def money(amount: int | None) -> str:
    return "—" if amount is None else f"${amount:,}" if amount >= 0 else f"−${-amount:,}"


def signed(amount: int) -> str:
    """'+2', '−1' (a true minus sign: a hyphen reads as a dash at this size)."""
    return f"+{amount}" if amount >= 0 else f"−{-amount}"


def ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
