"""Air Alliance drawing kit: the palette, plane tokens, flight icon badges and tags every panel shares."""

from __future__ import annotations

from renderers.memo import cached

from PIL import Image

from engine.views.air_alliance import Icon
from renderers.air_alliance.table import ALL
from renderers.common import (
    BLUE, BLUISH_GREEN, INK, MIN_TEXT, MUTED, ORANGE, REDDISH_PURPLE, RGB, VERMILLION, WHITE, YELLOW,
    Palette, Pen, ellipsize, ink_on, text_width,
)

# -- theme ---------------------------------------------------------------------------------------
PAPER: RGB = (236, 230, 216)  # the board
PANEL: RGB = (250, 247, 240)  # areas, players' panels, side boxes
LINE: RGB = (178, 168, 150)
EMPTY: RGB = (222, 214, 198)  # a free runway, an unusable icon
NAVY: RGB = (16, 52, 96)
LIGHT_SKY: RGB = (178, 220, 244)  # area landing permits: a landing in the open sky of an area
PEACH: RGB = (250, 222, 184)  # a trio card's sunset background, as printed
NPA_BLACK: RGB = (24, 24, 24)

# Players' colours are Okabe-Ito hues (colour-blind safe); the NPAs' are black, white and a purple that stays
# apart from the players' under every common colour blindness. Each plane also carries its letter and its
# shape: a player's plane is a disc, an NPA's a square, so no plane hangs on colour.
PLANE_FILL: dict[str, RGB] = {
    "red": VERMILLION, "yellow": YELLOW, "green": BLUISH_GREEN, "blue": BLUE,
    "black": NPA_BLACK, "white": WHITE, "purple": REDDISH_PURPLE,
}
PLANE_LETTER = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "black": "K", "white": "W", "purple": "P"}
NPA = frozenset(("black", "white", "purple"))
UNKNOWN_FILL: RGB = MUTED

PALETTE = Palette(
    fills=[PAPER, PANEL, WHITE, LINE, EMPTY, NAVY, LIGHT_SKY, PEACH, ORANGE, MUTED,
           VERMILLION, YELLOW, BLUISH_GREEN, BLUE, NPA_BLACK, REDDISH_PURPLE],
    inks=[INK, WHITE, MUTED],
)

TOKEN = 38  # a plane on a runway
MINI = 26  # a plane in a line of text
BADGE_HEIGHT = 32
NORMAL, MARKED, DIMMED = "normal", "marked", "dimmed"  # an icon as it stands this turn


