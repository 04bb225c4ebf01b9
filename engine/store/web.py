"""The store's web pages: which servers show them, each page's unguessable link, and who watches a game."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from engine.platform.records import LinkKind, WebLink
from engine.store.database import Database

TOKEN_BYTES = 16  # 22 URL-safe characters: 128 random bits, not a number anyone could count through


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


async def link_if_on(db: Database, guild_id: int, kind: LinkKind, target: str) -> None:
    """Inside a held transaction: give a new game or league its link at once when its server shows pages.

    So every game of a server with pages on has a link from its first moment, and a league's page can link
    each of its games although the web process itself never writes.
    """
    await db.q(
        "INSERT INTO web_links (token, guild_id, kind, target)"
        " SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM web_sites WHERE guild_id = ? AND enabled = 1)"
        " ON CONFLICT (guild_id, kind, target) DO NOTHING",
        (new_token(), guild_id, kind.value, target, guild_id),
    )


class WebStore:
    """Web sites, links and watchers; every public method is one unit of work."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def set_site(self, guild_id: int, enabled: bool, changed_by: int) -> None:
        """Turn a server's pages on or off (its links are kept either way)."""
        async with self._db.transaction():
            await self._db.q(
                "INSERT INTO web_sites (guild_id, enabled, changed_by, changed_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET enabled = excluded.enabled,"
                " changed_by = excluded.changed_by, changed_at = excluded.changed_at",
                (guild_id, int(enabled), changed_by, self._db.now_text()),
            )

    async def site_on(self, guild_id: int) -> bool:
        rows = await self._db.read("SELECT enabled FROM web_sites WHERE guild_id = ?", (guild_id,))
        return bool(rows and rows[0][0])

    async def link(self, guild_id: int, kind: LinkKind, target: str) -> str:
        """The page's token, made on first asking (the same one ever after)."""
        # Nearly every page has its link already (made with its game or league, or by /web on): a read, then, and
        # a write only for the rare one without (a new game's leaderboard, say), so /game status commits nothing.
        found = await self.links(guild_id, kind, [target])
        if target in found:
            return found[target]
        async with self._db.transaction():
            await self._db.q(
                "INSERT INTO web_links (token, guild_id, kind, target) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, kind, target) DO NOTHING",
                (new_token(), guild_id, kind.value, target),
            )
            rows = await self._db.q(
                "SELECT token FROM web_links WHERE guild_id = ? AND kind = ? AND target = ?",
                (guild_id, kind.value, target),
            )
        return str(rows[0][0])

    async def links(self, guild_id: int, kind: LinkKind, targets: Iterable[str]) -> dict[str, str]:
        """The tokens that exist for these targets of a server (a read: the web process makes none)."""
        wanted = list(dict.fromkeys(targets))
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        rows = await self._db.read(
            f"SELECT target, token FROM web_links WHERE guild_id = ? AND kind = ? AND target IN ({marks})",
            (guild_id, kind.value, *wanted),
        )
        return {str(target): str(token) for target, token in rows}

    async def link_all(self, guild_id: int, slugs: Iterable[str]) -> None:
        """Give every game and league of a server, and each game's leaderboard and statistics, a link."""
        async with self._db.transaction():
            games = await self._db.q("SELECT id FROM games WHERE guild_id = ?", (guild_id,))
            leagues = await self._db.q("SELECT id FROM leagues WHERE guild_id = ?", (guild_id,))
            wanted = [(LinkKind.GAME, str(i)) for (i,) in games] + [(LinkKind.LEAGUE, str(i)) for (i,) in leagues]
            wanted += [(kind, slug) for slug in slugs for kind in (LinkKind.LEADERBOARD, LinkKind.STATS)]
            await self._db.q_many(
                "INSERT INTO web_links (token, guild_id, kind, target) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, kind, target) DO NOTHING",
                [(new_token(), guild_id, kind.value, target) for kind, target in wanted],
            )

    async def renew(self, guild_id: int) -> None:
        """Give every page of a server a new token: the old ones open nothing from now on (not even after off and on)."""
        async with self._db.transaction():
            rows = await self._db.q("SELECT token FROM web_links WHERE guild_id = ?", (guild_id,))
            await self._db.q_many("UPDATE web_links SET token = ? WHERE token = ?",
                                  [(new_token(), token) for (token,) in rows])

    async def resolve(self, token: str) -> WebLink | None:
        """The page a token opens, or None: an unknown token, or one of a server whose pages are off."""
        rows = await self._db.read(
            "SELECT l.token, l.guild_id, l.kind, l.target FROM web_links l"
            " JOIN web_sites s ON s.guild_id = l.guild_id AND s.enabled = 1 WHERE l.token = ?",
            (token,),
        )
        if not rows:
            return None
        token, guild_id, kind, target = rows[0]
        return WebLink(str(token), int(guild_id), LinkKind(kind), str(target))

    # -- watchers ---------------------------------------------------------------------------------------------

    async def watch(self, game_id: int, user_id: int) -> bool:
        """Add a watcher; False if they already watch it."""
        async with self._db.transaction():
            rows = await self._db.q(
                "INSERT INTO watchers (game_id, user_id, since) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, user_id) DO NOTHING RETURNING user_id",
                (game_id, user_id, self._db.now_text()),
            )
        return bool(rows)

    async def unwatch(self, game_id: int, user_id: int) -> bool:
        """Remove a watcher; False if they were not watching."""
        async with self._db.transaction():
            rows = await self._db.q(
                "DELETE FROM watchers WHERE game_id = ? AND user_id = ? RETURNING user_id", (game_id, user_id)
            )
        return bool(rows)

    async def watchers(self, game_id: int) -> list[int]:
        """Who watches a game, in the order they began."""
        rows = await self._db.read("SELECT user_id FROM watchers WHERE game_id = ? ORDER BY since, user_id",
                                   (game_id,))
        return [int(user_id) for (user_id,) in rows]
