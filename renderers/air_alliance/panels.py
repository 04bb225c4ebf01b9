"""Air Alliance panels: each player's boarding pass and tallies, the deck and alliances, the events, the legend."""

from __future__ import annotations

from renderers.memo import cached

from PIL import Image

from renderers.air_alliance.cards import SLOT_SIZE, card_chip_words, slot_tile
from renderers.air_alliance.pieces import (
    LINE, MINI, NAVY, NPA, PALETTE, PANEL, PAPER, PEACH, colour_word, draw_marker, draw_planes, draw_plane,
    draw_tag, miles, plane_fill, plane_letter, tag_width,
)
from renderers.air_alliance.table import Card, Player, Slot
from renderers.common import (
    INK, MIN_TEXT, MUTED, WHITE, YELLOW, Pen, ellipsize, fit_text, ink_on, text_width, wrap_fit,
)

PLAYER_SIZE = (784, 392)
FRAME = 5  # the current player's thick frame
HEADER_HEIGHT = 54
PAD = 12
FACT_LINE = 32
SLOTS_TOP = HEADER_HEIGHT + FRAME + 2 * FACT_LINE + 10
PILE_WIDTH = 224
STRIP_HEIGHT = 104  # the deck, the discards and the four alliance areas
EVENT_LINE = 30
EVENTS_TOP = 44  # below the panel's title
MAX_EVENT_LINES = 6
PLACE_WORDS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}

Atom = tuple[str, ...]  # ("text", words, style) | ("planes", colour, ...) | ("markers", colour)
BOLD, LABEL = "bold", "label"  # a text atom's style: a value in bold, a muted label, or plain ""


