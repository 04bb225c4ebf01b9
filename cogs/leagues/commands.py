"""/league: create a league, sign up, start its season, and see its settings, standings and results."""

from __future__ import annotations

from io import BytesIO

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.answers import say
from cogs.base.commands import answered
from cogs.base.options import AI_LEVELS, AUTOCOMPLETE_MAX, GAME_CHOICES, TURN_TIMES, pack_names, seconds
from cogs.base.service import member_roles, tables
from cogs.base.words import Reply
from cogs.leagues import messages, posts
from engine.core import GameError
from engine.platform.levels import Level
from engine.platform.records import LinkKind
from engine.services.leagues import LeagueNews

LEAGUE = "The league (needed only where the server has several)"
SEASON = "An earlier season (the current one if left out)"
MAX_SEASON = 10_000  # a bound for Discord's number field; a league reaches nothing near it
ROUND_LENGTHS = [app_commands.Choice(name=name, value=value) for value, name in (
    ("3d", "3 days"), ("7d", "7 days (the default)"), ("10d", "10 days"), ("14d", "14 days"), ("21d", "21 days"),
    ("28d", "28 days"),
)]
CSV_NAME_MAX = 60


def _where(interaction: discord.Interaction) -> tuple[int, int]:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise GameError("Leagues live in servers: use this command in a server channel.")
    return interaction.guild_id, interaction.channel_id


async def league_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's leagues whose name holds what is typed (25 at most)."""
    if interaction.guild_id is None:
        return []
    needle = current.strip().lower()
    names = await tables(interaction).leagues.league_names(interaction.guild_id)
    return [app_commands.Choice(name=n, value=n) for n in names if needle in n.lower()][:AUTOCOMPLETE_MAX]


