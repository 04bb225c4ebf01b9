"""Helpers for the Airships renderer tests: fresh caches, decoded PNGs, a log of what is drawn, views to draw."""

from __future__ import annotations

import copy
import functools
from typing import Any

import pytest

from engine.view import to_json

from renderers import common
from renderers.airships import render as airships
from renderers.airships import cards as airships_cards
from renderers.airships import header as airships_header
from renderers.airships import marks as airships_marks
from renderers.airships import panels as airships_panels
from renderers.airships import throw as airships_throw
from tests.renderers import drawing
from tests.renderers.airships_views import end_view, mid_view, start_view
from tests.renderers.drawing import open_png  # noqa: F401  # open_png: re-exported for the Airships render tests
from engine.platform.wording import tableless

VIEWS = {"start": start_view, "mid": mid_view, "end": end_view}
MODULES = (common, airships_marks, airships_cards, airships_panels, airships_throw, airships_header, airships)


def clear_caches() -> None:
    """Forget every cached piece of this game's renderer, so a test sees what a fresh process would draw."""
    drawing.clear_caches(MODULES)


class TextLog:
    """Every run of text drawn and every die pasted, with whether it lies wholly inside its piece."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, int, bool]] = []  # text, size, inside its piece
        self.boxes: list[tuple[str, tuple[int, int, int, int]]] = []  # text and its ink's box on its piece
        self.dice: list[tuple[int, bool]] = []  # size, inside its piece
        self.dice_boxes: list[tuple[int, int, int, int]] = []  # each die's box on its piece
        text, draw_die = common.Pen.text, airships_cards.draw_die
        log = self

        def logged_text(pen: common.Pen, xy: tuple[float, float], words: str, size: int, bold: bool = False,
                        fill: common.RGB = common.INK, anchor: str = "lm") -> None:
            if words:
                left, top, right, bottom = common.font(size, bold).getbbox(words, anchor=anchor)
                x, y = int(round(xy[0])), int(round(xy[1]))
                inside = x + left >= 0 and y + top >= 0 and x + right <= pen.image.width and y + bottom <= pen.image.height
                log.texts.append((words, size, inside))
                log.boxes.append((words, (x + left, y + top, x + right, y + bottom)))
            text(pen, xy, words, size, bold, fill, anchor)

        def logged_die(pen: common.Pen, x: int, y: int, size: int, *args: Any, **kwargs: Any) -> None:
            log.dice.append((size, x >= 0 and y >= 0 and x + size <= pen.image.width and y + size <= pen.image.height))
            log.dice_boxes.append((x, y, x + size, y + size))
            draw_die(pen, x, y, size, *args, **kwargs)

        monkeypatch.setattr(common.Pen, "text", logged_text)
        monkeypatch.setattr(airships, "encode_board", lambda image: b"")  # only the drawing is looked at
        for module in MODULES:
            if hasattr(module, "draw_die"):
                monkeypatch.setattr(module, "draw_die", logged_die)


def engine_views(players: int, seed: int) -> list[dict[str, Any]]:
    """Every position of one random game, as the views' JSON (engine.view.to_json), in deep copies, so a test may
    change them as it changes the hand-written views."""
    pytest.importorskip("engine")
    pytest.importorskip("engine.cli.simulate")
    return copy.deepcopy(_engine_views(players, seed))


@functools.lru_cache(maxsize=8)
def _engine_views(players: int, seed: int) -> list[dict[str, Any]]:
    import engine
    from engine.cli import simulate

    game = engine.get_game("airships")
    views: list[dict[str, Any]] = []
    simulate.play_random(game, players, seed=seed,
                         on_move=lambda state, seat, action: views.append(to_json(tableless(game.sentences, game.view(state, None)))))
    return views


def drawn_views() -> list[dict[str, Any]]:
    """The hand-written views, with long names, and every position of a real 4-player game."""
    long_names = mid_view()
    long_names["seat_names"] = ["Bartholomew Featherstonehaugh-Smythe"] * 3
    return [make() for make in VIEWS.values()] + [long_names] + engine_views(4, seed=3)
