"""Slash-command options more than one feature offers: the games, game ids, turn times, and their autocomplete."""

from __future__ import annotations

import discord
from discord import app_commands

import engine
from engine.platform.levels import Level
from cogs.base.service import tables
from cogs.base.sight import sight
from cogs.base.words import clip
from engine.services.tables import Table

AUTOCOMPLETE_MAX = 25  # Discord shows no more; discord.py does not cut the list for us
CHOICE_NAME_MAX = 100

GAME_CHOICES = [app_commands.Choice(name=engine.get_game(slug).title, value=slug) for slug in engine.list_games()]
# What each level is like, in the lobby's menu and the commands' choices (words only: not on the play path, whose
# code the arena's logs fingerprint).
LEVEL_BLURBS = {
    Level.CASUAL: "plays sensibly but slips like a newcomer",
    Level.STANDARD: "plays well",
    Level.STRONG: "looks ahead before each decision (it takes a moment to think)",  # no figure: AI_THINKING_SECONDS
}
AI_LEVELS = [app_commands.Choice(name=f"{level.value}: {LEVEL_BLURBS[level]}"[:CHOICE_NAME_MAX], value=level.value)
             for level in Level]
GAME_ID = "Which game (needed only where several are being played)"
GAME_ID_HERE = "Which game (by default, the one played here)"
GameId = app_commands.Range[int, 1, 2**53]
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


def _describe_table(table: Table, players: str) -> str:
    return f"{table.display_name} · {table.status.value} · {players}"


async def table_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """game_id suggestions: the games here first, then the server's other live games (25 at most); only games
    the member may see."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return []
    reading, visible = tables(interaction).reading, sight(interaction)
    here = await reading.tables_at(interaction.guild_id, interaction.channel_id, visible=visible)
    others = await reading.tables_in_guild(interaction.guild_id, live_only=True, limit=AUTOCOMPLETE_MAX,
                                           visible=visible)
    seen: set[int] = set()
    choices = []
    needle = current.strip().lstrip("#").lower()
    for table in [*here, *others]:
        if table.id in seen:
            continue
        seen.add(table.id)
        name = _describe_table(table, ", ".join(table.names) or "nobody yet")
        if needle and needle not in name.lower():
            continue
        choices.append(app_commands.Choice(name=clip(name, CHOICE_NAME_MAX), value=table.id))
    return choices[:AUTOCOMPLETE_MAX]


async def started_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """game_id suggestions for looking back: the games here first, then the server's latest, that have a board;
    only games the member may see."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return []
    reading, visible = tables(interaction).reading, sight(interaction)
    here = await reading.tables_at(interaction.guild_id, interaction.channel_id, visible=visible)
    latest = await reading.tables_in_guild(interaction.guild_id, limit=2 * AUTOCOMPLETE_MAX, visible=visible)
    needle = current.strip().lstrip("#").lower()
    choices: dict[int, app_commands.Choice[int]] = {}
    for table in [*here, *latest]:
        name = clip(_describe_table(table, ", ".join(table.names)), CHOICE_NAME_MAX)
        if table.started and table.id not in choices and needle in name.lower():
            choices[table.id] = app_commands.Choice(name=name, value=table.id)
    return list(choices.values())[:AUTOCOMPLETE_MAX]


async def pack_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's packs whose name holds what is typed; of the command's chosen game, when it has one."""
    if interaction.guild_id is None:
        return []
    slug = getattr(interaction.namespace, "game", None)
    rows = await tables(interaction).packs.listed(interaction.guild_id, slug if slug in engine.list_games() else None)
    typed = current.strip().lower()
    return [app_commands.Choice(name=clip(f"{row.name} ({engine.get_game(row.game).title})", CHOICE_NAME_MAX),
                                value=row.name)
            for row in rows if typed in row.name.lower()][:AUTOCOMPLETE_MAX]
