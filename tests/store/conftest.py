"""Fixtures of the store tests: the SQLite file lives in a data/ folder of the temp dir, as the bot's does."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "contrail.sqlite3"


@pytest.fixture
def sqlite_path(db_path: Path) -> Path:
    """The SQLite file the shared `store` fixture opens (tests/conftest.py)."""
    return db_path


@pytest.fixture
def database_template() -> None:
    """The store's own tests start from no file at all: creating and migrating one is what some of them test."""
    return None
