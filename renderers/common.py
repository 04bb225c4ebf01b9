"""Shared drawing kit for every game's board image: fonts, colour-blind-safe colours, text helpers, PNG encoding."""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]

FONT_DIR = Path(__file__).with_name("fonts")
# Vendored so a fresh machine without system fonts draws the same image (licence in fonts/LICENSE.txt).
REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"

# Okabe & Ito (2008), "Color Universal Design": eight colours that stay distinct for the common
# forms of colour blindness. Colour is still never the only cue: every coloured thing is also labelled.
BLACK: RGB = (0, 0, 0)
ORANGE: RGB = (230, 159, 0)
SKY_BLUE: RGB = (86, 180, 233)
BLUISH_GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
REDDISH_PURPLE: RGB = (204, 121, 167)
OKABE_ITO: tuple[RGB, ...] = (BLACK, ORANGE, SKY_BLUE, BLUISH_GREEN, YELLOW, BLUE, VERMILLION, REDDISH_PURPLE)

WHITE: RGB = (255, 255, 255)
INK: RGB = (27, 27, 27)  # body text: near-black reads softer than pure black on paper
MUTED: RGB = (96, 96, 96)  # secondary text; still 6:1 contrast on white

ELLIPSIS = "…"
PNG_COMPRESS_LEVEL = 3  # measured on a board: 1-3 take ~8 ms (105-122 KB); 6 takes twice that for 20 % less
MAX_PALETTE = 256
ANTIALIAS_STEPS = (0.25, 0.5, 0.75)  # the in-between shades that smooth text edges keep


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The vendored DejaVu Sans at a pixel size; loaded once per size."""
    return ImageFont.truetype(str(BOLD_FONT if bold else REGULAR_FONT), size)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Advance width in px; cached because layout asks for the same labels on every piece."""
    return int(round(font(size, bold).getlength(text)))


def ellipsize(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """The text, cut and ended with an ellipsis if it would be wider than max_width."""
    if text_width(text, size, bold) <= max_width:
        return text
    low, high = 0, len(text)
    while low < high:  # binary search for the longest prefix that fits with its ellipsis
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def fit_text(text: str, max_width: int, sizes: Sequence[int], bold: bool = False) -> tuple[str, int]:
    """The text and the largest of `sizes` (biggest first) at which it fits; else the smallest, ellipsized."""
    for size in sizes:
        if text_width(text, size, bold) <= max_width:
            return text, size
    return ellipsize(text, sizes[-1], max_width, bold), sizes[-1]


def wrap_lines(text: str, size: int, max_width: int, max_lines: int, bold: bool = False) -> list[str]:
    """Greedy word wrap into at most max_lines; the last line is ellipsized if words remain."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", size, bold) <= max_width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words:
        lines[-1] = ellipsize(f"{lines[-1]} {' '.join(words)}", size, max_width, bold)
    return [ellipsize(line, size, max_width, bold) for line in lines]


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG), to choose dark or light text on a fill."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(fill: RGB) -> RGB:
    """INK or WHITE, whichever contrasts more with the fill."""
    contrast_ink = (luminance(fill) + 0.05) / (luminance(INK) + 0.05)
    contrast_white = 1.05 / (luminance(fill) + 0.05)
    return INK if contrast_ink >= contrast_white else WHITE


def blend(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


class Palette:
    """One fixed 256-colour palette for a game's board.

    Every piece is drawn in RGB once, mapped to this palette once (cached), and pasted index for index,
    so a board is assembled without any per-move colour conversion. A palette image is a third of the
    bytes of an RGB one and encodes about five times faster, with no visible loss: the palette holds
    each fill plus the in-between shades that anti-aliased text of each ink leaves on it.
    """

    def __init__(self, fills: Iterable[RGB], inks: Iterable[RGB]) -> None:
        fills, inks = list(dict.fromkeys(fills)), list(dict.fromkeys(inks))
        colours = list(dict.fromkeys([*inks, *fills]))
        for fill in fills:
            for ink in inks:
                if ink != fill:
                    colours.extend(blend(fill, ink, t) for t in ANTIALIAS_STEPS)
        colours = list(dict.fromkeys(colours))
        if len(colours) > MAX_PALETTE:
            raise ValueError(f"{len(colours)} colours do not fit a {MAX_PALETTE}-colour palette; use fewer fills or inks")
        colours += [colours[-1]] * (MAX_PALETTE - len(colours))
        self.image = Image.new("P", (1, 1))
        self.image.putpalette([v for colour in colours for v in colour])

    def pen(self, size: tuple[int, int], fill: RGB) -> Pen:
        """A fresh RGB piece to draw on; pass its image to `convert` when done."""
        return Pen(Image.new("RGB", size, fill))

    def convert(self, image: Image.Image) -> Image.Image:
        """The piece mapped to this palette (nearest colour, no dithering: flat fills stay flat)."""
        return image.quantize(palette=self.image, dither=Image.Dither.NONE)


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of a finished board; settings chosen for speed at a size far below Discord's limits."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def freeze(value: Any) -> str:
    """A hashable, canonical form of JSON-like data, to key caches on a view's contents.

    Canonical JSON is exact for the view's values (str, int, bool, None, lists, dicts) and json's C
    encoder makes it several times cheaper than building nested tuples on every move.
    """
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """A run of text rasterised once as a coverage mask, with its offset from the anchor point."""
    face = font(size, bold)
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, (left, top)


class Pen:
    """Draws on one RGB piece; text goes through a cache of rasterised runs, as labels and numbers repeat."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)

    def text(self, xy: tuple[float, float], text: str, size: int, bold: bool = False, fill: RGB = INK,
             anchor: str = "lm") -> None:
        if not text:
            return
        mask, (dx, dy) = _text_mask(text, size, bold, anchor)
        self.image.paste(fill, (int(round(xy[0])) + dx, int(round(xy[1])) + dy), mask)

    def centered(self, box: tuple[int, int, int, int], text: str, size: int, bold: bool = False, fill: RGB = INK) -> None:
        """Text centred in a box (middle-middle anchor, so digits of any height sit alike)."""
        left, top, right, bottom = box
        self.text(((left + right) / 2, (top + bottom) / 2), text, size, bold, fill, anchor="mm")
