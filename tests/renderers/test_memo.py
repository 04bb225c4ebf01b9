"""The renderers' drawn pieces stay within one budget of bytes, least recently used out, and boards come out alike."""

from __future__ import annotations

import sys
import threading

import pytest
from PIL import Image

import renderers
from engine.services.drawing import samples
from renderers import common, memo
from renderers.memo import MB, Pieces, cached, weight


def square(side: int) -> Image.Image:
    return Image.new("RGB", (side, side), (1, 2, 3))


def test_a_piece_weighs_its_pixels_as_pillow_keeps_them() -> None:
    assert weight(square(100)) == 100 * 100 * 4 + memo.OVERHEAD  # RGB: 4 bytes a pixel
    assert weight(Image.new("L", (100, 10))) == 1000 + memo.OVERHEAD
    assert weight((Image.new("L", (10, 10)), (3, 4))) == 3 * memo.OVERHEAD + 100 + 2 * memo.SMALL


def test_pieces_stay_within_their_budget_the_least_recently_used_out() -> None:
    pieces = Pieces(budget_mb=1)
    drawn: list[int] = []

    @cached(maxsize=1000, pieces=pieces)
    def tile(n: int) -> Image.Image:
        drawn.append(n)
        return square(200)  # 160 KB: six fit in a megabyte

    for n in range(6):
        tile(n)
    tile(0)  # the first is used again: now the second is the least recent
    tile(6)
    assert pieces.used <= pieces.budget and len(pieces) == 6
    tile(0)
    tile(1)
    assert drawn == [0, 1, 2, 3, 4, 5, 6, 1]  # 0 stayed; 1 went and was drawn again


def test_each_function_keeps_at_most_its_own_count_and_too_large_a_piece_is_not_kept() -> None:
    pieces = Pieces(budget_mb=1)
    small = cached(maxsize=2, pieces=pieces)(lambda n: n)
    for n in range(5):
        small(n)
    assert len(pieces) == 2
    huge = cached(maxsize=2, pieces=pieces)(lambda: square(600))  # 1.4 MB, past the whole budget
    assert huge() is not huge()
    small.cache_clear()
    assert len(pieces) == 0 and pieces.used == 0


def test_threads_drawing_the_same_pieces_keep_the_count_right() -> None:
    pieces = Pieces(budget_mb=4)
    tile = cached(maxsize=1000, pieces=pieces)(lambda n: square(100))  # 40 KB: all fifty fit
    workers = [threading.Thread(target=lambda: [tile(n % 50) for n in range(500)]) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(pieces) == 50 and pieces.used == 50 * weight(square(100))


def test_every_game_draws_the_same_board_within_a_small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The renderers' caches of drawn pieces share the one budget (a drawing process grew to 250 MB without it)."""
    boards = samples()
    roomy = [renderers.render(slug, view) for slug, view in boards]
    assert isinstance(common._text_mask, memo.Cached)
    small = Pieces(budget_mb=0.5)
    monkeypatch.setattr(memo, "PIECES", small)
    drawing = [module for name, module in sys.modules.items() if name.partition(".")[0] == "renderers"]
    for module in drawing:  # every renderer module loaded, the games' packages' pieces too
        for value in vars(module).values():
            if isinstance(value, memo.Cached):
                monkeypatch.setattr(value, "pieces", small)
    tight = [renderers.render(slug, view) for slug, view in boards]
    assert tight == roomy
    assert 0 < small.used <= 0.5 * MB
