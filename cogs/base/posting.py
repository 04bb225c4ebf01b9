"""Posting where a game lives and editing the messages it keeps, from an interaction or from the bot alone."""

from __future__ import annotations

import logging
from dataclasses import replace

import discord

from cogs.base.answers import describe, say
from cogs.base.words import Reply, place, unposted_text
from engine.platform.records import PostRow
from engine.services.tables import Table

log = logging.getLogger(__name__)


def client_of(source: discord.Interaction | discord.Client) -> discord.Client:
    """The bot, whether the work comes from an interaction or from the bot itself (an automatic move)."""
    return source.client if isinstance(source, discord.Interaction) else source


async def channel_by_id(client: discord.Client, channel_id: int) -> discord.abc.Messageable:
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


async def direct_message(client: discord.Client, user_id: int, text: str) -> bool:
    """Send a person a DM; False when Discord refuses it (their DMs are closed to the bot, or the user is gone)."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(text, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        return False
    return True


async def post(source: discord.Interaction | discord.Client, table: Table, reply: Reply) -> discord.Message:
    """Send a public message to the game's thread (or channel); an automatic move has no interaction."""
    channel = await channel_by_id(client_of(source), table.place_id)
    return await channel.send(**reply.send_kwargs())


async def publish(
    interaction: discord.Interaction,
    table: Table,
    reply: Reply,
    *,
    counted: str = "",
    recover: str = "",
    note: str = "",
) -> bool:
    """Post where the game lives, then close the command (see done); False if Discord refused the post.

    Whatever the action stored stays stored, so a refused post (missing permissions, a locked or
    deleted thread) is explained to the actor alone: `counted` says what still counts, `recover` how
    to see the game again.
    """
    try:
        await post(interaction, table, reply)
    except discord.HTTPException:
        where = (table.id, table.place_id, describe(interaction))
        log.warning("game %s: could not post in %s after %s", *where, exc_info=True)
        try:
            await say(interaction, unposted_text(table, counted, recover))
        except discord.HTTPException:
            log.warning("could not tell the user about it either", exc_info=True)
        return False
    await done(interaction, table, note)
    return True


async def show(interaction: discord.Interaction, table: Table, reply: Reply) -> None:
    """Something to look at (/board, /log, /game status): posted in the game's thread when asked there,
    otherwise answered to the asker alone; it never pings anyone."""
    quiet = replace(reply, ping=())
    if interaction.channel_id == table.place_id:
        await publish(interaction, table, quiet)
    else:
        await say(interaction, quiet)


async def done(interaction: discord.Interaction, table: Table, note: str = "") -> None:
    """Close a command whose answer was posted publicly: drop the "thinking" reply, or point to the thread."""
    if interaction.type is discord.InteractionType.component:
        return
    if interaction.channel_id == table.place_id and not note:
        await interaction.delete_original_response()
    else:
        text = note or f"Posted in {place(table)}."
        await interaction.edit_original_response(content=text)


def clicked_message_id(source: discord.Interaction | discord.Client) -> int | None:
    """The message whose button or menu was used; None for a slash command or an automatic move."""
    if not isinstance(source, discord.Interaction) or source.message is None:
        return None
    return source.message.id if source.type is discord.InteractionType.component else None


async def edit_post(source: discord.Interaction | discord.Client, post: PostRow, reply: Reply) -> bool:
    """Edit a message the game keeps (through the interaction when it was clicked); False if it is gone."""
    try:
        if isinstance(source, discord.Interaction) and clicked_message_id(source) == post.message_id:
            await source.edit_original_response(**reply.edit_kwargs())
        else:
            channel = await channel_by_id(client_of(source), post.channel_id)
            await channel.get_partial_message(post.message_id).edit(**reply.edit_kwargs())  # type: ignore[attr-defined]  # a game's channel is a text channel or thread
    except discord.NotFound:
        return False
    return True


async def clear_components(interaction: discord.Interaction, content: str | None = None,
                           view: discord.ui.View | None = None) -> None:
    """Take the buttons off the message that was clicked (an old copy), or give it new words and controls (a
    private panel going on); harmless if Discord refuses."""
    try:
        if content is None:
            await interaction.edit_original_response(view=view)
        else:
            await interaction.edit_original_response(content=content, embeds=[], view=view)
    except discord.HTTPException:
        log.info("could not clear the clicked message's buttons", exc_info=True)
