"""The service's part for the web pages: a server's pages on and off, each page's link, and a game's watchers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import engine
from engine.core import GameError, GameOver, Outcome
from engine.platform.records import LinkKind, Status, WebLink
from engine.services.core import TableCore
from engine.services.tables import Table, outcome_from_dict
from engine.words import joined

# The path of each kind of page under PUBLIC_URL; the web app's routes are these, with the token after.
PATHS = {LinkKind.GAME: "/game/", LinkKind.LEAGUE: "/league/", LinkKind.LEADERBOARD: "/leaderboard/",
         LinkKind.STATS: "/stats/"}


NO_PAGES = "This bot has no web pages: its admin sets WEB_PORT (and PUBLIC_URL) to serve them."
MANAGERS_ONLY = "Only members with Manage Server can turn this server's web pages on or off."


class NoPages(GameError):
    """This install serves no web pages (PUBLIC_URL is unset), so there is nothing to turn on or link to."""


class NotManager(GameError):
    """Only a member with Manage Server decides whether the server's pages are shown."""


class AlreadyWatching(GameError):
    """This person is told of the game's end already."""


class NotWatching(GameError):
    """This person was not watching the game."""


@dataclass(frozen=True)
class Site:
    """A server's pages as /web tells them: on or off, whether this command changed that, and the links any member
    may share: each game's leaderboard and statistics, as (the game's title, its page's address)."""

    on: bool
    changed: bool = False
    leaderboards: tuple[tuple[str, str], ...] = ()
    statistics: tuple[tuple[str, str], ...] = ()
    renewed: bool = False  # every page was given a new link (/web on rotate:True): the old ones open nothing


@dataclass(frozen=True)
class Watching:
    """Someone now watches a game: its page (None while the server shows no pages), and whether they play in it."""

    table: Table
    url: str | None
    plays: bool


@dataclass(frozen=True)
class EndNews:
    """Who is told by DM that a game ended because they watch it (never one of its players), and its page."""

    table: Table
    watchers: tuple[int, ...]
    url: str | None


def players_of(table: Table) -> set[int]:
    """The people seated at the table: the game's own messages tell them of its end."""
    return {p.user_id for p in table.players if p.seat is not None and not p.ai}


def result_line(table: Table, outcome: Outcome) -> str:
    """'ann wins (ann 41 VP, bob 30 VP)': the result in one line, best first, names as the thread shows them."""
    names = {p.seat: p.name for p in table.players if p.seat is not None}

    def name(seat: int) -> str:
        return names.get(seat, f"Seat {seat + 1}")

    verb = "wins" if len(outcome.winners) == 1 else "share the win"
    scores = ", ".join(f"{name(seat)} {outcome.score_text(seat)}" for group in outcome.ranking for seat in group)
    return f"{joined([name(s) for s in outcome.winners])} {verb} ({scores})"


def ending(table: Table) -> str:
    """How a game that is over ended, in one sentence ('Airships #3 is over: ann wins (...).'); '' while it lives."""
    if table.status is Status.ABANDONED:
        return f"{table.display_name} was abandoned."
    outcome = outcome_from_dict(table.row.outcome) if table.status is Status.FINISHED else None
    return f"{table.display_name} is over: {result_line(table, outcome)}." if outcome is not None else ""


