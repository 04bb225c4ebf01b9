"""Airships card marks: which card is being thrown for, which was just turned over, which the player to act can throw for."""

from __future__ import annotations

from collections.abc import Sequence

from renderers.common import BLUE, BLUISH_GREEN, INK, MIN_TEXT, RGB, Pen, ink_on, text_width

CHOSEN = "chosen"  # the card the current player declared they throw for
NEW = "new"  # the expansion card turned over at the start of this go
CAN_THROW = "can throw"  # the player to act has the dice for it
MARK_ORDER = (CHOSEN, NEW, CAN_THROW)
Marks = tuple[str, ...]  # a card's marks, in MARK_ORDER: part of a tile's cache key

# Every mark is a word or a sign as well as a colour, so it reads without the colour.
TAG_FILL: dict[str, RGB] = {CHOSEN: INK, NEW: BLUE}  # words in a box; the chosen card also gets a thick frame
TAG_HEIGHT = 28
TAG_PAD = 7  # text to the tag's edge
CHOSEN_FRAME = 5  # outside the card's own border, which keeps its department or back colour
CHECK = "✓"
CHECK_SIZE = 28  # the ✓ badge: a circle, where dice are squares, so the two are not mistaken
CHECK_FILL: RGB = BLUISH_GREEN  # the colour of a successful throw, on the board and in the header


def card_marks(chosen: str, revealed: str, throwable: Sequence[str]) -> dict[str, Marks]:
    """The marks of each marked card id ("": no card chosen or turned over); an id without marks is left out."""
    found: dict[str, list[str]] = {}
    if chosen:
        found.setdefault(chosen, []).append(CHOSEN)
    # The chosen card shows that alone: what the go is about now says more than 'new' or a ✓ beside it.
    if revealed and CHOSEN not in found.get(revealed, []):
        found.setdefault(revealed, []).append(NEW)
    for card_id in throwable:
        if CHOSEN not in found.get(card_id, []):
            found.setdefault(card_id, []).append(CAN_THROW)
    return {card_id: tuple(m for m in MARK_ORDER if m in marks) for card_id, marks in found.items()}


def tags(marks: Marks) -> list[str]:
    """The marks written as tags; 'can throw' is the small ✓ badge instead, as it is on many cards at once."""
    return [mark for mark in marks if mark in TAG_FILL]


def tag_width(mark: str) -> int:
    return text_width(mark, MIN_TEXT, True) + 2 * TAG_PAD


def tags_width(marks: Marks, gap: int = 6) -> int:
    """The room the tags take on a line, with the gap before them; 0 without tags."""
    return sum(tag_width(mark) + gap for mark in tags(marks))


def draw_tag(pen: Pen, x: int, middle: int, mark: str) -> int:
    """A tag ('chosen', 'new') with its left edge at x; returns its right edge."""
    fill = TAG_FILL[mark]
    box = (x, middle - TAG_HEIGHT // 2, x + tag_width(mark), middle + TAG_HEIGHT // 2)
    pen.draw.rounded_rectangle(box, radius=6, fill=fill)
    pen.centered(box, mark, MIN_TEXT, True, ink_on(fill))
    return box[2]


def draw_tags(pen: Pen, x: int, middle: int, marks: Marks, gap: int = 6) -> int:
    """The card's tags left to right from x; returns the x after the last."""
    for mark in tags(marks):
        x = draw_tag(pen, x, middle, mark) + gap
    return x


def draw_check(pen: Pen, x: int, middle: int, size: int = CHECK_SIZE) -> int:
    """The ✓ badge with its left edge at x; returns its right edge."""
    box = (x, middle - size // 2, x + size, middle + size // 2)
    pen.draw.ellipse(box, fill=CHECK_FILL, outline=INK, width=2)
    pen.centered(box, CHECK, MIN_TEXT, True, ink_on(CHECK_FILL))
    return box[2]


def check_room(marks: Marks) -> int:
    """The room the ✓ badge and its gap take before a card's score needed."""
    return CHECK_SIZE + 6 if CAN_THROW in marks else 0


def draw_chosen_frame(pen: Pen, box: tuple[int, int, int, int]) -> None:
    """The thick dark frame around the chosen card; the tag says the same in words."""
    pen.draw.rectangle(box, outline=INK, width=CHOSEN_FRAME)


LEGEND_WORDS = {  # what the legend says each mark means
    CAN_THROW: "the player to act has the dice",
    NEW: "turned over this go",
    CHOSEN: "being thrown for",
}


def draw_marks_legend(pen: Pen, x: int, middle: int) -> int:
    """The marks' key, on one line from x; returns the x after it."""
    x = draw_check(pen, x, middle) + 8
    pen.text((x, middle), LEGEND_WORDS[CAN_THROW], MIN_TEXT, False, INK)
    x += text_width(LEGEND_WORDS[CAN_THROW], MIN_TEXT) + 28
    for mark in (NEW, CHOSEN):
        x = draw_tag(pen, x, middle, mark) + 8
        pen.text((x, middle), LEGEND_WORDS[mark], MIN_TEXT, False, INK)
        x += text_width(LEGEND_WORDS[mark], MIN_TEXT) + 28
    return x

