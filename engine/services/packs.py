"""A server's data packs: uploaded and checked, listed, shown and removed, and chosen by name for a game or league."""

from __future__ import annotations

from dataclasses import dataclass

import engine
from engine.core import GameError
from engine.platform import packs
from engine.platform.records import NotFound, PackRow
from engine.rules.packs import MAX_BYTES, Pack, PackError
from engine.services.core import TableCore
from engine.services.trials import TrialBusy
from engine.store.packs import TooManyPacks

__all__ = ["MAX_BYTES", "MAX_PACKS", "PackRefused", "Packs", "ShownPack", "template"]

MAX_PACKS = 10  # per server: a few copies of each game, kept apart from a long list nobody reads
SUFFIX = ".toml"


class PackRefused(GameError):
    """An upload, a removal or a choice of pack refused, in words for the person who asked."""


@dataclass(frozen=True)
class ShownPack:
    """One of a server's packs, with what it changes from the built-in cards."""

    row: PackRow
    title: str  # the game's
    changes: tuple[str, ...]
    replaced: bool = False  # an upload that took the place of the server's pack of the same name
    text: str = ""  # the file as uploaded, to download and edit (for /pack show)


class Packs:
    """The server's packs; any member sees them, a server manager uploads and removes them."""

    def __init__(self, core: TableCore) -> None:
        self._store = core.store
        self._trials = core.trials

    async def upload(self, guild_id: int, user_id: int, slug: str, filename: str, data: bytes, *,
                     can_manage: bool) -> ShownPack:
        """Check a pack file and keep it under its name (replacing the server's pack of that name); PackRefused
        names the first problem, with its line."""
        require_manager(can_manage, "upload")
        game = engine.get_game(slug)
        if not filename.lower().endswith(SUFFIX):
            raise PackRefused(f"A pack is a {SUFFIX} file, not {filename!r}.")
        if len(data) > MAX_BYTES:
            raise PackRefused(f"That file is {len(data) // 1024} KB; a pack may be at most {MAX_BYTES // 1024} KB.")
        try:
            checked = await self._trials.check(slug, data, guild_id)  # whole games played and drawn, apart
        except TrialBusy as busy:
            raise PackRefused(str(busy)) from None
        except PackError as error:
            raise PackRefused(f"That pack can't be used: {error}") from None
        pack = checked.pack
        row = PackRow(guild_id, pack.name, slug, pack.digest, pack.note, user_id, self._store.db.now_text())
        try:
            same = await self._store.packs.get(guild_id, pack.name)
        except NotFound:
            same = None
        if same is not None and same.game != slug:
            raise PackRefused(f"This server's pack {same.name!r} is for {engine.get_game(same.game).title}: give "
                              "this one another name, or remove that one first.")
        if same is not None:  # the same name in other letters: the upload replaces it, under its name
            row = PackRow(guild_id, same.name, slug, pack.digest, pack.note, user_id, row.uploaded_at)
        try:
            await self._store.packs.save(row, pack.text, MAX_PACKS)
        except TooManyPacks:
            raise PackRefused(f"This server has {MAX_PACKS} packs, the most it may keep: remove one first "
                              "(/pack remove).") from None
        packs.remember(pack)
        return ShownPack(row, game.title, checked.changes, replaced=same is not None)

    async def listed(self, guild_id: int, slug: str | None = None) -> list[PackRow]:
        return await self._store.packs.of_guild(guild_id, slug)

    async def show(self, guild_id: int, name: str) -> ShownPack:
        row = await self.named(guild_id, name)
        pack = await self._pack(row)
        game = engine.get_game(row.game)
        return ShownPack(row, game.title, tuple(packs.changes(packs.builtin(game), pack)), text=pack.text)

    async def remove(self, guild_id: int, name: str, *, can_manage: bool) -> PackRow:
        """Forget a server's pack; the games and leagues already playing it keep it."""
        require_manager(can_manage, "remove")
        row = await self.named(guild_id, name)
        try:
            await self._store.packs.remove(guild_id, row.name)
        except NotFound:
            raise PackRefused(f"The pack {row.name!r} was just removed.") from None
        return row

    async def chosen(self, guild_id: int, slug: str, name: str | None) -> str:
        """The digest of the pack a new game or league of this game plays ("" for the built-in cards)."""
        if not name or not name.strip():
            return ""
        row = await self.named(guild_id, name)
        if row.game != slug:
            title = engine.get_game(row.game).title
            raise PackRefused(f"The pack {row.name!r} is for {title}, not {engine.get_game(slug).title}.")
        await self._pack(row)  # its content known to the rules before the game is set up
        return row.digest

    async def name_of(self, digest: str) -> str:
        """The name a pack's file gives it ("" for the built-in cards), whether or not a server still keeps it."""
        if not digest:
            return ""
        found = await self._store.packs.texts([digest])
        return packs.revive(*found[digest]).name if digest in found else "a removed pack"

    async def named(self, guild_id: int, name: str) -> PackRow:
        try:
            return await self._store.packs.get(guild_id, name.strip())
        except NotFound:
            raise PackRefused(f"This server has no pack called {name.strip()!r}: /pack list shows its packs.") \
                from None

    async def _pack(self, row: PackRow) -> Pack:
        found = await self._store.packs.texts([row.digest])
        game, text = found[row.digest]
        return packs.revive(game, text)


def template(slug: str) -> tuple[str, bytes]:
    """The built-in component file of a game, with its comments: the start of a pack. Its file name and bytes."""
    game = engine.get_game(slug)
    return f"{slug}-components{SUFFIX}", packs.template(game)


def require_manager(can_manage: bool, verb: str) -> None:
    if not can_manage:
        raise PackRefused(f"Only members who can manage the server can {verb} packs.")
