"""/game: open a game, join or leave its lobby, start it, and see or abandon the server's games."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import engine
from cogs import flows, lobby_posts, messages, moves, replays
from engine.core import read_options
from engine.platform.records import Status

GAME_CHOICES = [app_commands.Choice(name=engine.get_game(slug).title, value=slug) for slug in engine.list_games()]
GAME_ID = "Which game (needed only where several are being played)"
TURN_TIMES = [app_commands.Choice(name=name, value=value) for value, name in (
    ("none", "No limit"), ("12h", "12 hours"), ("24h", "24 hours"), ("48h", "48 hours"), ("72h", "72 hours"),
    ("7d", "7 days"),
)]
REMINDERS = [app_commands.Choice(name=name, value=value) for value, name in (
    ("off", "Off"), ("6h", "Every 6 hours"), ("12h", "Every 12 hours"), ("24h", "Every 24 hours (the default)"),
    ("48h", "Every 48 hours"),
)]


def seconds(value: str) -> int | None:
    """'24h' or '7d' in seconds; 'none' and 'off' are no clock at all."""
    if value in ("none", "off"):
        return None
    return int(value[:-1]) * (86400 if value.endswith("d") else 3600)
GameId = app_commands.Range[int, 1, 2**53]


@app_commands.guild_only()
class Lobby(commands.GroupCog, group_name="game", group_description="Open, join and start airline board games"):
    """The `game` command group; every body is: acknowledge, ask the table service, post."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a new game here, in a thread of its own")
    @app_commands.describe(
        game="The game to play",
        ai="AI players to seat beside you (you may add more in the lobby)",
        turn_time="How long a turn may take before the autopilot plays it",
        reminders="How often the player to act is reminded",
        rules="Optional rules to play with: 'all', or their names (the lobby's menu changes them too)",
    )
    @app_commands.choices(game=GAME_CHOICES, turn_time=TURN_TIMES, reminders=REMINDERS)
    @app_commands.autocomplete(rules=flows.rules_choices)
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        ai: app_commands.Range[int, 0, 3] = 0,
        turn_time: app_commands.Choice[str] | None = None,
        reminders: app_commands.Choice[str] | None = None,
        rules: app_commands.Range[str, 0, 200] = "",
    ) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            clock = (seconds(turn_time.value if turn_time else "none"), seconds(reminders.value if reminders else "24h"))
            options = read_options(engine.get_game(game.value), rules)
            table = await flows.open_table(interaction, game.value, ai, clock, options)
            try:
                await lobby_posts.post_lobby(interaction, table)
            except discord.HTTPException:
                recover = "Players can still join with /game join."
                await flows.say(interaction, messages.unposted_text(table, f"Game #{table.id} is open", recover))
                return
            elsewhere = table.place_id != interaction.channel_id
            await flows.done(interaction, table, f"Game #{table.id} is open in {messages.place(table)}." if elsewhere else "")

    @app_commands.command(name="join", description="Take a seat in a game that hasn't started")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def join(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await lobby_posts.join(interaction, await flows.find_table(interaction, game_id))
            await flows.say(interaction, f"You joined {messages.game_name(table)}.")

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def leave(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            if table.status is Status.ACTIVE and table.player(interaction.user.id) is not None:
                await flows.say(interaction, lobby_posts.leave_confirmation(table, interaction.user.id))
                return
            table = await lobby_posts.leave(interaction, table)
            await flows.say(interaction, f"You left {messages.game_name(table)}.")

    @app_commands.command(name="start", description="Start the game (its creator only): seats are shuffled")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def start(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await lobby_posts.start(interaction, await flows.find_table(interaction, game_id))
            await flows.done(interaction, table)

    @app_commands.command(name="status", description="Whose turn it is and the scores so far")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def status(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            status = await flows.tables(interaction).reading.status(table.id)
            await flows.show(interaction, table, messages.status_reply(status))

    @app_commands.command(name="list", description="The games on this server, with links to their threads")
    async def list_(self, interaction: discord.Interaction) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            limit = messages.LIST_LIMIT + 1  # one more than shown, to know whether older games were left out
            found = await flows.tables(interaction).reading.tables_in_guild(interaction.guild_id or 0, limit=limit)
            await flows.say(interaction, messages.list_reply(found))

    @app_commands.command(name="return", description="Take your seat back from the autopilot")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def return_(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            table = await flows.tables(interaction).clock.return_to_seat(table.id, interaction.user.id)
            note = f"{interaction.user.display_name} is back: the next decision of their seat is theirs again."
            await flows.publish(interaction, table, messages.Reply(content=note), counted="You're back")

    @app_commands.command(name="replace", description="Hand a seat in a game being played to someone else")
    @app_commands.describe(player="Whose seat", with_="Who takes it over", game_id=GAME_ID)
    @app_commands.rename(with_="with")
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def replace(
        self, interaction: discord.Interaction, player: discord.Member, with_: discord.Member,
        game_id: GameId | None = None,
    ) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            can_manage = interaction.permissions.manage_guild
            table = await flows.tables(interaction).seating.replace_player(
                table.id, interaction.user.id, player.id, with_.id, with_.display_name, can_manage=can_manage
            )
            sentence = f"{with_.mention} takes over {player.display_name}'s seat, as it is."
            await lobby_posts.seat_changed(interaction, table, sentence, ping=(with_.id,))
            await flows.say(interaction, f"{with_.display_name} now plays that seat.")

    @app_commands.command(name="kick", description="Hand a player's seat to the autopilot (or start a vote on it)")
    @app_commands.describe(player="Whose seat", vote="Ask the other players to vote (a majority decides within a day)",
                           game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def kick(
        self, interaction: discord.Interaction, player: discord.Member, vote: bool = False,
        game_id: GameId | None = None,
    ) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            service = flows.tables(interaction)
            if vote:
                table, open_vote, passed = await service.seating.vote_kick(table.id, interaction.user.id, player.id)
                await lobby_posts.show_kick_vote(interaction, table, player.id, open_vote, passed)
                await flows.say(interaction, "Your vote counts: the others are asked.")
                return
            table = await service.seating.kick(table.id, interaction.user.id, player.id,
                                       can_manage=interaction.permissions.manage_guild)
            await lobby_posts.seat_changed(interaction, table, f"{player.display_name} is removed from "
                                           f"{messages.game_name(table)}: the autopilot plays their seat.")
            await flows.say(interaction, f"The autopilot now plays {player.display_name}'s seat.")

    @app_commands.command(name="mine", description="Your live games on every server, those waiting on you first")
    async def mine(self, interaction: discord.Interaction) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            games = await flows.tables(interaction).reading.my_games(interaction.user.id)
            servers = {g.id: g.name for g in interaction.client.guilds}
            await flows.say(interaction, messages.mine_reply(games, servers))

    @app_commands.command(name="abandon", description="End a game early (its creator, or someone with Manage Server)")
    @app_commands.describe(game_id=GAME_ID)
    @app_commands.autocomplete(game_id=flows.table_choices)
    async def abandon(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            table = await flows.find_table(interaction, game_id)
            can_manage = interaction.permissions.manage_guild
            table = await flows.tables(interaction).lobby.abandon(table.id, interaction.user.id, can_manage=can_manage)
            if table.started:
                await moves.close_turn(interaction, table)  # the buttons of a game that is over go
            else:
                await lobby_posts.refresh_lobby(interaction, table)
            reply = messages.abandoned_reply(table, interaction.user.id)
            await flows.publish(interaction, table, reply, counted="The game is abandoned")

    @app_commands.command(name="replay", description="Step privately through a game's boards, move by move")
    @app_commands.describe(game_id="Which game (by default, the one played here)")
    @app_commands.autocomplete(game_id=replays.started_choices)
    async def replay(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            await replays.show(interaction, game_id)

    @app_commands.command(name="export", description="A finished game as a JSON file: every move, replayable")
    @app_commands.describe(game_id="Which game (by default, the one played here)")
    @app_commands.autocomplete(game_id=replays.started_choices)
    async def export(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            await replays.export(interaction, game_id)

    @app_commands.command(name="animation", description="A game that is over as an animated image, one frame per turn")
    @app_commands.describe(game_id="Which game (by default, the one played here)")
    @app_commands.autocomplete(game_id=replays.started_choices)
    async def animation(self, interaction: discord.Interaction, game_id: GameId | None = None) -> None:
        async with flows.guarded(interaction):
            await flows.begin(interaction)
            await replays.animation(interaction, game_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
