"""Air Alliance cards: passenger cards in the baggage claim and the slots of a boarding pass, as cached tiles."""

from __future__ import annotations

from renderers.memo import cached

from PIL import Image

from renderers.air_alliance.pieces import (
    BADGE_HEIGHT, DIMMED, LINE, MARKED, NAVY, NORMAL, ORANGE, PALETTE, PAPER, PEACH, draw_badge, draw_marker, draw_tag,
    miles, plane_fill, tag_width,
)
from engine.views.air_alliance import Icon
from renderers.air_alliance.table import Card, Slot
from renderers.common import INK, MIN_TEXT, MUTED, WHITE, Pen, ellipsize, text_width

CARD_WIDTH = 256
STATUS_HEIGHT = 34  # the strip above a claim card: its place and what will happen to it
CARD_HEIGHT = 292
CLAIM_TILE = (CARD_WIDTH, STATUS_HEIGHT + CARD_HEIGHT)
SLOT_SIZE = (248, 204)
BADGE_STEP = BADGE_HEIGHT + 5
PAD = 10
LOST_NEXT = "lost next"  # phase 2 discards the leftmost unreserved card
LOST_OFF_BOARD = "lost in phase 2"  # Kobe rules: an off-board card nobody reserved goes with the next lost baggage


def badge_states(count: int, marker: int | None) -> list[str]:
    """Each icon's state: the one with the marker is MARKED, the card's other two can no longer be used."""
    if marker is None:
        return [NORMAL] * count
    return [MARKED if index == marker else DIMMED for index in range(count)]


def draw_badges(pen: Pen, left: int, top: int, width: int, icons: tuple[Icon, ...], marker: int | None = None,
                colour: str | None = None) -> None:
    for index, (icon, state) in enumerate(zip(icons, badge_states(len(icons), marker))):
        box = (left, top + index * BADGE_STEP, left + width, top + index * BADGE_STEP + BADGE_HEIGHT)
        draw_badge(pen, box, icon, state, colour)


def draw_route(pen: Pen, x: int, y: int, room: int, card: Card) -> int:
    """The route as the card prints it: departure on the upper line, arrival on the lower; returns the y after."""
    for arrow, code, name in (("", card.departure, card.departure_name), ("→ ", card.arrival, card.arrival_name)):
        head = f"{arrow}{code}"
        pen.text((x, y), head, MIN_TEXT, True)
        left = x + text_width(head, MIN_TEXT, True) + 7
        pen.text((left, y), ellipsize(name, MIN_TEXT, x + room - left), MIN_TEXT)
        y += 28
    return y


# -- the baggage claim -----------------------------------------------------------------------------
@cached(maxsize=128)
def claim_tile(card: Card, place: int, fate: str, reserver: str | None, reserver_colour: str | None) -> Image.Image:
    """A claim card with its strip above: its place (1 oldest) and who reserved it, or its `fate` ('lost next')."""
    pen = PALETTE.pen(CLAIM_TILE, PAPER)
    draw_status(pen, place, fate, reserver, reserver_colour)
    top = STATUS_HEIGHT
    fill = PEACH if card.trio else WHITE  # trio cards have a sunset background
    box = (0, top, CARD_WIDTH - 1, top + CARD_HEIGHT - 1)
    pen.draw.rounded_rectangle(box, radius=8, fill=fill, outline=LINE, width=2)
    if reserver_colour:  # the reserving player's marker colour around the card, with an ink edge inside it
        pen.draw.rounded_rectangle(box, radius=8, outline=plane_fill(reserver_colour), width=6)
        pen.draw.rounded_rectangle((6, top + 6, CARD_WIDTH - 7, top + CARD_HEIGHT - 7), radius=6, outline=INK, width=1)
    draw_card_face(pen, 10, top + 10, CARD_WIDTH - 20, card)
    return PALETTE.convert(pen.image)


def draw_card_face(pen: Pen, x: int, top: int, room: int, card: Card) -> None:
    """Passenger, route, miles and class, the three icons, the trio: everything printed on the card."""
    draw_passenger(pen, x, top + 12, room, card.passenger)
    y = draw_route(pen, x, top + 44, room, card)
    draw_miles(pen, x, y + 8, room, card)
    draw_badges(pen, x, y + 30, room, card.icons)
    if card.trio:
        draw_tag(pen, x, y + 30 + 3 * BADGE_STEP + 18, ellipsize(card.trio, MIN_TEXT, room - 16), ORANGE)


