"""Air Alliance board image: a pure function from the public view to PNG bytes."""

# The board is pasted together from cached pieces already mapped to one 256-colour palette (the static
# background, each airport, each claim card, each player's panel, each header line): a move redraws only
# the pieces whose part of the view changed (the map with this turn's flight arrows is one piece, as a flight
# also moves planes), and encodes a palette PNG in which only the strips of rows the move changed are
# compressed again (renderers/png.py).

from __future__ import annotations

from functools import lru_cache

from typing import NamedTuple

from PIL import Image

from engine.views.air_alliance import AirAllianceView

from renderers.air_alliance.board import BOARD_HEIGHT, board_image
from renderers.air_alliance.cards import CARD_WIDTH, CLAIM_TILE, LOST_NEXT, LOST_OFF_BOARD, claim_tile, free_claim_place
from renderers.air_alliance.header import HEADER_HEIGHT, HeaderLine, header_band
from renderers.air_alliance.header import header_lines as _header_lines
from renderers.air_alliance.panels import (
    LEGEND_HEIGHT, MAX_EVENT_LINES, PLAYER_SIZE, STRIP_HEIGHT, event_lines, events_height, events_panel, legend,
    player_panel, strip_panel,
)
from renderers.air_alliance.pieces import PALETTE, PAPER
from renderers.air_alliance.table import Card, Table, read
from renderers.common import MIN_TEXT, MUTED, Pen, with_pack_footer
from renderers.png import encode_board

WIDTH = 1600
MARGIN = 12
INNER = WIDTH - 2 * MARGIN
GAP = 14
CAPTION = 34  # a section title's strip
CLAIM_SLOTS = 6
BOARD_TOP = MARGIN + HEADER_HEIGHT + GAP
CLAIM_TOP = BOARD_TOP + BOARD_HEIGHT + GAP
CLAIM_GAP = (INNER - CLAIM_SLOTS * CARD_WIDTH) // (CLAIM_SLOTS - 1)
STRIP_TOP = CLAIM_TOP + CAPTION + CLAIM_TILE[1] + GAP
PLAYERS_TOP = STRIP_TOP + STRIP_HEIGHT + GAP
PLAYER_GAP = INNER - 2 * PLAYER_SIZE[0]


def render(view: AirAllianceView) -> bytes:
    """PNG bytes of the Air Alliance board for a public view."""
    table = read(view)
    layout = Layout.of(table)
    canvas = base(layout).copy()
    canvas.paste(header_band(table, INNER), (MARGIN, MARGIN))
    canvas.paste(board_image(table.airports, table.flights), (MARGIN, BOARD_TOP))
    paste_claim(canvas, table, CLAIM_TOP + CAPTION, table.claim)
    if table.off_board:
        paste_claim(canvas, table, layout.off_board_top + CAPTION, table.off_board, off_board=True)
    names = tuple((p.colour, p.name) for p in table.players)
    canvas.paste(strip_panel(INNER, table.deck, table.discards, table.last_round, table.alliances, names),
                 (MARGIN, layout.strip_top))
    paste_players(canvas, table, layout.players_top)
    left, top, width, height = layout.events_box
    canvas.paste(events_panel((width, height), table.events, table.version > 0), (left, top))
    return encode_board(with_pack_footer(canvas, view, PALETTE, PAPER))


def header_lines(view: AirAllianceView) -> list[HeaderLine]:
    """The header's lines (their text and size) as the board draws them for this view."""
    return _header_lines(read(view), INNER)


