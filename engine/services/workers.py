"""Worker processes of the bot's own (drawing, thinking): how they start, and how they end with the bot."""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any


def default_processes() -> int:
    """Worker processes when the admin names none: one per core where there are several, else none (threads)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores if cores >= 2 else 0


def default_drawing_processes() -> int:
    """Drawing processes when the admin names none: one per two cores (at least one) where there are several.
    Measured at the scale benchmark's burst on 2 cores: one drawing process keeps the moves/s of two (the bot
    and the thinking share the cores anyway) and holds one copy of the renderers' pieces instead of two."""
    cores = default_processes()
    return max(1, cores // 2) if cores else 0


def spawned(processes: int, initializer: Callable[..., None], initargs: tuple[Any, ...] = (), *,
            max_tasks: int | None = None) -> ProcessPoolExecutor:
    """A pool of `processes` workers, each started by `initializer(*initargs)` (and replaced after `max_tasks` jobs).

    Spawned, not forked: the bot's process has threads (the database's, discord.py's) a fork would copy mid-step.
    (Forked from a fork server that had imported the renderers, they shared 5 MB in all at the scale benchmark's
    burst, and the bot's start waited two seconds for that server's imports: not worth it.)"""
    return ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"),
                               initializer=initializer, initargs=initargs, max_tasks_per_child=max_tasks)


def worker_pids(executor: Executor | None) -> tuple[int, ...]:
    """The process ids of a pool's workers now (none for threads, or a pool not started): what a benchmark weighs."""
    processes = getattr(executor, "_processes", None)  # ProcessPoolExecutor's own map of its live workers
    return tuple(sorted(processes or ()))


def give_back_memory() -> None:
    """Return the heap's free pages to the system: glibc's malloc_trim (nothing where the C library has none)."""
    import ctypes  # here, not at the top: only the drawing processes trim

    trim = getattr(ctypes.CDLL(None), "malloc_trim", None)  # the process's own symbols, the C library's among them
    if trim is not None:
        trim(0)


def exit_with_parent() -> None:
    """End this worker when the process that started it ends. A worker holds both ends of its job queue, so it
    never sees its parent go: a bot killed outright (SIGKILL, out of memory) would leave it running for good,
    holding the bot's output open. A thread watches."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), name="parent-watch", daemon=True).start()


def _exit_with(parent: Any) -> None:
    parent.join()
    os._exit(0)


def nothing() -> None:
    """A job that only makes a pool start its workers."""