def draw_passenger(pen: Pen, x: int, middle: int, room: int, passenger: str,
                   sizes: tuple[int, ...] = (24, MIN_TEXT)) -> None:
    """Who travels, bold if it fits, else regular: 'Secret Agent (KGB)' whole rather than cut."""
    for bold in (True, False):
        for size in sizes:
            if text_width(passenger, size, bold) <= room:
                pen.text((x, middle), passenger, size, bold)
                return
    pen.text((x, middle), ellipsize(passenger, sizes[-1], room), sizes[-1])


def draw_miles(pen: Pen, x: int, middle: int, room: int, card: Card) -> None:
    """'4,000 mi economy'; a first-class card's class is a dark tag, as it is worth more attention."""
    amount = f"{miles(card.miles)} mi"
    first = card.travel == "first"
    travel = tag_width("FIRST") if first else text_width(card.travel, MIN_TEXT)
    # '10,000 mi economy' whole, at a smaller size if it must be
    size = next((s for s in (26, 24) if text_width(amount, s, True) + 8 + travel <= room), MIN_TEXT)
    pen.text((x, middle), amount, size, True)
    left = x + text_width(amount, size, True) + 8
    if first:
        draw_tag(pen, left, middle, "FIRST", NAVY)
    else:
        pen.text((left, middle + 2), ellipsize(card.travel, MIN_TEXT, x + room - left), MIN_TEXT, False, MUTED)


def draw_status(pen: Pen, place: int, fate: str, reserver: str | None, colour: str | None) -> None:
    middle = STATUS_HEIGHT // 2 - 2
    pen.text((4, middle), str(place), MIN_TEXT, True, MUTED)
    x = 4 + text_width(str(place), MIN_TEXT, True) + 10
    if reserver and colour:
        x = draw_marker(pen, x, middle, colour) + 6
        pen.text((x, middle), "reserved", MIN_TEXT, False, MUTED)
        x += text_width("reserved", MIN_TEXT) + 7
        pen.text((x, middle), ellipsize(reserver, MIN_TEXT, CARD_WIDTH - x - 4, True), MIN_TEXT, True)
    elif fate:
        pen.text((x, middle), ellipsize(f"▼ {fate}", MIN_TEXT, CARD_WIDTH - x - 4), MIN_TEXT, False, INK)


@cached(maxsize=8)
def free_claim_place(place: int) -> Image.Image:
    """An empty place of the claim (the deck ran dry before it could be refilled)."""
    pen = PALETTE.pen(CLAIM_TILE, PAPER)
    pen.text((4, STATUS_HEIGHT // 2 - 2), str(place), MIN_TEXT, True, MUTED)
    pen.draw.rounded_rectangle((0, STATUS_HEIGHT, CARD_WIDTH - 1, CLAIM_TILE[1] - 1), radius=8, outline=LINE, width=2)
    pen.centered((0, STATUS_HEIGHT, CARD_WIDTH, CLAIM_TILE[1]), "empty", MIN_TEXT, False, MUTED)
    return PALETTE.convert(pen.image)


# -- boarding pass slots -----------------------------------------------------------------------------
@cached(maxsize=256)
def slot_tile(slot: Slot, number: int, colour: str) -> Image.Image:
    """A boarding pass slot: its top card (or the printed icons), the pile's depth, this turn's marker."""
    width, height = SLOT_SIZE
    card = slot.top
    pen = PALETTE.pen(SLOT_SIZE, PEACH if card and card.trio else WHITE)
    pen.draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=8, outline=LINE, width=2)
    room = width - 2 * PAD
    depth = slot.under + (1 if card else 0)
    pen.text((PAD, 18), f"Slot {number}", MIN_TEXT, False, MUTED)
    if depth:  # how deep the pile is: the cards under the top one still score, but their icons are covered
        pen.text((width - PAD, 18), f"{depth} card{'s' if depth != 1 else ''}", MIN_TEXT, True, INK, anchor="rm")
    if card:
        draw_passenger(pen, PAD, 46, room, card.passenger, (MIN_TEXT,))
        route = f"{card.departure} → {card.arrival} · {miles(card.miles)} mi"
        pen.text((PAD, 72), ellipsize(route, MIN_TEXT, room), MIN_TEXT)
    else:
        pen.text((PAD, 58), "printed icons", MIN_TEXT, False, MUTED)
    icons = card.icons if card else slot.printed
    draw_badges(pen, PAD - 2, height - 3 * BADGE_STEP - 2, room + 4, icons, slot.marker, colour)
    return PALETTE.convert(pen.image)


def gained_chip_width(card: Card) -> int:
    return min(250, text_width(card_chip_words(card), MIN_TEXT) + 20)


def card_chip_words(card: Card) -> str:
    return f"{card.departure}→{card.arrival} {miles(card.miles)}"
