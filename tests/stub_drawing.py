"""Drawing for tests: the real pictures, except boards, which a test may draw its own way (a 1x1 PNG, or a failure)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.view import CommonView, to_json
from renderers.drawing import PillowDrawing

Renderer = Callable[[str, dict[str, Any]], bytes]  # given the view's JSON (engine.view.to_json), as docs/*-view.md show it


class StubDrawing(PillowDrawing):
    """PillowDrawing with the board drawn by `board` (None: the real board)."""

    def __init__(self, board: Renderer | None = None) -> None:
        self._board = board

    def board(self, slug: str, view: CommonView) -> bytes:
        return self._board(slug, to_json(view)) if self._board is not None else super().board(slug, view)

    def __reduce__(self) -> tuple[type[StubDrawing], tuple[()]]:
        # A test's board is often a closure that records what it drew; in another process (a pack's trial games)
        # the stub draws the real board, which is what a trial must check.
        return StubDrawing, ()


def stub_drawing(board: Renderer | None = None) -> StubDrawing:
    return StubDrawing(board)
