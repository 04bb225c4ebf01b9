"""The command and click bodies running now, so that a shutdown lets them finish before the database closes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# How long a shutdown waits for the moves in flight: under the 10 s `docker compose stop` allows before it kills,
# and far over what a move takes (an AI seat's chain after it may be cut; the next start plays it on).
DRAIN_SECONDS = 8.0


class InFlight:
    """The bodies in flight: a task is counted for as long as its body runs."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[Any]] = set()

    def __len__(self) -> int:
        return len(self._running)

    @contextmanager
    def body(self) -> Iterator[None]:
        """Count the running task as a body in flight for as long as the block runs."""
        task = asyncio.current_task()
        if task is None:  # not in a task: nothing a shutdown could wait for
            yield
            return
        self._running.add(task)
        try:
            yield
        finally:
            self._running.discard(task)

    async def drain(self, seconds: float | None = None) -> int:
        """Wait up to `seconds` (DRAIN_SECONDS) for the bodies in flight, those begun meanwhile too (the gateway
        is still open, and a click then is played like any other), then cancel the rest (each rolls back what it
        was writing) and wait for them: how many were cut short."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (DRAIN_SECONDS if seconds is None else seconds)
        me = asyncio.current_task()  # a body that closes the bot cannot wait for itself
        while (running := self._running - {me}) and (left := deadline - loop.time()) > 0:
            await asyncio.wait(running, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        late = self._running - {me}
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        return len(late)