class Sharing:
    """Links to the pages for the bot to print, and the lookups the pages make; the web process only reads."""

    def __init__(self, core: TableCore, public_url: str | None = None) -> None:
        self._core = core
        self._web = core.store.web
        self.public_url = (public_url or "").rstrip("/") or None
        # Told a server's id when its links stop opening (off, or renewed): pages served in this process end its
        # live streams at once (a web process of its own learns it at its next read of the link).
        self._revoked: list[Callable[[int], None]] = []

    # -- the Discord side: on, off, links -------------------------------------------------------------------

    async def turn_on(self, guild_id: int, user_id: int, *, renew: bool = False) -> str:
        """Show the server's pages (every game, league, leaderboard and statistics page gets its link; with `renew`,
        a new one, the old links answering 404 from now on); its statistics page's address is returned."""
        self._require_pages()
        async with self._core.store.transaction():
            await self._web.set_site(guild_id, True, user_id)
            await self._web.link_all(guild_id, engine.list_games())
            if renew:
                await self._web.renew(guild_id)
        if renew:
            self._tell_revoked(guild_id)
        return await self.url(guild_id, LinkKind.STATS, engine.list_games()[0]) or ""

    async def turn_off(self, guild_id: int, user_id: int) -> None:
        """Hide the server's pages: every link of the server answers 404 (and its open live pages end) until they
        are turned on again."""
        await self._web.set_site(guild_id, False, user_id)
        self._tell_revoked(guild_id)

    def when_revoked(self, listener: Callable[[int], None]) -> Callable[[], None]:
        """Call `listener` with a server's id whenever its links stop opening; returns what stops that."""
        self._revoked.append(listener)
        return lambda: self._revoked.remove(listener)

    def _tell_revoked(self, guild_id: int) -> None:
        for listener in list(self._revoked):
            listener(guild_id)

    async def is_on(self, guild_id: int) -> bool:
        return self.public_url is not None and await self._web.site_on(guild_id)

    async def url(self, guild_id: int, kind: LinkKind, target: str | int) -> str | None:
        """The page's full address when the server shows pages, else None (a message then leaves the link out)."""
        if not await self.is_on(guild_id):
            return None
        token = await self._web.link(guild_id, kind, str(target))
        return f"{self.public_url}{PATHS[kind]}{token}"

    async def switch(self, guild_id: int, user_id: int, on: bool, *, can_manage: bool, renew: bool = False) -> Site:
        """/web on (with `renew`: every page a new link) and /web off: a server manager's alone; what the server
        shows afterwards."""
        self._require_pages()
        if not can_manage:
            raise NotManager(MANAGERS_ONLY)
        was_on = await self._web.site_on(guild_id)
        if on:
            await self.turn_on(guild_id, user_id, renew=renew)  # even when on already: links whatever has none yet
        elif was_on:
            await self.turn_off(guild_id, user_id)
        return await self.site(guild_id, changed=was_on != on, renewed=on and renew)

    async def site(self, guild_id: int, *, changed: bool = False, renewed: bool = False) -> Site:
        """Whether the server shows its pages, and, when it does, each game's leaderboard and statistics links."""
        self._require_pages()
        if not await self.is_on(guild_id):
            return Site(on=False, changed=changed)
        slugs = engine.list_games()
        titles = [engine.get_game(slug).title for slug in slugs]
        boards = [await self.url(guild_id, LinkKind.LEADERBOARD, slug) or "" for slug in slugs]
        stats = [await self.url(guild_id, LinkKind.STATS, slug) or "" for slug in slugs]
        return Site(on=True, changed=changed, renewed=renewed, leaderboards=tuple(zip(titles, boards)),
                    statistics=tuple(zip(titles, stats)))

    def _require_pages(self) -> None:
        if self.public_url is None:
            raise NoPages(NO_PAGES)

    # -- watchers -----------------------------------------------------------------------------------------

    async def follow(self, table: Table, user_id: int) -> Watching:
        """/game watch: anyone may be told by DM when a live game (or one in its lobby) ends."""
        if table.status is Status.ABANDONED:
            raise GameOver("This game was abandoned: there's nothing left to watch.")
        if table.status is Status.FINISHED:
            outcome = outcome_from_dict(table.row.outcome)
            said = f"This game is over: {result_line(table, outcome)}." if outcome else "This game is over."
            url = await self.url(table.row.guild_id, LinkKind.GAME, table.id)
            raise GameOver(f"{said} Its page: {url}" if url else said)
        if not await self.watch(table.id, user_id):
            raise AlreadyWatching(f"You're watching {table.display_name} already: I'll DM you when it ends."
                                  " /game unwatch stops that.")
        url = await self.url(table.row.guild_id, LinkKind.GAME, table.id)
        return Watching(table, url, plays=user_id in players_of(table))

    async def unfollow(self, table: Table, user_id: int) -> None:
        """/game unwatch: no DM at the game's end after all."""
        if not await self.unwatch(table.id, user_id):
            raise NotWatching(f"You're not watching {table.display_name}: /game watch tells you when it ends.")

    async def end_news(self, table: Table) -> EndNews:
        """Whom to tell by DM that this game is over: its watchers, less those who play in it (told once, by the
        game's own final message)."""
        playing = players_of(table)
        watchers = tuple(u for u in await self.watchers(table.id) if u not in playing)
        url = await self.url(table.row.guild_id, LinkKind.GAME, table.id) if watchers else None
        return EndNews(table, watchers, url)

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