class Layout(NamedTuple):
    """What varies with the table: player rows, an off-board row (Kobe rules), the events' lines.

    With an odd number of players the events fill the free half of the last row; else they get a row below.
    """

    players: int
    off_board: int
    lines: int

    @classmethod
    def of(cls, table: Table) -> Layout:
        players = len(table.players)
        lines = len(event_lines(table.events, INNER - 24)) if table.events and players % 2 == 0 else 1
        return cls(players, 1 if table.off_board else 0, min(lines, MAX_EVENT_LINES))

    @property
    def rows(self) -> int:
        return max(1, (self.players + 1) // 2)

    @property
    def events_beside(self) -> bool:
        return self.players % 2 == 1

    @property
    def off_board_top(self) -> int:
        return STRIP_TOP

    @property
    def strip_top(self) -> int:
        return STRIP_TOP + self.off_board * (CAPTION + CLAIM_TILE[1] + GAP)

    @property
    def players_top(self) -> int:
        return self.strip_top + STRIP_HEIGHT + GAP

    @property
    def events_box(self) -> tuple[int, int, int, int]:
        """Left, top, width and height of the events panel."""
        below = self.players_top + self.rows * (PLAYER_SIZE[1] + GAP)
        if self.events_beside:
            return (MARGIN + PLAYER_SIZE[0] + PLAYER_GAP, below - PLAYER_SIZE[1] - GAP, PLAYER_SIZE[0], PLAYER_SIZE[1])
        return (MARGIN, below, INNER, events_height(self.lines))

    @property
    def height(self) -> int:
        _, top, _, height = self.events_box
        return top + height + GAP + LEGEND_HEIGHT + MARGIN


@lru_cache(maxsize=16)
def base(layout: Layout) -> Image.Image:
    """Everything that never changes for a table of this shape: background, section titles, the legend."""
    pen = PALETTE.pen((WIDTH, layout.height), PAPER)
    caption(pen, CLAIM_TOP, "BAGGAGE CLAIM  (oldest on the left; phase 2 loses the oldest unreserved card)")
    if layout.off_board:
        caption(pen, layout.off_board_top, "OFF THE BOARD  (reserved under the Kobe rules)")
    pen.image.paste(legend(INNER).convert("RGB"), (MARGIN, layout.height - MARGIN - LEGEND_HEIGHT))
    return PALETTE.convert(pen.image)


def caption(pen: Pen, y: int, text: str) -> None:
    pen.text((MARGIN, y + CAPTION // 2 - 2), text, MIN_TEXT, True, MUTED)


def paste_claim(canvas: Image.Image, table: Table, top: int, cards: tuple[Card, ...], off_board: bool = False) -> None:
    """The claim left (oldest) to right; the leftmost unreserved card is marked as the next lost baggage
    (off the board, every unreserved card is)."""
    lost_next = next((i for i, c in enumerate(cards) if c.reserved_by is None), None)
    for place in range(len(cards) if off_board else CLAIM_SLOTS):
        x = MARGIN + place * (CARD_WIDTH + CLAIM_GAP)
        if place >= len(cards):
            canvas.paste(free_claim_place(place + 1), (x, top))
            continue
        card = cards[place]
        seat = card.reserved_by
        reserver = table.players[seat] if seat is not None and 0 <= seat < len(table.players) else None
        fate = ""
        if not table.over and seat is None:
            fate = LOST_OFF_BOARD if off_board else LOST_NEXT if place == lost_next else ""
        tile = claim_tile(card._replace(reserved_by=None), place + 1, fate,
                          reserver.name if reserver else None, reserver.colour if reserver else None)
        canvas.paste(tile, (x, top))


def paste_players(canvas: Image.Image, table: Table, top: int) -> None:
    specials = {a.special_for: f"{a.code} {a.name}" for a in table.airports if a.special_for}
    places = final_places(table)
    for index, player in enumerate(table.players):
        x = MARGIN + (index % 2) * (PLAYER_SIZE[0] + PLAYER_GAP)
        y = top + (index // 2) * (PLAYER_SIZE[1] + GAP)
        current = not table.over and player.seat == table.current
        panel = player_panel(player, current, places.get(player.seat), specials.get(player.colour, ""))
        canvas.paste(panel, (x, y))


def final_places(table: Table) -> dict[int, int]:
    """Once over: each seat's place by miles, shared on ties (two second places, then fourth)."""
    if not table.over:
        return {}
    scores = [p.miles for p in table.players]
    return {p.seat: 1 + sum(1 for s in scores if s > p.miles) for p in table.players}
