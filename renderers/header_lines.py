"""A board header's lines, shared by every game's renderer: runs of plain and bold words at one size, fitted to a width."""

from __future__ import annotations

from typing import NamedTuple

from renderers.common import INK, RGB, ellipsize, text_width

Run = tuple[str, bool]  # words and whether they are bold


class HeaderLine(NamedTuple):
    """One line of a header band: its runs of text, its size and its ink."""

    runs: tuple[Run, ...]
    size: int
    ink: RGB = INK

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.runs)


def runs_width(runs: tuple[Run, ...] | list[Run], size: int) -> int:
    return sum(text_width(text, size, bold) for text, bold in runs)


def fit(runs: list[Run], room: int, sizes: tuple[int, ...], squeeze: int | None = None, ink: RGB = INK) -> HeaderLine:
    """The runs at the largest of `sizes` at which they fit; else at the smallest, run `squeeze` ellipsized."""
    for size in sizes:
        if runs_width(runs, size) <= room:
            return HeaderLine(tuple(runs), size, ink)
    size = sizes[-1]
    if squeeze is not None and squeeze < len(runs):
        text, bold = runs[squeeze]
        left = room - runs_width([run for i, run in enumerate(runs) if i != squeeze], size)
        runs = [*runs[:squeeze], (ellipsize(text, size, max(left, 0), bold), bold), *runs[squeeze + 1:]]
    return HeaderLine(tuple(runs), size, ink)
