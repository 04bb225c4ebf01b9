"""bot.py as an admin meets it: settings from .env, one line for each problem they can fix (no token,
a refused token, no network, a Python older than 3.11), no voice warning, a clean stop on SIGTERM, and the command
dump."""

from __future__ import annotations

import ast
import errno
import glob
import http.server
import json
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
from simtable import close_store, make_bot
from test_limits import command_problems

import bot as bot_module
from bot import (
    BAD_TOKEN,
    DEFAULT_DATABASE,
    EXIT_FAILED,
    EXIT_NO_TOKEN,
    NO_NETWORK,
    Settings,
    connection_problem,
    load_settings,
    read_env_file,
)
from engine.rules.datafile import ComponentFile
from engine.rules.airships import data
from engine.services.workers import default_drawing_processes, default_processes
from engine.rules.datafile import DataError

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def _run(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL"}}
    return subprocess.run(
        [sys.executable, str(BOT), *args], cwd=cwd, env={**clean, **(env or {})},
        capture_output=True, text=True, timeout=60,
    )


def test_without_a_token_it_exits_2_with_one_line_naming_the_fix(tmp_path: Path) -> None:
    done = _run(cwd=tmp_path)
    assert done.returncode == EXIT_NO_TOKEN
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert "DISCORD_TOKEN" in line and ".env" in line
    assert not (tmp_path / "data").exists()  # nothing is created before there is a token


@pytest.mark.slow
def test_an_empty_token_in_env_counts_as_none(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    assert _run(cwd=tmp_path).returncode == EXIT_NO_TOKEN


@pytest.mark.slow
def test_dump_commands_prints_the_payloads_as_json_without_a_connection(tmp_path: Path) -> None:
    done = _run("--dump-commands", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    payloads = json.loads(done.stdout)
    assert {p["name"] for p in payloads} == {"game", "move", "board", "log", "hand", "rules", "vacation", "notify", "timezone", "undo", "hint", "rating", "leaderboard", "league", "web", "stats", "pack"}
    assert command_problems(payloads) == []
    assert not (tmp_path / "data").exists()  # the dump opens no database


def test_settings_come_from_env_and_the_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# comment\n\nexport DISCORD_TOKEN='from-file'\nDATABASE_PATH = \"db/x.sqlite3\"\nLOG_LEVEL=debug\nNOT A PAIR\n"
    )
    assert read_env_file(env_file) == {"DISCORD_TOKEN": "from-file", "DATABASE_PATH": "db/x.sqlite3", "LOG_LEVEL": "debug"}
    # Left empty, DRAWING_PROCESSES is one per two cores and THINKING_PROCESSES one per core where there are several
    # (a Settings built in code draws and thinks in threads).
    processes, drawing = default_processes(), default_drawing_processes()
    assert load_settings(env_file, {}) == Settings("from-file", Path("db/x.sqlite3"), "DEBUG",
                                                   drawing_processes=drawing, thinking_processes=processes)
    assert load_settings(env_file, {"DISCORD_TOKEN": "from-env"}).token == "from-env"
    assert load_settings(tmp_path / "missing.env", {}) == Settings(None, Path(DEFAULT_DATABASE), "INFO",
                                                                   drawing_processes=drawing,
                                                                   thinking_processes=processes)


@pytest.mark.slow
def test_guild_without_sync_is_a_usage_error(tmp_path: Path) -> None:
    done = _run("--guild", "123", cwd=tmp_path)
    assert done.returncode == 2 and "--guild only makes sense with --sync" in done.stderr


@pytest.mark.slow
def test_sync_without_a_token_exits_2_as_well(tmp_path: Path) -> None:
    done = _run("--sync", "--guild", "123", cwd=tmp_path)
    assert done.returncode == EXIT_NO_TOKEN and len(done.stderr.splitlines()) == 1


def test_the_python_version_check_names_the_one_it_needs() -> None:
    assert bot_module.python_problem((3, 10, 12)) == "Contrail needs Python 3.11 or newer; this is 3.10.12."
    assert bot_module.python_problem((2, 7, 18)) == "Contrail needs Python 3.11 or newer; this is 2.7.18."
    assert bot_module.python_problem((3, 11, 0)) is None and bot_module.python_problem((3, 13, 1)) is None


# Python 3.10 pretended: its version, and none of the packages (as when pip could not install them on it).
PRETEND_3_10 = """
import runpy, sys, types
sys.version_info = types.SimpleNamespace(major=3, minor=10, micro=12)
for name in ("discord", "aiohttp", "aiosqlite", "asyncpg", "PIL", "engine", "cogs", "renderers"):
    sys.modules[name] = None  # importing it now raises ImportError
runpy.run_path(sys.argv[1], run_name="__main__")
"""


@pytest.mark.parametrize("args", [(), ("--check",), ("--backup", "backups/")])
def test_an_older_python_is_refused_in_one_line_before_any_import(tmp_path: Path, args: tuple[str, ...]) -> None:
    done = subprocess.run([sys.executable, "-c", PRETEND_3_10, str(BOT), *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "Contrail needs Python 3.11 or newer; this is 3.10.12.\n"  # no ImportError traceback


def test_bot_py_itself_parses_on_the_oldest_python_the_check_serves() -> None:
    # The check runs only if the older Python can read the whole file first: no newer syntax in it.
    ast.parse(BOT.read_text(encoding="utf-8"), feature_version=(3, 7))


def _older_pythons() -> list[str]:
    """Interpreters older than 3.11 on this machine (pyenv's shims for versions it lacks fail, so each is run)."""
    names = [shutil.which(f"python3.{minor}") for minor in (10, 9, 8, 7)]
    names += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.[789]*/bin/python")))
    names += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.10*/bin/python")))
    found: list[str] = []
    for name in filter(None, names):
        probe = subprocess.run([name, "-c", "import sys; print(sys.version_info < (3, 11))"],
                               capture_output=True, text=True, timeout=30)
        if probe.returncode == 0 and probe.stdout.strip() == "True":
            found.append(name)
    return found


@pytest.mark.slow
def test_a_real_older_python_gets_the_one_line_and_exit_1(tmp_path: Path) -> None:
    older = _older_pythons()
    if not older:
        pytest.skip("no Python older than 3.11 on this machine")
    for python in older:
        done = subprocess.run([python, str(BOT), "--check"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
        version = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                                 capture_output=True, text=True, timeout=30).stdout.strip()
        assert done.returncode == 1, (python, done.stderr)
        assert done.stderr == f"Contrail needs Python 3.11 or newer; this is {version}.\n"


async def test_a_broken_components_file_stops_the_start_naming_its_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "components.toml"
    broken.write_text(data.DATA_FILE.read_text(encoding="utf-8").replace("cost = {", "cost = { purple = 1,", 1))
    monkeypatch.setattr(data, "FILE", ComponentFile(broken, data.EDITION, data.parse, data.LIMITS))
    database = tmp_path / "data" / "contrail.sqlite3"
    bot = make_bot(database)
    try:
        with pytest.raises(DataError, match=r"^components\.toml: airship [-\w]+: unknown die colour 'purple'$"):
            await bot.setup_hook()
    finally:
        await close_store(bot)
        monkeypatch.undo()  # the next test loads the real file again
    assert not database.exists()  # stopped before opening the database


# -- a token Discord refuses, or no way to reach Discord: one line, exit 1 --------------------------

ROOT = BOT.parent

# Runs bot.main in a fresh interpreter (so logging, the voice flags and asyncio are as an admin gets them)
# after pointing discord.py's REST calls at BASE and/or replacing Client methods with ones that raise.
DRIVER = """
import asyncio, errno, sys
sys.path.insert(0, {root!r})
import aiohttp, discord, discord.http
import bot
if {base!r}:
    discord.http.Route.BASE = {base!r}
async def login_ok(self, token):
    await self.setup_hook()  # what a successful login ends with
def raising(error):
    async def method(self, *args, **kwargs):
        raise error
    return method
{patch}
sys.exit(bot.main(sys.argv[1:]))
"""


def _drive(tmp_path: Path, *args: str, base: str = "", patch: str = "") -> subprocess.CompletedProcess[str]:
    code = DRIVER.format(root=str(ROOT), base=base, patch=patch)
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL"}}
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=tmp_path, env={**clean, "DISCORD_TOKEN": "not-a-real-token"},
        capture_output=True, text=True, timeout=60,
    )


def _ends_with_one_line(done: subprocess.CompletedProcess[str], line: str) -> None:
    assert done.returncode == EXIT_FAILED, done.stderr
    assert "Traceback" not in done.stderr and "voice" not in done.stderr, done.stderr
    assert done.stdout == ""
    assert done.stderr.splitlines()[-1] == line
    # At the default INFO level the progress so far ("logging in", "set up") may come first; no warning, no error.
    assert all(" INFO " in earlier for earlier in done.stderr.splitlines()[:-1]), done.stderr


@pytest.fixture
def refusing_api() -> Iterator[str]:
    """A local stand-in for Discord's API that answers 401 to everything, as Discord does to a bad token."""

    class Refuse(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b'{"message": "401: Unauthorized", "code": 0}'
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    server.shutdown()
    server.server_close()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nothing listens once the probe is closed: connections are refused


@pytest.mark.parametrize("args", [(), ("--sync", "--guild", "123")], ids=["run", "sync"])
@pytest.mark.slow
def test_a_token_discord_refuses_ends_with_one_line_and_exit_1(
    tmp_path: Path, refusing_api: str, args: tuple[str, ...]
) -> None:
    _ends_with_one_line(_drive(tmp_path, *args, base=refusing_api), BAD_TOKEN)


@pytest.mark.parametrize("args", [(), ("--sync",)], ids=["run", "sync"])
@pytest.mark.slow
def test_a_login_failure_from_start_ends_with_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    patch = "discord.Client.login = raising(discord.LoginFailure('Improper token has been passed.'))"
    done = _drive(tmp_path, *args, patch=patch)
    _ends_with_one_line(done, BAD_TOKEN)
    assert len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("args", [(), ("--sync",)], ids=["run", "sync"])
@pytest.mark.slow
def test_no_way_to_reach_discord_ends_with_one_line_and_exit_1(tmp_path: Path, args: tuple[str, ...]) -> None:
    # A real refused connection through aiohttp, not a simulated exception.
    _ends_with_one_line(_drive(tmp_path, *args, base=f"http://127.0.0.1:{_closed_port()}/api/v10"), NO_NETWORK)


@pytest.mark.parametrize(
    "patch",
    [
        "discord.Client.login = raising(OSError(errno.ENETUNREACH, 'Network is unreachable'))",
        "discord.Client.login = login_ok; discord.AutoShardedClient.connect = raising(discord.GatewayNotFound())",
        "discord.Client.login = login_ok; discord.AutoShardedClient.connect = raising(asyncio.TimeoutError())",
    ],
    ids=["unreachable", "no-gateway", "timeout"],
)
@pytest.mark.slow
def test_every_kind_of_no_network_gets_the_same_line(tmp_path: Path, patch: str) -> None:
    done = _drive(tmp_path, patch=patch)
    _ends_with_one_line(done, NO_NETWORK)


def test_only_network_and_token_failures_are_turned_into_a_line() -> None:
    assert connection_problem(discord.LoginFailure("x")) == BAD_TOKEN
    assert connection_problem(ConnectionRefusedError(errno.ECONNREFUSED, "refused")) == NO_NETWORK
    # A file the bot cannot write is not the network: it keeps its traceback, which names the file.
    assert connection_problem(PermissionError(errno.EACCES, "Permission denied", "data/contrail.sqlite3")) is None
    assert connection_problem(RuntimeError("a bug")) is None


@pytest.mark.slow
def test_a_bug_still_shows_its_traceback(tmp_path: Path) -> None:
    done = _drive(tmp_path, patch="discord.Client.login = raising(RuntimeError('a bug in setup'))")
    assert done.returncode == 1 and "Traceback" in done.stderr and "RuntimeError: a bug in setup" in done.stderr


# -- the voice warning ------------------------------------------------------------------------------


def _voice_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "voice will NOT be supported" in r.getMessage()]


def test_no_voice_warning_when_the_bot_is_created_and_started(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # As in a fresh process without PyNaCl and davey (discord.py clears the flags after warning once).
    for flag in ("warn_nacl", "warn_dave"):
        monkeypatch.setattr(discord.VoiceClient, flag, True)
    with caplog.at_level(logging.DEBUG):
        discord.Client(intents=discord.Intents.none())
    assert len(_voice_warnings(caplog)) == 2  # the library alone does warn: this test can see it
    caplog.clear()
    for flag in ("warn_nacl", "warn_dave"):
        monkeypatch.setattr(discord.VoiceClient, flag, True)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "data" / "contrail.sqlite3"))

    async def refused(self: discord.Client, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "login", refused)
    with caplog.at_level(logging.DEBUG):
        assert bot_module.main([]) == EXIT_FAILED
    assert _voice_warnings(caplog) == []
    assert capsys.readouterr().err.splitlines() == [BAD_TOKEN]


# -- stopping: systemctl stop sends SIGTERM ---------------------------------------------------------


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX signals")
@pytest.mark.slow
def test_sigterm_closes_the_bot_and_its_database_then_exits_0(tmp_path: Path) -> None:
    patch = (
        "discord.Client.login = login_ok\n"
        "async def serve(self, *, reconnect=True):\n"
        "    print('serving', flush=True)\n"
        "    while not self.is_closed():\n"
        "        await asyncio.sleep(0.02)\n"
        "discord.AutoShardedClient.connect = serve"
    )
    code = DRIVER.format(root=str(ROOT), base="", patch=patch)
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL"}}
    with subprocess.Popen(
        [sys.executable, "-c", code], cwd=tmp_path, env={**clean, "DISCORD_TOKEN": "not-a-real-token"},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    ) as running:
        try:
            assert running.stdout is not None and running.stdout.readline() == "serving\n"
            database = tmp_path / "data" / "contrail.sqlite3"
            assert database.exists()
            running.send_signal(signal.SIGTERM)
            _, err = running.communicate(timeout=30)
        finally:
            running.kill()
    assert running.returncode == 0, err
    assert "Traceback" not in err
    # The store was closed: SQLite checkpoints and removes the WAL when its last connection closes.
    assert not (tmp_path / "data" / "contrail.sqlite3-wal").exists()
