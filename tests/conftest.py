"""Options and fixtures shared by the whole test suite."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from engine.services import Services
from tests.stub_drawing import stub_drawing
from engine.store import Store


# The store's backends. A test module marked `both_backends` runs its store tests on each; PostgreSQL only when
# TEST_DATABASE_URL names a database the tests may fill (each test gets a schema of its own, dropped after).
BACKENDS = ("sqlite", "postgresql")
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")
POSTGRES_SKIPPED = "TEST_DATABASE_URL is not set: the PostgreSQL store tests were skipped"


def pytest_addoption(parser: pytest.Parser) -> None:
    # The engine fuzz tests: random games per player count (`--playouts 20000` for a long run).
    parser.addoption("--playouts", type=int, default=1000, help="random games per player count in the engine playouts")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "both_backends: run the module's store tests on SQLite and on PostgreSQL")
    config.addinivalue_line("markers", "sqlite_only: a test of SQLite itself (its file, WAL, PRAGMAs)")
    config.addinivalue_line("markers", "slow: a heavier variant of a quick test; -m 'not slow' leaves it out")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    node = metafunc.definition
    if "backend" in metafunc.fixturenames and node.get_closest_marker("both_backends") \
            and not node.get_closest_marker("sqlite_only"):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    # Said once, plainly, so a green run without PostgreSQL is never mistaken for one that tested it.
    if not TEST_DATABASE_URL:
        terminalreporter.write_line(POSTGRES_SKIPPED)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The store's backend for this test: "sqlite" unless the module asked for both."""
    name: str = getattr(request, "param", "sqlite")
    if name == "postgresql" and not TEST_DATABASE_URL:
        pytest.skip(POSTGRES_SKIPPED)
    return name


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "contrail.sqlite3"


@pytest_asyncio.fixture
async def database(backend: str, sqlite_path: Path) -> AsyncIterator[str | Path]:
    """What Store.open takes: a SQLite file of the test's own, or a PostgreSQL URL on a fresh empty schema."""
    if backend == "sqlite":
        yield sqlite_path
        return
    import asyncpg  # only the PostgreSQL runs need it

    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(TEST_DATABASE_URL)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        # asyncpg hands unknown URL parameters to the server as settings: every pooled connection uses the schema.
        yield f"{TEST_DATABASE_URL}{'&' if '?' in TEST_DATABASE_URL else '?'}search_path={schema}"
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()


def no_board(slug: str, view: dict[str, Any]) -> bytes:
    return b"\x89PNG fake"


@pytest_asyncio.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    """A real store on a database of the test's own (a folder's conftest may put the SQLite file elsewhere)."""
    opened = await Store.open(database)
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store) -> Services:
    """The table service on that store, drawing no boards."""
    return Services(store, stub_drawing(no_board))
