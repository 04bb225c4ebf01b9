"""The /game subcommands of lobbies and seats: new, join, leave, start and abandon; return, replace and kick."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import engine
from cogs.base.answers import say
from cogs.base.commands import answered, table_command
from cogs.base.options import (
    AI_LEVELS,
    AUTOCOMPLETE_MAX,
    CHOICE_NAME_MAX,
    GAME_CHOICES,
    REMINDERS,
    TURN_TIMES,
    pack_names,
    seconds,
)
from cogs.base.posting import done, publish
from cogs.base.service import member_roles, tables
from cogs.base.words import Reply, clip, place, unposted_text
from cogs.lobby import messages, posts, seats
from cogs.play import moves
from cogs.web.watching import tell_watchers
from engine.options import game_options, read_options
from engine.platform.levels import Level
from engine.platform.records import Status
from engine.services.tables import Table


async def rules_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Suggestions for /game new's optional rules: what is typed so far plus one more rule of the chosen game."""
    slug = getattr(interaction.namespace, "game", None)
    if slug not in engine.list_games():
        return []
    known = game_options(engine.get_game(slug))
    if not known:
        return [app_commands.Choice(name="This game has no optional rules", value="none")]
    typed = [word for word in current.replace(",", " ").split() if word]
    complete = [word for word in typed if word in dict(known)]
    partial = "" if current.endswith((" ", ",")) or not typed or typed[-1] in dict(known) else typed[-1].lower()
    choices = [] if complete else [app_commands.Choice(name="All optional rules", value="all")]
    for key, words in known:
        if key in complete or (partial and partial not in key and partial not in words.lower()):
            continue
        value = ", ".join([*complete, key])
        if len(value) <= CHOICE_NAME_MAX:
            name = f"+ {words}" if complete else words
            choices.append(app_commands.Choice(name=clip(name, CHOICE_NAME_MAX), value=value))
    return choices[:AUTOCOMPLETE_MAX]


class LobbyCommands(commands.Cog):  # a Cog only for discord.py's typing: cogs.game adds it to /game
    """/game new, join, leave, start and abandon: a game's life outside its moves."""

    @app_commands.command(name="new", description="Open a new game here, in a thread of its own")
    @app_commands.describe(
        game="The game to play",
        ai="AI players to seat beside you (you may add more in the lobby)",
        ai_level="How strongly those AI players play (standard if left out)",
        turn_time="How long a turn may take before the autopilot plays it",
        reminders="How often the player to act is reminded",
        rules="Optional rules to play with: 'all', or their names (the lobby's menu changes them too)",
        pack="The cards to play with: one of this server's packs (/pack list); the built-in cards if left out",
    )
    @app_commands.choices(game=GAME_CHOICES, turn_time=TURN_TIMES, reminders=REMINDERS, ai_level=AI_LEVELS)
    @app_commands.autocomplete(rules=rules_choices, pack=pack_names)
    @answered()
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        ai: app_commands.Range[int, 0, 3] = 0,
        turn_time: app_commands.Choice[str] | None = None,
        reminders: app_commands.Choice[str] | None = None,
        rules: app_commands.Range[str, 0, 200] = "",
        ai_level: app_commands.Choice[str] | None = None,
        pack: app_commands.Range[str, 0, 100] | None = None,
    ) -> None:
        clock = (seconds(turn_time.value if turn_time else "none"), seconds(reminders.value if reminders else "24h"))
        options = read_options(engine.get_game(game.value), rules)
        level = Level.read(ai_level.value if ai_level else None)
        table = await posts.open_table(interaction, game.value, ai, clock, options, level, pack)
        try:
            await posts.post_lobby(interaction, table)
        except discord.HTTPException:
            recover = "Players can still join with /game join."
            await say(interaction, unposted_text(table, f"Game #{table.id} is open", recover))
            return
        elsewhere = table.place_id != interaction.channel_id
        await done(interaction, table, f"Game #{table.id} is open in {place(table)}." if elsewhere else "")

    @app_commands.command(name="join", description="Take a seat in a game that hasn't started")
    @table_command()
    async def join(self, interaction: discord.Interaction, table: Table) -> None:
        table = await posts.join(interaction, table)
        await say(interaction, f"You joined {table.display_name}.")

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @table_command()
    async def leave(self, interaction: discord.Interaction, table: Table) -> None:
        if table.status is Status.ACTIVE and table.player(interaction.user.id) is not None:
            await say(interaction, seats.leave_confirmation(table, interaction.user.id))
            return
        table = await posts.leave(interaction, table)
        await say(interaction, f"You left {table.display_name}.")

    @app_commands.command(name="start", description="Start the game (its creator only): seats are shuffled")
    @table_command()
    async def start(self, interaction: discord.Interaction, table: Table) -> None:
        table = await posts.start(interaction, table)
        await done(interaction, table)

    @app_commands.command(name="abandon", description="End a game early (its creator, or someone with Manage Server)")
    @table_command()
    async def abandon(self, interaction: discord.Interaction, table: Table) -> None:
        can_manage = interaction.permissions.manage_guild
        table = await tables(interaction).lobby.abandon(table.id, interaction.user.id, can_manage=can_manage)
        if table.started:
            await moves.close_turn(interaction, table)  # the buttons of a game that is over go
            await moves.show_closed(interaction, await tables(interaction).undo.close(table.id))  # its undo request
        else:
            await posts.refresh_lobby(interaction, table)
        reply = messages.abandoned_reply(table, interaction.user.id)
        await publish(interaction, table, reply, counted="The game is abandoned")
        await tell_watchers(interaction, table)


