"""Persistent storage for games, seats and the action log, on SQLite (the default) or PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn

from engine.store.backup import BackupResult, backup_database
from engine.store.migrations import MIGRATIONS
from engine.store.backend import BUSY_TIMEOUT_MS, SYNCHRONOUS, Backend, Conflict, SqliteBackend
from engine.store.clock import ClockStore
from engine.store.leagues import LeagueStore
from engine.store.ratings import RatingStore
from engine.store.seats import SeatStore
from engine.platform.records import (
    GAME_COLUMNS,
    ActionRow,
    AlreadySeated,
    DueKind,
    DueRow,
    DuplicateInteraction,
    GameEnded,
    GameRow,
    NotFound,
    NotInLobby,
    PostKind,
    PostRow,
    SeatNotFound,
    SeatRow,
    SeatsChanged,
    SeatsFull,
    StaleVersion,
    Status,
    StoreError,
    WrongPlayerCount,
)

# The rows and errors are the store's vocabulary: its callers import them from here.
__all__ = [
    "ActionRow", "AlreadySeated", "DueKind", "DueRow", "DuplicateInteraction", "GameEnded", "GameRow", "NotFound",
    "NotInLobby", "PostKind", "PostRow", "SeatNotFound", "SeatRow", "SeatsChanged", "SeatsFull", "StaleVersion",
    "Status", "Store", "StoreError", "WrongPlayerCount",
    "Conflict", "SYNCHRONOUS",
]


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _dumps(value: dict) -> str:
    # Compact and key-sorted so equal payloads are equal text (diffable exports, stable hashes).
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Store(SeatStore, ClockStore, RatingStore, LeagueStore):
    """The games, seats and action log of one database; every public method is one unit of work (a transaction)."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    # -- lifecycle -------------------------------------------------------------------------

    @classmethod
    async def open(cls, where: str | Path) -> Store:
        """Open (creating and migrating as needed) the SQLite file at `where`, or PostgreSQL at a postgresql:// URL."""
        if is_postgres_url(where):
            from engine.store.postgres import PostgresBackend  # asyncpg is only needed by those who use it

            return cls(await PostgresBackend.open(str(where), MIGRATIONS))
        return cls(await SqliteBackend.open(where, MIGRATIONS))

    @property
    def backend(self) -> str:
        """Which database holds the games: "sqlite" or "postgresql"."""
        return self._backend.name

    async def schema_version(self) -> int:
        """The number of migrations this database has run."""
        return await self._backend.schema_version()

    async def close(self) -> None:
        await self._backend.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def _transaction(self, *, shared: bool = False) -> AbstractAsyncContextManager[None]:
        """One unit of work: everything inside commits together or not at all, one writer at a time
        (`shared`: beside other shared ones on PostgreSQL, for work whose rows lock themselves)."""
        return self._backend.transaction(shared=shared)

    @property
    def _skip_locked(self) -> str:
        return self._backend.skip_locked

    async def _q(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Run one statement (inside the current transaction, if any) and return its rows."""
        return await self._backend.q(sql, params)

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self._backend.read(sql, params)

    async def _game_or_raise(self, game_id: int) -> GameRow:
        """Fetch a game inside an already-held transaction."""
        rows = await self._q(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise NotFound(f"game {game_id} does not exist")
        return GameRow.from_row(rows[0])

    # -- games -----------------------------------------------------------------------------

    async def create_game(
        self, slug: str, guild_id: int, channel_id: int, creator_id: int, seed: int, options: dict,
        *, turn_seconds: int | None = None, reminder_seconds: int | None = None,
    ) -> GameRow:
        now = _now()
        async with self._transaction():
            rows = await self._q(
                "INSERT INTO games (slug, guild_id, channel_id, thread_id, creator_id, options, seed,"
                " status, version, outcome, created_at, updated_at, turn_seconds, reminder_seconds)"
                f" VALUES (?, ?, ?, NULL, ?, ?, ?, ?, 0, NULL, ?, ?, ?, ?) RETURNING {GAME_COLUMNS}",
                (slug, guild_id, channel_id, creator_id, _dumps(options), seed, Status.LOBBY.value, now, now,
                 turn_seconds, reminder_seconds),
            )
        return GameRow.from_row(rows[0])

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        async with self._transaction():
            rows = await self._q(
                "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ? RETURNING id",
                (thread_id, _now(), game_id),
            )
            if not rows:
                raise NotFound(f"game {game_id} does not exist")

    async def set_options(self, game_id: int, options: dict) -> GameRow:
        """Change a game's setup options while it is in the lobby; StoreError once it has started."""
        async with self._transaction():
            await self._lobby_or_raise(game_id)
            rows = await self._q(
                f"UPDATE games SET options = ?, updated_at = ? WHERE id = ? RETURNING {GAME_COLUMNS}",
                (_dumps(options), _now(), game_id),
            )
        return GameRow.from_row(rows[0])

    async def get_game(self, game_id: int) -> GameRow:
        rows = await self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise NotFound(f"game {game_id} does not exist")
        return GameRow.from_row(rows[0])

    async def list_games(
        self, guild_id: int, statuses: Iterable[Status] | None = None, *, limit: int | None = None
    ) -> list[GameRow]:
        """Games of one guild, live ones (lobby, active) first and newest first within each; at most `limit`."""
        sql = f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if statuses is not None:
            wanted = [Status(s).value for s in statuses]
            if not wanted:
                return []
            sql += f" AND status IN ({', '.join('?' * len(wanted))})"
            params += wanted
        sql += " ORDER BY status IN (?, ?) DESC, id DESC"
        params += [Status.LOBBY.value, Status.ACTIVE.value]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = await self._read(sql, params)
        return [GameRow.from_row(r) for r in rows]

    async def games_in_channel(self, guild_id: int, channel_id: int) -> list[GameRow]:
        """Games played in this channel: its own thread, or posted here directly when it has no thread."""
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?"
            " AND (thread_id = ? OR (channel_id = ? AND thread_id IS NULL)) ORDER BY id DESC",
            (guild_id, channel_id, channel_id),
        )
        return [GameRow.from_row(r) for r in rows]

    async def active_games_with_automatic_seats(self) -> list[GameRow]:
        """Games being played with an AI seat or a seat on autopilot: after a restart, the bot may owe a move."""
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ? AND EXISTS (SELECT 1 FROM seats"
            " WHERE seats.game_id = games.id AND (seats.ai = 1 OR seats.autopilot = 1)) ORDER BY id",
            (Status.ACTIVE.value,),
        )
        return [GameRow.from_row(r) for r in rows]

    async def set_status(
        self, game_id: int, status: Status, outcome: dict | None = None, *, only_live: bool = False
    ) -> GameRow:
        """Change the status (e.g. abandon); the outcome is replaced only when one is given.

        `only_live`: GameEnded if the game finished or was abandoned meanwhile (by another process, say)."""
        async with self._transaction():
            if only_live:
                await self._live_or_raise(game_id)
            rows = await self._q(
                "UPDATE games SET status = ?, outcome = COALESCE(?, outcome), updated_at = ?"
                f" WHERE id = ? RETURNING {GAME_COLUMNS}",
                (Status(status).value, None if outcome is None else _dumps(outcome), _now(), game_id),
            )
            if not rows:
                raise NotFound(f"game {game_id} does not exist")
        return GameRow.from_row(rows[0])

    # -- the messages a game edits ------------------------------------------------------------

    async def set_post(self, game_id: int, kind: PostKind, channel_id: int, message_id: int, version: int) -> None:
        """Remember the message of one kind (lobby, invitation, turn) that a game edits from now on."""
        async with self._transaction():
            await self._q(
                "INSERT INTO posts (game_id, kind, channel_id, message_id, version) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id,"
                " message_id = excluded.message_id, version = excluded.version",
                (game_id, PostKind(kind).value, channel_id, message_id, version),
            )

    async def posts(self, game_id: int) -> dict[PostKind, PostRow]:
        rows = await self._read(
            "SELECT kind, channel_id, message_id, version FROM posts WHERE game_id = ?", (game_id,)
        )
        return {PostKind(k): PostRow(PostKind(k), c, m, v) for k, c, m, v in rows}

    # -- the action log --------------------------------------------------------------------

    async def append_action(
        self, game_id: int, seq: int, seat: int, payload: dict, interaction_id: int | None, *,
        status: Status | None = None, outcome: dict | None = None, snapshot: bytes | None = None,
    ) -> GameRow:
        """Append move `seq` to an ACTIVE game whose version is seq - 1, in one transaction.

        Raises StaleVersion when the game moved on (or is not active), DuplicateInteraction when
        this interaction was already applied, NotFound for an unknown game. Nothing is written
        unless everything is: any failure rolls the whole move back.
        """
        # Serialise and validate before taking the lock: the transaction should only do SQL.
        payload_text = _dumps(payload)
        outcome_text = None if outcome is None else _dumps(outcome)
        status_value = None if status is None else Status(status).value
        if snapshot is not None and not isinstance(snapshot, bytes | bytearray | memoryview):
            raise TypeError(f"snapshot must be bytes, not {type(snapshot).__name__}")
        now = _now()
        # shared: moves of other games need not wait for this one on PostgreSQL; any other writer still waits.
        async with self._backend.transaction(shared=True):
            # The version check and the bump are one statement: no window between reading and writing.
            rows = await self._q(
                "UPDATE games SET version = ?, updated_at = ?,"
                " status = COALESCE(?, status), outcome = COALESCE(?, outcome)"
                f" WHERE id = ? AND status = ? AND version = ? RETURNING {GAME_COLUMNS}",
                (seq, now, status_value, outcome_text, game_id, Status.ACTIVE.value, seq - 1),
            )
            if not rows:
                await self._explain_rejection(game_id, seq, interaction_id)
            try:
                await self._q(
                    "INSERT INTO actions (game_id, seq, seat, payload, interaction_id, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seq, seat, payload_text, interaction_id, now),
                )
            except Conflict as exc:
                if interaction_id is not None and "interaction_id" in str(exc):
                    raise DuplicateInteraction(f"interaction {interaction_id} was already applied") from exc
                raise StoreError(f"game {game_id}: could not record move {seq}: {exc}") from exc
            if snapshot is not None:
                await self._q(
                    "INSERT INTO snapshots (game_id, version, blob) VALUES (?, ?, ?)"
                    " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, blob = excluded.blob",
                    (game_id, seq, bytes(snapshot)),
                )
        return GameRow.from_row(rows[0])

    async def _explain_rejection(self, game_id: int, seq: int, interaction_id: int | None) -> NoReturn:
        """Raise the most useful error for a move whose version check failed (the failure path only)."""
        # A retried interaction usually carries its old, now stale, seq: say "already applied", not "out of sync".
        if interaction_id is not None and await self._q(
            "SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)
        ):
            raise DuplicateInteraction(f"interaction {interaction_id} was already applied")
        game = await self._game_or_raise(game_id)
        if game.status is not Status.ACTIVE:
            raise StaleVersion(f"game {game_id} is {game.status.value}, not active")
        raise StaleVersion(f"game {game_id} is at version {game.version}; move {seq} is out of sync")

    async def actions(self, game_id: int, after: int = 0, limit: int | None = None) -> list[ActionRow]:
        """The log of one game in seq order, from seq `after` + 1, at most `limit` rows."""
        sql = ("SELECT seq, seat, payload, interaction_id, created_at FROM actions"
               " WHERE game_id = ? AND seq > ? ORDER BY seq")
        params: list[Any] = [game_id, after]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = await self._read(sql, params)
        return [
            ActionRow(seq=s, seat=st, payload=json.loads(p), interaction_id=i, created_at=c)
            for s, st, p, i, c in rows
        ]

    async def snapshot(self, game_id: int) -> tuple[int, bytes] | None:
        """The cached state blob and the version it was taken at, if any (the log stays the truth)."""
        rows = await self._read("SELECT version, blob FROM snapshots WHERE game_id = ?", (game_id,))
        return (rows[0][0], bytes(rows[0][1])) if rows else None

    # -- backups ---------------------------------------------------------------------------

    async def backup(self, path: str | Path) -> BackupResult:
        """A consistent copy of this database at `path` (a file, or a directory for a dated file) while play goes on."""
        if not isinstance(self._backend, SqliteBackend):
            raise StoreError("a PostgreSQL database is backed up by PostgreSQL's own tools (pg_dump), not by Contrail")
        # Ask SQLite for the file rather than keeping it: the copy runs on a read-only connection of its
        # own in a thread (engine/store/backup.py), so it takes neither the writer's lock nor its time.
        file = await self._backend.file()
        if not file:
            raise StoreError("an in-memory database has no file to back up")
        return await asyncio.to_thread(backup_database, file, path, busy_timeout=BUSY_TIMEOUT_MS / 1000)


def is_postgres_url(where: str | Path) -> bool:
    """Whether a database setting names PostgreSQL (a URL) rather than a SQLite file."""
    return isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))