@app_commands.guild_only()
class Leagues(commands.GroupCog, group_name="league", group_description="Community leagues: seasons, rounds, standings"):
    """The `league` command group; every body is: acknowledge, ask the table service, answer."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="create", description="Open a league with its first season's sign-ups (organisers)")
    @app_commands.describe(
        name="The league's name", game="The game it plays", table_size="Players per table",
        turn_time="How long a turn may take before the autopilot plays it", rounds="Rounds in a season",
        round_length="How long a round lasts; then the autopilot finishes its games",
        allow_ai="Let AI seats fill a table when the members don't divide into tables",
        ai_level="How strongly those AI seats play (standard if left out)",
        points="Points per place, best first (e.g. 3,1,0); default: one per player finishing below you",
        pack="The cards its games play with: one of this server's packs (/pack list); built-in if left out",
    )
    @app_commands.choices(game=GAME_CHOICES, turn_time=TURN_TIMES, round_length=ROUND_LENGTHS, ai_level=AI_LEVELS)
    @app_commands.autocomplete(pack=pack_names)
    @answered()
    async def create(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40], game: app_commands.Choice[str],
        table_size: app_commands.Range[int, 2, 6], turn_time: app_commands.Choice[str],
        rounds: app_commands.Range[int, 1, 20], round_length: app_commands.Choice[str] | None = None,
        allow_ai: bool = False, points: app_commands.Range[str, 0, 40] = "",
        ai_level: app_commands.Choice[str] | None = None, pack: app_commands.Range[str, 0, 100] | None = None,
    ) -> None:
        guild_id, channel_id = _where(interaction)
        if isinstance(interaction.channel, discord.Thread):
            raise GameError("Create a league from a text channel: its games open in threads of that channel.")
        league = await tables(interaction).leagues.create_league(
            guild_id, channel_id, interaction.user.id, member_roles(interaction),
            can_manage=interaction.permissions.manage_guild, name=name, slug=game.value, table_size=table_size,
            turn_seconds=seconds(turn_time.value), round_seconds=seconds(round_length.value if round_length else "7d")
            or 7 * 86400, rounds=rounds, allow_ai=allow_ai, points=points or None,
            ai_level=Level.read(ai_level.value if ai_level else None), pack=pack,
        )
        text = (f"**{league.name}** is open for sign-ups: /league join. Its games open in threads here; "
                "an organiser starts the season with /league start.")
        await posts.announce(interaction.client, league, Reply(content=text))
        await say(interaction, f"{league.name} is created. /league info shows its settings.")

    @app_commands.command(name="join", description="Sign up for a league's season while sign-ups are open")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    @answered()
    async def join(self, interaction: discord.Interaction, league: str | None = None) -> None:
        guild_id, _ = _where(interaction)
        row = await tables(interaction).leagues.join_league(guild_id, league, interaction.user.id,
                                                    interaction.user.display_name)
        await say(interaction, f"You're signed up for {row.name}, season {row.season}.")

    @app_commands.command(name="leave", description="Give up your place in a league before its season starts")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    @answered()
    async def leave(self, interaction: discord.Interaction, league: str | None = None) -> None:
        guild_id, _ = _where(interaction)
        row = await tables(interaction).leagues.leave_league(guild_id, league, interaction.user.id)
        await say(interaction, f"You left {row.name}.")

    @app_commands.command(name="info", description="A league's settings, members and schedule")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    @answered()
    async def info(self, interaction: discord.Interaction, league: str | None = None) -> None:
        guild_id, _ = _where(interaction)
        service = tables(interaction)
        info = await service.leagues.league_info(guild_id, league)
        url = await service.sharing.url(guild_id, LinkKind.LEAGUE, info.league.id)
        await say(interaction, messages.info_reply(info, web_url=url))

    @app_commands.command(name="admins", description="Let a role run the server's leagues, or list who may")
    @app_commands.describe(role="The role to allow or disallow (none: list the roles)", allow="Allow (default) or not")
    @answered()
    async def admins(self, interaction: discord.Interaction, role: discord.Role | None = None,
                     allow: bool = True) -> None:
        guild_id, _ = _where(interaction)
        service = tables(interaction)
        if role is None:
            roles = await service.leagues.league_admins(guild_id)
        else:
            roles = await service.leagues.set_league_admin(guild_id, role.id, allow,
                                                   can_manage=interaction.permissions.manage_guild)
        who = ", ".join(f"<@&{r}>" for r in roles) or "no role"
        await say(interaction, f"Leagues are run by members with Manage Server and by {who}.")

    @app_commands.command(name="start", description="Close sign-ups and open round 1 (or open a finished league's next season)")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    @answered()
    async def start(self, interaction: discord.Interaction, league: str | None = None) -> None:
        guild_id, _ = _where(interaction)
        started = await tables(interaction).leagues.start_league(guild_id, league, member_roles(interaction),
                                                         can_manage=interaction.permissions.manage_guild)
        if not isinstance(started, LeagueNews):
            text = f"Season {started.season} of **{started.name}** is open for sign-ups: /league join."
            await posts.announce(interaction.client, started, Reply(content=text))
            await say(interaction, f"Season {started.season} is open for sign-ups.")
            return
        await posts.open_round(interaction.client, started)
        await say(interaction, f"{started.league.name} has begun: round 1's games are open.")

    @app_commands.command(name="standings", description="A league season's standings, as they are now")
    @app_commands.describe(league=LEAGUE, season=SEASON)
    @app_commands.autocomplete(league=league_choices)
    @answered()
    async def standings(self, interaction: discord.Interaction, league: str | None = None,
                        season: app_commands.Range[int, 1, MAX_SEASON] | None = None) -> None:
        guild_id, _ = _where(interaction)
        service = tables(interaction)
        table = await service.leagues.league_standings(guild_id, league, season)
        sub = messages.progress_text(table.league, table.played, table.games)
        image = await service.leagues.standings_image(table, sub)
        await say(interaction, messages.standings_reply(table, image))

    @app_commands.command(name="export", description="The season's results as a CSV file")
    @app_commands.describe(league=LEAGUE, season=SEASON)
    @app_commands.autocomplete(league=league_choices)
    @answered()
    async def export(self, interaction: discord.Interaction, league: str | None = None,
                     season: app_commands.Range[int, 1, MAX_SEASON] | None = None) -> None:
        guild_id, _ = _where(interaction)
        row, text = await tables(interaction).leagues.league_csv(guild_id, league, season)
        stem = "".join(c if c.isalnum() else "-" for c in row.name.lower())[:CSV_NAME_MAX]
        file = discord.File(BytesIO(text.encode("utf-8")), filename=f"{stem}-season-{row.season}.csv")
        lines = text.count("\n") - 1
        await interaction.followup.send(f"{row.name}, season {row.season}: {lines} result lines.", file=file,
                                        ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Leagues(bot))
