"""Words every layer shares, pure: a count with the right plural, a run of move numbers."""

from __future__ import annotations

from collections.abc import Sequence

def count(number: int, word: str, plural: str = "") -> str:
    """'1 marker', '2 markers', '0 cards'; `plural` for a word that is not made by adding an s ('1 box', '2 boxes')."""
    return f"{number} {word if number == 1 else plural or word + 's'}"


def moves(first: int, last: int) -> str:
    """'move 65' or 'moves 63 to 65'."""
    return f"move {first}" if first == last else f"moves {first} to {last}"


MONEY = ("$", "dollars")  # a score in money reads "$188", as the board and the rulebook write it


def score(points: int, unit: str) -> str:
    """A score in its game's unit: '$188' for money, '23,000 miles', '12 VP'."""
    return f"${points:,}" if unit in MONEY else f"{points:,} {unit}"


def score_order(points: int | None, seat: int) -> tuple[bool, int, int]:
    """Where a seat's score stands wherever scores are shown (the turn message, /game status, the web page, the
    boards): the highest first, equal scores in seat order, a seat without a score last. The one ranking."""
    return (points is None, -(points or 0), seat)


def ranked_seats(points: Sequence[int]) -> list[int]:
    """The seats in score_order: [2, 0, 1] for points [37, 28, 40]."""
    return sorted(range(len(points)), key=lambda seat: score_order(points[seat], seat))


def joined(items: Sequence[str]) -> str:
    """'ann', 'ann and bob', 'ann, bob and cy'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}" if items else ""
