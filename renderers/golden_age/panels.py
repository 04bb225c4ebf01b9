"""1930 panels: each player's money, tokens, contracts and worth; what happened; the key to the board's marks."""

from __future__ import annotations

from renderers.memo import cached

from PIL import Image

from renderers.common import INK, MIN_TEXT, MUTED, VERMILLION, WHITE, YELLOW, Pen, ellipsize, fit_text, text_width, wrap_fit
from renderers.golden_age.market import PURCHASED
from renderers.golden_age.pieces import (
    LINE, NAVY, PALETTE, PANEL, PAPER, TOKEN, draw_chip, draw_disc, draw_free_hub, draw_free_spot,
    draw_hub, draw_tag, money, ordinal, signed,
)
from renderers.golden_age.table import Disc, Seat

PLAYER_HEIGHT = 142
FRAME = 5  # the current player's thick frame
STRIP = 48  # the name and worth strip
PAD = 12
EVENT_LINE = 30
EVENTS_TOP = 44  # below the panel's title
EVENT_LINES = 6  # fixed, so the board keeps its height move after move; the oldest lines give way
EVENT_SIZE = 24
TOKEN_GAP = 3


def player_columns(players: int) -> int:
    """Two or three panels a row: never one alone on a row of three."""
    return 2 if players in (2, 4) else 3


# -- a player's panel ------------------------------------------------------------------------------------
@cached(maxsize=64)
def player_panel(seat: Seat, width: int, current: bool, first: bool, place: int | None,
                 ceo_of: tuple[Disc, ...], order: int | None = None) -> Image.Image:
    """Name and worth; cash, contracts (a count: the cards are secret), the airlines the player is CEO of; the
    stock tokens held, a used one (this turn) as a ring. `place`: the final place once the game is over;
    `order`: the player's place in this turn's order."""
    pen = PALETTE.pen((width, PLAYER_HEIGHT), PANEL)
    pen.draw.rectangle((0, 0, width - 1, PLAYER_HEIGHT - 1), outline=INK if current else LINE,
                       width=FRAME if current else 2)
    draw_strip(pen, seat, width, current, place, order)
    middle = FRAME + STRIP + 20
    x = PAD
    for label, value in (("cash", money(seat.money)), ("contracts", str(seat.contracts))):
        pen.text((x, middle), label, MIN_TEXT, False, MUTED)
        x += text_width(label, MIN_TEXT) + 6
        pen.text((x, middle), value, MIN_TEXT, True)
        x += text_width(value, MIN_TEXT, True) + 22
    if first:
        x = draw_tag(pen, x, middle, "first player", WHITE, height=28) + 14
    if ceo_of and x + text_width("CEO", MIN_TEXT) + 6 + 26 <= width - PAD:
        pen.text((x, middle), "CEO", MIN_TEXT, False, MUTED)
        x += text_width("CEO", MIN_TEXT) + 6
        for piece in ceo_of:
            if x + 30 > width - PAD:
                break
            draw_disc(pen, x, middle - 15, piece, 30)
            x += 33
    draw_tokens(pen, PAD, PLAYER_HEIGHT - 30, width - 2 * PAD, seat.tokens)
    return PALETTE.convert(pen.image)


def draw_strip(pen: Pen, seat: Seat, width: int, current: bool, place: int | None, order: int | None) -> None:
    """▶ and a yellow strip for the player to decide (and the thick frame: not colour alone), the final place or
    the turn order's number in a round badge, the bot's tag (AI, AUTO, AWAY), the name, the worth at the right."""
    strip = (FRAME, FRAME, width - FRAME - 1, FRAME + STRIP - 1)
    pen.draw.rectangle(strip, fill=YELLOW if current else PAPER)
    middle = FRAME + STRIP // 2
    worth = money(seat.worth)
    pen.text((width - FRAME - PAD, middle), worth, 30, True, anchor="rm")
    right = width - FRAME - PAD - text_width(worth, 30, True) - 8
    pen.text((right, middle), "worth", MIN_TEXT, False, MUTED, anchor="rm")
    right -= text_width("worth", MIN_TEXT) + 16
    x = FRAME + PAD - 4
    if place is not None:
        x = draw_tag(pen, x, middle, ordinal(place), NAVY if place == 1 else WHITE, 24, 34) + 8
    elif order is not None:
        x = draw_order_badge(pen, x, middle, order) + 8
    if seat.tag:
        x = draw_tag(pen, x, middle, seat.tag, NAVY) + 8
    name, size = fit_text(f"▶ {seat.name}" if current else seat.name, right - x, (30, 28, 26, 24, MIN_TEXT), True)
    pen.text((x, middle), name, size, True)


