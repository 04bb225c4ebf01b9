"""The store's leagues: leagues and their seasons, members, each round's games and the roles that run them."""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.platform.levels import Level
from engine.platform.records import DueKind, DueRow, Status, StoreError
from engine.store.backend import Conflict
from engine.store.database import Database
from engine.store.dues import DueStore
from engine.store.games import GameStore
from engine.store.web import LinkKind, link_if_on
from engine.store.seats import SeatStore

LEAGUE_COLUMNS = (
    "id, guild_id, channel_id, name, slug, table_size, turn_seconds, round_seconds, rounds, allow_ai, points,"
    " season, status, round, round_ends, creator_id, created_at, ai_level, pack"
)


class LeagueStatus(str, enum.Enum):
    """Where a league's current season stands."""

    SIGNUP = "signup"  # members join and leave
    RUNNING = "running"  # rounds are being played
    FINISHED = "finished"  # the season is over; a new one may open


@dataclass(frozen=True)
class LeagueRow:
    id: int
    guild_id: int
    channel_id: int  # where its games' threads open and its news is posted
    name: str
    slug: str
    table_size: int
    turn_seconds: int | None
    round_seconds: int
    rounds: int
    allow_ai: bool
    points: str | None  # points per place as typed ('3,1,0'); None: one point per player beaten
    season: int
    status: LeagueStatus
    round: int  # the round being played (0 before the first)
    round_ends: float | None  # when the round being played ends (seconds since the epoch)
    creator_id: int
    created_at: str
    ai_level: Level = Level.STANDARD  # how strongly the AI seats of its games play
    pack: str = ""  # the digest of the data pack its games play with ("" for the built-in cards)

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> LeagueRow:
        (id_, guild, channel, name, slug, size, turn, round_seconds, rounds, allow_ai, points, season, status,
         round_, ends, creator, created, ai_level, pack) = row
        return cls(id_, guild, channel, name, slug, size, turn, round_seconds, rounds, bool(allow_ai), points,
                   season, LeagueStatus(status), round_, ends, creator, created, Level(ai_level), pack)


@dataclass(frozen=True)
class LeagueGame:
    """One game of a season: its round, where it stands, and who sat where (user 0 is an AI seat)."""

    round: int
    game_id: int
    status: Status
    thread_id: int | None
    outcome: dict | None
    seats: tuple[tuple[int, int, bool], ...]  # (seat, user_id, ai) in seat order; seat -1 before the start

    @property
    def over(self) -> bool:
        return self.status in (Status.FINISHED, Status.ABANDONED)


@dataclass(frozen=True)
class NewTable:
    """A table of a round about to open: its seats (user id, name, AI?) and its game's seed."""

    seats: tuple[tuple[int, str, bool], ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)  # its setup options (the edition of its rules)
    ai_level: Level = Level.STANDARD  # how strongly its AI seats play


