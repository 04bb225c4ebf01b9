"""Air Alliance map: the four areas, every airport in its shape with the planes on its runways, this turn's flights."""

from __future__ import annotations

from renderers.memo import cached

from PIL import Image, ImageDraw

from renderers.air_alliance.pieces import (
    LINE, NAVY, PALETTE, PANEL, PAPER, TOKEN, draw_free, draw_plane, draw_planes, draw_tag, palette_index, plane_fill,
    plane_image, plane_letter, planes_width, silhouette_planes, tag_width,
)
from renderers.air_alliance.table import AREAS, Airport, Flight
from renderers.common import INK, MIN_TEXT, MUTED, WHITE, Pen, ellipsize, ink_on, text_width

BOARD_WIDTH = 1576
AREA_GAP = 6
AREA_WIDTH = (BOARD_WIDTH - 3 * AREA_GAP) // 4
AREA_TITLE = 40
CELL_PAD = 3
CELL_WIDTH = (AREA_WIDTH - 3 * CELL_PAD) // 2
CELL_HEIGHT = 170
BOARD_HEIGHT = AREA_TITLE + 3 * (CELL_HEIGHT + CELL_PAD) + CELL_PAD
FIGURE_MIDDLE = 96  # the runways' centre in a cell, where this turn's flight arrows start and end
ARM = 52  # half the spread of a shape's two arms
RUNWAY = 12  # the asphalt's width
FOOTER_MIDDLE = CELL_HEIGHT - 18
LABEL_HEIGHT = 40  # the code and name at the top of a cell
ARROW_INSET = TOKEN  # an arrow stops short of the airport's centre, beside its planes

# Where each runway place sits in a cell (x, y of the plane's centre), its printed number and where that number
# goes (clear of the planes and the asphalt), in the view's order: Y [01a, 01b, 02]; reverse Y [01, 02, 03]
# (01 at the stem leaves first); V [1, 2], either leaves, so they carry no number.
_CX = CELL_WIDTH // 2
Place = tuple[int, int, str, tuple[int, int]]
PLACES: dict[str, tuple[Place, ...]] = {
    "Y": ((_CX - ARM, 60, "01", (_CX - ARM - 12, 94)), (_CX + ARM, 60, "01", (_CX + ARM + 12, 94)),
          (_CX, 104, "02", (_CX + 32, 126))),
    "reverse Y": ((_CX, 58, "01", (_CX + 34, 58)), (_CX - ARM, 126, "02", (_CX - ARM - 20, 98)),
                  (_CX + ARM, 126, "03", (_CX + ARM + 20, 98))),
    "V": ((_CX - ARM, 60, "", (0, 0)), (_CX + ARM, 60, "", (0, 0))),
}
# The asphalt: polylines through the places, so the shape reads as Y, reverse Y or V.
STRIPS: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {
    "Y": (((_CX - ARM, 60), (_CX, 104), (_CX + ARM, 60)), ((_CX, 104), (_CX, 136))),
    "reverse Y": (((_CX, 48), (_CX, 92)), ((_CX - ARM, 126), (_CX, 92), (_CX + ARM, 126))),
    "V": (((_CX - ARM, 60), (_CX, 124), (_CX + ARM, 60)),),
}


def area_left(area: int) -> int:
    return area * (AREA_WIDTH + AREA_GAP)


def cell_origin(airport: Airport) -> tuple[int, int]:
    """A cell's top-left on the board: numbers 1-3 (open to all) on the left, 4-6 (listed colours) on the right."""
    area = AREAS.index(airport.area) if airport.area in AREAS else 0
    column, row = (0, airport.number - 1) if airport.number <= 3 else (1, airport.number - 4)
    row = max(0, min(row, 2))
    return (area_left(area) + CELL_PAD + column * (CELL_WIDTH + CELL_PAD),
            AREA_TITLE + CELL_PAD + row * (CELL_HEIGHT + CELL_PAD))


def airport_centre(airport: Airport) -> tuple[int, int]:
    x, y = cell_origin(airport)
    return x + _CX, y + FIGURE_MIDDLE


