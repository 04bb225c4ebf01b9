"""Playing and following a game: /move, /board, /log, /hand and /rules."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import flows, messages, moves, turn_messages
from cogs.lobby import GAME_CHOICES, GAME_ID, GameId
from engine.core import GameError


async def move_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's choices, filtered by what they typed; each value carries the prompt's version, so a /move
    sent twice or typed against an older prompt is refused instead of applied to a later decision.
    When it is not the caller's turn, one entry says whose turn it is."""
    try:
        table = await flows.find_table(interaction, getattr(interaction.namespace, "game_id", None))
        version, actions, waiting = await flows.tables(interaction).reading.choices_for(table.id, interaction.user.id)
    except GameError as error:
        return [app_commands.Choice(name=messages.clip(str(error), 100), value=WAIT)]
    if waiting:
        return [app_commands.Choice(name=messages.clip(waiting, 100), value=WAIT)]
    needle = current.strip().lower()
    return [
        app_commands.Choice(name=messages.clip(a.label or a.key, 100), value=f"v{version}:{a.key}")
        for a in actions
        if len(a.key) <= 90 and (needle in a.label.lower() or needle in a.key.lower())
    ][: flows.AUTOCOMPLETE_MAX]


async def slug_here(interaction: discord.Interaction) -> str:
    """The game played in this thread or channel; the first game when there is none."""
    try:
        return (await flows.find_table(interaction, None)).slug
    except GameError:
        return GAME_CHOICES[0].value


async def rules_topics(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The topics of the game asked about (or played here), filtered by what was typed."""
    chosen = getattr(interaction.namespace, "game", None)
    slug = chosen if isinstance(chosen, str) and chosen else await slug_here(interaction)
    needle = current.strip().lower()
    card = flows.tables(interaction).reading.rules(slug)
    return [
        app_commands.Choice(name=messages.clip(t.title, 100), value=t.key)
        for t in card.topics
        if needle in t.title.lower() or needle in t.key
    ][: flows.AUTOCOMPLETE_MAX]


WAIT = "wait"  # the value of the "it's someone else's turn" entry: choosing it answers the same in words


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
            version, key = moves.parse_move(choice)
            await moves.play(interaction, table, key, version)

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="board", description="Post the current board again")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def board(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            board = await flows.tables(interaction).reading.board(table.id)
            url = messages.jump_url(board.table, board.turn_post) if board.turn_post else ""
            await flows.show(interaction, board.table, turn_messages.board_reply(board.table, board.image, board.prompt, url))

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
            log_page = await flows.tables(interaction).reading.log(table.id, page)
            await flows.show(interaction, table, messages.log_reply(log_page))

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="hand", description="Your own company, airline or hand and your choices, shown only to you")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def hand(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            table, view = await flows.tables(interaction).reading.hand(table.id, interaction.user.id)
            await flows.say(interaction, messages.hand_reply(table, view))

    @app_commands.guild_only()  # games live in servers; a plain Cog does not pass this down
    @app_commands.command(name="undo", description="Take back your latest decisions (the others agree if dice were shown)")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def undo(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            await moves.undo(interaction, await flows.find_table(interaction, game_id))

    @app_commands.guild_only()  # ephemeral answers do not exist in direct messages
    @app_commands.command(name="vacation", description="Time away from all your games: deadlines and reminders wait")
    @app_commands.describe(days="How many days (at most 14 in any 30)", end="Come back early")
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 14] | None = None, end: bool = False
    ) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            service = flows.tables(interaction)
            if end:
                await service.players.come_back(interaction.user.id)
                await flows.say(interaction, "Welcome back: your deadlines and reminders run again.")
            elif days is not None:
                until = await service.players.go_away(interaction.user.id, days)
                await flows.say(interaction, f"Enjoy the break: your games wait for you until <t:{int(until)}:f>. "
                                             "/vacation end:True brings you back early.")
            else:
                away = (await service.players.away([interaction.user.id])).get(interaction.user.id)
                text = f"You're away until <t:{int(away)}:f>." if away else "You're not away. /vacation days:N takes a break."
                await flows.say(interaction, text)

    @app_commands.guild_only()  # ephemeral answers do not exist in direct messages
    @app_commands.command(name="rules", description="The rules in short, by topic")
    @app_commands.describe(game="The game (by default, the one played here)", topic="Start typing to see the topics")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(topic=rules_topics)
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None, topic: str | None = None
    ) -> None:
        async with flows.guarded(interaction):
            slug = game.value if game else await slug_here(interaction)
            await flows.say(interaction, messages.rules_reply(flows.tables(interaction).reading.rules(slug, topic)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
