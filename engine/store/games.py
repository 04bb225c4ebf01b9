"""The store's games: each game's row, its action log and cached snapshot, and the messages it keeps editing."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from engine.platform.records import (
    GAME_COLUMNS, ActionRow, DuplicateInteraction, GameEnded, GameRow, NotFound, NotInLobby, PostKind, PostRow,
    StaleVersion, Status, StoreError,
)
from engine.store.backend import Conflict
from engine.store.database import Database
from engine.store.packs import make_packs_known
from engine.store.web import LinkKind, link_if_on

OWED_PAGE = 50  # games a read of those owing the bot a move returns at once


def dumps(value: dict) -> str:
    # Compact and key-sorted so equal payloads are equal text (diffable exports, stable hashes).
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def seats_mask(seats: Sequence[int]) -> int:
    """Seats as one integer, a bit each (seat 0 is bit 0): what the games' `to_act` column holds."""
    return sum(1 << seat for seat in set(seats))


async def decoded(db: Database, rows: Sequence[Sequence[Any]]) -> list[GameRow]:
    """Games from rows selected as GAME_COLUMNS, the content of the packs they play made known to the rules (a game
    is set up, replayed or decoded only after its row is read)."""
    games = [GameRow.from_row(row) for row in rows]
    await make_packs_known(db, games)
    return games


# -- checks made inside a unit of work that is already open (by this repository or another) ---------------------


