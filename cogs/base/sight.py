"""Which games a member may see: those whose channel (and, in a private thread, the thread) they can view."""

from __future__ import annotations

import logging
from functools import partial

import discord

from engine.platform.records import GameRow
from engine.services.tables import Visible

log = logging.getLogger(__name__)


async def can_see(interaction: discord.Interaction, game: GameRow) -> bool:
    """Whether the member asking may see this game: one of this server whose place they can view."""
    guild_id = interaction.guild.id if interaction.guild is not None else None
    return guild_id == game.guild_id and await can_view(interaction, game.channel_id, game.thread_id)


async def can_view(interaction: discord.Interaction, channel_id: int, thread_id: int | None) -> bool:
    """Whether the member asking can view a game's place on this server, judged from the bot's view of it.

    A game is as visible as the place it is played: its thread or channel must be one the member can view, and a
    private thread one they are in (or may manage). A place the bot does not know (deleted, or hidden from the bot)
    hides its game from members too: nobody can check who may look there.
    """
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    place_id = thread_id or channel_id
    if interaction.channel_id == place_id:  # asked from the game's own place: Discord let them in
        return True
    place = guild.get_channel_or_thread(place_id)
    if place is None and thread_id is not None:
        # An archived thread leaves the cache; the bot opens only public threads, which show what their channel shows.
        place = guild.get_channel(channel_id)
    if place is None:
        return False
    try:
        allowed = place.permissions_for(member)  # a thread's are its channel's
    except discord.ClientException:  # a thread whose channel the bot does not know
        return False
    if not allowed.view_channel:
        return False
    if isinstance(place, discord.Thread) and place.is_private() and not allowed.manage_threads:
        return await _in_thread(place, member.id)
    return True


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


def sight(interaction: discord.Interaction) -> Visible:
    """`can_see` for this interaction's member, as the services take it."""
    return partial(can_see, interaction)
