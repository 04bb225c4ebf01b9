"""1930: The Golden Age of Airlines board image: a pure function from the public view to PNG bytes."""

# The board is pasted together from cached pieces already mapped to one 256-colour palette (the static
# background, each city tile, the stock market, each airline's row, each player's panel, each header line): a
# move redraws only the pieces whose part of the view changed, and encodes a palette PNG in which only the
# strips of rows the move changed are compressed again (renderers/png.py).

from __future__ import annotations

from functools import lru_cache

from typing import NamedTuple

from PIL import Image

from engine.views.golden_age import GoldenAgeView

from renderers.common import MIN_TEXT, MUTED, Pen, with_pack_footer
from renderers.golden_age.airlines import table_height, table_image
from renderers.golden_age.header import HeaderLine, header_band, header_height
from renderers.golden_age.header import header_lines as _header_lines
from renderers.golden_age.map import map_image, map_layout, layout_key
from renderers.golden_age.market import MARKET_HEIGHT, market_image, markers
from renderers.golden_age.panels import (
    EVENTS_HEIGHT, LEGEND_HEIGHT, PLAYER_HEIGHT, events_panel, legend, player_columns, player_panel,
)
from renderers.golden_age.pieces import PALETTE, PAPER
from renderers.golden_age.table import Table, name_of, read
from renderers.png import encode_board

WIDTH = 1600
MARGIN = 12
INNER = WIDTH - 2 * MARGIN
GAP = 14
CAPTION = 34  # a section title's strip


def render(view: GoldenAgeView) -> bytes:
    """PNG bytes of the 1930 board for a public view (a seat's own "you" part is never read)."""
    table = read(view)
    layout = Layout.of(table)
    canvas = base(layout).copy()
    canvas.paste(header_band(table, INNER), (MARGIN, MARGIN))
    canvas.paste(map_image(table.cities, table.tech), (MARGIN, layout.map_top + CAPTION))
    canvas.paste(market_image(table.market, markers(table.airlines)), (MARGIN, layout.market_top + CAPTION))
    ceos = tuple(name_of(table.names, a.ceo) for a in table.airlines)
    last = table.last[0].key if table.last else None
    canvas.paste(table_image(table.airlines, ceos, table.tech, last), (MARGIN, layout.table_top + CAPTION))
    paste_players(canvas, table, layout)
    canvas.paste(events_panel(INNER, table.events, table.contracts_played), (MARGIN, layout.events_top))
    return encode_board(with_pack_footer(canvas, view, PALETTE, PAPER))


def header_lines(view: GoldenAgeView) -> list[HeaderLine]:
    """The header's lines (their text and size) as the board draws them for this view."""
    return _header_lines(read(view), INNER)


class Layout(NamedTuple):
    """What varies with the table: the players, the map's cities, the airlines; all fixed for a game, so the
    board keeps its height and its unchanged strips move after move."""

    players: int
    map_height: int
    airlines: int

    @classmethod
    def of(cls, table: Table) -> Layout:
        return cls(len(table.seats), map_layout(layout_key(table.cities)).height, len(table.airlines))

    @property
    def map_top(self) -> int:
        return MARGIN + header_height(self.players) + GAP

    @property
    def market_top(self) -> int:
        return self.map_top + CAPTION + self.map_height + GAP

    @property
    def table_top(self) -> int:
        return self.market_top + CAPTION + MARKET_HEIGHT + GAP

    @property
    def players_top(self) -> int:
        return self.table_top + CAPTION + table_height(self.airlines) + GAP

    @property
    def player_rows(self) -> int:
        return max(1, -(-self.players // player_columns(self.players)))

    @property
    def events_top(self) -> int:
        return self.players_top + CAPTION + self.player_rows * (PLAYER_HEIGHT + GAP)

    @property
    def legend_top(self) -> int:
        return self.events_top + EVENTS_HEIGHT + GAP

    @property
    def height(self) -> int:
        return self.legend_top + LEGEND_HEIGHT + MARGIN


CAPTIONS = (
    ("map_top", "THE MAP  (gates in spot order, left to right; a dimmed city is not in play yet)"),
    ("market_top", "STOCK MARKET  (price over action cost; each founded airline's marker under its box)"),
    ("table_top", "AIRLINES  (the row of the airline that just acted is yellow and framed)"),
    ("players_top", "PLAYERS  (the number before a name: this turn's order; contracts are secret: only how many each holds)"),
)


@lru_cache(maxsize=6)  # one a game shape: a few MB each
def base(layout: Layout) -> Image.Image:
    """Everything that never changes for a table of this shape: background, section titles, the legend."""
    pen = PALETTE.pen((WIDTH, layout.height), PAPER)
    for attribute, words in CAPTIONS:
        caption(pen, getattr(layout, attribute), words)
    pen.image.paste(legend(INNER).convert("RGB"), (MARGIN, layout.legend_top))
    return PALETTE.convert(pen.image)


def caption(pen: Pen, y: int, text: str) -> None:
    pen.text((MARGIN, y + CAPTION // 2 - 2), text, MIN_TEXT, True, MUTED)


def paste_players(canvas: Image.Image, table: Table, layout: Layout) -> None:
    columns = player_columns(len(table.seats))
    width = (INNER - (columns - 1) * GAP) // columns
    places = final_places(table)
    order = turn_badges(table)
    top = layout.players_top + CAPTION
    for index, seat in enumerate(table.seats):
        x = MARGIN + (index % columns) * (width + GAP)
        y = top + (index // columns) * (PLAYER_HEIGHT + GAP)
        current = not table.over and seat.seat == table.current
        first = not table.over and seat.seat == table.first_player
        ceo_of = tuple(a.disc for a in table.airlines if a.ceo == seat.seat and a.founded and not a.bankrupt)
        canvas.paste(player_panel(seat, width, current, first, places.get(seat.seat), ceo_of,
                                  order.get(seat.seat)), (x, y))


def turn_badges(table: Table) -> dict[int, int]:
    """While the game is on: each seat's number in this turn's order (1 plays first)."""
    return {} if table.over else {seat: index + 1 for index, seat in enumerate(table.turn_order)}


def final_places(table: Table) -> dict[int, int]:
    """Once over: each seat's place by worth, shared on ties (two second places, then fourth)."""
    if not table.over:
        return {}
    worth = [s.worth for s in table.seats]
    return {s.seat: 1 + sum(1 for w in worth if w > s.worth) for s in table.seats}
