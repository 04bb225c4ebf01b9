"""Writes to a game's seats and to their log lines, made through the core, which keeps its cache right itself."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.services.caching import Memos
from engine.services.tables import Table
from engine.store import Store


class SeatWrites:
    """Every change to a started game's seats: each one drops what the cache built from the old seats, and the
    changes to a seat's counts hand back the table as it now stands, so no one reads it again to learn them."""

    def __init__(self, store: Store, memos: Memos) -> None:
        self._store = store
        self._memos = memos

    async def set_autopilot(self, table: Table, user_id: int, on: bool) -> Table:
        """Put a person's seat on autopilot, or give it back to them (which forgets their missed deadlines)."""
        await self._store.seats.set_autopilot(table.id, user_id, on)
        self._changed(table.id)
        return _with_seat(table, user_id, autopilot=on, **({} if on else {"missed": 0}))

    async def count_missed(self, table: Table, user_id: int, missed: bool) -> Table:
        """One more deadline missed in a row, or (`missed` False) the row broken by a move of their own."""
        count = await self._store.seats.count_missed(table.id, user_id, missed)
        self._changed(table.id)
        return _with_seat(table, user_id, missed=count)

    async def hand_over(self, table: Table, old_user: int, new_user: int, new_name: str, text: str) -> None:
        """Give a seat to another person, as it is, and log `text` with it (one transaction)."""
        await self._store.seats.replace(table.id, old_user, new_user, new_name, table.version, text, self._store.db.now_text())
        self._changed(table.id)

    async def log(self, table: Table, text: str) -> None:
        """Log what happened to a seat, in words, at the game's version now (/log and the web log show it)."""
        await self._store.seats.add_event(table.id, table.version, text, self._store.db.now_text())
        self._changed(table.id)

    def _changed(self, game_id: int) -> None:
        """The seats or the log's own lines changed: the cached table and events are rebuilt when next asked."""
        memo = self._memos.get(game_id)
        if memo is not None:
            memo.history = None
            memo.table = None


def _with_seat(table: Table, user_id: int, **changes: Any) -> Table:
    return replace(table, players=tuple(replace(p, **changes) if p.user_id == user_id else p for p in table.players))
