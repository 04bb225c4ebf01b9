"""A data pack's trial games, played in a process of their own under a CPU-time and memory limit: no pack, however
heavy its cards, holds up the bot or the other servers."""

from __future__ import annotations

import asyncio
import logging
import resource
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import engine
from engine.platform import packs
from engine.rules.packs import PackError
from engine.services.drawing import Drawing
from engine.services.workers import exit_with_parent, spawned

log = logging.getLogger("engine.service")
CPU_SECONDS = 20  # a trial's CPU time; a normal pack's takes about 2 s (every player count, two games each)
MEMORY = 2**30  # the trial process's address space: the rules, the renderers and their fonts take about 250 MB
WAIT = 60.0  # seconds on the clock for one trial (uploads wait their turn before theirs begins)
TRIALS_PER_PROCESS = 20  # then a fresh process: each trial leaves its pack's cards in the one it ran in
TOO_LONG = "The pack's trial games took too long or needed too much memory."
WAITING_MAX = 8  # trials waiting their turn, all servers together: past that an upload is asked to come back
BUSY = "The packs of other servers are being tried: upload it again in a minute."
ONE_AT_A_TIME = "This server's last upload is still being tried: wait for its answer, then upload again."


class TrialBusy(PackError):
    """An upload not tried at all, for now: its server's last one is still waiting, or the queue is full."""


class TrialPool:
    """One worker process that checks uploaded packs, one at a time, each under CPU_SECONDS of CPU time (past it,
    the kernel ends the process) and MEMORY of address space (past it, a MemoryError refuses the pack)."""

    def __init__(self, drawing: Drawing | None) -> None:
        self.drawing = drawing
        self._executor: ProcessPoolExecutor | None = None
        self._turn = asyncio.Lock()  # one trial at a time: the worker's clock starts when its trial does
        self._waiting: set[int] = set()  # the servers with an upload waiting or being tried: one each

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = spawned(1, _start_worker, (self.drawing, MEMORY), max_tasks=TRIALS_PER_PROCESS)
        return self._executor

    async def check(self, slug: str, data: bytes, server: int = 0) -> packs.Checked:
        """Every check of a pack (packs.check), its trial games' boards drawn; PackError names what is wrong,
        and a trial past its limits is refused in plain words (TOO_LONG). Each server has one upload in the
        queue at most, and the queue WAITING_MAX (TrialBusy): one server's uploads never keep the others' waiting
        for more than one trial each."""
        if server in self._waiting:
            raise TrialBusy(ONE_AT_A_TIME)
        if len(self._waiting) >= WAITING_MAX:
            raise TrialBusy(BUSY)
        self._waiting.add(server)
        try:
            async with self._turn:
                return await self._check(slug, data)
        finally:
            self._waiting.discard(server)

    async def _check(self, slug: str, data: bytes) -> packs.Checked:
        pool = self._pool()
        job = asyncio.get_running_loop().run_in_executor(pool, _check, slug, data, CPU_SECONDS)
        try:
            return await asyncio.wait_for(job, WAIT)
        except (BrokenProcessPool, TimeoutError, MemoryError):
            log.warning("a %s pack's trial games went past their limits", slug)
            if self._executor is pool:  # the process ended (or ends at its CPU limit): the next trial starts anew
                self.close()
            raise PackError(TOO_LONG) from None

    def close(self) -> None:
        """Stop the worker (a trial under way ends at its own CPU limit); the next upload starts a new one."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


# -- in the trial process --------------------------------------------------------------------------------------

_drawing: Drawing | None = None  # the trial process's own copy of the bot's drawing


def _start_worker(drawing: Drawing | None, memory: int) -> None:
    global _drawing
    _drawing = drawing
    exit_with_parent()
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))


def _check(slug: str, data: bytes, cpu_seconds: int) -> packs.Checked:
    # RLIMIT_CPU counts the process's whole life: this trial may use `cpu_seconds` more than the process has
    # (up to a second more: the limit is in whole seconds). At or below what it has used, the kernel ends it now.
    usage = resource.getrusage(resource.RUSAGE_SELF)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = int(usage.ru_utime + usage.ru_stime) + 1 + cpu_seconds
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))
    board = _drawing.board if _drawing is not None else None
    return packs.check(engine.get_game(slug), data, board)
