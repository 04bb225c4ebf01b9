"""The store's ratings: each finished game's results and the ratings they add up to, written together."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.platform.ratings import Placed, Skill, StoredResult, rate_game, recompute
from engine.platform.records import GAME_COLUMNS, GameRow
from engine.store.database import Database
from engine.store.games import decoded

ORDINAL_SQL = "(mu - 3 * sigma)"  # engine.platform.ratings.Skill.ordinal, for sorting in SQL


@dataclass(frozen=True)
class RatingRow:
    """A member's stored rating for one game on one server."""

    guild_id: int
    slug: str
    user_id: int
    name: str
    skill: Skill


@dataclass(frozen=True)
class PastResult:
    """One of a member's rated games: where they finished, at a table of how many."""

    game_id: int
    slug: str
    place: int
    seats: int
    score: float | None
    rated_at: str
    thread_id: int | None
    channel_id: int


class RatingStore:
    """Finished games' results and the ratings they add up to; every public method is one unit of work."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def record(self, game_id: int, guild_id: int, slug: str, seats: Sequence[Placed]) -> bool:
        """Write a finished game's results and update its members' ratings, in one transaction, once per game.

        Returns False (writing nothing) when the game already has results: a second call is a no-op.
        """
        ordered = sorted(seats, key=lambda s: s.seat)  # recompute() folds seats in this order too
        users = sorted({s.user_id for s in ordered})
        marks = ", ".join("?" * len(users))
        async with self._db.transaction():
            await self._db.q("UPDATE games SET settled = 1 WHERE id = ?", (game_id,))
            if await self._db.q("SELECT 1 FROM results WHERE game_id = ? LIMIT 1", (game_id,)):
                return False
            rows = await self._db.q(
                f"SELECT user_id, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND slug = ?"
                f" AND user_id IN ({marks})",
                (guild_id, slug, *users),
            )
            before = {u: Skill(mu, sigma, games, wins) for u, mu, sigma, games, wins in rows}
            after = rate_game(list(ordered), before)
            (rated,) = (await self._db.q("SELECT COALESCE(MAX(rated), 0) + 1 FROM results"))[0]
            now = self._db.now_text()
            await self._db.q_many(
                "INSERT INTO results (game_id, seat, guild_id, slug, user_id, name, place, score, rated, rated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, guild_id, slug, s.user_id, s.name, s.place, s.score, rated, now) for s in ordered],
            )
            names = {s.user_id: s.name for s in ordered}
            await self._db.q_many(
                "INSERT INTO ratings (guild_id, slug, user_id, name, mu, sigma, games, wins)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, slug, user_id) DO UPDATE SET"
                " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
                " wins = excluded.wins",
                [(guild_id, slug, u, names[u], k.mu, k.sigma, k.games, k.wins) for u, k in after.items()],
            )
        return True

    async def has_results(self, game_id: int) -> bool:
        return bool(await self._db.read("SELECT 1 FROM results WHERE game_id = ? LIMIT 1", (game_id,)))

    async def unrated_finished_games(self) -> list[GameRow]:
        """Finished games the ratings have not settled (the bot stopped between the last move and rating it), in
        finish order: a read of the partial index games_unsettled, whatever the number of finished games."""
        rows = await self._db.read(  # the status is written out: PostgreSQL uses a partial index only then
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'finished' AND settled = 0 ORDER BY updated_at, id")
        return await decoded(self._db, rows)

    async def settle(self, game_id: int) -> None:
        """A finished game that counts for no rating (it did not end by its rules): not looked at again."""
        async with self._db.transaction(shared=True):
            await self._db.q("UPDATE games SET settled = 1 WHERE id = ?", (game_id,))

    async def of(self, guild_id: int, slug: str, user_ids: Sequence[int]) -> dict[int, Skill]:
        """The stored Skill of each of these members who has one (the unrated are missing)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        rows = await self._db.read(
            f"SELECT user_id, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND slug = ?"
            f" AND user_id IN ({marks})",
            (guild_id, slug, *user_ids),
        )
        return {u: Skill(mu, sigma, games, wins) for u, mu, sigma, games, wins in rows}

    async def of_member(self, guild_id: int, user_id: int, slug: str | None = None) -> list[RatingRow]:
        """A member's ratings on a server: for one game, or for every game they have played (best first)."""
        sql = ("SELECT guild_id, slug, user_id, name, mu, sigma, games, wins FROM ratings"
               " WHERE guild_id = ? AND user_id = ?")
        params: list[Any] = [guild_id, user_id]
        if slug is not None:
            sql += " AND slug = ?"
            params.append(slug)
        rows = await self._db.read(sql + f" ORDER BY {ORDINAL_SQL} DESC, slug", params)
        return [_rating_row(r) for r in rows]

    async def rank_of(self, guild_id: int, slug: str, user_id: int) -> tuple[int, int]:
        """(the member's rank on the server for this game, how many are rated); rank 0 if they are not."""
        rows = await self._db.read(
            "SELECT (SELECT COUNT(*) FROM ratings o WHERE o.guild_id = r.guild_id AND o.slug = r.slug"
            " AND (o.mu - 3 * o.sigma) > (r.mu - 3 * r.sigma)) + 1,"
            " (SELECT COUNT(*) FROM ratings o WHERE o.guild_id = r.guild_id AND o.slug = r.slug)"
            " FROM ratings r WHERE r.guild_id = ? AND r.slug = ? AND r.user_id = ?",
            (guild_id, slug, user_id),
        )
        if rows:
            return rows[0][0], rows[0][1]
        count = await self._db.read("SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND slug = ?", (guild_id, slug))
        return 0, count[0][0]

    async def top(self, guild_id: int, slug: str, limit: int = 25) -> list[RatingRow]:
        """The server's best-rated members for a game, best first (ties: more games, then the older member)."""
        rows = await self._db.read(
            "SELECT guild_id, slug, user_id, name, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND slug = ?"
            f" ORDER BY {ORDINAL_SQL} DESC, games DESC, user_id LIMIT ?",
            (guild_id, slug, limit),
        )
        return [_rating_row(r) for r in rows]

    async def last_results(self, guild_id: int, slug: str, user_id: int, limit: int = 5) -> list[PastResult]:
        """A member's most recent rated games of one game on a server, newest first."""
        rows = await self._db.read(
            "SELECT r.game_id, r.slug, r.place, (SELECT COUNT(*) FROM results s WHERE s.game_id = r.game_id),"
            " r.score, r.rated_at, g.thread_id, g.channel_id FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE r.guild_id = ? AND r.slug = ? AND r.user_id = ?"
            # One row per game: the member's best seat (the AI may hold several), said in SQL both databases speak.
            " AND r.seat = (SELECT b.seat FROM results b WHERE b.game_id = r.game_id AND b.user_id = r.user_id"
            " ORDER BY b.place, b.seat LIMIT 1)"
            " ORDER BY r.rated DESC LIMIT ?",
            (guild_id, slug, user_id, limit),
        )
        return [PastResult(*r) for r in rows]

    async def stored_results(self) -> list[StoredResult]:
        """Every result in rating order (seat order within a game)."""
        rows = await self._db.read(
            "SELECT rated, game_id, guild_id, slug, seat, user_id, name, place, score FROM results ORDER BY rated, seat"
        )
        return [StoredResult(*r) for r in rows]

    async def all(self) -> list[RatingRow]:
        rows = await self._db.read(
            "SELECT guild_id, slug, user_id, name, mu, sigma, games, wins FROM ratings ORDER BY guild_id, slug, user_id"
        )
        return [_rating_row(r) for r in rows]

    async def recompute(self) -> int:
        """Rebuild the whole ratings table from the results (after a change of the formula); how many ratings."""
        async with self._db.transaction():
            rows = await self._db.q(
                "SELECT rated, game_id, guild_id, slug, seat, user_id, name, place, score FROM results"
                " ORDER BY rated, seat"
            )
            results = [StoredResult(*r) for r in rows]
            skills = recompute(results)
            names = {(r.guild_id, r.slug, r.user_id): r.name for r in results}  # the latest name each used
            await self._db.q("DELETE FROM ratings")
            await self._db.q_many(
                "INSERT INTO ratings (guild_id, slug, user_id, name, mu, sigma, games, wins)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(g, s, u, names[(g, s, u)], k.mu, k.sigma, k.games, k.wins) for (g, s, u), k in skills.items()],
            )
        return len(skills)


def _rating_row(row: Sequence[Any]) -> RatingRow:
    guild_id, slug, user_id, name, mu, sigma, games, wins = row
    return RatingRow(guild_id, slug, user_id, name, Skill(mu, sigma, games, wins))
