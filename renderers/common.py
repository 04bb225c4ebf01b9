"""Shared drawing kit for every game's board image: fonts, colour-blind-safe colours, text helpers, PNG encoding."""

from __future__ import annotations

import io
import json
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.view import CommonView
from renderers.memo import cached

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

# The board is 1400 px wide but a phone shows it about 400 px wide: text a player needs is never drawn
# smaller than this (its capitals stay about 16 px tall, so about 5 px on the phone). Only the letters
# on dice (W, R, B) are smaller: the die's colour and shade say the same thing and its letter is a spare cue.
MIN_TEXT = 22
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


def wrap_fit(text: str, max_width: int, max_lines: int, sizes: Sequence[int], bold: bool = False,
             widths: Sequence[int] = ()) -> tuple[list[str], int]:
    """Wrapped lines at the largest of `sizes` at which nothing is cut, on as few lines as any size allows
    ('Parseval PL 1' on one line at the smaller size rather than 'Parseval PL' / '1' at the larger);
    else at the smallest size, the end ellipsized. `widths`: the room of the first lines, where a tag
    shares them (lines past it have max_width)."""
    whole = " ".join(text.split())
    for lines_allowed in range(1, max_lines + 1):
        for size in sizes:
            lines = wrap_lines(text, size, max_width, lines_allowed, bold, widths)
            if "".join(lines).replace(" ", "") == whole.replace(" ", ""):
                return (balanced(lines, size, line_widths(max_width, 2, widths), bold) if len(lines) == 2 else lines), size
    return wrap_lines(text, sizes[-1], max_width, max_lines, bold, widths), sizes[-1]


def line_widths(max_width: int, lines: int, widths: Sequence[int] = ()) -> list[int]:
    """The room of each of `lines` lines: `widths` where given, else max_width."""
    return [widths[i] if i < len(widths) else max_width for i in range(lines)]


def balanced(lines: list[str], size: int, widths: Sequence[int], bold: bool = False) -> list[str]:
    """Two wrapped lines evened out ('Hangar One, / Moffett Field', not 'Hangar One, Moffett / Field'):
    the break that makes the longer line shortest, where both lines still fit their room."""
    words = _words(" ".join(lines), size, min(widths), bold)
    best, best_width = lines, max(text_width(line, size, bold) for line in lines)
    for cut in range(1, len(words)):
        first, second = _joined(words[:cut]), _joined(words[cut:])
        first_width, second_width = text_width(first, size, bold), text_width(second, size, bold)
        if first_width <= widths[0] and second_width <= widths[1] and max(first_width, second_width) < best_width:
            best, best_width = [first, second], max(first_width, second_width)
    return best


def fit_text(text: str, max_width: int, sizes: Sequence[int], bold: bool = False) -> tuple[str, int]:
    """The text and the largest of `sizes` (biggest first) at which it fits; else the smallest, ellipsized."""
    for size in sizes:
        if text_width(text, size, bold) <= max_width:
            return text, size
    return ellipsize(text, sizes[-1], max_width, bold), sizes[-1]


def wrap_lines(text: str, size: int, max_width: int, max_lines: int, bold: bool = False,
               widths: Sequence[int] = ()) -> list[str]:
    """Greedy word wrap into at most max_lines; the last line is ellipsized if words remain.

    A hyphenated word too wide for a line breaks after its hyphen ('Santos-' / 'Dumont').
    `widths`: the room of the first lines where a tag shares them (lines past it have max_width).
    """
    rooms = line_widths(max_width, max_lines, widths)
    lines: list[str] = []
    words = _words(text, size, min(rooms), bold)
    while words and len(lines) < max_lines:
        room = rooms[len(lines)]
        line = words.pop(0)
        while words and text_width(_join(line, words[0]), size, bold) <= room:
            line = _join(line, words.pop(0))
        lines.append(line)
    if words:
        rest = _joined([line, *words])
        lines[-1] = ellipsize(rest, size, rooms[len(lines) - 1], bold)
    return [ellipsize(line, size, rooms[index], bold) for index, line in enumerate(lines)]


def _words(text: str, size: int, max_width: int, bold: bool) -> list[str]:
    """The text's words; a hyphenated word too wide for a line in pieces that end in their hyphen."""
    words: list[str] = []
    for word in text.split():
        if "-" in word[1:-1] and text_width(word, size, bold) > max_width:
            parts = word.split("-")
            words += [f"{part}-" for part in parts[:-1]] + [parts[-1]]
        else:
            words.append(word)
    return words


def _joined(words: list[str]) -> str:
    line = words[0]
    for word in words[1:]:
        line = _join(line, word)
    return line


