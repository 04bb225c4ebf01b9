"""The table service's memory per game: cached tables (within a budget of bytes, least recently used out) and one lock each."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from engine.platform.records import PostKind, PostRow
from engine.platform.snapshots import Chronicle, memo_bytes
from engine.services.tables import Table
from engine.platform.turns import History
from engine.words import count

CACHE_MB = 64  # the default budget of cached tables, in MB (the CACHE_MB setting); the rest are read from snapshots
# (about 450 tables: a cold one costs a snapshot and a few moves, 2 to 5 ms, so more buys little on a small host)
MB = 1024 * 1024
LOG_EVERY = 1000  # tables asked for between two log lines of the cache's use and hit rate

log = logging.getLogger("engine.service")


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
    chronicle: Chronicle | None = None  # what the log told up to `version`: the history is built from it
    snapshot_at: int = 0  # the version of the store's snapshot, as far as this service knows (0: none usable)
    body_length: int = 0  # the length of the table's pickled snapshot, when last encoded: what sizes it here

    @property
    def size(self) -> int:
        """The bytes this table is reckoned to take in memory (engine.platform.snapshots.memo_bytes)."""
        return memo_bytes(self.body_length)


@dataclass(frozen=True)
class CacheStats:
    """How the cache does: its budget, what it holds, and how often a table was found in it."""

    budget_bytes: int
    used_bytes: int
    tables: int
    hits: int
    misses: int

    @property
    def hit_rate(self) -> float:
        asked = self.hits + self.misses
        return round(self.hits / asked, 4) if asked else 0.0

    def line(self) -> str:
        """One line for the log and `--check`: the budget, what is used of it, and the hit rate."""
        return (f"table cache: {self.used_bytes / MB:.1f} of {self.budget_bytes / MB:.0f} MB in use by "
                f"{count(self.tables, 'table')}, hit rate {self.hit_rate:.0%} "
                f"({count(self.hits, 'hit')}, {count(self.misses, 'miss', 'misses')})")


class Memos:
    """Memos by game id within a budget of bytes, least recently used out: a bot that runs for months stays small.

    The newest memo always stays, even past the budget: the table being played is never replayed for its size."""

    def __init__(self, budget_mb: float = CACHE_MB) -> None:
        self._budget = int(budget_mb * MB)
        self._memos: OrderedDict[int, Memo] = OrderedDict()
        self._used = 0
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._memos)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._memos

    @property
    def used_bytes(self) -> int:
        return self._used

    def stats(self) -> CacheStats:
        return CacheStats(self._budget, self._used, len(self._memos), self.hits, self.misses)

    def counted(self, hit: bool) -> None:
        """Count one table asked for at its version: found here (a hit) or rebuilt (a miss)."""
        if hit:
            self.hits += 1
        else:
            self.misses += 1
        if (self.hits + self.misses) % LOG_EVERY == 0:  # a running bot's hit rate, for whoever sizes CACHE_MB
            log.info("%s", self.stats().line())

    def get(self, game_id: int) -> Memo | None:
        memo = self._memos.get(game_id)
        if memo is not None:
            self._memos.move_to_end(game_id)
        return memo

    def put(self, game_id: int, memo: Memo) -> None:
        self.forget(game_id)
        self._memos[game_id] = memo
        self._used += memo.size
        while self._used > self._budget and len(self._memos) > 1:
            _, oldest = self._memos.popitem(last=False)
            self._used -= oldest.size

    def forget(self, game_id: int) -> None:
        memo = self._memos.pop(game_id, None)
        if memo is not None:
            self._used -= memo.size


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