# -- the board: four areas, cached on the planes' places -------------------------------------------
@cached(maxsize=16)
def board_image(airports: tuple[Airport, ...], flights: tuple[Flight, ...] = ()) -> Image.Image:
    """The four areas with their airports and this turn's flights; rebuilt only when a plane lands, leaves or swaps."""
    image = _areas().copy()
    for airport in airports:
        image.paste(airport_tile(airport), cell_origin(airport))
    if flights:
        labels = draw_flights(image, airports, flights)
        for airport in airports:  # names and planes over the arrows: a long flight must not hide what it passes
            x, y = cell_origin(airport)
            image.paste(label_strip(airport), (x, y))
            tile = airport_tile(airport)
            for left, top, colour in plane_corners(airport):
                plane = tile.crop((left, top, left + TOKEN, top + TOKEN))
                image.paste(plane, (x + left, y + top), plane_mask(colour))
        for (middle_x, middle_y), label in labels:  # last, so no arrow crosses a flight's number
            image.paste(label, (int(middle_x) - label.width // 2, int(middle_y) - label.height // 2))
    return image


@cached(maxsize=1)
def _areas() -> Image.Image:
    pen = PALETTE.pen((BOARD_WIDTH, BOARD_HEIGHT), PAPER)
    for index, area in enumerate(AREAS):
        left = area_left(index)
        pen.draw.rectangle((left, 0, left + AREA_WIDTH - 1, BOARD_HEIGHT - 1), fill=PANEL, outline=LINE, width=2)
        badge = (left + 8, 6, left + 40, 34)
        pen.draw.rounded_rectangle(badge, radius=6, fill=NAVY)
        pen.centered(badge, area, 24, True, WHITE)
        pen.text((left + 50, 20), f"Area {area}", 24, True)
    return PALETTE.convert(pen.image)


@cached(maxsize=256)
def airport_tile(airport: Airport) -> Image.Image:
    """One airport: code and name, its runways in their shape with the planes on them, who may land."""
    pen = PALETTE.pen((CELL_WIDTH, CELL_HEIGHT), WHITE)
    special = airport.special_for
    outline, width = (plane_fill(special), 5) if special else (LINE, 2)
    pen.draw.rectangle((0, 0, CELL_WIDTH - 1, CELL_HEIGHT - 1), outline=outline, width=width)
    if special:  # a second, dark frame inside the colour: a pale colour (yellow) still shows its edge
        pen.draw.rectangle((5, 5, CELL_WIDTH - 6, CELL_HEIGHT - 6), outline=INK, width=1)
    draw_label(pen, airport)
    draw_runways(pen, airport)
    draw_footer(pen, airport)
    return PALETTE.convert(pen.image)


def draw_label(pen: Pen, airport: Airport) -> None:
    """The code on a dark tab and the name beside it, bold when it fits, else regular, cut only as a last resort."""
    box = (5, 8, 5 + text_width(airport.code, MIN_TEXT, True) + 8, 36)
    pen.draw.rounded_rectangle(box, radius=5, fill=NAVY)
    pen.centered(box, airport.code, MIN_TEXT, True, WHITE)
    room = CELL_WIDTH - box[2] - 10
    bold = text_width(airport.name, MIN_TEXT, True) <= room
    pen.text((box[2] + 5, 22), ellipsize(airport.name, MIN_TEXT, room, bold), MIN_TEXT, bold)


def draw_runways(pen: Pen, airport: Airport) -> None:
    places = PLACES.get(airport.shape, PLACES["Y"])
    for strip in STRIPS.get(airport.shape, STRIPS["Y"]):
        pen.draw.line(strip, fill=LINE, width=RUNWAY, joint="curve")
    for index, (x, y, number, label) in enumerate(places):
        colour = airport.runways[index] if index < len(airport.runways) else None
        if colour:
            draw_plane(pen, x - TOKEN // 2, y - TOKEN // 2, TOKEN, colour)
        else:
            draw_free(pen, x - TOKEN // 2, y - TOKEN // 2, TOKEN)
        if number:
            pen.text(label, number, MIN_TEXT, False, MUTED, anchor="mm")


def draw_footer(pen: Pen, airport: Airport) -> None:
    """Who may land on a V airport: 'only' and the planes printed on it, or 'all planes'; whose special it is."""
    if airport.shape != "V":
        return
    printed = silhouette_planes(airport.silhouettes)
    special = airport.special_for
    planes = tuple(c for c in printed if c != special)  # the special airport's own colour is on its tag
    room = CELL_WIDTH - 20
    tag = f"★ {plane_letter(special)} special" if special else ""
    if special and tag_width(tag) + planes_width(len(planes)) > room:
        tag = f"★ {plane_letter(special)}"
    words = "only" if printed else "all planes"
    x = 10
    if text_width(words, MIN_TEXT) + 6 + planes_width(len(planes)) + (tag_width(tag) + 2 if tag else 0) <= room:
        pen.text((x, FOOTER_MIDDLE), words, MIN_TEXT, False, MUTED)
        x += text_width(words, MIN_TEXT) + 6
    x = draw_planes(pen, x, FOOTER_MIDDLE, planes)
    if special:
        draw_tag(pen, x + 2, FOOTER_MIDDLE, tag, plane_fill(special))


# -- this turn's flights, drawn straight onto the palette image --------------------------------------
def draw_flights(image: Image.Image, airports: tuple[Airport, ...],
                 flights: tuple[Flight, ...]) -> list[tuple[tuple[float, float], Image.Image]]:
    """Each flight as an arrow between airports, bent to its right (so a flight back does not hide the flight
    out), in the plane's colour edged in ink, straight onto the palette image; returns where each flight's
    label (its order and the plane's letter) goes."""
    centres = {a.code: airport_centre(a) for a in airports}
    draw = ImageDraw.Draw(image)
    labels = []
    for number, flight in enumerate(flights, start=1):
        if flight.origin not in centres or flight.destination not in centres or flight.origin == flight.destination:
            continue
        points = curve(centres[flight.origin], centres[flight.destination])
        colour = palette_index(plane_fill(flight.colour))
        draw.line(points, fill=palette_index(INK), width=11, joint="curve")
        draw.polygon(arrowhead(points, 24), fill=palette_index(INK))
        draw.line(points, fill=colour, width=5, joint="curve")
        draw.polygon(arrowhead(points, 17), fill=colour)
        labels.append((points[len(points) // 2], flight_label(number, flight.colour)))
    return labels


def plane_corners(airport: Airport) -> list[tuple[int, int, str]]:
    """The top-left corner of each plane on the airport's runways, in its cell, and the plane's colour."""
    places = PLACES.get(airport.shape, PLACES["Y"])
    runways = airport.runways
    return [(x - TOKEN // 2, y - TOKEN // 2, str(runways[index])) for index, (x, y, _, _) in enumerate(places)
            if index < len(runways) and runways[index]]


@cached(maxsize=16)
def plane_mask(colour: str) -> Image.Image:
    """A plane's outline (a disc or a square) as a two-level mask: a palette image takes no blending."""
    return plane_image(TOKEN, colour).getchannel("A").point(lambda alpha: 255 if alpha >= 128 else 0, "1")


@cached(maxsize=256)
def label_strip(airport: Airport) -> Image.Image:
    """The top of an airport's cell: its frame, code and name."""
    return airport_tile(airport).crop((0, 0, CELL_WIDTH, LABEL_HEIGHT))


def curve(start: tuple[int, int], end: tuple[int, int], steps: int = 24) -> list[tuple[float, float]]:
    """A quadratic curve from start to end bent to the right, trimmed so both ends stay clear of the planes."""
    (x0, y0), (x2, y2) = start, end
    dx, dy = x2 - x0, y2 - y0
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    bend = min(70.0, max(24.0, 0.1 * length))  # enough to part a flight back from the flight out, no more
    cx, cy = (x0 + x2) / 2 - dy / length * bend, (y0 + y2) / 2 + dx / length * bend
    points = []
    for step in range(steps + 1):
        t = step / steps
        x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x2
        y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y2
        points.append((x, y))
    kept = [p for p in points if _distance(p, start) >= ARROW_INSET and _distance(p, end) >= ARROW_INSET]
    return kept if len(kept) >= 2 else [points[0], points[-1]]


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def arrowhead(points: list[tuple[float, float]], size: float) -> list[tuple[float, float]]:
    """A triangle at the curve's end, pointing along its last stretch."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    dx, dy = x1 - x0, y1 - y0
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    tip = (x1 + ux * size * 0.6, y1 + uy * size * 0.6)
    base = (x1 - ux * size * 0.6, y1 - uy * size * 0.6)
    half = size * 0.55
    return [tip, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)]


@cached(maxsize=64)
def flight_label(number: int, colour: str) -> Image.Image:
    """'1 K': the flight's place in the turn and the plane's letter, on the plane's colour."""
    words = f"{number} {plane_letter(colour)}"
    size = (text_width(words, MIN_TEXT, True) + 14, 30)
    fill = plane_fill(colour)
    pen = PALETTE.pen(size, fill)
    pen.draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=INK, width=2)
    pen.centered((0, 0, size[0], size[1]), words, MIN_TEXT, True, ink_on(fill))
    return PALETTE.convert(pen.image)

