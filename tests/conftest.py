"""Options and fixtures shared by the whole test suite."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from engine.service import TableService
from engine.store import Store


def pytest_addoption(parser: pytest.Parser) -> None:
    # The engine fuzz tests: random games per player count (`--playouts 20000` for a long run).
    parser.addoption("--playouts", type=int, default=1000, help="random games per player count in the engine playouts")


def no_board(slug: str, view: dict[str, Any]) -> bytes:
    return b"\x89PNG fake"


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """A real store on a SQLite file of the test's own (a folder's conftest may open it elsewhere)."""
    opened = await Store.open(tmp_path / "contrail.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store) -> TableService:
    """The table service on that store, drawing no boards."""
    return TableService(store, render=no_board)
