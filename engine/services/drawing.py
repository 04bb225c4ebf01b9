"""The drawing the services are handed, and the bounded pool of workers (threads or processes) it draws in."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, Protocol, TypeVar

import engine
from engine.platform.wording import tableless
from engine.view import CommonView
from engine.services.workers import exit_with_parent, give_back_memory, nothing, spawned, worker_pids

log = logging.getLogger("engine.service")
T = TypeVar("T")
# Every this many pictures a drawing process gives its heap's free pages back: the pieces its caches let go leave
# them scattered, and glibc keeps them. Measured at the scale benchmark's burst: see docs/scale.md, "Memory".
TRIM_EVERY = 20
THREADS = 2  # drawing threads when no processes are asked for: Pillow holds the GIL for much of a board anyway


class Drawing(Protocol):
    """What bot.py hands the services (renderers.drawing.PillowDrawing); the engine never imports a renderer."""

    def board(self, slug: str, view: CommonView) -> bytes:
        """PNG bytes of a game's public view (its typed view, as engine.views has it)."""
        ...

    def leaderboard(self, title: str, rows: Sequence[Mapping[str, object]], rated: int) -> bytes:
        """PNG bytes of a server's leaderboard for one game."""
        ...

    def standings(self, title: str, subtitle: str, rows: Sequence[Mapping[str, object]]) -> bytes:
        """PNG bytes of a league season's standings."""
        ...

    def stats(self, chart: Mapping[str, Any]) -> bytes:
        """PNG bytes of a game's wins by seat position (engine.platform.stats.plain_chart gives the data)."""
        ...

    def animation(self, frames: Sequence[bytes], *, limit: int) -> bytes | None:
        """A GIF of these PNG frames within `limit` bytes; None when even the smallest is over it."""
        ...

    def shown_name(self, name: str, fallback: str) -> str:
        """A player's name as the board and every message show it (`fallback` stands in for what the font lacks)."""
        ...


Job = Callable[[Drawing], T]  # what a worker does with its drawing; in processes it must pickle (partial, a def)


class DrawingPool:
    """Every picture the services ask for is drawn here, by at most `processes` workers (threads when 0).

    Bounded, so a burst of moves queues its boards instead of starting a thread each; in processes, so drawing
    never holds this process's GIL while a move is being checked and committed. Each job is one picture of one
    game, taken in order: a move waits for its own board and for those asked for before it, only while every
    worker is busy."""

    def __init__(self, drawing: Drawing | None, *, processes: int = 0) -> None:
        self.drawing = drawing
        self.processes = processes
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            drawing = self.drawing
            assert drawing is not None, "a pool with no drawing has no workers"
            if self.processes > 0:
                # Each worker builds its own drawing from a pickled copy and warms it before its first job.
                self._executor = spawned(self.processes, _start_worker, (drawing, samples()))
            else:
                self._executor = ThreadPoolExecutor(THREADS, thread_name_prefix="drawing")
        return self._executor

    def start(self) -> None:
        """Start the drawing processes now, each drawing a board of every game once, so the first move's board
        waits neither for a process to start nor for the fonts and fixed artwork to load (about 80 ms a game).
        Threads start with their first picture (a machine of one core: the warm-up would slow the start)."""
        if self.drawing is not None and self.processes > 0:
            for _ in range(self.processes):
                self._pool().submit(nothing)  # each submit with no idle worker starts one; it warms as it starts

    async def warmed(self) -> None:
        """Start the workers and wait until each has warmed up (a benchmark measures a bot that is running)."""
        if self.drawing is not None and self.processes > 0:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(self._pool(), nothing) for _ in range(self.processes)))

    async def run(self, what: str, job: Job[T]) -> T | None:
        """`job(drawing)` in a worker; a drawing bug (or a worker that died) is logged and costs only the picture,
        never what it shows. None for services handed no drawing (tools, benchmarks): they show no pictures."""
        if self.drawing is None:
            return None
        loop = asyncio.get_running_loop()
        pool = self._pool()
        try:
            if self.processes > 0:
                return await loop.run_in_executor(pool, _in_worker, job)
            return await loop.run_in_executor(pool, job, self.drawing)
        except BrokenProcessPool:
            log.exception("a drawing process died drawing %s; the pool starts anew", what)
            if self._executor is pool:  # not a new pool that another picture, failed before this one, started
                self.close()
            return None
        except Exception:
            log.exception("could not draw %s", what)
            return None

    async def draw(self, what: str, method: str, *args: Any) -> bytes | None:
        """One of the drawing's own PNG pictures, by its method's name: `draw("...", "board", slug, view)`."""
        drawn: bytes | None = await self.run(what, partial(_call, method, args))
        return drawn

    def pids(self) -> tuple[int, ...]:
        """The drawing processes' ids (none in threads)."""
        return worker_pids(self._executor)

    def close(self) -> None:
        """Stop the workers (a job under way is dropped); the next picture starts new ones."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


def samples() -> list[tuple[str, CommonView]]:
    """A board of every game to warm a drawing worker with: the public view of a two-player game's setup."""
    boards = []
    for slug in engine.list_games():
        game = engine.get_game(slug)
        boards.append((slug, tableless(game.sentences, game.view(game.setup(2, 0, {}), None))))
    return boards


# -- in a drawing process -------------------------------------------------------------------------------------

_worker_drawing: Drawing | None = None  # each drawing process's own copy of the drawing it was started with
_jobs = 0  # pictures this drawing process has drawn


def _start_worker(drawing: Drawing, boards: list[tuple[str, CommonView]]) -> None:
    global _worker_drawing
    _worker_drawing = drawing
    exit_with_parent()
    for slug, view in boards:
        try:
            drawing.board(slug, view)
        except Exception:  # only a warm-up: the real board, if it fails too, is logged where it is asked for
            log.debug("could not warm the %s renderer", slug, exc_info=True)


def _in_worker(job: Job[T]) -> T:
    assert _worker_drawing is not None, "a drawing process runs _start_worker first"
    global _jobs
    try:
        return job(_worker_drawing)
    finally:
        _jobs += 1
        if _jobs % TRIM_EVERY == 0:
            give_back_memory()


def _call(method: str, args: tuple[Any, ...], drawing: Drawing) -> Any:
    return getattr(drawing, method)(*args)
