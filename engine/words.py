"""Words every layer shares, pure: a count with the right plural, a run of move numbers."""

from __future__ import annotations


def count(number: int, word: str, plural: str = "") -> str:
    """'1 marker', '2 markers', '0 cards'; `plural` for a word that is not made by adding an s ('1 box', '2 boxes')."""
    return f"{number} {word if number == 1 else plural or word + 's'}"


def moves(first: int, last: int) -> str:
    """'move 65' or 'moves 63 to 65'."""
    return f"move {first}" if first == last else f"moves {first} to {last}"