def _join(line: str, word: str) -> str:
    """Two pieces of a line: a word split after its hyphen joins without a space."""
    return f"{line}{word}" if line.endswith("-") else f"{line} {word}"


# -- characters the font can draw -----------------------------------------------------------------------
_NO_SUCH_CHARACTER = chr(0x10FFFF)  # a Unicode noncharacter: no font maps it, so it draws the font's .notdef box


@lru_cache(maxsize=2)
def _probe(bold: bool) -> tuple[ImageFont.FreeTypeFont, tuple[tuple[int, int], bytes]]:
    """A face with basic layout (FreeType's own character map, no shaping) and its .notdef glyph's coverage."""
    face = ImageFont.truetype(str(BOLD_FONT if bold else REGULAR_FONT), 24, layout_engine=ImageFont.Layout.BASIC)
    return face, _coverage(face, _NO_SUCH_CHARACTER)


def _coverage(face: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether both vendored faces draw the character; one they lack would come out as .notdef, a tofu box.

    Pillow does not expose FreeType's character index, but a character the font does not map is drawn
    as glyph 0, .notdef, so its coverage equals that of a character no font maps.
    """
    for bold in (False, True):
        face, missing = _probe(bold)
        if _coverage(face, char) == missing:
            return False
    return True


@lru_cache(maxsize=1024)
def drawable(text: str) -> str:
    """The text with each run of characters the font cannot draw (emoji, CJK, control characters)
    replaced by one space, and the spaces tidied: '🚀 Zoë' -> 'Zoë', 'Ann李Bo' -> 'Ann Bo', '李雷' -> ''."""
    kept: list[str] = []
    gap = False  # a run of undrawable characters since the last kept one
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category == "Cf" or "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef":
            continue  # joiners, direction marks, variation selectors: invisible, they only steer their neighbours
        if category.startswith("M"):  # a combining mark stays only on a base that stayed
            if kept and not gap and has_glyph(char):
                kept.append(char)
            continue
        if category in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp") or not has_glyph(char):
            gap = True
            continue
        if gap:
            kept.append(" ")
            gap = False
        kept.append(char)
    return " ".join("".join(kept).split())


# -- the one rule for a name the font cannot draw: every board, list and message goes through it ------------
def shown_name(name: str, fallback: str, *, beside: bool = True) -> str:
    """A player's name as the board and every message show it: the name itself when the font draws all of it;
    otherwise what it can draw with the fallback (the seat's nation) beside it, or the fallback alone.

    `beside=False` is for a list that names no seat (leaderboards, standings): there a fallback such as
    'Member' says nothing beside a name, so it only stands in for a name with nothing drawable at all.
    """
    drawn = drawable(name)
    if drawn and drawn == " ".join(name.split()):
        return name
    if not drawn:
        return fallback
    return f"{drawn} ({fallback})" if beside else drawn


def seat_names(given: Sequence[object], stand_ins: Sequence[str]) -> tuple[str, ...]:
    """Each seat's name as a board draws it (spaces tidied): shown_name, with the seat's own name in the game
    (its nation or colour, from `stand_ins`; 'Seat N' where that is blank) as the fallback."""
    names = []
    for seat, stand_in in enumerate(stand_ins):
        name = str(given[seat]) if seat < len(given) else ""
        names.append(drawable(shown_name(name, drawable(stand_in) or f"Seat {seat + 1}")))
    return tuple(names)


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


PACK_FOOTER = 40  # the strip under a board that names the data pack a game plays with


def with_pack_footer(canvas: Image.Image, view: CommonView, palette: Palette, paper: RGB) -> Image.Image:
    """The board with a strip under it naming the game's data pack ("Cards: …"); as it is for the built-in cards.

    The cards a table plays with change every number on the board, so a player reading it is told which ones."""
    name = view.pack
    if not name:
        return canvas
    width, height = canvas.size
    pen = palette.pen((width, PACK_FOOTER), paper)
    pen.text((width - 16, PACK_FOOTER / 2), ellipsize(f"Cards: {drawable(name)} (this server's pack)", MIN_TEXT,
                                                     width - 32), MIN_TEXT, fill=MUTED, anchor="rm")
    board = Image.new("P", (width, height + PACK_FOOTER))
    board.putpalette(palette.image.getpalette() or [])
    board.paste(canvas, (0, 0))
    board.paste(palette.convert(pen.image), (0, height))
    return board


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


@cached(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """A run of text rasterised once as a coverage mask, with its offset from the anchor point."""
    face = font(size, bold)
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text, anchor=anchor))  # whole pixels already
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
