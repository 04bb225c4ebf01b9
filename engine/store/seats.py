"""The store's part for the lobby: seats taken and given up, and the start, each rule checked inside its transaction."""

from __future__ import annotations

from datetime import UTC, datetime

from engine.platform.records import (
    GAME_COLUMNS,
    AlreadySeated,
    GameEnded,
    GameRow,
    NotFound,
    NotInLobby,
    SeatNotFound,
    SeatRow,
    SeatsChanged,
    SeatsFull,
    Status,
    WrongPlayerCount,
)
from engine.store.backend import Conflict
from engine.store.part import StorePart

# The service checks these rules too, under a lock of its own; but a second bot process on the same database
# holds another lock, so the transaction (one writer at a time across processes, on SQLite and PostgreSQL alike)
# checks them again.


class SeatStore(StorePart):
    """The lobby's rows: who is seated, in join order, until the start numbers the seats."""

    async def seats(self, game_id: int) -> list[SeatRow]:
        """Lobby: join order. Started: seat order (every seat is numbered then, so seat sorts first)."""
        rows = await self._read(
            "SELECT user_id, name, seat, ai, autopilot, missed FROM seats WHERE game_id = ? ORDER BY seat, position",
            (game_id,),
        )
        return [SeatRow(u, n, s, bool(a), bool(auto), missed) for u, n, s, a, auto, missed in rows]

    async def add_seat(
        self, game_id: int, user_id: int, name: str, *, ai: bool = False, max_players: int | None = None
    ) -> None:
        """Join the lobby at the back of the queue.

        Raises NotInLobby once the game has started (or ended), AlreadySeated for a second seat, and
        SeatsFull when `max_players` are seated already.
        """
        async with self._transaction():
            await self._lobby_or_raise(game_id)
            if max_players is not None:
                [(count,)] = await self._q("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
                if count >= max_players:
                    raise SeatsFull(f"game {game_id} already seats {count} of at most {max_players} players")
            try:
                await self._q(
                    "INSERT INTO seats (game_id, user_id, name, position, seat, ai)"
                    " SELECT ?, ?, ?, COALESCE(MAX(position) + 1, 0), NULL, ? FROM seats WHERE game_id = ?",
                    (game_id, user_id, name, int(ai), game_id),
                )
            except Conflict as exc:
                raise AlreadySeated(f"user {user_id} is already seated in game {game_id}") from exc

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        """Leave the lobby: NotInLobby once the game has started, SeatNotFound if the user has no seat."""
        async with self._transaction():
            await self._lobby_or_raise(game_id)
            rows = await self._q(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ? RETURNING user_id", (game_id, user_id)
            )
            if not rows:
                raise SeatNotFound(f"user {user_id} is not seated in game {game_id}")

    async def start_game(
        self, game_id: int, user_ids_in_seat_order: list[int], *,
        min_players: int | None = None, max_players: int | None = None,
    ) -> GameRow:
        """Number the seats in the given order and make the game ACTIVE, all or nothing.

        Raises NotInLobby unless the game is in its lobby, SeatsChanged unless exactly these users are
        seated (someone joined or left since the order was dealt), and WrongPlayerCount outside
        `min_players`..`max_players`.
        """
        async with self._transaction():
            await self._lobby_or_raise(game_id)
            seated = {u for (u,) in await self._q("SELECT user_id FROM seats WHERE game_id = ?", (game_id,))}
            if len(user_ids_in_seat_order) != len(seated) or set(user_ids_in_seat_order) != seated:
                raise SeatsChanged(
                    f"seat order {user_ids_in_seat_order} does not match the players seated in game {game_id}"
                )
            low, high = min_players or 1, max_players or len(seated)
            if not low <= len(seated) <= high:
                raise WrongPlayerCount(
                    f"game {game_id} seats {len(seated)} players; it needs {low} to {high}", len(seated)
                )
            rows = await self._q(
                f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? RETURNING {GAME_COLUMNS}",
                (Status.ACTIVE.value, datetime.now(UTC).isoformat(), game_id),
            )
            await self._q_many(
                "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                [(seat, game_id, user_id) for seat, user_id in enumerate(user_ids_in_seat_order)],
            )
        return GameRow.from_row(rows[0])

    async def _status_or_raise(self, game_id: int) -> Status:
        """Inside a held transaction: the game's status; NotFound for no such game."""
        rows = await self._q("SELECT status FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise NotFound(f"game {game_id} does not exist")
        return Status(rows[0][0])

    async def _lobby_or_raise(self, game_id: int) -> None:
        """Inside a held transaction: NotInLobby for a game that left its lobby."""
        status = await self._status_or_raise(game_id)
        if status is not Status.LOBBY:
            raise NotInLobby(f"game {game_id} is {status.value}, not in the lobby", status)

    async def _live_or_raise(self, game_id: int) -> Status:
        """Inside a held transaction: the status of a game in its lobby or being played; GameEnded for one over."""
        status = await self._status_or_raise(game_id)
        if status not in (Status.LOBBY, Status.ACTIVE):
            raise GameEnded(f"game {game_id} is {status.value}", status)
        return status

    async def _q_many(self, sql: str, rows: list[tuple[int, ...]]) -> None:
        for params in rows:  # a handful of seats: one statement each keeps every one run to completion
            await self._q(sql, params)
