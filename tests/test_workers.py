"""The bot's worker processes (drawing, thinking) end with it, even when it is killed outright."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

KILLED_PARENT = """
import asyncio, os, signal
from engine.services.drawing import DrawingPool
from engine.services.thinking import ThinkingPool
from renderers.drawing import PillowDrawing

async def main():
    if {drawing}:
        pool = DrawingPool(PillowDrawing(), processes=2)
        await pool.warmed()
    else:
        pool = ThinkingPool(2)
        pool.start()
        pool._executor.submit(int).result()
    children = [p.pid for p in pool._executor._processes.values()]
    print(*children, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # no clean-up of any kind

asyncio.run(main())
"""


@pytest.mark.slow
@pytest.mark.parametrize("drawing", [True, False], ids=["drawing", "thinking"])
def test_the_worker_processes_end_when_the_bot_is_killed_outright(drawing: bool) -> None:
    done = subprocess.run([sys.executable, "-c", KILLED_PARENT.format(drawing=drawing)],
                          cwd=Path(__file__).resolve().parents[1],
                          capture_output=True, text=True, timeout=60)  # returns: nothing holds its output open
    children = [int(pid) for pid in done.stdout.split()]
    assert done.returncode == -signal.SIGKILL and len(children) == 2, done.stderr
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(Path(f"/proc/{pid}").exists() for pid in children)
