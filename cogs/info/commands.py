"""Looking things up: /game status, /game list and /game mine, and /rules for a game's rules by topic."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.answers import say
from cogs.base.commands import answered, find_table, table_command
from cogs.base.options import AUTOCOMPLETE_MAX, CHOICE_NAME_MAX, GAME_CHOICES
from cogs.base.posting import show
from cogs.base.service import tables
from cogs.base.sight import sight
from cogs.base.words import clip
from cogs.info import messages
from engine.core import GameError
from engine.platform.records import LinkKind
from engine.services.tables import Table


async def slug_here(interaction: discord.Interaction) -> str:
    """The game played in this thread or channel; the first game when there is none."""
    try:
        return (await find_table(interaction, None)).slug
    except GameError:
        return GAME_CHOICES[0].value


async def rules_topics(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The topics of the game asked about (or played here), filtered by what was typed."""
    chosen = getattr(interaction.namespace, "game", None)
    slug = chosen if isinstance(chosen, str) and chosen else await slug_here(interaction)
    needle = current.strip().lower()
    card = tables(interaction).reading.rules(slug)
    return [
        app_commands.Choice(name=clip(t.title, CHOICE_NAME_MAX), value=t.key)
        for t in card.topics
        if needle in t.title.lower() or needle in t.key
    ][:AUTOCOMPLETE_MAX]


class InfoCommands(commands.Cog):  # a Cog only for discord.py's typing: cogs.game adds it to /game
    """/game status, list and mine."""

    @app_commands.command(name="status", description="Whose turn it is and the scores so far")
    @table_command()
    async def status(self, interaction: discord.Interaction, table: Table) -> None:
        service = tables(interaction)
        status = await service.reading.status(table)
        url = await service.sharing.url(table.row.guild_id, LinkKind.GAME, table.id)
        await show(interaction, table, messages.status_reply(status, asked_in=interaction.channel_id, web_url=url))

    @app_commands.command(name="list", description="The games on this server you can see, with links to their threads")
    @answered()
    async def list_(self, interaction: discord.Interaction) -> None:
        limit = messages.LIST_LIMIT + 1  # one more than shown, to know whether older games were left out
        found = await tables(interaction).reading.tables_in_guild(interaction.guild_id or 0, limit=limit,
                                                                  visible=sight(interaction))
        await say(interaction, messages.list_reply(found))

    @app_commands.command(name="mine", description="Your live games on every server, those waiting on you first")
    @answered()
    async def mine(self, interaction: discord.Interaction) -> None:
        games = await tables(interaction).reading.my_games(interaction.user.id)
        servers = {g.id: g.name for g in interaction.client.guilds}
        await say(interaction, messages.mine_reply(games, servers))


class Info(commands.Cog):
    """A game's rules, by topic."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.guild_only()  # ephemeral answers do not exist in direct messages
    @app_commands.command(name="rules", description="The rules in short, by topic")
    @app_commands.describe(game="The game (by default, the one played here)", topic="Start typing to see the topics")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(topic=rules_topics)
    @answered(acknowledge=False)  # answered at once: the rules are in memory
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None, topic: str | None = None
    ) -> None:
        slug = game.value if game else await slug_here(interaction)
        await say(interaction, messages.rules_reply(tables(interaction).reading.rules(slug, topic)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(bot))
