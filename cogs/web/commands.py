"""/web on, /web off and /web status: whether this server's games, leagues and leaderboards have web pages, and
/web on rotate:True, which gives every page a new link."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.answers import say
from cogs.base.commands import answered
from cogs.base.service import tables
from cogs.web import messages


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # shown to managers; the service checks it all the same
class Web(commands.GroupCog, group_name="web", group_description="This server's read-only web pages"):
    """The `web` command group: each answer is private, and only a server manager changes anything."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="on", description="Show this server's games, leagues and leaderboards on the web")
    @app_commands.describe(rotate="Give every page a new link: the old links stop working")
    @answered()
    async def on(self, interaction: discord.Interaction, rotate: bool = False) -> None:
        await self._switch(interaction, True, renew=rotate)

    @app_commands.command(name="off", description="Hide every web page of this server at once")
    @answered()
    async def off(self, interaction: discord.Interaction) -> None:
        await self._switch(interaction, False)

    @app_commands.command(name="status", description="Whether this server's web pages are shown, with their links")
    @answered()
    async def status(self, interaction: discord.Interaction) -> None:
        site = await tables(interaction).sharing.site(interaction.guild_id or 0)
        await say(interaction, messages.site_reply(site))

    async def _switch(self, interaction: discord.Interaction, on: bool, *, renew: bool = False) -> None:
        site = await tables(interaction).sharing.switch(
            interaction.guild_id or 0, interaction.user.id, on, can_manage=interaction.permissions.manage_guild,
            renew=renew)
        await say(interaction, messages.site_reply(site, asked=on))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Web(bot))
