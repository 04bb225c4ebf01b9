"""The drawing pool: every picture drawn by a bounded set of workers, processes on several cores, none lost to a bug."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import engine
import renderers
from engine.services.drawing import THREADS, DrawingPool, samples
from engine.services.workers import default_drawing_processes, default_processes
from renderers.drawing import PillowDrawing
from settings import SettingsError, load_settings


class Recording(PillowDrawing):
    """Pillow's drawing, which also keeps the games it drew and can say which process and thread it runs in.

    A module-level class, so a drawing process can unpickle it (as it does the bot's PillowDrawing)."""

    def __init__(self) -> None:
        self.drawn: list[str] = []

    def board(self, slug: str, view: Mapping[str, Any]) -> bytes:
        self.drawn.append(slug)
        return super().board(slug, view)

    def where(self) -> tuple[int, int, list[str]]:
        return os.getpid(), threading.get_ident(), list(self.drawn)

    def waiting_for(self, path: str) -> str:
        """Stands for a long drawing: returns once `path` exists (at most 10 s)."""
        deadline = time.monotonic() + 10
        while not Path(path).exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        return "drawn" if Path(path).exists() else "gave up"

    def failing(self) -> bytes:
        raise RuntimeError("a renderer bug")

    def dying(self) -> bytes:
        os._exit(3)  # a worker process killed mid-drawing (out of memory, a crash in a C library)


def a_board() -> tuple[str, dict[str, Any]]:
    slug, view = samples()[0]
    return slug, view


async def test_threads_draw_off_the_event_loop_and_the_same_board_as_the_renderer() -> None:
    pool = DrawingPool(Recording())
    try:
        slug, view = a_board()
        assert await pool.draw("a board", "board", slug, view) == renderers.render(slug, view)
        pid, thread, _ = await pool.draw("where", "where")
        assert pid == os.getpid() and thread != threading.get_ident()
    finally:
        pool.close()


async def test_without_a_drawing_nothing_is_drawn_and_no_worker_starts() -> None:
    pool = DrawingPool(None, processes=2)
    pool.start()
    assert await pool.draw("a board", "board", *a_board()) is None
    assert pool._executor is None


async def test_a_drawing_bug_costs_only_that_picture(caplog: pytest.LogCaptureFixture) -> None:
    pool = DrawingPool(Recording())
    try:
        with caplog.at_level(logging.ERROR, "engine.service"):
            assert await pool.draw("game 7 at version 3", "failing") is None
        assert "could not draw game 7 at version 3" in caplog.text and "a renderer bug" in caplog.text
        assert await pool.draw("a board", "board", *a_board()) is not None
    finally:
        pool.close()


async def test_the_threads_are_bounded_however_many_pictures_wait() -> None:
    pool = DrawingPool(Recording())
    try:
        found = await asyncio.gather(*(pool.draw("where", "where") for _ in range(20)))
        assert len({thread for _, thread, _ in found}) <= THREADS
    finally:
        pool.close()


@pytest.mark.slow
async def test_processes_draw_the_same_board_each_warmed_with_every_game_first() -> None:
    pool = DrawingPool(Recording(), processes=2)
    try:
        pool.start()
        slug, view = a_board()
        assert await pool.draw("a board", "board", slug, view) == renderers.render(slug, view)
        await pool.warmed()
        found = await asyncio.gather(*(pool.draw("where", "where") for _ in range(6)))
        pids = {pid for pid, _, _ in found}
        assert os.getpid() not in pids and 1 <= len(pids) <= 2
        for _, _, drawn in found:
            assert drawn[:3] == engine.list_games()  # the warm-up came before any picture asked for
    finally:
        pool.close()


@pytest.mark.slow
async def test_a_board_never_waits_for_another_games_drawing(tmp_path: Path) -> None:
    pool = DrawingPool(Recording(), processes=2)
    try:
        await pool.warmed()
        done = tmp_path / "done"
        long = asyncio.create_task(pool.draw("game 1", "waiting_for", str(done)))
        await asyncio.sleep(0.2)  # the long one has a worker now
        assert not long.done()
        # If the second board queued behind the first, it would wait for the file that only comes after it.
        assert await asyncio.wait_for(pool.draw("game 2", "board", *a_board()), 8) is not None
        assert not long.done()
        done.touch()
        assert await long == "drawn"
    finally:
        pool.close()


@pytest.mark.slow
async def test_a_drawing_process_that_dies_costs_one_picture_and_the_pool_starts_anew(
        caplog: pytest.LogCaptureFixture) -> None:
    pool = DrawingPool(Recording(), processes=1)
    try:
        with caplog.at_level(logging.ERROR, "engine.service"):
            assert await pool.draw("game 9 at version 4", "dying") is None
        assert "a drawing process died drawing game 9 at version 4" in caplog.text
        assert await pool.draw("a board", "board", *a_board()) is not None
    finally:
        pool.close()


def test_the_drawing_processes_are_a_setting_one_per_two_cores_by_default(tmp_path: Path) -> None:
    cores = len(os.sched_getaffinity(0))
    assert default_processes() == (cores if cores >= 2 else 0)
    assert default_drawing_processes() == (max(1, cores // 2) if cores >= 2 else 0)
    assert load_settings(tmp_path / "none.env", {}).drawing_processes == default_drawing_processes()
    assert load_settings(tmp_path / "none.env", {"DRAWING_PROCESSES": " 0 "}).drawing_processes == 0
    assert load_settings(tmp_path / "none.env", {"DRAWING_PROCESSES": "3"}).drawing_processes == 3
    for bad in ("-1", "two", "1.5", "33", "²"):
        with pytest.raises(SettingsError, match="^DRAWING_PROCESSES must be a whole number from 0 "):
            load_settings(tmp_path / "none.env", {"DRAWING_PROCESSES": bad})


def test_a_drawing_process_gives_its_free_memory_back_every_few_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pieces its caches let go leave free pages scattered through the heap, which glibc keeps: measured at the
    scale benchmark's burst, giving them back took the drawing process from 245 to 216 MB."""
    from engine.services import drawing

    trims: list[int] = []
    monkeypatch.setattr(drawing, "_worker_drawing", Recording())
    monkeypatch.setattr(drawing, "give_back_memory", lambda: trims.append(len(trims)))
    for _ in range(drawing.TRIM_EVERY * 2 + 1):
        drawing._in_worker(lambda drawn: None)
    assert len(trims) == 2


def test_giving_back_memory_returns_the_heaps_free_pages() -> None:
    from engine.services.workers import give_back_memory

    def resident_kb() -> int:
        return int(next(line for line in Path("/proc/self/status").read_text().splitlines()
                        if line.startswith("VmRSS")).split()[1])

    give_back_memory()
    blocks = [bytes(32 * 1024) for _ in range(1000)]  # 32 MB in the heap, below glibc's own mapping threshold
    kept = blocks[::50]  # a few stay, so the heap cannot simply shrink from its top
    del blocks
    before = resident_kb()
    give_back_memory()
    assert before - resident_kb() > 16 * 1024
    assert len(kept) == 20
