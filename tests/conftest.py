"""Options and fixtures shared by the whole test suite."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import sys
import tempfile
import uuid
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from engine.services import Services
from tests.stub_drawing import stub_drawing
from engine.store import Store


def keep_compiled_modules() -> None:
    """Under PYTHONDONTWRITEBYTECODE (the Dockerfile sets it) every process of every run compiled the project again
    and rewrote the asserts of all ~350 test modules: about 10 s of CPU in each xdist worker, a sixth of the fast
    tier. The compiled modules are kept instead, out of the tree as that setting wants, in a folder of this user's
    own under the temp dir (not one someone else made: its code would run here)."""
    if not sys.dont_write_bytecode or sys.pycache_prefix is not None or not hasattr(os, "getuid"):
        return
    folder = Path(tempfile.gettempdir()) / f"contrail-test-pycache-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        owned = folder.stat()
    except OSError:
        return
    if owned.st_uid == os.getuid() and not owned.st_mode & 0o022:
        sys.pycache_prefix = str(folder)
        sys.dont_write_bytecode = False
        # The processes the tests start (the bot's command line, drawing and trial workers) keep theirs there too.
        os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


keep_compiled_modules()


# The store's backends. A test module marked `both_backends` runs its store tests on each; PostgreSQL only when
# TEST_DATABASE_URL names a database the tests may fill (each test gets a schema of its own, dropped after).
BACKENDS = ("sqlite", "postgresql")
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")
POSTGRES_SKIPPED = "TEST_DATABASE_URL is not set: the PostgreSQL store tests were skipped"


# The fast tier (`-m "not slow"`) plays the first of each playout test's random games (10 Airships games per
# player count, as many of the others as weigh the same); the rest are a test of their own, marked slow, so the full
# suite plays every game it played before the tiers.
FAST_PLAYOUTS = 10


def pytest_addoption(parser: pytest.Parser) -> None:
    # The engine fuzz tests: random games per player count (`--playouts 20000` for a long run).
    parser.addoption("--playouts", type=int, default=500, help="random games per player count in the engine playouts")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "both_backends: run the module's store tests on SQLite and on PostgreSQL")
    config.addinivalue_line("markers", "sqlite_only: a test of SQLite itself (its file, WAL, PRAGMAs)")
    config.addinivalue_line("markers", "slow: left out of the fast tier, `python -m pytest -m \"not slow\"`")
    config.addinivalue_line("markers", "synced: the store syncs every commit to the disk, as the bot's does")
    config.addinivalue_line("markers", "no_database_yet: the test's SQLite file is not there until the bot makes it")


@pytest.fixture(autouse=True)
def unsynced_sqlite(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' SQLite files skip the sync to the disk at each commit (synchronous=OFF), as CI's PostgreSQL runs
    with fsync off: a test's database never has to outlive a power cut, and the syncs were a fifth of the fast
    tier's time, waited for with the core idle. A process killed mid-commit still loses nothing (the kill tests run
    the bot's own processes, synced); the test of the setting itself is marked `synced`."""
    if request.node.get_closest_marker("synced") is None:
        monkeypatch.setattr("engine.store.backend.SYNCHRONOUS", "OFF")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    node = metafunc.definition
    if "backend" in metafunc.fixturenames and node.get_closest_marker("both_backends") \
            and not node.get_closest_marker("sqlite_only"):
        # The PostgreSQL runs repeat the SQLite ones on the other backend: the full suite has them, not the fast tier.
        metafunc.parametrize("backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)], indirect=True)
    if "playout_seeds" in metafunc.fixturenames:
        metafunc.parametrize("playout_seeds", ["first", pytest.param("rest", marks=pytest.mark.slow)], indirect=True)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Send each xdist_group's tests to one worker, as `--dist loadgroup` promises. pytest-xdist 3.8 tags them by
    appending "@group" to `item._nodeid`, which pytest 9 no longer reads (a node's id is `item._id`): every group
    was shared out test by test, and each worker worked out the group's costly positions again. Tagged here the
    way xdist's scheduler reads it, unless xdist already did."""
    if not getattr(config.option, "loadgroup", False):
        return
    from _pytest.nodeid import NodeId  # pytest's own: only there can a node's id be changed

    for item in items:
        names = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                        for mark in item.iter_markers("xdist_group")})
        tag = "@" + "_".join(names)
        if names and not item.nodeid.endswith(tag):
            item._id = NodeId.parse(item.nodeid + tag)


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
def playout_seeds(request: pytest.FixtureRequest) -> Callable[[int], range]:
    """`playout_seeds(share)`: the seeds of this test's random games, where one game weighs `share` Airships games
    (--playouts counts Airships games): the first FAST_PLAYOUTS // share (the fast tier), or the rest (slow)."""
    part: str = request.param
    playouts: int = request.config.getoption("--playouts")

    def seeds(share: int = 1) -> range:
        games = max(1, playouts // share)
        first = min(games, max(1, FAST_PLAYOUTS // share))
        if part == "first":
            return range(first)
        if first == games:
            pytest.skip(f"--playouts {playouts}: all {games} games are in the fast part")
        return range(first, games)

    return seeds


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "contrail.sqlite3"


@pytest.fixture(scope="session")
def migrated_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite database at today's schema, made once per process by the store's own migrations."""
    path = tmp_path_factory.mktemp("migrated") / "contrail.sqlite3"

    async def migrate() -> None:
        await (await Store.open(path)).close()

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever the test's loop is doing
        thread.submit(asyncio.run, migrate()).result()
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every page in the file itself, to be copied alone
    return path


@pytest.fixture
def database_template(request: pytest.FixtureRequest, migrated_file: Path) -> Path | None:
    """What a test's SQLite file starts as: a copy of the migrated file, about 25 ms a test less than migrating a new
    one (some 600 tests open one); none for a test marked no_database_yet. The store's own tests override it with
    None: they migrate new files."""
    return None if request.node.get_closest_marker("no_database_yet") else migrated_file


@pytest_asyncio.fixture
async def database(backend: str, sqlite_path: Path, database_template: Path | None) -> AsyncIterator[str | Path]:
    """What Store.open takes: a SQLite file of the test's own, or a PostgreSQL URL on a fresh empty schema."""
    if backend == "sqlite":
        if database_template is not None and not sqlite_path.exists():
            sqlite_path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(database_template, sqlite_path)
            sqlite_path.chmod(0o600)  # as the store creates its file
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
