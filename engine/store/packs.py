"""The store's data packs: each server's packs by name, and every pack's text once, by digest."""

from __future__ import annotations

from collections.abc import Iterable

from engine.options import pack_of
from engine.platform import packs
from engine.platform.records import GameRow, NotFound, PackRow, StoreError
from engine.rules.packs import is_known
from engine.store.database import Database


class TooManyPacks(StoreError):
    """The server already has as many packs as it may keep."""


PACK_COLUMNS = "guild_id, name, game, digest, note, uploaded_by, uploaded_at"


class PackStore:
    """Packs by server and name, texts by digest; every public method is one unit of work."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def save(self, row: PackRow, text: str, limit: int) -> PackRow:
        """Keep a server's pack, replacing the one of the same name (games already started keep theirs); refuses a
        new name once the server has `limit` packs."""
        async with self._db.transaction():
            await self._db.q(
                "INSERT INTO pack_texts (digest, game, text, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (digest) DO NOTHING", (row.digest, row.game, text, row.uploaded_at))
            names = [n for (n,) in await self._db.q("SELECT name FROM packs WHERE guild_id = ?", (row.guild_id,))]
            if row.name not in names and len(names) >= limit:
                raise TooManyPacks(f"guild {row.guild_id} has {len(names)} packs")
            await self._db.q(
                f"INSERT INTO packs ({PACK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, name)"
                " DO UPDATE SET game = excluded.game, digest = excluded.digest, note = excluded.note,"
                " uploaded_by = excluded.uploaded_by, uploaded_at = excluded.uploaded_at",
                (row.guild_id, row.name, row.game, row.digest, row.note, row.uploaded_by, row.uploaded_at))
        return row

    async def of_guild(self, guild_id: int, game: str | None = None) -> list[PackRow]:
        """A server's packs, by name (of one game, if given)."""
        where, args = ("guild_id = ? AND game = ?", (guild_id, game)) if game else ("guild_id = ?", (guild_id,))
        rows = await self._db.read(f"SELECT {PACK_COLUMNS} FROM packs WHERE {where} ORDER BY name", args)
        return [PackRow(*row) for row in rows]

    async def get(self, guild_id: int, name: str) -> PackRow:
        """A server's pack by its name, as typed in any case; NotFound if there is none."""
        rows = await self._db.read(
            f"SELECT {PACK_COLUMNS} FROM packs WHERE guild_id = ? AND LOWER(name) = LOWER(?) ORDER BY name",
            (guild_id, name))
        if not rows:
            raise NotFound(f"no pack {name!r} on guild {guild_id}")
        return PackRow(*rows[0])

    async def remove(self, guild_id: int, name: str) -> None:
        """Forget a server's pack by name (its text stays: games and leagues that play it keep it)."""
        async with self._db.transaction():
            rows = await self._db.q("DELETE FROM packs WHERE guild_id = ? AND name = ? RETURNING name",
                                    (guild_id, name))
        if not rows:
            raise NotFound(f"no pack {name!r} on guild {guild_id}")

    async def texts(self, digests: Iterable[str]) -> dict[str, tuple[str, str]]:
        """The game and text of each of these packs, by digest (a digest unknown to the store is left out)."""
        wanted = sorted(set(digests))
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        rows = await self._db.read(f"SELECT digest, game, text FROM pack_texts WHERE digest IN ({marks})",
                                   tuple(wanted))
        return {digest: (game, text) for digest, game, text in rows}

    async def keep_text(self, digest: str, game: str, text: str) -> None:
        """Keep a pack's text (an imported game's), once."""
        async with self._db.transaction():
            await self._db.q("INSERT INTO pack_texts (digest, game, text, created_at) VALUES (?, ?, ?, ?)"
                             " ON CONFLICT (digest) DO NOTHING", (digest, game, text, self._db.now_text()))


async def make_packs_known(db: Database, games: Iterable[GameRow]) -> None:
    """Give the rules of this process the content of every pack these games play that it does not know yet."""
    missing = {digest for digest in (pack_of(game.options) for game in games) if digest and not is_known(digest)}
    if not missing:
        return
    marks = ", ".join("?" * len(missing))
    rows = await db.read(f"SELECT game, text FROM pack_texts WHERE digest IN ({marks})", tuple(sorted(missing)))
    for game, text in rows:
        packs.revive(game, text)
