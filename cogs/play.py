"""Playing and following a game: /move, /board, /log, /hand and /rules."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import flows, messages
from cogs.lobby import GAME_CHOICES, GAME_ID, GameId
from engine.core import GameError


async def move_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's legal actions, filtered by what they typed: name = the label, value = the action key."""
    try:
        table = await flows.find_table(interaction, getattr(interaction.namespace, "game_id", None))
        actions = await flows.tables(interaction).choices(table.id, interaction.user.id)
    except GameError:
        return []
    needle = current.strip().lower()
    return [
        app_commands.Choice(name=messages.clip(a.label or a.key, 100), value=a.key)
        for a in actions
        if len(a.key) <= 100 and (needle in a.label.lower() or needle in a.key.lower())
    ][: flows.AUTOCOMPLETE_MAX]


class Play(commands.Cog):
    """Commands used during a game, inside its thread (or with game_id elsewhere)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="move", description="Make your move: pick one of your current choices")
    @app_commands.describe(choice="Start typing to see your choices", game_id=GAME_ID)
    @app_commands.autocomplete(choice=move_choices, game_id=flows.table_choices)
    async def move(self, interaction: discord.Interaction, choice: str, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            await flows.play(interaction, table, choice.strip(), None)

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="board", description="Post the current board again")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def board(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            board = await flows.tables(interaction).board(table.id)
            await flows.publish(interaction, board.table, messages.board_reply(board.table, board.image, board.prompt))

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="log", description="The move history, a page at a time (the latest page first)")
    @app_commands.describe(page="Page number (1 is the start of the game)", game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def log(
        self,
        interaction: discord.Interaction,
        page: app_commands.Range[int, 1, 100_000] | None = None,
        game_id: GameId | None = None,
    ) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            log_page = await flows.tables(interaction).log(table.id, page)
            await flows.say(interaction, messages.log_reply(log_page))

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="hand", description="Your own company and choices, shown only to you")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def hand(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            table, view = await flows.tables(interaction).hand(table.id, interaction.user.id)
            await flows.say(interaction, messages.hand_reply(table, view))

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="rules", description="A short summary of a game's rules and where the full rules are")
    @app_commands.describe(game="The game (by default, the one played here)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        async with flows.guarded(interaction):
            slug = game.value if game else await self._slug_here(interaction)
            await flows.say(interaction, messages.rules_reply(flows.tables(interaction).rules(slug)))

    @staticmethod
    async def _slug_here(interaction: discord.Interaction) -> str:
        try:
            return (await flows.find_table(interaction, None)).slug
        except GameError:
            return GAME_CHOICES[0].value


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
