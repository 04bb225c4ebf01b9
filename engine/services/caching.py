"""The table service's memory per game: cached states (bounded, least recently used out) and one lock each."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from engine.platform.records import PostKind, PostRow
from engine.services.tables import Table
from engine.platform.turns import History

MEMO_LIMIT = 500  # games whose state stays in memory; any other is replayed from the log when asked for


@dataclass
class Memo:
    """The cached state of one game at a version; the store's log is the truth behind it."""

    version: int
    state: Any
    history: History | None = field(default=None)  # every event so far and who moved, built when first needed
    posts: dict[PostKind, PostRow] | None = None  # the messages the game edits, as last read or recorded
    # The table as this service last committed it. A move from a prompt of this version may start from it
    # without a read: if another process moved meanwhile, append_action refuses a seq that is not next.
    table: Table | None = None


class Memos:
    """Memos by game id, keeping the `limit` most recently used: a bot that runs for months stays small."""

    def __init__(self, limit: int = MEMO_LIMIT) -> None:
        self._limit = limit
        self._memos: OrderedDict[int, Memo] = OrderedDict()

    def __len__(self) -> int:
        return len(self._memos)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._memos

    def get(self, game_id: int) -> Memo | None:
        memo = self._memos.get(game_id)
        if memo is not None:
            self._memos.move_to_end(game_id)
        return memo

    def put(self, game_id: int, memo: Memo) -> None:
        self._memos[game_id] = memo
        self._memos.move_to_end(game_id)
        while len(self._memos) > self._limit:
            self._memos.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self._memos.pop(game_id, None)


@dataclass
class _Entry:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # coroutines holding or awaiting the lock


class Locks:
    """One asyncio lock per game, kept only while someone holds or awaits it, so finished games leave none."""

    def __init__(self) -> None:
        self._entries: dict[int, _Entry] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._entries

    @asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        # No await between finding the entry and counting ourselves in: nobody can drop it in between.
        entry = self._entries.setdefault(game_id, _Entry())
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0:  # a lock that is held or awaited is never dropped
                del self._entries[game_id]
