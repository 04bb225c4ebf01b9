"""The glue every command and component shares: acknowledge, call the service, post, and the one error path."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

import engine
from cogs import messages
from cogs.messages import Reply
from engine.services import logs
from engine.core import GameError, game_options
from engine.platform.records import PostRow, Status
from engine.services.tables import Table

if TYPE_CHECKING:
    from engine.services import Services

log = logging.getLogger(__name__)

SORRY = "Something went wrong on my side. Please try again in a moment."
AUTOCOMPLETE_MAX = 25  # Discord shows no more; discord.py does not cut the list for us


def tables(source: discord.Interaction | discord.Client) -> Services:
    """The table service, from an interaction or (for automatic moves) the bot itself."""
    client = source.client if isinstance(source, discord.Interaction) else source
    return client.tables  # type: ignore[attr-defined, no-any-return]


# -- acknowledging and answering ---------------------------------------------------------------


async def begin(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """Acknowledge within Discord's three seconds, before any slow work.

    A command shows an ephemeral "thinking" answer (so an error can replace it privately);
    a click is acknowledged silently.
    """
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def say(interaction: discord.Interaction, reply: Reply | str, *, ephemeral: bool = True) -> None:
    """Answer the user who acted, whether or not the interaction was acknowledged already."""
    kwargs: dict[str, Any] = (reply if isinstance(reply, Reply) else Reply(content=reply)).send_kwargs()
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs, ephemeral=ephemeral)
    else:
        await interaction.response.send_message(**kwargs, ephemeral=ephemeral)


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """The one error path: a GameError is the player's to read; anything else is ours to log."""
    if isinstance(error, GameError):
        text = str(error) or "That can't be done right now."
    else:
        log.error("error in %s", _describe(interaction), exc_info=error)
        text = SORRY
    try:
        await say(interaction, messages.clip(text, messages.CONTENT_MAX), ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user about an error in %s", _describe(interaction), exc_info=True)


@asynccontextmanager
async def guarded(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Run a command or click body; whatever goes wrong is answered ephemerally and changes nothing more."""
    try:
        with logs.request():  # the moves it commits are logged once they are posted
            yield
    except Exception as error:  # noqa: BLE001 - the one place that turns every failure into an answer
        await reply_error(interaction, error)


def _describe(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data = interaction.data or {}
    return f"component {data.get('custom_id', '?')}"


# -- posting where the game lives ----------------------------------------------------------------


async def post(source: discord.Interaction | discord.Client, table: Table, reply: Reply) -> discord.Message:
    """Send a public message to the game's thread (or channel); an automatic move has no interaction."""
    client = source.client if isinstance(source, discord.Interaction) else source
    channel = await channel_by_id(client, table.place_id)
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
        where = (table.id, table.place_id, _describe(interaction))
        log.warning("game %s: could not post in %s after %s", *where, exc_info=True)
        try:
            await say(interaction, messages.unposted_text(table, counted, recover))
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
        text = note or f"Posted in {messages.place(table)}."
        await interaction.edit_original_response(content=text)


async def find_table(interaction: discord.Interaction, game_id: int | None) -> Table:
    """The game a command means: the one named, else the one in this thread or channel."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise GameError("Games live in servers: use this command in a server channel.")
    return await tables(interaction).reading.find_table(interaction.guild_id, interaction.channel_id, game_id)


async def own_table(interaction: discord.Interaction, game_id: int) -> Table:
    """A game named by a component's custom id, refused if it belongs to another server."""
    return await tables(interaction).reading.table(game_id, guild_id=interaction.guild_id or 0)


# -- messages the game keeps editing ----------------------------------------------------------


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
            client = source.client if isinstance(source, discord.Interaction) else source
            channel = await channel_by_id(client, post.channel_id)
            await channel.get_partial_message(post.message_id).edit(**reply.edit_kwargs())  # type: ignore[attr-defined]
    except discord.NotFound:
        return False
    return True


async def channel_by_id(client: discord.Client, channel_id: int) -> discord.abc.Messageable:
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


async def clear_components(interaction: discord.Interaction, content: str | None = None) -> None:
    """Take the buttons off the message that was clicked (an old copy); harmless if Discord refuses."""
    try:
        if content is None:
            await interaction.edit_original_response(view=None)
        else:
            await interaction.edit_original_response(content=content, embeds=[], view=None)
    except discord.HTTPException:
        log.info("could not clear the clicked message's buttons", exc_info=True)


async def log_page_from_component(interaction: discord.Interaction, game_id: int, page: int) -> None:
    async with guarded(interaction):
        await own_table(interaction, game_id)
        log_page = await tables(interaction).reading.log(game_id, page)
        await interaction.response.edit_message(**messages.log_reply(log_page).edit_kwargs())


# -- opening a game ----------------------------------------------------------------------------

THREAD_ARCHIVE_MINUTES = 10080  # a week: turns come slowly across time zones


POST_PERMISSIONS = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}


async def open_table(
    interaction: discord.Interaction, slug: str, ai: int = 0, clock: tuple[int | None, int | None] = (None, None),
    options: dict[str, bool] | None = None,
) -> Table:
    """Create the game, then give it a thread of its own where the bot may make one."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise GameError("Games live in servers: use this command in a server channel.")
    if missing := missing_post_permissions(interaction):
        names = " and ".join([", ".join(missing[:-1]), missing[-1]] if len(missing) > 1 else missing)
        raise GameError(
            f"I can't host a game here: I'm missing the {names} permission{'s' if len(missing) > 1 else ''} "
            "in this channel. A server manager can grant them; then try /game new again."
        )
    service = tables(interaction)
    if isinstance(interaction.channel, discord.Thread):
        here = await service.reading.tables_at(interaction.guild_id, interaction.channel_id)
        if any(t.status in (Status.LOBBY, Status.ACTIVE) for t in here):
            raise GameError("This thread already has a game: open new games from a text channel.")
    user = interaction.user
    table = await service.lobby.open_table(
        slug,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        creator_id=user.id,
        creator_name=user.display_name,
        options=options,
        ai=ai,
        turn_seconds=clock[0],
        reminder_seconds=clock[1],
    )
    thread = await _open_thread(interaction, f"{table.title} #{table.id}")
    if thread is not None:
        table = await service.lobby.move_to_thread(table.id, thread.id)
    return table


def missing_post_permissions(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks to post boards and prompts where /game new would put the game (a new thread, or here)."""
    threaded = isinstance(interaction.channel, discord.Thread) or _may_open_thread(interaction)
    send = "send_messages_in_threads" if threaded else "send_messages"
    needed = ("view_channel", send, "embed_links", "attach_files")
    return [POST_PERMISSIONS[name] for name in needed if not getattr(interaction.app_permissions, name)]


def _may_open_thread(interaction: discord.Interaction) -> bool:
    perms = interaction.app_permissions
    allowed = perms.create_public_threads and perms.send_messages_in_threads
    return isinstance(interaction.channel, discord.TextChannel) and allowed


async def _open_thread(interaction: discord.Interaction, name: str) -> discord.Thread | None:
    """A public thread off this text channel, or None to play in the channel itself."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel) or not _may_open_thread(interaction):
        return None
    try:
        return await channel.create_thread(
            name=messages.clip(name, 100),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
    except discord.HTTPException:
        log.warning("could not open a thread in channel %s; playing in the channel", channel.id, exc_info=True)
        return None


# -- autocomplete --------------------------------------------------------------------------------


async def table_choices(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[int]]:
    """game_id suggestions: the games here first, then the server's other live games (25 at most)."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return []
    service = tables(interaction)
    here = await service.reading.tables_at(interaction.guild_id, interaction.channel_id)
    others = await service.reading.tables_in_guild(interaction.guild_id, live_only=True, limit=AUTOCOMPLETE_MAX)
    seen: set[int] = set()
    choices = []
    needle = current.strip().lstrip("#").lower()
    for table in [*here, *others]:
        if table.id in seen:
            continue
        seen.add(table.id)
        players = ", ".join(table.names) or "nobody yet"
        name = f"#{table.id} {table.title} · {table.status.value} · {players}"
        if needle and needle not in name.lower():
            continue
        choices.append(discord.app_commands.Choice(name=messages.clip(name, 100), value=table.id))
    return choices[:AUTOCOMPLETE_MAX]


async def rules_choices(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
    """Suggestions for /game new's optional rules: what is typed so far plus one more rule of the chosen game."""
    slug = getattr(interaction.namespace, "game", None)
    if slug not in engine.list_games():
        return []
    known = game_options(engine.get_game(slug))
    if not known:
        return [discord.app_commands.Choice(name="This game has no optional rules", value="none")]
    typed = [word for word in current.replace(",", " ").split() if word]
    complete = [word for word in typed if word in dict(known)]
    partial = "" if current.endswith((" ", ",")) or not typed or typed[-1] in dict(known) else typed[-1].lower()
    choices = [] if complete else [discord.app_commands.Choice(name="All optional rules", value="all")]
    for key, words in known:
        if key in complete or (partial and partial not in key and partial not in words.lower()):
            continue
        value = ", ".join([*complete, key])
        if len(value) <= 100:
            name = f"+ {words}" if complete else words
            choices.append(discord.app_commands.Choice(name=messages.clip(name, 100), value=value))
    return choices[:AUTOCOMPLETE_MAX]
