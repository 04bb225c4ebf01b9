"""1930 map: each region a panel of city tiles (gate spots with their discs, bonus and penalty, hub, colour and value)."""

from __future__ import annotations

from renderers.memo import cached
from typing import NamedTuple

from PIL import Image

from renderers.common import INK, MIN_TEXT, MUTED, WHITE, Pen, ellipsize, text_width
from renderers.golden_age.pieces import (
    DIM, LINE, PALETTE, PANEL, PAPER, chip_width, chip_words, draw_chip, draw_disc, draw_free_hub, draw_free_spot,
    draw_hub, signed, tech_letter,
)
from renderers.golden_age.table import REGION_COLOUR, REGIONS, City

MAP_WIDTH = 1576
TILE_WIDTH = 304
TILE_HEIGHT = 84
TILE_GAP = 6
PAD = 6  # inside a region panel
TITLE = 38  # a region panel's title band
LEFT_COLUMNS = 4  # the Americas: a grid four tiles wide
LEFT_REGIONS = ("Canada", "USA", "South America")  # north to south, as on the board
PANEL_GAP = 10  # between two panels of one stack
LEFT_WIDTH = LEFT_COLUMNS * TILE_WIDTH + (LEFT_COLUMNS - 1) * TILE_GAP + 2 * PAD
RIGHT_WIDTH = TILE_WIDTH + 2 * PAD
RIGHT_LEFT = MAP_WIDTH - RIGHT_WIDTH  # overseas: one column at the right edge
GATE = 38  # a gate disc on a tile
GATE_GAP = 3
HUB = 32
ROW_ONE = 20  # middle of the name line
ROW_TWO = 61  # middle of the gate spots


class Panel(NamedTuple):
    region: str
    left: int
    top: int
    width: int
    height: int


class MapLayout(NamedTuple):
    """Where each region's panel and each city's tile go; fixed for a game (its player count's cities)."""

    panels: tuple[Panel, ...]
    tiles: tuple[tuple[str, tuple[int, int]], ...]  # city key -> its tile's top-left
    height: int


def region_order(region: str) -> int:
    return REGIONS.index(region) if region in REGIONS else len(REGIONS)


@cached(maxsize=16)
def map_layout(cities: tuple[tuple[str, str, float, float], ...]) -> MapLayout:
    """`cities`: (key, region, x, y) of every city. The Americas stack north to south on the left, four tiles
    a row; Europe, the Pacific and Global stack on the right, a tile a row. In a panel, cities keep their
    places on the world map: rows from north to south, each row west to east."""
    by_region: dict[str, list[tuple[str, str, float, float]]] = {}
    for entry in cities:
        by_region.setdefault(entry[1], []).append(entry)
    panels: list[Panel] = []
    tiles: list[tuple[str, tuple[int, int]]] = []
    tops = {"left": 0, "right": 0}
    for region in sorted(by_region, key=region_order):
        side = "left" if region in LEFT_REGIONS else "right"
        columns = LEFT_COLUMNS if side == "left" else 1
        members = sorted(by_region[region], key=lambda c: (c[3], c[2]))  # north to south
        rows = [sorted(members[i:i + columns], key=lambda c: c[2]) for i in range(0, len(members), columns)]
        if columns == 1:
            rows = [[c] for c in sorted(members, key=lambda c: c[2])]  # one column: west to east reads better
        left = 0 if side == "left" else RIGHT_LEFT
        top = tops[side]
        height = TITLE + len(rows) * (TILE_HEIGHT + TILE_GAP) - TILE_GAP + 2 * PAD
        panels.append(Panel(region, left, top, LEFT_WIDTH if side == "left" else RIGHT_WIDTH, height))
        for row, members_of_row in enumerate(rows):
            for column, entry in enumerate(members_of_row):
                tiles.append((entry[0], (left + PAD + column * (TILE_WIDTH + TILE_GAP),
                                         top + TITLE + PAD + row * (TILE_HEIGHT + TILE_GAP))))
        tops[side] = top + height + PANEL_GAP
    return MapLayout(tuple(panels), tuple(tiles), max(1, max(tops.values()) - PANEL_GAP))


def layout_key(cities: tuple[City, ...]) -> tuple[tuple[str, str, float, float], ...]:
    return tuple((c.key, c.region, c.x, c.y) for c in cities)


# -- the map: panels once per game, tiles cached one by one -----------------------------------------------
@cached(maxsize=8)
def map_image(cities: tuple[City, ...], tech: tuple[str, ...]) -> Image.Image:
    """Every region's panel with its cities; rebuilt only when a city changes (a gate, a hub, a tile)."""
    layout = map_layout(layout_key(cities))
    image = _panels(layout, tech).copy()
    places = dict(layout.tiles)
    for city in cities:
        image.paste(city_tile(city), places[city.key])
    return image


