"""The service's part for ratings: rate each game that finishes by its rules, and answer /rating and /leaderboard."""

from __future__ import annotations

import logging
from dataclasses import dataclass
import engine
from engine.core import GameError, Outcome
from engine.platform.ratings import AI_NAME, AI_USER, NEW, Placed, Skill, places, rated_outcome, shown_text
from engine.store import PastResult, RatingRow
from engine.services.core import TableCore
from engine.services.tables import Table


log = logging.getLogger("engine.ratings")

LEADERBOARD_SIZE = 25  # one embed's fields, and rows a phone can read in one image
LAST_RESULTS = 5


class NoRatings(GameError):
    """Nothing rated yet for what was asked."""


@dataclass(frozen=True)
class GameRating:
    """A member's rating for one game, as /rating shows it."""

    slug: str
    title: str
    skill: Skill
    rank: int  # 1 = best on the server
    rated: int  # how many members of the server are rated in this game
    last: tuple[PastResult, ...]

    @property
    def text(self) -> str:
        return shown_text(self.skill)


@dataclass(frozen=True)
class RatingCard:
    """/rating: one member's ratings on a server, for one game or for each game they have played."""

    user_id: int
    name: str
    games: tuple[GameRating, ...]


@dataclass(frozen=True)
class LeaderRow:
    """One line of a leaderboard: plain data, for the embed and the image alike."""

    rank: int
    user_id: int
    name: str
    rating: int
    provisional: bool
    games: int
    wins: int


@dataclass(frozen=True)
class Leaderboard:
    """A server's top members for one game."""

    slug: str
    title: str
    rows: tuple[LeaderRow, ...]
    rated: int  # members rated in all, shown or not


def leader_rows(rows: list[RatingRow]) -> tuple[LeaderRow, ...]:
    """Rank stored ratings for display: exactly equal ratings share a rank (as /rating counts it)."""
    result: list[LeaderRow] = []
    for index, row in enumerate(rows):
        number = round(row.skill.number)
        tied = index > 0 and rows[index - 1].skill.ordinal == row.skill.ordinal
        rank = result[-1].rank if tied else index + 1
        name = AI_NAME if row.user_id == AI_USER else row.name
        result.append(LeaderRow(rank, row.user_id, name, number, row.skill.provisional, row.skill.games, row.skill.wins))
    return tuple(result)


def placed_seats(table: Table, outcome: Outcome) -> list[Placed]:
    """The seats of a finished game as the ratings see them: an AI seat from the start is Contrail AI."""
    place = places(outcome)
    seats = []
    for player in table.players:
        if player.seat is None or player.seat not in place:
            continue
        user_id, name = (AI_USER, AI_NAME) if player.ai else (player.user_id, player.name)
        score = outcome.scores[player.seat] if player.seat < len(outcome.scores) else None
        seats.append(Placed(player.seat, user_id, name, place[player.seat], score))
    return sorted(seats, key=lambda s: s.seat)


class Ratings:
    """Ratings per member and game: each finished game rated by its rules, /rating and /leaderboard answered."""

    def __init__(self, core: TableCore) -> None:
        self._core = core
        self._store = core.store

    async def rating_numbers(self, guild_id: int, slug: str, user_ids: list[int]) -> dict[int, float]:
        """Each member's displayed rating for a game on this server, unrounded, for pairing and tie-breaks.

        A member never rated in that game gets the new player's 1500; user 0 is Contrail AI. Higher is better.
        """
        stored = await self._store.ratings.of(guild_id, slug, sorted(set(user_ids)))
        return {u: stored.get(u, NEW).number for u in user_ids}

    async def rate_finished(self, table: Table, outcome: Outcome | None) -> None:
        """Rate a game that just finished by its rules (once: the store ignores a second call).

        The move is already stored, so a failure here only delays the rating to the next start (rate_unrated).
        """
        if not rated_outcome(outcome):
            return
        assert outcome is not None
        try:
            await self._store.ratings.record(table.id, table.row.guild_id, table.slug, placed_seats(table, outcome))
        except Exception:
            log.exception("game %s: could not rate it now; it is rated at the next start", table.id)

    async def rate_unrated(self) -> int:
        """At start: rate the finished games that have no results yet, in the order they finished; how many."""
        count = 0
        for row in await self._store.ratings.unrated_finished_games():
            outcome = Outcome.from_dict(row.outcome) if row.outcome else None
            if not rated_outcome(outcome):
                await self._store.ratings.settle(row.id)
                continue
            assert outcome is not None
            try:
                table = await self._core.load.seated(row)
                count += await self._store.ratings.record(row.id, row.guild_id, row.slug, placed_seats(table, outcome))
            except Exception:  # one bad game must not keep the others unrated, nor stop the AI players resuming
                log.exception("game %s: could not rate it at start", row.id)
        return count

    async def rating_card(self, guild_id: int, user_id: int, name: str, slug: str | None) -> RatingCard:
        """A member's rating(s) on this server; NoRatings (friendly words) when there is nothing rated yet."""
        title = engine.get_game(slug).title if slug else None  # an unknown slug: GameError naming the games
        rows = await self._store.ratings.of_member(guild_id, user_id, slug)
        if not rows:
            what = f" of {title}" if title else ""
            raise NoRatings(f"{name} has no rated games{what} on this server yet.")
        games = []
        for row in rows:
            rank, rated = await self._store.ratings.rank_of(guild_id, row.slug, user_id)
            last = await self._store.ratings.last_results(guild_id, row.slug, user_id, LAST_RESULTS)
            games.append(GameRating(row.slug, _title(row.slug), row.skill, rank, rated, tuple(last)))
        shown_name = AI_NAME if user_id == AI_USER else rows[0].name
        return RatingCard(user_id, shown_name, tuple(games))

    async def leaderboard(self, guild_id: int, slug: str) -> Leaderboard:
        """The server's top 25 for a game; NoRatings when nobody is rated in it yet."""
        title = engine.get_game(slug).title
        rows = await self._store.ratings.top(guild_id, slug, LEADERBOARD_SIZE)
        if not rows:
            raise NoRatings(f"No rated games of {title} on this server yet.")
        _, rated = await self._store.ratings.rank_of(guild_id, slug, rows[0].user_id)
        return Leaderboard(slug, title, leader_rows(rows), rated)

    async def leaderboard_image(self, board: Leaderboard) -> bytes | None:
        """The leaderboard drawn as a PNG by a drawing worker; None if drawing failed (the list still answers)."""
        return await self._core.pictures.draw(
            f"the {board.slug} leaderboard", "leaderboard", board.title, [_plain(r) for r in board.rows], board.rated)


def _title(slug: str) -> str:
    try:
        return engine.get_game(slug).title
    except GameError:  # a game no longer hosted keeps its ratings under its slug
        return slug


def _plain(row: LeaderRow) -> dict[str, object]:
    """A row as plain data for the renderer, which knows nothing of the service."""
    return {"rank": row.rank, "name": row.name, "rating": row.rating, "provisional": row.provisional,
            "games": row.games, "wins": row.wins}
