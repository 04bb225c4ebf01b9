"""The service's part for the web pages: a server's pages on and off, each page's link, and a game's watchers."""

from __future__ import annotations

import engine
from engine.core import GameError
from engine.platform.records import LinkKind, WebLink
from engine.services.core import TableCore

# The path of each kind of page under PUBLIC_URL; the web app's routes are these, with the token after.
PATHS = {LinkKind.GAME: "/game/", LinkKind.LEAGUE: "/league/", LinkKind.LEADERBOARD: "/leaderboard/",
         LinkKind.STATS: "/stats/"}


class NoPages(GameError):
    """This install serves no web pages (PUBLIC_URL is unset), so there is nothing to turn on or link to."""


class Sharing:
    """Links to the pages for the bot to print, and the lookups the pages make; the web process only reads."""

    def __init__(self, core: TableCore, public_url: str | None = None) -> None:
        self._core = core
        self._web = core.store.web
        self.public_url = (public_url or "").rstrip("/") or None

    # -- the Discord side: on, off, links -------------------------------------------------------------------

    async def turn_on(self, guild_id: int, user_id: int) -> str:
        """Show the server's pages (every game, league, leaderboard and statistics page gets its link); its
        statistics page's address is returned."""
        if self.public_url is None:
            raise NoPages("This bot has no web pages: its admin sets WEB_PORT (and PUBLIC_URL) to serve them.")
        async with self._core.store.transaction():
            await self._web.set_site(guild_id, True, user_id)
            await self._web.link_all(guild_id, engine.list_games())
        return await self.url(guild_id, LinkKind.STATS, engine.list_games()[0]) or ""

    async def turn_off(self, guild_id: int, user_id: int) -> None:
        """Hide the server's pages: every link of the server answers 404 until they are turned on again."""
        await self._web.set_site(guild_id, False, user_id)

    async def is_on(self, guild_id: int) -> bool:
        return self.public_url is not None and await self._web.site_on(guild_id)

    async def url(self, guild_id: int, kind: LinkKind, target: str | int) -> str | None:
        """The page's full address when the server shows pages, else None (a message then leaves the link out)."""
        if not await self.is_on(guild_id):
            return None
        token = await self._web.link(guild_id, kind, str(target))
        return f"{self.public_url}{PATHS[kind]}{token}"

    # -- watchers -----------------------------------------------------------------------------------------

    async def watch(self, game_id: int, user_id: int) -> bool:
        """Tell this person in a DM when the game ends; False if they already asked."""
        return await self._web.watch(game_id, user_id)

    async def unwatch(self, game_id: int, user_id: int) -> bool:
        return await self._web.unwatch(game_id, user_id)

    async def watchers(self, game_id: int) -> list[int]:
        return await self._web.watchers(game_id)

    # -- the web side: reads only ---------------------------------------------------------------------------

    async def resolve(self, token: str, kind: LinkKind) -> WebLink | None:
        """The page a token of this kind opens, or None (unknown, another kind, or the server's pages are off)."""
        link = await self._web.resolve(token)
        return link if link is not None and link.kind is kind else None

    async def tokens(self, guild_id: int, kind: LinkKind, targets: list[str]) -> dict[str, str]:
        """The tokens that exist for these targets of a server, for a page that links to others."""
        return await self._web.links(guild_id, kind, targets)