async def game_or_raise(db: Database, game_id: int) -> GameRow:
    """Inside a held transaction: the game's row; NotFound for no such game."""
    rows = await db.q(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
    if not rows:
        raise NotFound(f"game {game_id} does not exist")
    return (await decoded(db, rows))[0]


async def status_or_raise(db: Database, game_id: int) -> Status:
    """Inside a held transaction: the game's status; NotFound for no such game."""
    rows = await db.q("SELECT status FROM games WHERE id = ?", (game_id,))
    if not rows:
        raise NotFound(f"game {game_id} does not exist")
    return Status(rows[0][0])


async def lobby_or_raise(db: Database, game_id: int) -> None:
    """Inside a held transaction: NotInLobby for a game that left its lobby."""
    status = await status_or_raise(db, game_id)
    if status is not Status.LOBBY:
        raise NotInLobby(f"game {game_id} is {status.value}, not in the lobby", status)


async def live_or_raise(db: Database, game_id: int) -> Status:
    """Inside a held transaction: the status of a game in its lobby or being played; GameEnded for one over."""
    status = await status_or_raise(db, game_id)
    if status not in (Status.LOBBY, Status.ACTIVE):
        raise GameEnded(f"game {game_id} is {status.value}", status)
    return status


class GameStore:
    """Games, their action logs, snapshots and posts; every public method is one unit of work (a transaction)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
        self, slug: str, guild_id: int, channel_id: int, creator_id: int, seed: int, options: dict,
        *, turn_seconds: int | None = None, reminder_seconds: int | None = None,
    ) -> GameRow:
        """A new game in its lobby."""
        now = self._db.now_text()
        async with self._db.transaction():
            rows = await self._db.q(
                "INSERT INTO games (slug, guild_id, channel_id, thread_id, creator_id, options, seed,"
                " status, version, outcome, created_at, updated_at, turn_seconds, reminder_seconds)"
                f" VALUES (?, ?, ?, NULL, ?, ?, ?, ?, 0, NULL, ?, ?, ?, ?) RETURNING {GAME_COLUMNS}",
                (slug, guild_id, channel_id, creator_id, dumps(options), seed, Status.LOBBY.value, now, now,
                 turn_seconds, reminder_seconds),
            )
            await link_if_on(self._db, guild_id, LinkKind.GAME, str(rows[0][0]))
        return (await decoded(self._db, rows))[0]

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        async with self._db.transaction():
            rows = await self._db.q(
                "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ? RETURNING id",
                (thread_id, self._db.now_text(), game_id),
            )
            if not rows:
                raise NotFound(f"game {game_id} does not exist")

    async def set_options(self, game_id: int, options: dict) -> GameRow:
        """Change a game's setup options while it is in the lobby; StoreError once it has started."""
        return await self._in_lobby(game_id, "options", dumps(options))

    async def set_hints(self, game_id: int, allowed: bool) -> GameRow:
        """Allow /hint at a table or not, while it is in the lobby; StoreError once it has started."""
        return await self._in_lobby(game_id, "hints", int(allowed))

    async def _in_lobby(self, game_id: int, column: str, value: str | int) -> GameRow:
        """Set one of the columns a lobby's creator changes (`column` is ours, never a user's)."""
        async with self._db.transaction():
            await lobby_or_raise(self._db, game_id)
            rows = await self._db.q(
                f"UPDATE games SET {column} = ?, updated_at = ? WHERE id = ? RETURNING {GAME_COLUMNS}",
                (value, self._db.now_text(), game_id),
            )
        return (await decoded(self._db, rows))[0]

    async def get(self, game_id: int) -> GameRow:
        """One game's row; NotFound for no such game."""
        rows = await self._db.read(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise NotFound(f"game {game_id} does not exist")
        return (await decoded(self._db, rows))[0]

    async def in_guild(
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
        rows = await self._db.read(sql, params)
        return await decoded(self._db, rows)

    async def in_channel(self, guild_id: int, channel_id: int) -> list[GameRow]:
        """Games played in this channel: its own thread, or posted here directly when it has no thread."""
        rows = await self._db.read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?"
            " AND (thread_id = ? OR (channel_id = ? AND thread_id IS NULL)) ORDER BY id DESC",
            (guild_id, channel_id, channel_id),
        )
        return await decoded(self._db, rows)

    async def owing_automatic_moves(self, after: GameRow | None = None, limit: int = OWED_PAGE) -> list[GameRow]:
        """Live games where an AI seat or a seat on autopilot is to act, or where who is to act is not known
        (a game stored before `to_act` was kept, or just taken back): after a restart, the bot may owe them a
        move. Oldest move first, `limit` at a time from just after `after`, down the index of live games: a page
        is a short read, so a member's command is never queued behind all of them (100,000 stored games: 50-100
        ms for one query over every live game)."""
        where, params = "", ()  # type: tuple[str, tuple[object, ...]]
        if after is not None:
            where = " AND (updated_at > ? OR (updated_at = ? AND id > ?))"
            params = (after.updated_at, after.updated_at, after.id)
        rows = await self._db.read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active'{where} AND (to_act IS NULL OR EXISTS ("
            "SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.seat IS NOT NULL"
            " AND (seats.ai = 1 OR seats.autopilot = 1) AND (games.to_act >> CAST(seats.seat AS INTEGER)) & 1 = 1))"
            " ORDER BY updated_at, id LIMIT ?", (*params, limit),
        )
        return await decoded(self._db, rows)

    async def set_to_act(self, game_id: int, version: int, to_act: Sequence[int]) -> None:
        """Who is to act at `version` (a game's opening, before its first move); nothing if it moved on."""
        async with self._db.transaction(shared=True):
            await self._db.q("UPDATE games SET to_act = ? WHERE id = ? AND version = ? AND status = 'active'",
                             (seats_mask(to_act), game_id, version))

    async def finished_key(self, slug: str, guild_id: int | None) -> tuple[int, int]:
        """How many games of this slug finished on the server (on every server for None), and the highest id:
        what a cache of their statistics is keyed on, as a finished game stays finished."""
        sql, params = _finished_where(slug, guild_id)
        rows = await self._db.read(f"SELECT COUNT(*), COALESCE(MAX(id), 0) FROM games WHERE {sql}", params)
        return int(rows[0][0]), int(rows[0][1])

    async def finished(self, slug: str, guild_id: int | None) -> list[tuple[GameRow, int]]:
        """The finished games of this slug on the server (every server for None), oldest first, each with how
        many seats it was played at."""
        sql, params = _finished_where(slug, guild_id)
        rows = await self._db.read(
            f"SELECT {GAME_COLUMNS}, (SELECT COUNT(*) FROM seats WHERE seats.game_id = games.id"
            f" AND seats.seat IS NOT NULL) FROM games WHERE {sql} ORDER BY id", params,
        )
        return list(zip(await decoded(self._db, [row[:-1] for row in rows]), [int(row[-1]) for row in rows]))

    async def set_status(
        self, game_id: int, status: Status, outcome: dict | None = None, *, only_live: bool = False
    ) -> GameRow:
        """Change the status (e.g. abandon); the outcome is replaced only when one is given.

        `only_live`: GameEnded if the game finished or was abandoned meanwhile (by another process, say)."""
        async with self._db.transaction():
            if only_live:
                await live_or_raise(self._db, game_id)
            rows = await self._db.q(
                "UPDATE games SET status = ?, outcome = COALESCE(?, outcome), updated_at = ?"
                f" WHERE id = ? RETURNING {GAME_COLUMNS}",
                (Status(status).value, None if outcome is None else dumps(outcome), self._db.now_text(), game_id),
            )
            if not rows:
                raise NotFound(f"game {game_id} does not exist")
        return (await decoded(self._db, rows))[0]

    # -- the messages a game edits ------------------------------------------------------------

    async def set_post(self, game_id: int, kind: PostKind, channel_id: int, message_id: int, version: int) -> None:
        """Remember the message of one kind (lobby, invitation, turn) that a game edits from now on."""
        async with self._db.transaction():
            await self._db.q(
                "INSERT INTO posts (game_id, kind, channel_id, message_id, version) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id,"
                " message_id = excluded.message_id, version = excluded.version",
                (game_id, PostKind(kind).value, channel_id, message_id, version),
            )

    async def posts(self, game_id: int) -> dict[PostKind, PostRow]:
        rows = await self._db.read(
            "SELECT kind, channel_id, message_id, version FROM posts WHERE game_id = ?", (game_id,)
        )
        return {PostKind(k): PostRow(PostKind(k), c, m, v) for k, c, m, v in rows}

    # -- the action log --------------------------------------------------------------------

    async def append_action(
        self, game_id: int, seq: int, seat: int, payload: dict, interaction_id: int | None, *,
        status: Status | None = None, outcome: dict | None = None, snapshot: bytes | None = None,
        to_act: Sequence[int] | None = None,
    ) -> GameRow:
        """Append move `seq` to an ACTIVE game whose version is seq - 1, in one transaction.

        Raises StaleVersion when the game moved on (or is not active), DuplicateInteraction when
        this interaction was already applied, NotFound for an unknown game. Nothing is written
        unless everything is: any failure rolls the whole move back. `to_act`: the seats to act after
        the move (None: not known), which the start-up query reads.
        """
        # Serialise and validate before taking the lock: the transaction should only do SQL.
        payload_text = dumps(payload)
        outcome_text = None if outcome is None else dumps(outcome)
        status_value = None if status is None else Status(status).value
        if snapshot is not None and not isinstance(snapshot, bytes | bytearray | memoryview):
            raise TypeError(f"snapshot must be bytes, not {type(snapshot).__name__}")
        now = self._db.now_text()
        # shared: moves of other games need not wait for this one on PostgreSQL; any other writer still waits.
        async with self._db.transaction(shared=True):
            # The version check and the bump are one statement: no window between reading and writing.
            rows = await self._db.q(
                "UPDATE games SET version = ?, updated_at = ?, to_act = ?,"
                " status = COALESCE(?, status), outcome = COALESCE(?, outcome)"
                f" WHERE id = ? AND status = ? AND version = ? RETURNING {GAME_COLUMNS}",
                (seq, now, None if to_act is None else seats_mask(to_act), status_value, outcome_text, game_id,
                 Status.ACTIVE.value, seq - 1),
            )
            if not rows:
                await self._explain_rejection(game_id, seq, interaction_id)
            await self._log(game_id, seq, seat, payload_text, interaction_id, now)
            if snapshot is not None:
                await self._db.q(
                    "INSERT INTO snapshots (game_id, version, blob) VALUES (?, ?, ?)"
                    " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, blob = excluded.blob",
                    (game_id, seq, bytes(snapshot)),
                )
        return (await decoded(self._db, rows))[0]

    async def _log(self, game_id: int, seq: int, seat: int, payload: str, interaction_id: int | None,
                   now: str) -> None:
        """Inside the move's transaction: the action's row in the log."""
        try:
            await self._db.q(
                "INSERT INTO actions (game_id, seq, seat, payload, interaction_id, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, payload, interaction_id, now),
            )
        except Conflict as exc:
            if interaction_id is not None and "interaction_id" in str(exc):
                raise DuplicateInteraction(f"interaction {interaction_id} was already applied") from exc
            raise StoreError(f"game {game_id}: could not record move {seq}: {exc}") from exc

    async def _explain_rejection(self, game_id: int, seq: int, interaction_id: int | None) -> NoReturn:
        """Raise the most useful error for a move whose version check failed (the failure path only)."""
        # A retried interaction usually carries its old, now stale, seq: say "already applied", not "out of sync".
        if interaction_id is not None and await self._db.q(
            "SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)
        ):
            raise DuplicateInteraction(f"interaction {interaction_id} was already applied")
        game = await game_or_raise(self._db, game_id)
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
        rows = await self._db.read(sql, params)
        return [
            ActionRow(seq=s, seat=st, payload=json.loads(p), interaction_id=i, created_at=c)
            for s, st, p, i, c in rows
        ]

    async def snapshot(self, game_id: int) -> tuple[int, bytes] | None:
        """The cached state blob and the version it was taken at, if any (the log stays the truth)."""
        rows = await self._db.read("SELECT version, blob FROM snapshots WHERE game_id = ?", (game_id,))
        return (rows[0][0], bytes(rows[0][1])) if rows else None

    async def snapshotted(self) -> list[tuple[int, int]]:
        """Every game that has a snapshot, with the version it was taken at, by game id."""
        rows = await self._db.read("SELECT game_id, version FROM snapshots ORDER BY game_id", ())
        return [(game_id, version) for game_id, version in rows]


def _finished_where(slug: str, guild_id: int | None) -> tuple[str, list[Any]]:
    params: list[Any] = [Status.FINISHED.value, slug]
    if guild_id is None:
        return "status = ? AND slug = ?", params
    return "status = ? AND slug = ? AND guild_id = ?", [*params, guild_id]
