"""Fixtures that run the real bot offline under simcord, on a SQLite file in a temp dir."""

from __future__ import annotations

import itertools
import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import pytest_asyncio
from simcord import Env
from simtable import Lounge, close_store, make_bot, tiny_png

from bot import ContrailBot
from tests.stub_drawing import Renderer


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "bot_errors: the test expects the bot to log errors")


# How often simcord looks again while the bot's work settles. simcord waits for a bot task to *finish* or for this
# interval to pass: a task that only moves on to a long sleep (the turn clock's, at every start) cost a whole 0.05 s,
# about 8 s of the fast tier. Only the poll is shorter: what settled means, and its 5 s limit, are unchanged.
SETTLE_POLL_S = 0.002


@pytest.fixture(autouse=True)
def quick_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    settle = Env._settle_internal

    async def polled_often(self: Env, *, idle: float = SETTLE_POLL_S, **options: Any) -> None:
        await settle(self, idle=idle, **options)

    monkeypatch.setattr(Env, "_settle_internal", polled_often)


@pytest.fixture(autouse=True)
def no_bot_errors(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """The bot answers every failure politely, so simcord cannot see bugs: fail on any error the bot logged."""
    yield
    if request.node.get_closest_marker("bot_errors") is None:
        errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
        assert not errors, "the bot logged errors:\n" + "\n".join(r.getMessage() for r in errors)


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games get seeds 1001, 1002, ... instead of secrets.randbits: a failing game can be replayed exactly."""
    seeds = itertools.count(1001)
    monkeypatch.setattr("engine.services.tables.secrets", SimpleNamespace(randbits=lambda bits: next(seeds)))


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "contrail.sqlite3"


@pytest.fixture
def database_path(database: Path | str) -> Path | str:
    """The bot's database: that SQLite file, or a PostgreSQL schema in a module marked both_backends."""
    return database


@pytest.fixture
def drawn() -> list[dict[str, Any]]:
    """The views the boards were drawn from, in order."""
    return []


@pytest.fixture
def render(drawn: list[dict[str, Any]]) -> Renderer:
    """The board renderer: a 1x1 PNG by default, keeping each view it drew (`drawn`); a test module may override
    this with the real one."""
    def record(slug: str, view: dict[str, Any]) -> bytes:
        drawn.append(dict(view))
        return tiny_png(slug, view)

    return record


@pytest_asyncio.fixture
async def simcord_bot(database_path: Path, render: Renderer) -> AsyncIterator[ContrailBot]:
    bot = make_bot(database_path, render)
    yield bot
    await close_store(bot)


@pytest_asyncio.fixture
async def lounge(simcord_env: Env) -> AsyncIterator[Lounge]:
    await simcord_env.bot.tree.sync()
    lounge = Lounge(simcord_env)
    yield lounge
    await close_store(lounge.bot)  # a test may have restarted the bot: close the one running now
