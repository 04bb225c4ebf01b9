"""A person's own settings, the same in every game and server: /notify, /timezone and /vacation."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.answers import say
from cogs.base.commands import answered
from cogs.base.options import AUTOCOMPLETE_MAX
from cogs.base.service import tables
from cogs.base.words import CONTENT_MAX, clip
from engine.platform.notify import zone_names
from engine.platform.records import Notify, PlayerPrefs

WHERE = [app_commands.Choice(name=name, value=value.value) for value, name in (
    (Notify.THREAD, "A ping in the game's thread"), (Notify.DM, "A direct message"),
    (Notify.BOTH, "Both"), (Notify.OFF, "Nothing: I look in myself"),
)]


def prefs_text(prefs: PlayerPrefs) -> str:
    where = {Notify.THREAD: "a ping in the game's thread", Notify.DM: "a direct message", Notify.BOTH: "both a ping "
             "and a direct message", Notify.OFF: "nothing"}[prefs.notify]
    text = f"When it's your turn you get {where}."
    if prefs.dm_refused and prefs.notify in (Notify.DM, Notify.BOTH):
        text += " Your direct messages were closed to me, so I ping you in the thread; choose dm again once they're open."
    if prefs.quiet_start is not None and prefs.quiet_end is not None:
        start, end = prefs.quiet_start, prefs.quiet_end
        text += (f" Quiet hours: {start // 60:02d}:{start % 60:02d} to {end // 60:02d}:{end % 60:02d} "
                 f"({prefs.timezone}): pings wait until they end.")
    return text


async def zone_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=name) for name in zone_names(current, AUTOCOMPLETE_MAX)]


class Players(commands.Cog):
    """Settings that follow a person from game to game, and time away from all their games."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.guild_only()  # ephemeral answers do not exist in direct messages
    @app_commands.command(name="notify", description="How you are told it's your turn, in every game")
    @app_commands.describe(where="Where you are told", quiet_hours="Hours without pings, like 22-07, or off")
    @app_commands.choices(where=WHERE)
    @answered()
    async def notify(
        self, interaction: discord.Interaction, where: app_commands.Choice[str] | None = None,
        quiet_hours: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        service = tables(interaction)
        chosen = Notify(where.value) if where else None
        prefs = await service.players.set_notify(interaction.user.id, chosen, quiet_hours)
        await say(interaction, clip(prefs_text(prefs), CONTENT_MAX))

    @app_commands.guild_only()
    @app_commands.command(name="timezone", description="Your time zone, for your quiet hours")
    @app_commands.describe(zone="Start typing a city, like Europe/Berlin")
    @app_commands.autocomplete(zone=zone_choices)
    @answered()
    async def timezone(self, interaction: discord.Interaction, zone: app_commands.Range[str, 1, 64]) -> None:
        prefs = await tables(interaction).players.set_timezone(interaction.user.id, zone.strip())
        await say(interaction, f"Your time zone is {prefs.timezone}. " + prefs_text(prefs))

    @app_commands.guild_only()  # ephemeral answers do not exist in direct messages
    @app_commands.command(name="vacation", description="Time away from all your games: deadlines and reminders wait")
    @app_commands.describe(days="How many days (at most 14 in any 30)", end="Come back early")
    @answered()
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 14] | None = None, end: bool = False
    ) -> None:
        service = tables(interaction)
        if end:
            await service.players.come_back(interaction.user.id)
            await say(interaction, "Welcome back: your deadlines and reminders run again.")
        elif days is not None:
            until = await service.players.go_away(interaction.user.id, days)
            await say(interaction, f"Enjoy the break: your games wait for you until <t:{int(until)}:f>. "
                                   "/vacation end:True brings you back early.")
        else:
            away = (await service.players.away([interaction.user.id])).get(interaction.user.id)
            text = f"You're away until <t:{int(away)}:f>." if away else "You're not away. /vacation days:N takes a break."
            await say(interaction, text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Players(bot))
