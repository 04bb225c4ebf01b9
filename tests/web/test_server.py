"""The pages' settings, and the pages on their own with python -m web (inside the bot: tests/discord/test_web_server.py)."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot import load_settings
from engine.store import Store
from settings import SettingsError

ROOT = Path(__file__).resolve().parents[2]


def test_the_web_settings_are_read_and_checked(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    assert load_settings(env, {}).web_port is None and load_settings(env, {}).public_url is None
    read = load_settings(env, {"WEB_PORT": "8080"})
    assert (read.web_port, read.web_host, read.public_url) == (8080, "127.0.0.1", "http://127.0.0.1:8080")
    proxied = load_settings(env, {"WEB_PORT": "8080", "PUBLIC_URL": "https://c.example.org/contrail/"})
    assert proxied.public_url == "https://c.example.org/contrail"
    assert load_settings(env, {"PUBLIC_URL": "https://c.example.org"}).web_port is None  # pages in another process
    for bad in ({"WEB_PORT": "eighty"}, {"WEB_PORT": "70000"}, {"WEB_PORT": "0"}):
        with pytest.raises(SettingsError, match="WEB_PORT must be a port number"):
            load_settings(env, bad)
    with pytest.raises(SettingsError, match="PUBLIC_URL must be the pages' address"):
        load_settings(env, {"PUBLIC_URL": "contrail.example.org"})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
async def test_python_m_web_serves_a_database_read_only_and_says_when_there_is_none(tmp_path: Path) -> None:
    database = tmp_path / "contrail.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "WEB_", "PUBLIC_"))}
    env.update({"DATABASE_PATH": str(database), "WEB_PORT": str(free_port()), "LOG_LEVEL": "INFO"})
    missing = subprocess.run([sys.executable, "-m", "web"], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=60, check=False)
    assert missing.returncode == 1 and "No database yet at" in missing.stderr and "Traceback" not in missing.stderr
    await (await Store.open(database)).close()
    before = database.stat().st_mtime_ns
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "web", cwd=ROOT, env=env,
                                                   stderr=asyncio.subprocess.PIPE)
    try:
        async with aiohttp.ClientSession() as session:
            for _ in range(100):
                try:
                    async with session.head(f"http://127.0.0.1:{env['WEB_PORT']}/league/AAAAAAAAAAAAAAAAAAAAAA") as r:
                        assert r.status == 404
                        break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.1)
            else:
                pytest.fail("python -m web did not listen")
    finally:
        process.terminate()  # SIGTERM, as `docker compose stop` sends: the pages close and exit cleanly
        _, errors = await process.communicate()
    assert process.returncode == 0 and b"Traceback" not in errors, errors
    assert database.stat().st_mtime_ns == before
    assert b"request method=HEAD path=/league/AAAA" in errors
