"""Counting a store's reads: how many times a request loaded its table, and how many reads it made in all."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.store import Store

# The reads that load a table: its row by id, and its seats (Loader.table makes both, once each).
ROW = "FROM games WHERE id = ?"
SEATS = "FROM seats WHERE game_id = ?"


@dataclass
class Reads:
    """The statements a store read while counted, in order."""

    statements: list[str] = field(default_factory=list)

    @property
    def rows(self) -> int:
        """How many times a game's row was read: once per table loaded."""
        return sum(ROW in sql for sql in self.statements)

    @property
    def seatings(self) -> int:
        return sum(SEATS in sql and sql.lstrip().upper().startswith("SELECT USER_ID") for sql in self.statements)

    @property
    def total(self) -> int:
        return len(self.statements)


@contextmanager
def counted(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[Reads]:
    """Every read the store makes inside the block (its repositories share one Database)."""
    reads = Reads()
    read = store.db.read

    async def counting(sql: str, params: Sequence[Any] = ()) -> list[Any]:
        reads.statements.append(sql)
        return await read(sql, params)

    with monkeypatch.context() as patch:
        patch.setattr(store.db, "read", counting)
        yield reads