ORDER_BADGE = 34


def draw_order_badge(pen: Pen, x: int, middle: int, order: int) -> int:
    """The player's number in this turn's order on a white disc, as on a turn order card; returns its right edge."""
    box = (x, middle - ORDER_BADGE // 2, x + ORDER_BADGE, middle + ORDER_BADGE // 2)
    pen.draw.ellipse(box, fill=WHITE, outline=INK, width=2)
    pen.centered(box, str(order), 24, True, INK)
    return box[2]


def draw_tokens(pen: Pen, x: int, middle: int, room: int, tokens: tuple[tuple[Disc, int, int], ...]) -> None:
    """Each stock token as its airline's disc; after the word 'used', this turn's used ones as rings (a shape
    apart, not only a paler shade). Too many for the room: the rest as '+n'."""
    if not tokens:
        pen.text((x, middle), "no stock tokens", MIN_TEXT, False, MUTED)
        return
    ready = [(piece, False) for piece, n, u in tokens for _ in range(n - u)]
    used = [(piece, True) for piece, _, u in tokens for _ in range(u)]
    pitch = TOKEN + TOKEN_GAP
    label = text_width("used", MIN_TEXT) + 10 if used else 0
    fits = (room - label - (12 if ready and used else 0)) // pitch
    pieces = ready + used
    shown = pieces if len(pieces) <= fits else pieces[:max(0, fits - 1)]
    for index, (piece, is_used) in enumerate(shown):
        if is_used and (index == 0 or not shown[index - 1][1]):  # the first used token: say so before it
            x += 12 if index else 0
            pen.text((x, middle), "used", MIN_TEXT, False, MUTED)
            x += label
        draw_disc(pen, x, middle - TOKEN // 2, piece, TOKEN, used=is_used)
        x += pitch
    if len(shown) < len(pieces):
        pen.text((x + 2, middle), f"+{len(pieces) - len(shown)}", MIN_TEXT, True)


# -- events ----------------------------------------------------------------------------------------
def event_lines(events: tuple[str, ...], room: int, most: int = EVENT_LINES) -> list[tuple[str, bool]]:
    """The last move's events in order, wrapped, at most `most` lines (the oldest give way); the newest is bold."""
    found: list[tuple[str, bool]] = []
    for index, event in enumerate(events):
        newest = index == len(events) - 1
        lines, _ = wrap_fit(event, room, 3, (EVENT_SIZE,), bold=newest)
        found += [(line, newest) for line in lines]
    return found[-most:]


EVENTS_HEIGHT = EVENTS_TOP + EVENT_LINES * EVENT_LINE + EVENT_LINE + 14  # the last line: the contracts awarded


@cached(maxsize=8)
def events_panel(width: int, events: tuple[str, ...], contracts: tuple[str, ...]) -> Image.Image:
    """What the last move that did something did, then the contracts awarded so far (public once played), newest first."""
    height = EVENTS_HEIGHT
    lines = event_lines(events, width - 2 * PAD)
    pen = PALETTE.pen((width, height), PANEL)
    pen.draw.rectangle((0, 0, width - 1, height - 1), outline=LINE, width=2)
    pen.text((PAD, 22), "What happened last (in order)", MIN_TEXT, True, MUTED)
    if not lines:
        pen.text((PAD, EVENTS_TOP + EVENT_LINE // 2), "Nothing to report: the move was a choice within an action",
                 EVENT_SIZE, False, MUTED)
    for row, (line, newest) in enumerate(lines):
        pen.text((PAD, EVENTS_TOP + row * EVENT_LINE + EVENT_LINE // 2), line, EVENT_SIZE, newest, INK)
    middle = height - EVENT_LINE // 2 - 8
    pen.draw.line((PAD, middle - EVENT_LINE // 2 - 2, width - PAD, middle - EVENT_LINE // 2 - 2), fill=LINE)
    label = f"Contracts awarded ({len(contracts)}): "
    pen.text((PAD, middle), label, MIN_TEXT, True, MUTED)
    x = PAD + text_width(label, MIN_TEXT, True)
    played = ", ".join(reversed(contracts)) if contracts else "none yet"
    pen.text((x, middle), ellipsize(f"{'newest first: ' if contracts else ''}{played}", MIN_TEXT, width - PAD - x),
             MIN_TEXT, False, INK if contracts else MUTED)
    return PALETTE.convert(pen.image)


# -- the legend --------------------------------------------------------------------------------------
LEGEND_ROWS = 3
LEGEND_PITCH = 42
LEGEND_HEIGHT = 20 + (LEGEND_ROWS - 1) * LEGEND_PITCH + 22
SAMPLE = Disc("green", "G", (46, 139, 87))
LEGEND = (
    ("disc", "gate (its letters name the airline)"), ("hub", "hub"), ("spot", "a free gate spot, a free hub place"),
    ("text", f"{signed(2)} the first spot's bonus, {signed(-1)} the last spot's penalty"),
    ("chips", "tiles, white to gray"), ("market", "Purchased: up a box after the stock round"),
    ("used", "a token used this turn"), ("bankrupt", "bankrupt at the end of the turn"),
    ("text", "Gates (+in reserve)  ·  Pool: tokens for sale (+not yet for sale)"),
)


@cached(maxsize=2)
def legend(width: int) -> Image.Image:
    """A key for first-time players and for anyone who cannot tell the colours apart; its entries flow onto
    the next line when a line is full."""
    pen = PALETTE.pen((width, LEGEND_HEIGHT), PAPER)
    x, row = 0, 0
    for kind, words in LEGEND:
        needed = mark_width(kind) + text_width(words, MIN_TEXT)
        if x and x + needed > width:
            x, row = 0, row + 1
        middle = 20 + row * LEGEND_PITCH
        x = legend_mark(pen, x, middle, kind)
        pen.text((x, middle), words, MIN_TEXT)
        x += text_width(words, MIN_TEXT) + 30
    return PALETTE.convert(pen.image)


def mark_width(kind: str) -> int:
    """How far a legend entry's words start after its mark's left edge (as legend_mark draws it)."""
    if kind == "spot":
        return 2 * 30 + 4 + 8
    if kind == "market":
        return text_width(PURCHASED, MIN_TEXT, True) + 6
    if kind == "bankrupt":
        return 44 + 8
    if kind == "chips":
        return sum(text_width(letter, MIN_TEXT, True) + 14 + 3 for letter in ("W", "Y", "G", "Br", "Gy")) + 5
    return 0 if kind == "text" else 30 + 8


def legend_mark(pen: Pen, x: int, middle: int, kind: str) -> int:
    """The mark a legend entry explains; returns where its words start."""
    size = 30
    top = middle - size // 2
    if kind == "disc":
        draw_disc(pen, x, top, SAMPLE, size)
    elif kind == "hub":
        draw_hub(pen, x, top, SAMPLE, size)
    elif kind == "spot":
        draw_free_spot(pen, x, top, size, WHITE)
        draw_free_hub(pen, x + size + 4, top, size, WHITE)
        x += size + 4
    elif kind == "used":
        draw_disc(pen, x, top, SAMPLE, size, used=True)
    elif kind == "market":
        pen.text((x, middle), PURCHASED, MIN_TEXT, True)
        return x + text_width(PURCHASED, MIN_TEXT, True) + 6
    elif kind == "bankrupt":
        box = (x, top, x + 44, top + size)
        pen.draw.rectangle(box, fill=VERMILLION, outline=INK, width=2)
        pen.centered(box, "$1", MIN_TEXT, True, WHITE)
        return box[2] + 8
    elif kind == "chips":
        for colour, letter in (("white", "W"), ("yellow", "Y"), ("green", "G"), ("brown", "Br"), ("gray", "Gy")):
            x = draw_chip(pen, x, middle, letter, colour, height=28) + 3
        return x + 5
    else:
        return x
    return x + size + 8

