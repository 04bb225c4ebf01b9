"""Watching a game: /game watch and /game unwatch, and the one DM each watcher gets at the game's end."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.answers import say
from cogs.base.commands import table_command
from cogs.base.posting import client_of, direct_message
from cogs.base.service import tables
from cogs.web import messages
from engine.services.tables import Table

log = logging.getLogger(__name__)


class WatchCommands(commands.Cog):  # a Cog only for discord.py's typing: cogs.game adds it to /game
    """/game watch and unwatch, for anyone: players or not."""

    @app_commands.command(name="watch", description="Get a DM when a game ends, and its web page's link")
    @table_command()
    async def watch(self, interaction: discord.Interaction, table: Table) -> None:
        watching = await tables(interaction).sharing.follow(table, interaction.user.id)
        await say(interaction, messages.watching_text(watching))

    @app_commands.command(name="unwatch", description="No DM when a game you watch ends")
    @table_command()
    async def unwatch(self, interaction: discord.Interaction, table: Table) -> None:
        await tables(interaction).sharing.unfollow(table, interaction.user.id)
        await say(interaction, messages.unwatched_text(table))


async def tell_watchers(source: discord.Interaction | discord.Client, table: Table) -> int:
    """Once a game is over: one DM to each of its watchers who does not play in it; returns how many were sent.

    A DM refused (closed DMs, a user gone) is only logged: a watcher asked for news, and nobody else needs it.
    """
    news = await tables(source).sharing.end_news(table)
    text = messages.watcher_dm(news)
    sent = 0
    for user_id in news.watchers:
        if await direct_message(client_of(source), user_id, text):
            sent += 1
        else:
            log.info("game %s: a watcher's DM was refused; skipped", table.id)
    return sent
