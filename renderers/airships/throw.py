"""Airships last throw: who threw for what, every die rolled, the bonuses and the verdict, in the side panel and the header."""

from __future__ import annotations

from renderers.memo import cached

from PIL import Image

from renderers.airships.cards import DEPARTMENT_NAME, PALETTE, draw_die
from renderers.airships.panels import LINE_STEP, PAD, SIDE_WIDTH, panel
from renderers.airships.table import DIE_COLOURS, CardRef, Throw
from renderers.common import BLUISH_GREEN, INK, MIN_TEXT, MUTED, RGB, VERMILLION, YELLOW, Pen, ellipsize, ink_on, wrap_lines

THROW_HEIGHT = 356
THROW_DIE = 44
MIN_THROW_DIE = 34  # an imaginary die this size still shows its number at MIN_TEXT
BONUS_WORDS = {"bonus chip": "chip", "wooden airship": "airship", "engine": "engine"}
VERDICT: dict[str, tuple[str, RGB]] = {  # a throw's result: a sign and a word as well as a colour
    "success": ("✓ success", BLUISH_GREEN),
    "failed": ("✗ failed", VERMILLION),
    "short": ("short: chip?", YELLOW),  # short, and its thrower may still add a bonus chip
}


def verdict(throw: Throw, pending: bool) -> str:
    """The key of the throw's VERDICT; `pending`: its thrower is still deciding on a bonus chip."""
    if throw.success:
        return "success"
    return "short" if pending else "failed"


@cached(maxsize=32)
def throw_panel(throw: Throw | None, names: tuple[str, ...], pending: bool) -> Image.Image:
    """Who threw for what, every die rolled (counted ones underlined), bonuses, and the verdict.

    `pending`: the throw fell short and its thrower is still deciding on a bonus chip.
    """
    pen = panel((SIDE_WIDTH, THROW_HEIGHT), "Last throw")
    if throw is None:
        pen.text((PAD, 62), "No throw yet.", MIN_TEXT, False, MUTED)
        return PALETTE.convert(pen.image)
    seat = throw.seat
    who = names[seat] if seat is not None and seat < len(names) else "?"
    inner = SIDE_WIDTH - 2 * PAD
    pen.text((PAD, 58), ellipsize(who, 24, inner, True), 24, True)
    y = 88  # the middle of the next line of text
    for line in wrap_lines(f"for {card_words(throw.card)}", MIN_TEXT, inner, 2):
        pen.text((PAD, y), line, MIN_TEXT)
        y += LINE_STEP
    if throw.exchange:
        pen.text((PAD, y), ellipsize(f"exchanged {throw.exchange}", MIN_TEXT, inner), MIN_TEXT, False, INK)
        y += LINE_STEP
    y = _draw_rolled(pen, y - 6, throw) + 14
    for line in wrap_lines(_sum_words(throw), MIN_TEXT, inner, 2):
        pen.text((PAD, y), line, MIN_TEXT)
        y += LINE_STEP
    _result_banner(pen, throw, THROW_HEIGHT - 58, pending)
    return PALETTE.convert(pen.image)


def card_words(card: CardRef, detail: bool = True) -> str:
    """What a throw is for: a card's name (and department), or a Hindenburg phase by the number on its tile."""
    if card.kind == "hindenburg":  # a phase's card id ends in its number: "hindenburg-2"
        number = card.number or (card.id or "?").rsplit("-", 1)[-1]
        return f"Hindenburg phase {number} ({card.name})" if detail else f"Hindenburg phase {number}"
    department, name = card.department, card.name or "?"
    if not detail:
        return name
    return f"{name} ({DEPARTMENT_NAME[department]})" if department in DEPARTMENT_NAME else name


def _draw_rolled(pen: Pen, y: int, throw: Throw) -> int:
    """Every die rolled, highest first per colour; the ones that count are underlined, the rest struck."""
    dice: list[tuple[str, int, bool, bool]] = []  # colour, value, imaginary, counts
    kept = [(k.colour, k.value) for k in throw.kept if not k.imaginary]
    for colour, rolled in zip(DIE_COLOURS, throw.rolled):
        for value in sorted(rolled, reverse=True):
            counts = (colour, value) in kept
            if counts:
                kept.remove((colour, value))
            dice.append((colour, value, False, counts))
    dice += [(k.colour, k.value, True, True) for k in throw.kept if k.imaginary]
    per_row, size, gap = _rolled_row(len(dice))
    for index, (colour, value, imaginary, counts) in enumerate(dice):
        x = PAD + (index % per_row) * (size + gap)
        top = y + (index // per_row) * (size + 12)
        draw_die(pen, x, top, size, colour, str(value), imaginary=imaginary, struck=not counts)
        if counts:
            pen.draw.rectangle((x + 4, top + size + 3, x + size - 5, top + size + 6), fill=INK)
    rows = max(1, -(-len(dice) // per_row))
    return y + rows * (size + 12) - 2


def _rolled_row(count: int) -> tuple[int, int, int]:
    """Dice per row, their size and the gap between them: one row if the dice stay big enough for their numbers."""
    room = SIDE_WIDTH - 2 * PAD
    rows = 1
    while True:
        per_row = max(1, -(-count // rows))
        gap = 6 if per_row <= 7 else 4 if per_row <= 9 else 2
        size = min(THROW_DIE, (room + gap) // per_row - gap)
        if size >= MIN_THROW_DIE or per_row == 1:
            return per_row, size, gap
        rows += 1


def _sum_words(throw: Throw) -> str:
    bonuses = [f"{BONUS_WORDS.get(b.source, b.source)} {b.amount}" for b in throw.bonuses]
    if not bonuses:
        return f"dice {throw.dice_total}, no bonus"
    return " + ".join([f"dice {throw.dice_total}", *bonuses]) + f" = {throw.total}"


def _result_banner(pen: Pen, throw: Throw, top: int, pending: bool) -> None:
    """The verdict in words and a sign as well as a colour; a short throw awaiting a chip is not yet a failure."""
    kind = verdict(throw, pending)
    total, target = throw.total, throw.target
    fill = VERDICT[kind][1]
    words = {"short": f"SHORT  {total} < {target}: chip?", "success": f"✓ SUCCESS   {total} ≥ {target}",
             "failed": f"✗ FAILED   {total} < {target}"}[kind]
    box = (PAD, top, SIDE_WIDTH - PAD, top + 46)
    pen.draw.rounded_rectangle(box, radius=8, fill=fill)
    pen.centered(box, words, 26, True, ink_on(fill))
