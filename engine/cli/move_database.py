"""Moving a SQLite database into an empty PostgreSQL one: every table copied, then every game replayed on both."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.core import GameError
from engine.platform.export import replay_log
from engine.platform.records import StoreError
from engine.store import Store
from engine.view import to_json


class TargetNotEmpty(StoreError):
    """The target already holds rows: a move never writes over (or beside) someone's games."""


class ReplayMismatch(StoreError):
    """A game replays to another state on the target than on the source: the copy is not to be trusted."""


@dataclass(frozen=True)
class MoveReport:
    rows: dict[str, int]  # table -> rows copied, in the order they were copied
    games_replayed: int  # started games whose log replays to the same state on both databases


async def move_database(source: str | Path, target: str) -> MoveReport:
    """Copy every row of the SQLite file `source` into the empty database at `target` and check it replays the same."""
    async with await Store.open(source) as old, await Store.open(target) as new:
        tables = await _tables(old)
        for table in tables:
            if await new.db.read(f"SELECT 1 FROM {table} LIMIT 1"):
                raise TargetNotEmpty(
                    f"the {new.backend} target already has rows in {table}; Contrail moves only into an empty database"
                )
        rows = await _copy(old, new, tables)
        try:
            replayed = await verify_replays(old, new)
        except BaseException:
            await _empty(new, tables)  # a copy that does not replay the same is no copy: leave the target empty
            raise
    return MoveReport(rows, replayed)


async def _tables(store: Store) -> list[str]:
    # Creation order: a table only refers to tables the migrations created before it, so parents come first.
    rows = await store.db.read(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
    )
    return [name for (name,) in rows]


async def _copy(old: Store, new: Store, tables: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    async with new.transaction():  # all or nothing: a failed move leaves the target as empty as it was
        for table in tables:
            columns = [row[1] for row in await old.db.read(f"PRAGMA table_info({table})")]
            names = ", ".join(columns)
            # rowid order: the target numbers its own insertion order the same way (ties in seat events, members).
            rows = await old.db.read(f"SELECT {names} FROM {table} ORDER BY rowid")
            insert = f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})"
            await new.db.q_many(insert, [_plain(row) for row in rows])
            counts[table] = len(rows)
        # The bot is stopped for a move, so no claim on a due item is live: free them for the first process now.
        await new.db.q("UPDATE dues SET claimed_by = NULL, claimed_until = NULL")
        await new.db.backend.after_copy(tables)
    return counts


async def _empty(store: Store, tables: list[str]) -> None:
    async with store.transaction():
        for table in reversed(tables):  # children first, for the foreign keys
            await store.db.q(f"DELETE FROM {table}")


def _plain(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(bytes(v) if isinstance(v, memoryview) else v for v in row)


async def verify_replays(old: Store, new: Store) -> int:
    """Replay every started game from each database's own rows; ReplayMismatch names the first that differs."""
    count = 0
    for (game_id,) in await old.db.read("SELECT id FROM games ORDER BY id"):
        before, after = await _game_state(old, game_id), await _game_state(new, game_id)
        if before != after:
            raise ReplayMismatch(f"game {game_id} replays differently on the {new.backend} copy")
        count += before is not None
    return count


async def _game_state(store: Store, game_id: int) -> Any:
    """The public view after replaying a started game's log (None for a game that never started)."""
    game = await store.games.get(game_id)
    seats = [s for s in await store.seats.of(game_id) if s.seat is not None]
    if not seats:
        return None
    rows = await store.games.actions(game_id)
    slug_game = engine.get_game(game.slug)
    entries = [(a.seq, a.seat, a.payload) for a in rows]
    try:
        replayer = await asyncio.to_thread(replay_log, slug_game, len(seats), game.seed, dict(game.options), entries)
    except GameError as exc:  # the same log fails the same way on both sides, which is still "the same"
        return ("refused", str(exc), [(a.seq, a.seat, a.payload, a.interaction_id) for a in rows])
    state = replayer.states[rows[-1].seq if rows else 0]
    # The public view and every seat's view: what the bot could ever show, compared as their JSON.
    views = [to_json(slug_game.view(state, None)), *(to_json(slug_game.view(state, s.seat)) for s in seats)]
    return (game.version, game.status, views, [(a.seq, a.seat, a.payload, a.interaction_id) for a in rows])