@cached(maxsize=8)
def _panels(layout: MapLayout, tech: tuple[str, ...]) -> Image.Image:
    pen = PALETTE.pen((MAP_WIDTH, layout.height), PAPER)
    for panel in layout.panels:
        box = (panel.left, panel.top, panel.left + panel.width - 1, panel.top + panel.height - 1)
        pen.draw.rectangle(box, fill=PANEL, outline=LINE, width=2)
        draw_region_title(pen, panel, tech)
    return PALETTE.convert(pen.image)


def region_words(region: str, tech: tuple[str, ...], room: int) -> str:
    """What the title says after the region's name: from which technology box an airline reaches it,
    in as many words as fit."""
    colour = REGION_COLOUR.get(region)
    if colour is None:
        return ""
    box = tech.index(colour) + 1 if colour in tech else None
    if box == 1 or box is None:
        candidates = ["every airline reaches it (white)", "every airline", ""]
    else:
        candidates = [f"reached from tech box {box} ({colour})", f"from tech box {box}", f"tech box {box}+", ""]
    return next(w for w in candidates if text_width(w, MIN_TEXT) <= room)


def draw_region_title(pen: Pen, panel: Panel, tech: tuple[str, ...]) -> None:
    """The region's tile colour chip, its name, and from which tech box an airline reaches it."""
    middle = panel.top + TITLE // 2 + 2
    colour = REGION_COLOUR.get(panel.region)
    x = panel.left + PAD + 2
    if colour:
        x = draw_chip(pen, x, middle, tech_letter(colour), colour, height=28) + 10
    right = panel.left + panel.width - PAD - 4
    name = ellipsize(panel.region, 24, right - x, True)
    pen.text((x, middle), name, 24, True)
    x += text_width(name, 24, True) + 10
    words = region_words(panel.region, tech, right - x)
    if words:
        pen.text((x, middle), words, MIN_TEXT, False, MUTED)
    pen.draw.line((panel.left + 2, panel.top + TITLE, panel.left + panel.width - 3, panel.top + TITLE), fill=LINE,
                  width=1)


@cached(maxsize=512)
def city_tile(city: City) -> Image.Image:
    """One city: name, hub place and colour chip on top; the gate spots under, the first spot's bonus before them
    and the last spot's penalty after. A city not in play yet is dimmed, with the tile that would bring it in."""
    in_play = city.colour is not None
    fill = WHITE if in_play else DIM
    pen = PALETTE.pen((TILE_WIDTH, TILE_HEIGHT), fill)
    pen.draw.rectangle((0, 0, TILE_WIDTH - 1, TILE_HEIGHT - 1), outline=INK if in_play else LINE, width=2)
    right = draw_badge(pen, city, in_play)
    if city.hub_allowed:
        right -= HUB + 8
        if city.hub is not None:
            draw_hub(pen, right, ROW_ONE - HUB // 2, city.hub, HUB)
        else:
            draw_free_hub(pen, right, ROW_ONE - HUB // 2, HUB, fill)
    room = right - 8 - 10
    bold = text_width(city.name, MIN_TEXT, True) <= room
    pen.text((10, ROW_ONE), ellipsize(city.name, MIN_TEXT, room, bold), MIN_TEXT, bold, INK if in_play else MUTED)
    draw_spots(pen, city, fill)
    return PALETTE.convert(pen.image)


def draw_badge(pen: Pen, city: City, in_play: bool) -> int:
    """The city's colour and value ('Y $10') at the top right; returns its left edge."""
    shown = city.shown
    words = chip_words(*shown) if shown else "?"
    left = TILE_WIDTH - 8 - chip_width(words)
    draw_chip(pen, left, ROW_ONE, words, shown[0] if shown else None, dimmed=not in_play)
    return left


def draw_spots(pen: Pen, city: City, fill: tuple[int, int, int]) -> None:
    """'+2 ●●○○ −2': the first spot's bonus, the spots left to right (gates packed to the left), the last's penalty."""
    ink = INK if city.colour is not None else MUTED
    bonus = signed(city.bonus)
    x = 10
    pen.text((x, ROW_TWO), bonus, MIN_TEXT, True, ink)
    x += max(text_width(bonus, MIN_TEXT, True), 30) + 5
    for spot in range(city.spots):
        top = ROW_TWO - GATE // 2
        if spot < len(city.gates):
            draw_disc(pen, x, top, city.gates[spot], GATE)
        else:
            draw_free_spot(pen, x, top, GATE, fill)
        x += GATE + GATE_GAP
    pen.text((x + 3, ROW_TWO), signed(-city.penalty), MIN_TEXT, True, ink)
    if len(city.gates) > city.spots:  # more gates than spots: an engine mid-change; say so rather than hide one
        pen.text((x + 44, ROW_TWO), f"+{len(city.gates) - city.spots}", MIN_TEXT, True, ink)