class SeatCommands(commands.Cog):  # a Cog only for discord.py's typing: cogs.game adds it to /game
    """/game return, replace and kick: who plays a seat once the game runs."""

    @app_commands.command(name="return", description="Take your seat back from the autopilot")
    @table_command()
    async def return_(self, interaction: discord.Interaction, table: Table) -> None:
        table = await tables(interaction).clock.return_to_seat(table.id, interaction.user.id)
        note = f"{interaction.user.display_name} is back: the next decision of their seat is theirs again."
        await publish(interaction, table, Reply(content=note), counted="You're back")

    @app_commands.command(name="replace", description="Hand a seat in a game being played to someone else")
    @app_commands.describe(player="Whose seat", with_="Who takes it over")
    @app_commands.rename(with_="with")
    @table_command()
    async def replace(
        self, interaction: discord.Interaction, table: Table, player: discord.Member, with_: discord.Member,
    ) -> None:
        can_manage = interaction.permissions.manage_guild
        table = await tables(interaction).seating.replace_player(
            table.id, interaction.user.id, player.id, with_.id, with_.display_name, can_manage=can_manage,
            role_ids=member_roles(interaction),
        )
        sentence = f"{with_.mention} takes over {player.display_name}'s seat, as it is."
        await seats.seat_changed(interaction, table, sentence, ping=(with_.id,))
        await say(interaction, f"{with_.display_name} now plays that seat.")

    @app_commands.command(name="kick", description="Hand a player's seat to the autopilot (or start a vote on it)")
    @app_commands.describe(player="Whose seat", vote="Ask the other players to vote (a majority decides within a day)")
    @table_command()
    async def kick(self, interaction: discord.Interaction, table: Table, player: discord.Member, vote: bool = False) -> None:
        service = tables(interaction)
        if vote:
            table, open_vote, passed = await service.seating.vote_kick(table.id, interaction.user.id, player.id)
            await seats.show_kick_vote(interaction, table, player.id, open_vote, passed)
            await say(interaction, "Your vote counts: the others are asked.")
            return
        table = await service.seating.kick(table.id, interaction.user.id, player.id,
                                   can_manage=interaction.permissions.manage_guild)
        await seats.seat_changed(interaction, table, f"{player.display_name} is removed from "
                                 f"{table.display_name}: the autopilot plays their seat.")
        await say(interaction, f"The autopilot now plays {player.display_name}'s seat.")
