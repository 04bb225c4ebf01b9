"""The /game command group, composed of the subcommands each feature owns (lobby, seats, info, replays, watching)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from cogs.info.commands import InfoCommands
from cogs.lobby.commands import LobbyCommands, SeatCommands
from cogs.replays import ReplayCommands
from cogs.web.watching import WatchCommands


# discord.py collects a cog's commands from its whole class hierarchy, the farthest base first: so each feature's
# mixin adds its own, and listing them backwards keeps the lobby's subcommands first.
@app_commands.guild_only()
class Game(WatchCommands, ReplayCommands, InfoCommands, SeatCommands, LobbyCommands, commands.GroupCog, group_name="game",
           group_description="Open, join and start airline board games"):
    """The `game` command group; every body is: acknowledge, ask the table service, post."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Game(bot))
