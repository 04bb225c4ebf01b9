"""Where a table stands: its state and chronicle at its version, from the cache, a snapshot plus the log after it,
or the whole log; and the snapshot a move stores."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from engine.core import Game, events_of
from engine.platform.records import ActionRow
from engine.platform.snapshots import (
    SNAPSHOT_EVERY, Chronicle, Snapshot, SnapshotError, Told, decode, encode, pickled,
)
from engine.platform.turns import by_of, why_of
from engine.platform.undo import Replayer, is_undo
from engine.services.caching import Memo, Memos
from engine.services.tables import Table
from engine.store import Store

log = logging.getLogger("engine.service")


def opening_state(table: Table) -> Any:
    """The game's state before its first move: the same seats, seed and options always deal the same."""
    game = table.rules
    return game.setup(len(table.players), table.row.seed, dict(table.row.options))


def opening(game: Game, state: Any) -> Snapshot:
    """A game before its first move, as a snapshot at version 0."""
    return Snapshot(state, Chronicle.opening(events_of(game, state)))


def told(game: Game, row: ActionRow, state: Any) -> Told:
    """What one logged entry tells, from the state it led to."""
    if is_undo(row.payload):
        return Told(row.seat, undo_to=int(row.payload["args"][0]))
    events = tuple(events_of(game, state))
    return Told(row.seat, events, by_of(row.payload), why=why_of(row.payload))


def replayed(game: Game, start: Snapshot, rows: Sequence[ActionRow]) -> Snapshot | None:
    """`start` with the logged entries after it applied; None when an undo goes back to before `start`."""
    replayer = Replayer(game)
    replayer.start(start.state, start.version)
    chronicle, state = start.chronicle, start.state
    for row in rows:
        if is_undo(row.payload) and int(row.payload["args"][0]) not in replayer.states:
            return None
        state = replayer.apply(row.seq, row.seat, row.payload)
        chronicle = chronicle.extended(told(game, row, state))
    return Snapshot(state, chronicle)


class Positions:
    """Tables' states at their versions: the one place that fills the cache from snapshots and the log."""

    def __init__(self, store: Store, memos: Memos) -> None:
        self._store = store
        self._memos = memos

    async def at(self, table: Table, *, counted: bool = True) -> Memo:
        """The table's memo at its version: cached, else from the nearest start (the cache's older memo, the
        store's snapshot, or the setup) and the log after it. `counted`: in the cache's hit rate (a commit,
        which always follows a load, is not)."""
        memo = self._memos.get(table.id)
        hit = memo is not None and memo.version == table.version and memo.chronicle is not None
        if counted:
            self._memos.counted(hit)
        if hit:
            assert memo is not None
            return memo
        game = table.rules
        start: Snapshot | None = None
        if memo is not None and memo.chronicle is not None and memo.version < table.version:
            snapshot_at, start = memo.snapshot_at, Snapshot(memo.state, memo.chronicle, memo.body_length)
        else:
            start = await self.stored(table)
            snapshot_at = start.version if start is not None else 0
        if start is None:
            start = opening(game, opening_state(table))
        rows = [row for row in await self._store.games.actions(table.id, after=start.version)
                if row.seq <= table.version]
        position = replayed(game, start, rows)
        if position is None:  # an undo back to before the snapshot: the whole log, from the setup
            rows = [row for row in await self._store.games.actions(table.id) if row.seq <= table.version]
            position = replayed(game, opening(game, opening_state(table)), rows)
            assert position is not None  # from version 0, every undo goes back to a version replayed
            snapshot_at = 0
        # Sized by the snapshot it started from when there was one (a few moves short: close enough).
        body_length = start.body_length or len(pickled(position))
        fresh = Memo(table.version, position.state, chronicle=position.chronicle, snapshot_at=snapshot_at,
                     body_length=body_length)
        latest = self._memos.get(table.id)
        if latest is None or latest.version <= fresh.version:  # never move the cache backwards
            if latest is not None and latest.version == fresh.version:
                # Only at the same version: a game that moved on elsewhere (another process) may have posted anew.
                fresh.posts = latest.posts
            self._memos.put(table.id, fresh)
        return fresh

    async def stored(self, table: Table) -> Snapshot | None:
        """The store's snapshot of the table, if it can be used: it decodes, for this code, at most at the
        table's version (a reader holding an older row than the last move's sees a newer one)."""
        found = await self._store.games.snapshot(table.id)
        if found is None:
            return None
        version, blob = found
        if version > table.version:
            return None
        try:
            snapshot = decode(table.slug, blob)
        except SnapshotError as exc:
            log.info("game %s: its snapshot at version %s is rebuilt at a later move: %s", table.id, version, exc)
            return None
        if snapshot.version != version:
            log.warning("game %s: its snapshot says version %s, its row %s; it is rebuilt", table.id,
                        snapshot.version, version)
            return None
        return snapshot


def snapshot_due(version: int, snapshot_at: int, turn_ended: bool) -> bool:
    """Whether a move at `version` stores a snapshot: at a turn's end (the seats to act changed), and at least
    every SNAPSHOT_EVERY moves, so a cold table replays at most that many."""
    return turn_ended or version - snapshot_at >= SNAPSHOT_EVERY


def encoded(slug: str, state: Any, chronicle: Chronicle) -> tuple[bytes, int]:
    """A move's snapshot for the store, and its pickled body's length (which sizes the table in the cache)."""
    snapshot = Snapshot(state, chronicle)
    body = pickled(snapshot)
    return encode(slug, snapshot, body), len(body)