class LeagueStore:
    """Leagues, their seasons' members and rounds' games, and the roles that may run them; one unit of work each."""

    def __init__(self, db: Database, games: GameStore, seats: SeatStore, dues: DueStore) -> None:
        self._db = db
        # A round opens its games, their seats and their due times in the same unit of work as the round.
        self._games, self._seats, self._dues = games, seats, dues

    async def create(self, guild_id: int, channel_id: int, name: str, slug: str, table_size: int,
                     turn_seconds: int | None, round_seconds: int, rounds: int, allow_ai: bool,
                     points: str | None, creator_id: int, ai_level: Level = Level.STANDARD,
                     pack: str = "") -> LeagueRow:
        """A new league, its first season open for sign-ups; StoreError if the server has one of that name."""
        try:
            async with self._db.transaction():
                rows = await self._db.q(
                    "INSERT INTO leagues (guild_id, channel_id, name, slug, table_size, turn_seconds, round_seconds,"
                    " rounds, allow_ai, points, status, creator_id, created_at, ai_level, pack)"
                    f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING {LEAGUE_COLUMNS}",
                    (guild_id, channel_id, name, slug, table_size, turn_seconds, round_seconds, rounds, int(allow_ai),
                     points, LeagueStatus.SIGNUP.value, creator_id, self._db.now_text(), ai_level.value, pack),
                )
                await link_if_on(self._db, guild_id, LinkKind.LEAGUE, str(rows[0][0]))
        except Conflict as exc:
            raise StoreError(f"guild {guild_id} already has a league named {name!r}") from exc
        return LeagueRow.from_row(rows[0])

    async def get(self, league_id: int) -> LeagueRow | None:
        rows = await self._db.read(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,))
        return LeagueRow.from_row(rows[0]) if rows else None

    async def in_guild(self, guild_id: int) -> list[LeagueRow]:
        rows = await self._db.read(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? ORDER BY LOWER(name), name", (guild_id,)
        )
        return [LeagueRow.from_row(r) for r in rows]

    async def running(self) -> list[LeagueRow]:
        rows = await self._db.read(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status = ? ORDER BY id",
                                   (LeagueStatus.RUNNING.value,))
        return [LeagueRow.from_row(r) for r in rows]

    async def of_game(self, game_id: int) -> tuple[int, int, int] | None:
        """(league, season, round) of a league game; None for any other game."""
        rows = await self._db.read("SELECT league_id, season, round FROM league_games WHERE game_id = ?", (game_id,))
        return (rows[0][0], rows[0][1], rows[0][2]) if rows else None

    # -- members ---------------------------------------------------------------------------------

    async def add_member(self, league_id: int, season: int, user_id: int, name: str) -> bool:
        """Sign a member up for a season open for sign-ups; False if they already were (or sign-ups closed)."""
        async with self._db.transaction():
            rows = await self._db.q(
                "INSERT INTO league_members (league_id, season, user_id, name, joined_at)"
                " SELECT id, ?, ?, ?, ? FROM leagues WHERE id = ? AND season = ? AND status = ?"
                " ON CONFLICT DO NOTHING RETURNING user_id",
                (season, user_id, name, self._db.now_text(), league_id, season, LeagueStatus.SIGNUP.value),
            )
        return bool(rows)

    async def remove_member(self, league_id: int, season: int, user_id: int) -> bool:
        async with self._db.transaction():
            rows = await self._db.q(
                "DELETE FROM league_members WHERE league_id = ? AND season = ? AND user_id = ?"
                " AND EXISTS (SELECT 1 FROM leagues WHERE id = ? AND season = ? AND status = ?) RETURNING user_id",
                (league_id, season, user_id, league_id, season, LeagueStatus.SIGNUP.value),
            )
        return bool(rows)

    async def members(self, league_id: int, season: int) -> dict[int, str]:
        """Members of a season and their names, in the order they joined."""
        rows = await self._db.read(
            "SELECT user_id, name FROM league_members WHERE league_id = ? AND season = ? ORDER BY joined_at, rowid",
            (league_id, season),
        )
        return {u: n for u, n in rows}

    # -- who runs leagues ------------------------------------------------------------------------------

    async def set_admin(self, guild_id: int, role_id: int, on: bool) -> bool:
        """Let a role run the server's leagues (or no longer); False if nothing changed."""
        async with self._db.transaction():
            if on:
                rows = await self._db.q("INSERT INTO league_admins (guild_id, role_id) VALUES (?, ?)"
                                        " ON CONFLICT DO NOTHING RETURNING role_id", (guild_id, role_id))
            else:
                rows = await self._db.q("DELETE FROM league_admins WHERE guild_id = ? AND role_id = ?"
                                        " RETURNING role_id", (guild_id, role_id))
        return bool(rows)

    async def admins(self, guild_id: int) -> list[int]:
        rows = await self._db.read("SELECT role_id FROM league_admins WHERE guild_id = ? ORDER BY role_id", (guild_id,))
        return [r for (r,) in rows]

    # -- seasons and rounds ----------------------------------------------------------------------------

    async def set_status(self, league_id: int, season: int, was: LeagueStatus, now: LeagueStatus) -> bool:
        """Move a season from one status to the next; False if it was not in `was` (another caller got there)."""
        async with self._db.transaction():
            rows = await self._db.q(
                "UPDATE leagues SET status = ? WHERE id = ? AND season = ? AND status = ? RETURNING id",
                (now.value, league_id, season, was.value),
            )
        return bool(rows)

    async def open_season(self, league_id: int) -> LeagueRow | None:
        """The next season of a finished league, open for sign-ups; None if the current one is not finished."""
        async with self._db.transaction():
            rows = await self._db.q(
                "UPDATE leagues SET season = season + 1, status = ?, round = 0, round_ends = NULL"
                f" WHERE id = ? AND status = ? RETURNING {LEAGUE_COLUMNS}",
                (LeagueStatus.SIGNUP.value, league_id, LeagueStatus.FINISHED.value),
            )
        return LeagueRow.from_row(rows[0]) if rows else None

    async def open_round(self, league: LeagueRow, round_: int, ends: float, since: float,
                         tables: Sequence[NewTable], reminder_seconds: int | None = None) -> list[int] | None:
        """Round `round_` of the league's season with its games in their lobbies, all at once.

        Nothing happens (None) unless the league is running and still at the round before: two callers
        cannot open the same round twice. Each game gets a due time at the round's end.
        """
        async with self._db.transaction():
            moved = await self._db.q(
                "UPDATE leagues SET round = ?, round_ends = ? WHERE id = ? AND season = ? AND round = ? AND status = ?"
                " RETURNING id",
                (round_, ends, league.id, league.season, round_ - 1, LeagueStatus.RUNNING.value),
            )
            if not moved:
                return None
            return [await self._open_table(league, round_, ends, since, table, reminder_seconds) for table in tables]

    async def _open_table(self, league: LeagueRow, round_: int, ends: float, since: float, table: NewTable,
                          reminder_seconds: int | None) -> int:
        """Inside the round's unit of work: one table's game in its lobby, its seats, and its round-end due time."""
        creator = next((u for u, _, ai in table.seats if not ai), table.seats[0][0])
        game = await self._games.create(league.slug, league.guild_id, league.channel_id, creator, table.seed, table.options,
                                        turn_seconds=league.turn_seconds, reminder_seconds=reminder_seconds)
        for user_id, name, ai in table.seats:  # in the table's order: the lobby's join order
            await self._seats.add(game.id, user_id, name, ai=ai, level=table.ai_level)
        await self._db.q("INSERT INTO league_games (league_id, season, round, game_id) VALUES (?, ?, ?, ?)",
                         (league.id, league.season, round_, game.id))
        await self._dues.add(DueRow(game.id, DueKind.ROUND_END, ends, 0, since))
        return game.id

    async def games(self, league_id: int, season: int, round_: int | None = None) -> list[LeagueGame]:
        """A season's games (of one round, if given) in round and id order, with their seats."""
        sql = ("SELECT lg.round, g.id, g.status, g.thread_id, g.outcome FROM league_games lg"
               " JOIN games g ON g.id = lg.game_id WHERE lg.league_id = ? AND lg.season = ?")
        params: list[Any] = [league_id, season]
        if round_ is not None:
            sql += " AND lg.round = ?"
            params.append(round_)
        games = await self._db.read(sql + " ORDER BY lg.round, g.id", params)
        if not games:
            return []
        marks = ", ".join("?" * len(games))
        seats = await self._db.read(
            f"SELECT game_id, COALESCE(seat, -1), user_id, ai FROM seats WHERE game_id IN ({marks})"
            " ORDER BY game_id, seat, position", [g[1] for g in games],
        )
        by_game: dict[int, list[tuple[int, int, bool]]] = {}
        for game_id, seat, user_id, ai in seats:
            by_game.setdefault(game_id, []).append((seat, 0 if ai else user_id, bool(ai)))
        return [LeagueGame(r, g, Status(s), t, None if o is None else json.loads(o), tuple(by_game.get(g, ())))
                for r, g, s, t, o in games]
