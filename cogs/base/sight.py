"""Which games a member may see: those whose channel (and, in a private thread, the thread) they can view."""

from __future__ import annotations

import logging
from functools import partial

import discord

from engine.platform.records import GameRow
from engine.services.tables import Visible

log = logging.getLogger(__name__)


async def can_see(interaction: discord.Interaction, game: GameRow, *, ask: bool = False) -> bool:
    """Whether the member asking may see this game: one of this server whose place they can view."""
    guild_id = interaction.guild.id if interaction.guild is not None else None
    return guild_id == game.guild_id and await can_view(interaction, game.channel_id, game.thread_id, ask=ask)


async def can_view(interaction: discord.Interaction, channel_id: int, thread_id: int | None, *,
                   ask: bool = False) -> bool:
    """Whether the member asking can view a game's place on this server, judged from the bot's view of it.

    A game is as visible as the place it is played: its thread or channel must be one the member can view, and a
    private thread one they are in (or may manage). A place the bot cannot find (deleted, or a thread it cannot
    reach) hides its game from members too: nobody can check who may look there. The cache holds every channel
    but no archived thread: with `ask` (one game, by name) such a place is fetched from Discord; a listing, which
    could ask hundreds of times, leaves it hidden.
    """
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    place_id = thread_id or channel_id
    if interaction.channel_id == place_id:  # asked from the game's own place: Discord let them in
        return True
    place: discord.abc.GuildChannel | discord.Thread | None = guild.get_channel_or_thread(place_id)
    if place is None and thread_id is not None:
        # An archived thread leaves the cache; the bot opens only public threads, which show what their channel shows.
        place = guild.get_channel(channel_id)
    if place is None and ask:
        place = await _fetched(guild, place_id)
    if place is None:
        return False
    try:
        allowed = place.permissions_for(member)  # a thread's are its channel's
    except discord.ClientException:  # a thread whose channel the bot does not know
        return False
    if not allowed.view_channel:  # View Channel alone: Read Message History only limits scrolling back there
        return False
    if isinstance(place, discord.Thread) and place.is_private() and not allowed.manage_threads:
        return await _in_thread(place, member.id)
    return True


async def _fetched(guild: discord.Guild, place_id: int) -> discord.abc.GuildChannel | discord.Thread | None:
    """A place missing from the cache, as Discord has it now (an archived thread); None if it is gone or unreachable."""
    try:
        return await guild.fetch_channel(place_id)
    except discord.NotFound:
        return None
    except discord.HTTPException:
        log.info("could not fetch channel %s; its game stays hidden", place_id, exc_info=True)
        return None


async def _in_thread(thread: discord.Thread, user_id: int) -> bool:
    """Whether someone is in a private thread: the cache knows only some members (no members intent), Discord all."""
    if any(m.id == user_id for m in thread.members):
        return True
    try:
        await thread.fetch_member(user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException:
        log.info("could not ask who is in thread %s; its game stays hidden", thread.id, exc_info=True)
        return False
    return True


def sight(interaction: discord.Interaction, *, ask: bool = False) -> Visible:
    """`can_see` for this interaction's member, as the services take it (`ask`: for one game named, see there)."""
    return partial(can_see, interaction, ask=ask)
