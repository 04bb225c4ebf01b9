"""The store's seats: the lobby's seats taken and given up, the start, autopilot, hand-overs and the seats' log."""

from __future__ import annotations

from engine.platform.records import (
    AlreadySeated, GameEnded, GameRow, SeatNotFound, SeatRow, SeatsChanged, SeatsFull, Status, WrongPlayerCount,
)
from engine.platform.levels import Level
from engine.store.backend import Conflict
from engine.store.database import Database
from engine.store.games import GameStore, lobby_or_raise

# The service checks these rules too, under a lock of its own; but a second bot process on the same database
# holds another lock, so the transaction (one writer at a time across processes, on SQLite and PostgreSQL alike)
# checks them again.


class SeatStore:
    """Who sits where: in join order in the lobby, numbered by the start; every public method is one unit of work."""

    def __init__(self, db: Database, games: GameStore) -> None:
        self._db = db
        self._games = games  # the start makes the game active in the same unit of work

    async def of(self, game_id: int) -> list[SeatRow]:
        """Lobby: join order. Started: seat order (every seat is numbered then, so seat sorts first)."""
        rows = await self._db.read(
            "SELECT user_id, name, seat, ai, autopilot, missed, level FROM seats WHERE game_id = ?"
            " ORDER BY seat, position",
            (game_id,),
        )
        # An AI seat with no level (written by anything that predates levels) plays at the standard one, as the
        # migration that added the column says: a missing level must not stop its table from loading.
        return [SeatRow(u, n, s, bool(a), bool(auto), missed, (Level(lv) if lv else Level.STANDARD) if a else None)
                for u, n, s, a, auto, missed, lv in rows]

    async def add(
        self, game_id: int, user_id: int, name: str, *, ai: bool = False, max_players: int | None = None,
        level: Level = Level.STANDARD,
    ) -> None:
        """Join the lobby at the back of the queue.

        Raises NotInLobby once the game has started (or ended), AlreadySeated for a second seat, and
        SeatsFull when `max_players` are seated already.
        """
        async with self._db.transaction():
            await lobby_or_raise(self._db, game_id)
            if max_players is not None:
                [(count,)] = await self._db.q("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
                if count >= max_players:
                    raise SeatsFull(f"game {game_id} already seats {count} of at most {max_players} players")
            try:
                await self._db.q(
                    "INSERT INTO seats (game_id, user_id, name, position, seat, ai, level)"
                    " SELECT ?, ?, ?, COALESCE(MAX(position) + 1, 0), NULL, ?, ? FROM seats WHERE game_id = ?",
                    (game_id, user_id, name, int(ai), level.value if ai else None, game_id),
                )
            except Conflict as exc:
                raise AlreadySeated(f"user {user_id} is already seated in game {game_id}") from exc

    async def remove(self, game_id: int, user_id: int) -> None:
        """Leave the lobby: NotInLobby once the game has started, SeatNotFound if the user has no seat."""
        async with self._db.transaction():
            await lobby_or_raise(self._db, game_id)
            rows = await self._db.q(
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
        async with self._db.transaction():
            await lobby_or_raise(self._db, game_id)
            seated = {u for (u,) in await self._db.q("SELECT user_id FROM seats WHERE game_id = ?", (game_id,))}
            if len(user_ids_in_seat_order) != len(seated) or set(user_ids_in_seat_order) != seated:
                raise SeatsChanged(
                    f"seat order {user_ids_in_seat_order} does not match the players seated in game {game_id}"
                )
            low, high = min_players or 1, max_players or len(seated)
            if not low <= len(seated) <= high:
                raise WrongPlayerCount(
                    f"game {game_id} seats {len(seated)} players; it needs {low} to {high}", len(seated)
                )
            started = await self._games.set_status(game_id, Status.ACTIVE)
            await self._db.q_many(
                "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                [(seat, game_id, user_id) for seat, user_id in enumerate(user_ids_in_seat_order)],
            )
        return started

    # -- seats in play -----------------------------------------------------------------------

    async def set_autopilot(self, game_id: int, user_id: int, on: bool) -> None:
        """Put a person's seat on autopilot, or give it back to them (which also forgets their missed deadlines)."""
        async with self._db.transaction():
            # `? = 1`, not a bare `?`: PostgreSQL types the parameter from the comparison, as an int like SQLite's.
            await self._db.q(
                "UPDATE seats SET autopilot = ?, missed = CASE WHEN ? = 1 THEN missed ELSE 0 END"
                " WHERE game_id = ? AND user_id = ?",
                (int(on), int(on), game_id, user_id),
            )

    async def count_missed(self, game_id: int, user_id: int, missed: bool) -> int:
        """One more deadline missed in a row (or the row broken by a move of their own); the new count."""
        async with self._db.transaction():
            rows = await self._db.q(
                "UPDATE seats SET missed = CASE WHEN ? = 1 THEN missed + 1 ELSE 0 END"
                " WHERE game_id = ? AND user_id = ? RETURNING missed",
                (int(missed), game_id, user_id),
            )
        return rows[0][0] if rows else 0

    async def replace(self, game_id: int, old_user: int, new_user: int, new_name: str, version: int,
                      text: str, at: str) -> None:
        """Give a seat to another person, as it is, and log it; one transaction.

        Checked again here, as another bot process may have got there first: GameEnded once the game is over,
        SeatNotFound if `old_user` no longer has the seat, AlreadySeated if `new_user` has one already."""
        async with self._db.transaction():
            rows = await self._db.q("SELECT status FROM games WHERE id = ?", (game_id,))  # none: SeatNotFound below
            if rows and Status(rows[0][0]) in (Status.FINISHED, Status.ABANDONED):
                raise GameEnded(f"game {game_id} is {rows[0][0]}", Status(rows[0][0]))
            try:
                moved = await self._db.q(
                    "UPDATE seats SET user_id = ?, name = ?, ai = 0, level = NULL, autopilot = 0, missed = 0"
                    " WHERE game_id = ? AND user_id = ? RETURNING seat",
                    (new_user, new_name, game_id, old_user),
                )
            except Conflict as exc:
                raise AlreadySeated(f"user {new_user} already has a seat in game {game_id}") from exc
            if not moved:
                raise SeatNotFound(f"user {old_user} has no seat in game {game_id}")
            await self.add_event(game_id, version, text, at)

    async def add_event(self, game_id: int, version: int, text: str, at: str) -> None:
        """Log what happened to a seat (in words), at the game's version then."""
        async with self._db.transaction():
            await self._db.q(
                "INSERT INTO seat_events (game_id, version, text, created_at) VALUES (?, ?, ?, ?)",
                (game_id, version, text, at),
            )

    async def events(self, game_id: int) -> list[tuple[int, str]]:
        """(version, words) of what happened to the seats, in order."""
        rows = await self._db.read(
            "SELECT version, text FROM seat_events WHERE game_id = ? ORDER BY version, rowid", (game_id,)
        )
        return [(v, t) for v, t in rows]

    async def live_games_of(self, user_id: int) -> list[tuple[int, float | None]]:
        """(game id, when its current turn began if the clock knows) of every live game a person sits in."""
        rows = await self._db.read(
            "SELECT games.id, (SELECT MIN(since) FROM dues WHERE dues.game_id = games.id AND dues.kind != 'round_end')"
            " FROM games"
            " JOIN seats ON seats.game_id = games.id AND seats.user_id = ? AND seats.ai = 0"
            " WHERE games.status IN ('lobby', 'active') ORDER BY games.id",
            (user_id,),
        )
        return [(g, since) for g, since in rows]
