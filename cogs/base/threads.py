"""Where the bot may post and open threads: the permissions a game needs and a thread of its own."""

from __future__ import annotations

import logging
from typing import Literal

import discord

from cogs.base.words import clip

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: turns come slowly across time zones
THREAD_NAME_MAX = 100

POST_PERMISSIONS = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}


def missing_post_permissions(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks to post boards and prompts where /game new would put the game (a new thread, or here)."""
    threaded = isinstance(interaction.channel, discord.Thread) or may_open_thread(interaction)
    send = "send_messages_in_threads" if threaded else "send_messages"
    needed = ("view_channel", send, "embed_links", "attach_files")
    return [POST_PERMISSIONS[name] for name in needed if not getattr(interaction.app_permissions, name)]


def may_open_thread(interaction: discord.Interaction) -> bool:
    perms = interaction.app_permissions
    allowed = perms.create_public_threads and perms.send_messages_in_threads
    return isinstance(interaction.channel, discord.TextChannel) and allowed


async def create_thread(channel: discord.TextChannel, name: str) -> discord.Thread:
    """A public thread off a text channel, archived only after a quiet week; Discord's refusal is the caller's."""
    return await channel.create_thread(
        name=clip(name, THREAD_NAME_MAX),
        type=discord.ChannelType.public_thread,
        auto_archive_duration=THREAD_ARCHIVE_MINUTES,
    )


async def open_thread(interaction: discord.Interaction, name: str) -> discord.Thread | None:
    """A public thread off this text channel, or None to play in the channel itself."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel) or not may_open_thread(interaction):
        return None
    try:
        return await create_thread(channel, name)
    except discord.HTTPException:
        log.warning("could not open a thread in channel %s; playing in the channel", channel.id, exc_info=True)
        return None
