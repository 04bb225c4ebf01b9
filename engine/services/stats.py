"""The service's part for statistics: a game's figures over its finished games, kept until another one finishes."""

from __future__ import annotations

import asyncio

import engine
from engine.core import GameError, Outcome
from engine.platform.ratings import rated_outcome
from engine.platform.stats import GameFigures, PlayedGame, game_figures, plain_chart, played_game
from engine.services.core import TableCore

CHARTS_KEPT = 64  # charts drawn for recent figures; a server asks for a few games' at most


class NoStatistics(GameError):
    """No finished game to count yet."""


class Statistics:
    """Each game's figures per server (or over every server), from the finished games replayed through the rules.

    The figures of a (game, server) are kept with the count and the highest id of its finished games, so they are
    worked out again only once another game finishes; each game is replayed once, as a finished game never changes.
    """

    def __init__(self, core: TableCore) -> None:
        self._core = core
        self._store = core.store
        self._figures: dict[tuple[str, int | None], GameFigures] = {}
        self._played: dict[int, PlayedGame] = {}  # a few hundred bytes a game: kept for the process's life
        self._charts: dict[tuple[str, str, str], bytes] = {}
        # Two askers of the same figures at once: the second waits and gets the first one's; other games don't wait.
        self._working: dict[tuple[str, int | None], asyncio.Lock] = {}

    async def figures(self, slug: str, guild_id: int | None) -> GameFigures:
        """The game's figures over the server's finished games (every server's for None); NoStatistics when none
        has finished yet, GameError naming the games for an unknown slug."""
        title = engine.get_game(slug).title
        async with self._working.setdefault((slug, guild_id), asyncio.Lock()):
            finished, last = await self._store.games.finished_key(slug, guild_id)
            version = f"{finished}-{last}"
            known = self._figures.get((slug, guild_id))
            if known is not None and known.version == version:
                return known
            played = await self._played_games(slug, guild_id)
            if not played:
                where = "on any server" if guild_id is None else "on this server"
                raise NoStatistics(f"No finished games of {title} {where} yet: the figures come once one ends.")
            figures = game_figures(slug, played, version, everywhere=guild_id is None)
            self._figures[(slug, guild_id)] = figures
            return figures

    async def _played_games(self, slug: str, guild_id: int | None) -> list[PlayedGame]:
        """The games that finished by their rules, each replayed once (in a worker thread: a long log takes time)."""
        played = []
        for row, players in await self._store.games.finished(slug, guild_id):
            if not rated_outcome(Outcome.from_dict(row.outcome) if row.outcome else None):
                continue
            one = self._played.get(row.id)
            if one is None:
                actions = await self._store.games.actions(row.id)
                one = await asyncio.to_thread(played_game, row, players, actions)
                self._played[row.id] = one
            played.append(one)
        return played

    async def chart(self, figures: GameFigures) -> bytes | None:
        """The wins by seat position drawn as a PNG, once per version of the figures; None if it could not be drawn.

        (slug, version, where) names the chart exactly: one server's figures and every server's share a version
        only when that server holds every finished game, and then only the words of its subtitle differ.
        """
        key = (figures.slug, figures.version, figures.where)
        if key not in self._charts:
            image = await self._core.pictures.draw(f"the {figures.slug} statistics", "stats", plain_chart(figures))
            if image is None:
                return None  # not kept: a drawing that failed once may work the next time
            if len(self._charts) >= CHARTS_KEPT:
                self._charts.pop(next(iter(self._charts)))
            self._charts[key] = image
        return self._charts[key]
