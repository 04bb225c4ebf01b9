"""Commands used during a game, inside its thread (or with game_id elsewhere): /move, /board, /log, /hand, /hint,
/undo."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.answers import say
from cogs.base.commands import find_table, table_command
from cogs.base.options import AUTOCOMPLETE_MAX
from cogs.base.posting import show
from cogs.base.service import tables
from cogs.base.words import clip, jump_url
from cogs.play import looking, moves, prompts
from cogs.play import undo as take_back
from engine.core import GameError
from engine.services.tables import Table

WAIT = "wait"  # the value of the "it's someone else's turn" entry: choosing it answers the same in words
CHOICE_NAME_MAX = 100
KEY_MAX = 90  # a value carries "v<version>:" too, within Discord's 100


async def move_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's choices, filtered by what they typed; each value carries the prompt's version, so a /move
    sent twice or typed against an older prompt is refused instead of applied to a later decision.
    When it is not the caller's turn, one entry says whose turn it is."""
    try:
        table = await find_table(interaction, getattr(interaction.namespace, "game_id", None))
        version, actions, waiting = await tables(interaction).reading.choices_for(table, interaction.user.id)
    except GameError as error:
        return [app_commands.Choice(name=clip(str(error), CHOICE_NAME_MAX), value=WAIT)]
    if waiting:
        return [app_commands.Choice(name=clip(waiting, CHOICE_NAME_MAX), value=WAIT)]
    needle = current.strip().lower()
    return [
        app_commands.Choice(name=clip(a.label or a.key, CHOICE_NAME_MAX), value=f"v{version}:{a.key}")
        for a in actions
        if len(a.key) <= KEY_MAX and (needle in a.label.lower() or needle in a.key.lower())
    ][:AUTOCOMPLETE_MAX]


class Play(commands.Cog):
    """Commands used during a game, inside its thread (or with game_id elsewhere)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="move", description="Make your move: pick one of your current choices")
    @app_commands.describe(choice="Start typing to see your choices")
    @app_commands.autocomplete(choice=move_choices)
    @table_command()
    async def move(self, interaction: discord.Interaction, table: Table, choice: str) -> None:
        version, key = moves.parse_move(choice)
        await moves.play(interaction, table, key, version)

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="board", description="Post the current board again")
    @table_command()
    async def board(self, interaction: discord.Interaction, table: Table) -> None:
        board = await tables(interaction).reading.board(table)
        url = jump_url(board.table, board.turn_post) if board.turn_post else ""
        await show(interaction, board.table, prompts.board_reply(board.table, board.image, board.prompt, url))

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="log", description="The move history, a page at a time (the latest page first)")
    @app_commands.describe(page="Page number (1 is the start of the game)")
    @table_command()
    async def log(
        self, interaction: discord.Interaction, table: Table, page: app_commands.Range[int, 1, 100_000] | None = None,
    ) -> None:
        log_page = await tables(interaction).reading.log(table, page)
        await show(interaction, table, looking.log_reply(log_page))

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="hand", description="Your own company, airline or hand and your choices, shown only to you")
    @table_command()
    async def hand(self, interaction: discord.Interaction, table: Table) -> None:
        table, view = await tables(interaction).reading.hand(table, interaction.user.id)
        await say(interaction, looking.hand_reply(table, view))

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="hint", description="What the AI would choose in your place, and why (shown only to you)")
    @table_command()
    async def hint(self, interaction: discord.Interaction, table: Table) -> None:
        await say(interaction, looking.hint_reply(await tables(interaction).hints.hint(table.id, interaction.user.id)))

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="undo", description="Take back your latest decisions (the others agree if dice were shown)")
    @table_command()
    async def undo(self, interaction: discord.Interaction, table: Table) -> None:
        await take_back.undo(interaction, table)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
