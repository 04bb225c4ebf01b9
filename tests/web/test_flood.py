"""One client's flood cannot take the pages from anyone else: 2,000 connections from 127.0.0.2, idle and streaming, at
`python -m web` under a file limit of 1,024, while a visitor from 127.0.0.1 still gets its page at once."""

from __future__ import annotations

import asyncio
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from engine.services import Services
from tests.web.conftest import PUBLIC_URL, site
from tests.web.playing import game_path, started
from tests.web.test_server import ROOT, free_port

FLOOD = 2000  # connections from the one address, half of them live streams
FILE_LIMIT = 1024  # what systemd gives a service unless told otherwise
ATTACKER, VISITOR = "127.0.0.2", "127.0.0.1"
VISITS, PAGE_SECONDS = 5, 0.2
MAX_LOG_LINES = 100


def limited_files() -> None:
    """In the server's process before it starts: the file limit a default systemd unit leaves."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, FILE_LIMIT))


def enough_files_here() -> None:
    """The test holds every flood socket itself: raise its own soft limit, or skip saying why it cannot."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = FLOOD + 200
    if hard != resource.RLIM_INFINITY and hard < need:
        pytest.skip(f"the flood needs {need} open files in the test process; this machine's hard limit is {hard}")
    if soft != resource.RLIM_INFINITY and soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


async def opened(port: int, request: bytes) -> socket.socket | None:
    """One flood connection from ATTACKER, sending `request` (nothing: an idle one); None if it was not taken."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    try:
        sock.bind((ATTACKER, 0))
        await asyncio.wait_for(asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port)), 10)
        if request:
            await asyncio.get_running_loop().sock_sendall(sock, request)
    except (OSError, TimeoutError):
        sock.close()
        return None
    return sock


async def listening(port: int, process: subprocess.Popen[bytes]) -> None:
    async with aiohttp.ClientSession() as session:
        for _ in range(200):
            if process.poll() is not None:
                pytest.fail("python -m web stopped")
            try:
                async with session.head(f"http://127.0.0.1:{port}/league/AAAAAAAAAAAAAAAAAAAAAA"):
                    return
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.1)
    pytest.fail("python -m web did not listen")


async def visit(port: int, path: str) -> float:
    """A new visitor's page load from VISITOR, on a connection of its own: its seconds."""
    connector = aiohttp.TCPConnector(local_addr=(VISITOR, 0), force_close=True)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=5)) as session:
        began = time.monotonic()
        async with session.get(f"http://127.0.0.1:{port}{path}") as response:
            await response.read()
            assert response.status == 200
        return time.monotonic() - began


@pytest.mark.slow
async def test_a_flood_from_one_address_leaves_the_pages_to_everyone_else(
        service: Services, sqlite_path: Path, tmp_path: Path) -> None:
    enough_files_here()
    await site(service)
    path = await game_path(service, await started(service))
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "WEB_", "PUBLIC_"))}
    env.update({"DATABASE_PATH": str(sqlite_path), "WEB_PORT": str(port), "LOG_LEVEL": "INFO",
                "PUBLIC_URL": PUBLIC_URL})
    log = tmp_path / "web.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "web"], cwd=ROOT, env=env, stderr=out,
                                   preexec_fn=limited_files)
    flood: list[socket.socket | None] = []
    try:
        await listening(port, process)
        await visit(port, path)  # the page drawn once, as any visitor before the flood would have
        stream = f"GET {path}/events HTTP/1.1\r\nHost: pages.test\r\n\r\n".encode()
        flood = list(await asyncio.gather(*(opened(port, stream if n % 2 else b"") for n in range(FLOOD))))
        await asyncio.sleep(1)  # the server has taken in what it will of them
        times = [await visit(port, path) for _ in range(VISITS)]
        assert max(times) < PAGE_SECONDS, times
        assert process.poll() is None
    finally:
        for sock in flood:
            if sock is not None:
                sock.close()
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    assert len(lines) < MAX_LOG_LINES, f"{len(lines)} log lines, the first: {lines[:20]}"