# -- a player's panel -----------------------------------------------------------------------------------
@cached(maxsize=32)
def player_panel(player: Player, current: bool, place: int | None, special: str) -> Image.Image:
    """Name, miles and tallies, the three boarding pass slots, the cards set aside this turn.

    `place`: the final place once the game is over; `special`: the player's special airport, 'A4 Seoul'.
    """
    width, height = PLAYER_SIZE
    pen = PALETTE.pen(PLAYER_SIZE, PANEL)
    pen.draw.rectangle((0, 0, width - 1, height - 1), outline=INK if current else LINE, width=FRAME if current else 2)
    draw_player_header(pen, player, current, place)
    facts = player_facts(player, special, over=place is not None)
    draw_facts(pen, PAD, HEADER_HEIGHT + FRAME + FACT_LINE // 2 + 2, width - 2 * PAD, facts)
    for index, slot in enumerate(list(player.slots)[:3] + [Slot(None, (), 0, None)] * (3 - len(player.slots))):
        tile = slot_tile(slot, index + 1, player.colour)
        pen.image.paste(tile.convert("RGB"), (PAD + index * (SLOT_SIZE[0] + 8), SLOTS_TOP))
    draw_gained(pen, PAD, SLOTS_TOP + SLOT_SIZE[1] + 26, width - 2 * PAD, player.gained)
    return PALETTE.convert(pen.image)


def draw_player_header(pen: Pen, player: Player, current: bool, place: int | None) -> None:
    """The player's plane, ▶ and a yellow strip for the player to act (a frame as well: not colour alone),
    the bot's tag (AI, AUTO, AWAY), the name and the miles."""
    width = PLAYER_SIZE[0] - 2 * FRAME
    strip = (FRAME, FRAME, FRAME + width - 1, FRAME + HEADER_HEIGHT - 1)
    pen.draw.rectangle(strip, fill=YELLOW if current else PAPER)
    middle = FRAME + HEADER_HEIGHT // 2
    draw_plane(pen, FRAME + 8, middle - 19, 38, player.colour)
    score = f"{miles(player.miles)} mi"
    pen.text((width, middle), score, 30, True, anchor="rm")
    x = FRAME + 56
    right = width - text_width(score, 30, True) - 16
    if place is not None:
        x = draw_tag(pen, x, middle, PLACE_WORDS.get(place, f"{place}th"), NAVY if place == 1 else WHITE, 24, 34) + 8
    if player.tag:
        x = draw_tag(pen, x, middle, player.tag, NAVY) + 8
    name, size = fit_text(f"▶ {player.name}" if current else player.name, right - x, (30, 28, 26, 24, MIN_TEXT), True)
    pen.text((x, middle), name, size, True)


def player_facts(player: Player, special: str, over: bool = False) -> list[list[Atom]]:
    """The tallies, most needed first: cards, trios, markers, planes in supply, the alliance and its marking plane,
    the reserved card, the special airport."""
    cards = f"{player.cards} card{'s' if player.cards != 1 else ''}"
    facts: list[list[Atom]] = [[("text", cards, BOLD), ("text", f"({player.economy} economy)", "")]]
    trios = len(player.trios)
    named: list[Atom] = [("text", ": " + ", ".join(t.removesuffix(" Trio") for t in player.trios), "")]
    facts.append([("text", f"{trios} trio{'s' if trios != 1 else ''}", BOLD), *(named if trios else [])])
    if not over:  # once the game is over, markers in hand say nothing
        markers: list[Atom] = [("markers", player.colour)] * player.markers_left or [("text", "none", LABEL)]
        facts.append([("text", "markers", LABEL), *markers])
    supply: list[Atom] = (
        [("planes",) + (player.colour,) * player.supply] if player.supply else [("text", "none", LABEL)])
    facts.append([("text", "supply", LABEL), *supply])
    # The fifth plane marks the player's alliance (Preparations): beside the board until one is formed.
    if player.alliance is None:
        facts.append([("text", "alliance", LABEL), ("planes", player.colour), ("text", "none yet", "")])
    else:
        allies: list[Atom] = [("text", "with", LABEL), ("planes",) + player.allies] if player.allies else []
        facts.append([("text", f"alliance {player.alliance + 1}", LABEL), ("planes", player.colour), *allies])
    if player.reserved is not None:
        facts.append([("text", "reserved", LABEL), ("text", card_chip_words(player.reserved), BOLD)])
    if special:  # last: the board marks it too
        facts.append([("text", "special", LABEL), ("text", special, BOLD)])
    return facts


def atom_width(atom: Atom) -> int:
    if atom[0] == "text":
        return text_width(atom[1], MIN_TEXT, atom[2] == BOLD) + 6
    if atom[0] == "planes":
        return (MINI + 3) * (len(atom) - 1) + 3
    if atom[0] == "markers":
        return 28
    return 12


def draw_facts(pen: Pen, x: int, middle: int, room: int, facts: list[list[Atom]], lines: int = 2) -> None:
    """The facts left to right, 26 px apart, onto the next line when full; a fact with no room is left out."""
    left, line = x, 0
    for fact in facts:
        width = sum(atom_width(a) for a in fact)
        if x > left and x + width > left + room:
            line, x = line + 1, left
        if line >= lines or width > room:
            continue
        y = middle + line * FACT_LINE
        for atom in fact:
            if atom[0] == "text":
                pen.text((x, y), atom[1], MIN_TEXT, atom[2] == BOLD, MUTED if atom[2] == LABEL else INK)
            elif atom[0] == "planes":
                draw_planes(pen, x, y, tuple(atom[1:]), MINI, 3)
            elif atom[0] == "markers":
                draw_marker(pen, x, y, atom[1])
            x += atom_width(atom)
        x += 26


def draw_gained(pen: Pen, x: int, middle: int, room: int, gained: tuple[Card, ...]) -> None:
    """The cards set aside this turn, waiting for flight control (phase 3)."""
    label = "Set aside this turn:" if gained else "Nothing set aside this turn"
    pen.text((x, middle), label, MIN_TEXT, False, MUTED)
    if not gained:
        return
    x += text_width(label, MIN_TEXT) + 10
    for index, card in enumerate(gained):
        words = card_chip_words(card)
        chip = tag_width(words)
        rest = len(gained) - index
        if x + chip > PAD + room or (rest > 1 and x + chip + tag_width(f"+{rest - 1}") > PAD + room):
            draw_tag(pen, x, middle, f"+{rest}", WHITE)
            return
        x = draw_tag(pen, x, middle, words, PEACH if card.trio else WHITE) + 6


# -- the deck, the discards and the alliances -----------------------------------------------------------
@cached(maxsize=32)
def strip_panel(width: int, deck: int, discards: int, last_round: bool, alliances: tuple[tuple[str, ...], ...],
                names: tuple[tuple[str, str], ...]) -> Image.Image:
    """`names`: (colour, player name) for each player colour, to say who an alliance holds."""
    pen = PALETTE.pen((width, STRIP_HEIGHT), PAPER)
    box_width = PILE_WIDTH
    pile_box(pen, 0, "Deck", deck, "last round" if last_round else "cards left", NAVY)
    pile_box(pen, box_width + 8, "Discards", discards, "lost baggage", PEACH)
    left = 2 * (box_width + 8)
    area_width = (width - left - 3 * 8) // 4
    by_colour = dict(names)
    for index, members in enumerate(alliances):
        alliance_box(pen, left + index * (area_width + 8), area_width, index, members, by_colour)
    return PALETTE.convert(pen.image)


def pile_box(pen: Pen, x: int, title: str, count: int, note: str, back: tuple[int, int, int]) -> None:
    width = PILE_WIDTH
    pen.draw.rectangle((x, 0, x + width - 1, STRIP_HEIGHT - 1), fill=PANEL, outline=LINE, width=2)
    card = (x + 10, 14, x + 56, STRIP_HEIGHT - 14)
    pen.draw.rounded_rectangle(card, radius=6, fill=back, outline=INK, width=2)
    pen.centered(card, "✈", 24, True, ink_on(back))
    pen.text((x + 68, 26), title, MIN_TEXT, True, MUTED)
    pen.text((x + 68, 58), str(count), 34, True)
    pen.text((x + 68, 88), ellipsize(note, MIN_TEXT, width - 74), MIN_TEXT, False, MUTED)


def alliance_box(pen: Pen, x: int, width: int, index: int, members: tuple[str, ...], names: dict[str, str]) -> None:
    """One of the four alliance areas: its marking planes, and in words who may use which NPA."""
    pen.draw.rectangle((x, 0, x + width - 1, STRIP_HEIGHT - 1), fill=PANEL if members else PAPER, outline=LINE, width=2)
    pen.text((x + 10, 22), f"Alliance {index + 1}", MIN_TEXT, True, INK if members else MUTED)
    draw_planes(pen, x + 10 + text_width(f"Alliance {index + 1}", MIN_TEXT, True) + 10, 22, members, MINI, 3)
    if not members:
        pen.text((x + 10, 64), "empty", MIN_TEXT, False, MUTED)
        return
    people = [names.get(c, colour_word(c)) for c in members if c not in NPA]
    npas = [c for c in members if c in NPA]
    words = f"{' & '.join(people) or 'nobody'}: {', '.join(npas) or 'no NPA'}"
    lines, size = wrap_fit(words, width - 20, 2, (MIN_TEXT,))
    for row, line in enumerate(lines):
        pen.text((x + 10, 58 + row * 28), line, size)


# -- events ----------------------------------------------------------------------------------------
def events_height(lines: int) -> int:
    return EVENTS_TOP + max(1, lines) * EVENT_LINE + 10


def lines_room(height: int) -> int:
    """How many event lines a panel `height` px tall holds."""
    return (height - EVENTS_TOP - 10) // EVENT_LINE


def event_lines(events: tuple[str, ...], room: int, most: int = MAX_EVENT_LINES) -> list[tuple[str, bool]]:
    """The newest events last, wrapped, at most `most` lines (the oldest give way); the newest is bold."""
    found: list[tuple[str, bool]] = []
    for index, event in enumerate(events):
        newest = index == len(events) - 1
        lines, _ = wrap_fit(event, room, 3, (24,), bold=newest)
        found += [(line, newest) for line in lines]
    return found[-most:]


# What the panel says when the last choice wrote no event: before the first move, and after a choice that only
# picked an icon or a plane (keyed by whether the game has started).
QUIET = {False: "Nothing yet: the game begins", True: "Nothing has moved since the last choice"}


@cached(maxsize=32)
def events_panel(size: tuple[int, int], events: tuple[str, ...], started: bool = True) -> Image.Image:
    """The last action's events, as many lines as the panel holds."""
    width, height = size
    lines = event_lines(events, width - 2 * PAD, lines_room(height))
    pen = PALETTE.pen(size, PANEL)
    pen.draw.rectangle((0, 0, width - 1, height - 1), outline=LINE, width=2)
    pen.text((PAD, 22), "What happened (newest last)", MIN_TEXT, True, MUTED)
    if not lines:  # a choice that moves nothing yet (an icon, a plane) has no events of its own
        pen.text((PAD, EVENTS_TOP + EVENT_LINE // 2), QUIET[started], 24, False, MUTED)
    for row, (line, newest) in enumerate(lines):
        pen.text((PAD, EVENTS_TOP + row * EVENT_LINE + EVENT_LINE // 2), line, 24, newest, INK)
    return PALETTE.convert(pen.image)


# -- the legend --------------------------------------------------------------------------------------
LEGEND_HEIGHT = 84


@cached(maxsize=2)
def legend(width: int) -> Image.Image:
    """A key for first-time players and for anyone who cannot tell the colours apart."""
    pen = PALETTE.pen((width, LEGEND_HEIGHT), PAPER)
    middle = 20
    x = draw_planes(pen, 0, middle, ("red", "yellow", "green", "blue"), MINI, 3)
    pen.text((x + 4, middle), "players' planes", MIN_TEXT)
    x += text_width("players' planes", MIN_TEXT) + 30
    x = draw_planes(pen, x, middle, ("black", "white", "purple"), MINI, 3)
    pen.text((x + 4, middle), "NPA planes: K black, W white, P purple", MIN_TEXT)
    x += text_width("NPA planes: K black, W white, P purple", MIN_TEXT) + 30
    pen.text((x, middle), "01 leaves first; 02, 03 wait", MIN_TEXT)
    middle = 60
    box = (0, middle - 15, 46, middle + 15)
    pen.draw.rectangle(box, fill=plane_fill("black"), outline=INK, width=2)
    pen.centered(box, f"1 {plane_letter('black')}", MIN_TEXT, True, WHITE)
    x = box[2] + 8
    pen.text((x, middle), "flight 1 this turn, black plane", MIN_TEXT)
    x += text_width("flight 1 this turn, black plane", MIN_TEXT) + 30
    x = draw_marker(pen, x, middle, "red") + 8
    pen.text((x, middle), "marker placed; the card's other icons unusable", MIN_TEXT)
    x += text_width("marker placed; the card's other icons unusable", MIN_TEXT) + 30
    x = draw_tag(pen, x, middle, "★ R special", plane_fill("red")) + 8
    pen.text((x, middle), "special airport", MIN_TEXT)
    return PALETTE.convert(pen.image)
