"""/pack: a server's data packs (its own cards for a game), uploaded, listed, shown, removed, and the file to start from."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import engine
from cogs.base.answers import say
from cogs.base.commands import NOT_IN_A_SERVER, answered
from cogs.base.options import GAME_CHOICES, pack_names
from cogs.base.service import tables
from cogs.base.words import COLOUR, EMBED_DESCRIPTION_MAX, EMBED_TITLE_MAX, FIELD_VALUE_MAX, Reply, clip
from engine.core import GameError
from engine.platform.records import PackRow
from engine.services.packs import MAX_BYTES, MAX_PACKS, ShownPack, template


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise GameError(NOT_IN_A_SERVER)
    return interaction.guild_id


def shown_reply(shown: ShownPack, lead: str, text: str | None = None) -> Reply:
    """A pack as one embed: its name, game, note and what it changes from the built-in cards (and its file)."""
    row = shown.row
    lines = [lead] if lead else []
    if row.note:
        lines.append(f"> {row.note}")
    lines.append(f"Uploaded by <@{row.uploaded_by}> on {row.uploaded_at[:10]}. Games started with it keep its cards "
                 "whatever becomes of it.")
    embed = discord.Embed(title=clip(f"{row.name} · {shown.title}", EMBED_TITLE_MAX), colour=COLOUR,
                          description=clip("\n".join(lines), EMBED_DESCRIPTION_MAX))
    embed.add_field(name="What it changes from the built-in cards",
                    value=clip("\n".join(f"• {line}" for line in shown.changes) or "Nothing.", FIELD_VALUE_MAX),
                    inline=False)
    if text is None:
        return Reply(embeds=[embed])
    return Reply(embeds=[embed], image=text.encode("utf-8"), image_name=f"{file_name(row.name)}.toml")


def file_name(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-") or "pack"


def listed_reply(rows: list[PackRow]) -> str:
    if not rows:
        return ("This server has no packs yet. A server manager uploads one with /pack upload; /pack template gives "
                "the file to start from.")
    lines = [f"**{row.name}** · {engine.get_game(row.game).title}" + (f": {row.note}" if row.note else "")
             for row in rows]
    return clip(f"This server's packs ({len(rows)} of {MAX_PACKS}):\n" + "\n".join(lines), EMBED_DESCRIPTION_MAX)


@app_commands.guild_only()
class Packs(commands.GroupCog, group_name="pack", group_description="Play with your own copy's cards: data packs"):
    """/pack upload, list, show, remove and template; every body is: acknowledge, ask the pack service, answer."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="upload", description="Check a pack file and keep it for this server (Manage Server)")
    @app_commands.describe(game="The game the pack is for", file="The pack: a .toml file (/pack template to start)")
    @app_commands.choices(game=GAME_CHOICES)
    @answered()
    async def upload(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                     file: discord.Attachment) -> None:
        guild_id = guild_of(interaction)
        if file.size > MAX_BYTES:  # refused before it is downloaded
            raise GameError(f"That file is {file.size // 1024} KB; a pack may be at most {MAX_BYTES // 1024} KB.")
        data = await file.read()
        shown = await tables(interaction).packs.upload(guild_id, interaction.user.id, game.value, file.filename, data,
                                                       can_manage=interaction.permissions.manage_guild)
        verb = "replaced the server's pack of that name" if shown.replaced else "saved"
        await say(interaction, shown_reply(shown, f"Pack **{shown.row.name}** {verb}. Start a game with it: "
                                                  f"/game new game:{shown.title} pack:{shown.row.name}"))

    @app_commands.command(name="list", description="This server's packs")
    @app_commands.describe(game="Only the packs of this game")
    @app_commands.choices(game=GAME_CHOICES)
    @answered()
    async def list_(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        rows = await tables(interaction).packs.listed(guild_of(interaction), game.value if game else None)
        await say(interaction, listed_reply(rows))

    @app_commands.command(name="show", description="A pack: what it changes, and its file")
    @app_commands.describe(name="The pack's name")
    @app_commands.autocomplete(name=pack_names)
    @answered()
    async def show(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
        shown = await tables(interaction).packs.show(guild_of(interaction), name)
        await say(interaction, shown_reply(shown, "", shown.text))

    @app_commands.command(name="remove", description="Remove a pack; games already using it keep it (Manage Server)")
    @app_commands.describe(name="The pack's name")
    @app_commands.autocomplete(name=pack_names)
    @answered()
    async def remove(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
        row = await tables(interaction).packs.remove(guild_of(interaction), name,
                                                     can_manage=interaction.permissions.manage_guild)
        await say(interaction, f"Pack **{row.name}** removed. Games and leagues that play it keep its cards.")

    @app_commands.command(name="template", description="The built-in component file of a game: the start of a pack")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @answered()
    async def template(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        name, data = template(game.value)
        note = (f"The built-in cards of {engine.get_game(game.value).title}. Copy the sections you want to change "
                'into a new file that begins with pack.name = "…" and pack.note = "…", change the values to your '
                "copy's cards, and upload it with /pack upload. A section you copy replaces the whole built-in one.")
        await say(interaction, Reply(content=note, image=data, image_name=name))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Packs(bot))