@cached(maxsize=256)
def palette_index(colour: RGB) -> int:
    """The palette entry of a colour, to draw lines straight onto the palette canvas."""
    values = PALETTE.image.getpalette() or []
    for index in range(len(values) // 3):
        if tuple(values[3 * index: 3 * index + 3]) == colour:
            return index
    raise ValueError(f"{colour} is not in the palette")


def plane_fill(colour: str | None) -> RGB:
    return PLANE_FILL.get(str(colour), UNKNOWN_FILL)


def plane_letter(colour: str | None) -> str:
    return PLANE_LETTER.get(str(colour), "?")


def colour_word(colour: str | None) -> str:
    return str(colour or "?").capitalize()


# -- planes ---------------------------------------------------------------------------------------
def draw_plane(pen: Pen, x: int, y: int, size: int, colour: str | None) -> None:
    """A plane with its top-left at (x, y): a lettered disc for a player, a lettered square for an NPA."""
    token = plane_image(size, str(colour))
    pen.image.paste(token, (x, y), token)


def draw_free(pen: Pen, x: int, y: int, size: int) -> None:
    """A free runway place: a hollow ring, so a free place and a plane never look alike."""
    pen.draw.ellipse((x + 3, y + 3, x + size - 4, y + size - 4), fill=PANEL, outline=MUTED, width=2)


@cached(maxsize=64)
def plane_image(size: int, colour: str) -> Image.Image:
    """A plane drawn once on a transparent square."""
    pen = Pen(Image.new("RGBA", (size, size), (0, 0, 0, 0)))
    fill = plane_fill(colour)
    box = (0, 0, size - 1, size - 1)
    if colour in NPA:
        pen.draw.rounded_rectangle(box, radius=max(3, size // 8), fill=fill, outline=INK, width=2)
    else:
        pen.draw.ellipse(box, fill=fill, outline=INK, width=2)
    pen.centered(box, plane_letter(colour), max(MIN_TEXT - 2, round(size * 0.6)), True, ink_on(fill))
    return pen.image


def planes_width(count: int, size: int = MINI, gap: int = 4) -> int:
    return count * (size + gap)


def draw_planes(pen: Pen, x: int, middle: int, colours: tuple[str, ...], size: int = MINI, gap: int = 4) -> int:
    """Planes in a row left to right from x; returns the x after the last."""
    for colour in colours:
        draw_plane(pen, x, middle - size // 2, size, colour)
        x += size + gap
    return x


# -- flight icons -----------------------------------------------------------------------------------
def icon_words(icon: Icon) -> tuple[str, tuple[str, ...]]:
    """An icon's short words and the planes drawn before them (the colours it names)."""
    if icon.kind == "area":
        return area_words(icon), ()
    if icon.kind == "special":
        return "special landing", (str(icon.colour),)
    if icon.kind == "priority":
        return "⇅ priority takeoff", ()
    if icon.kind == "code_sharing":
        return "code sharing", icon.npa
    return icon.label or icon.kind, ()


def area_words(icon: Icon) -> str:
    """'✈ AM 1-2-3': the engine's label, as the icon prints it; else built from the areas."""
    if icon.label:
        return f"✈ {icon.label}"
    areas = "ALL" if set(icon.areas) >= {"A", "E", "M", "U"} else "".join(icon.areas)
    return f"✈ {areas} 1-2-3"


def badge_fill(icon: Icon) -> RGB:
    return LIGHT_SKY if icon.kind == "area" else WHITE


def draw_badge(pen: Pen, box: tuple[int, int, int, int], icon: Icon, state: str = NORMAL,
               marker: str | None = None) -> None:
    """A flight icon as a small labelled badge; planes before the words name its colours.

    MARKED: a player's marker is on it (a thick frame and the marker, in the player's colour and letter);
    DIMMED: another icon of the same card took the marker, so this one cannot be used this turn.
    """
    left, top, right, bottom = box
    fill = EMPTY if state == DIMMED else badge_fill(icon)
    pen.draw.rounded_rectangle(box, radius=7, fill=fill, outline=INK if state == MARKED else LINE,
                               width=4 if state == MARKED else 2)
    middle = (top + bottom) // 2
    x = left + 8
    if state == MARKED and marker:
        x = draw_marker(pen, x - 2, middle, marker) + 6
    words, planes = icon_words(icon)
    x = draw_planes(pen, x, middle, planes, MINI - 4 if bottom - top < MINI + 4 else MINI, 3) + (3 if planes else 0)
    ink = MUTED if state == DIMMED else INK
    pen.text((x, middle), ellipsize(words, MIN_TEXT, right - 6 - x, icon.kind == "area"), MIN_TEXT,
             icon.kind == "area", ink)
    if state == DIMMED:  # struck through as well as greyed: the grey alone is a faint cue
        pen.draw.line((left + 6, middle, right - 6, middle), fill=MUTED, width=2)


def draw_marker(pen: Pen, x: int, middle: int, colour: str) -> int:
    """A player's marker with its left edge at x: a pin (a shield pointing down) in their colour with their
    letter, a shape no plane has; returns its right edge."""
    width, height = 24, 28
    top, bottom = middle - height // 2, middle + height // 2
    fill = plane_fill(colour)
    outline = [(x, top), (x + width, top), (x + width, bottom - 9), (x + width // 2, bottom), (x, bottom - 9)]
    pen.draw.polygon(outline, fill=fill, outline=INK, width=2)
    pen.centered((x, top, x + width, bottom - 6), plane_letter(colour), 18, True, ink_on(fill))
    return x + width


# -- tags ----------------------------------------------------------------------------------------
def tag_width(words: str, size: int = MIN_TEXT) -> int:
    return text_width(words, size, True) + 16


def draw_tag(pen: Pen, x: int, middle: int, words: str, fill: RGB, size: int = MIN_TEXT, height: int = 30) -> int:
    """Words on a rounded fill with its left edge at x; returns its right edge."""
    box = (x, middle - height // 2, x + tag_width(words, size), middle + height // 2)
    pen.draw.rounded_rectangle(box, radius=6, fill=fill, outline=INK, width=2)  # an edge even on a pale fill
    pen.centered(box, words, size, True, ink_on(fill))
    return box[2]


def silhouette_planes(silhouettes: tuple[str, ...]) -> tuple[str, ...]:
    """The plane colours printed on an airport; () for the ALL silhouette, which the words say instead."""
    return () if ALL in silhouettes else tuple(silhouettes)


def miles(amount: int) -> str:
    return f"{amount:,}"
