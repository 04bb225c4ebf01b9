"""The worker processes a strong AI seat and a hint think in: each stream of the look-ahead on a core of its own."""

from __future__ import annotations

import logging
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import engine
from engine.platform.thinking import Spread, Stream, Weighing, one_after_another
from engine.services.workers import exit_with_parent, nothing, spawned, worker_pids

log = logging.getLogger("engine.service")


class ThinkingPool:
    """The look-ahead's streams are weighed here, by `processes` workers at once (none: in the thinking thread,
    one after another). In processes, a strong seat's look-ahead holds neither this process's GIL, which answers
    every other game meanwhile, nor only one core: where its worlds are dear it weighs two streams at once.

    Each stream carries its own deadline on the clock every process reads alike, so a stream that waits for a
    busy worker has less time, never more."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = spawned(self.processes, _start_worker)
        return self._executor

    def start(self) -> None:
        """Start the workers now, so a first strong decision waits for none to start and load the games."""
        for _ in range(self.processes):
            self._pool().submit(nothing)

    def spread(self, slug: str) -> Spread | None:
        """What weighs a look-ahead's streams in this game: the workers, or None (the thinking thread)."""
        if self.processes <= 0:
            return None

        def weigh_at_once(streams: list[Stream]) -> list[list[Weighing]]:
            pool = self._pool()
            try:
                futures = [pool.submit(_weigh, slug, stream) for stream in streams]
                return [future.result() for future in futures]
            except BrokenProcessPool:
                # A worker that died costs its look-ahead the time left, never the decision: it is weighed here.
                log.exception("a thinking process died; the look-ahead is weighed in the bot's own process")
                if self._executor is pool:
                    self.close()
                return one_after_another(engine.get_game(slug), engine.get_ai(slug), streams, time.perf_counter)

        return weigh_at_once

    def pids(self) -> tuple[int, ...]:
        """The thinking processes' ids (none when it thinks in a thread)."""
        return worker_pids(self._executor)

    def close(self) -> None:
        """Stop the workers (a stream under way is dropped); the next look-ahead starts new ones."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


# -- in a thinking process -------------------------------------------------------------------------------------


def _start_worker() -> None:
    exit_with_parent()
    for slug in engine.list_games():  # each game's rules, data and AI loaded before the first stream
        engine.get_ai(slug)
        engine.get_game(slug)


def _weigh(slug: str, stream: Stream) -> list[Weighing]:
    return stream.weigh(engine.get_game(slug), engine.get_ai(slug), time.perf_counter)
