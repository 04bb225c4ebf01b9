"""/stats game: the server's figures for one game (an embed and one chart), with the web page's link when it is on."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.answers import say
from cogs.base.commands import answered
from cogs.base.options import GAME_CHOICES
from cogs.base.service import tables
from cogs.base.words import COLOUR, EMBED_DESCRIPTION_MAX, EMBED_TITLE_MAX, FIELD_VALUE_MAX, Reply, clip
from cogs.ratings import thread_game
from engine.platform.records import LinkKind
from engine.platform.stats import GameFigures

STATS_IMAGE = "stats.png"


def stats_reply(figures: GameFigures, image: bytes | None, url: str | None) -> Reply:
    """The figures as one embed: the summary on top, a field per section, the chart below, the page's link."""
    lines = [figures.summary]
    if url is not None:
        lines.append(f"[The statistics page]({url}) has the same figures.")
    embed = discord.Embed(title=clip(f"{figures.title}: statistics", EMBED_TITLE_MAX), colour=COLOUR,
                          description=clip("\n".join(lines), EMBED_DESCRIPTION_MAX))
    if url is not None:
        embed.url = url
    for heading, rows in figures.sections():
        embed.add_field(name=clip(heading, EMBED_TITLE_MAX), value=clip("\n".join(rows), FIELD_VALUE_MAX),
                        inline=False)
    if image is not None:
        embed.set_image(url=f"attachment://{STATS_IMAGE}")
    return Reply(embeds=[embed], image=image, image_name=STATS_IMAGE)


class Stats(commands.Cog):
    """Each game's figures on this server: length, wins by seat position, scores and the game's own."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.guild_only()  # the figures are a server's
    @app_commands.command(name="stats", description="A game's figures over this server's finished games")
    @app_commands.describe(game="Which game (inside a game's thread: that game)")
    @app_commands.choices(game=GAME_CHOICES)
    @answered()
    async def stats(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        assert interaction.guild_id is not None  # guild_only
        service = tables(interaction)
        slug = game.value if game is not None else await thread_game(interaction)
        figures = await service.stats.figures(slug, interaction.guild_id)
        image = await service.stats.chart(figures)
        url = await service.sharing.url(interaction.guild_id, LinkKind.STATS, slug)
        await say(interaction, stats_reply(figures, image, url))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
