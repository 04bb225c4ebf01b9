"""The lobby in Discord: one live lobby message in the game's thread and one invitation in its channel, edited in place."""

from __future__ import annotations

import logging

import discord

from cogs.base.answers import say
from cogs.base.commands import NOT_IN_A_SERVER, own_table
from cogs.base.components import Click, component
from cogs.base.posting import clear_components, clicked_message_id, edit_post, post
from cogs.base.service import tables
from cogs.base.threads import missing_post_permissions, open_thread
from cogs.base.words import jump_url, unposted_text
from cogs.lobby import messages
from cogs.lobby.messages import AI_SHAPE, LOBBY_SHAPE, RULES_SHAPE
from cogs.play import moves
from engine.core import GameError
from engine.platform.levels import Level
from engine.platform.records import PostKind, Status
from engine.services.tables import Table
from engine.words import joined

log = logging.getLogger(__name__)


async def open_table(
    interaction: discord.Interaction, slug: str, ai: int = 0, clock: tuple[int | None, int | None] = (None, None),
    options: dict[str, bool] | None = None, level: Level = Level.STANDARD, pack: str | None = None,
) -> Table:
    """Create the game, then give it a thread of its own where the bot may make one."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise GameError(NOT_IN_A_SERVER)
    if missing := missing_post_permissions(interaction):
        names = joined(missing)
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
        level=level,
        pack=pack,
    )
    thread = await open_thread(interaction, f"{table.display_name}")
    if thread is not None:
        table = await service.lobby.move_to_thread(table.id, thread.id)
    return table


async def post_lobby(interaction: discord.Interaction, table: Table) -> None:
    """A new game's lobby in its thread and, when it has a thread, an invitation in the channel."""
    await post_live_lobby(interaction, table)
    if table.row.thread_id is None:
        return  # played in the channel itself: the lobby is the invitation
    try:
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        invite = await channel.send(**messages.invite_reply(table).send_kwargs())
    except discord.HTTPException:
        log.warning("game %s: could not post the invitation in channel %s", table.id, table.row.channel_id, exc_info=True)
        return
    await tables(interaction).core.record_post(table.id, PostKind.INVITE, invite.channel.id, invite.id, table.version)


async def refresh_lobby(interaction: discord.Interaction, table: Table) -> None:
    """Edit the lobby and the invitation to show the table now; an older lobby copy that was clicked points at them."""
    try:
        await _refresh_lobby(interaction, table)
    except discord.HTTPException:  # what was done still counts; the lobby shows it on the next change
        log.warning("game %s: could not update the lobby", table.id, exc_info=True)


async def _refresh_lobby(interaction: discord.Interaction, table: Table) -> None:
    service = tables(interaction)
    posts = await service.reading.posts(table.id)
    lobby, invite = posts.get(PostKind.LOBBY), posts.get(PostKind.INVITE)
    if lobby is None or not await edit_post(interaction, lobby, messages.lobby_reply(table)):
        if table.status is Status.LOBBY:
            await post_live_lobby(interaction, table)
            lobby = (await service.reading.posts(table.id)).get(PostKind.LOBBY)
    if invite is not None:
        await edit_post(interaction, invite, messages.invite_reply(table))
    clicked = clicked_message_id(interaction)
    if clicked is not None and clicked not in {p.message_id for p in (lobby, invite) if p is not None}:
        await clear_components(interaction, messages.moved_lobby_text(table, jump_url(table, lobby) if lobby else ""))


async def post_live_lobby(interaction: discord.Interaction, table: Table) -> None:
    """Post the one live lobby (at the start, or anew when it was deleted or the game predates lobby posts)."""
    lobby = await post(interaction, table, messages.lobby_reply(table))
    await tables(interaction).core.record_post(table.id, PostKind.LOBBY, lobby.channel.id, lobby.id, table.version)


async def join(interaction: discord.Interaction, table: Table) -> Table:
    table = await tables(interaction).lobby.join(table.id, interaction.user.id, interaction.user.display_name)
    await refresh_lobby(interaction, table)
    return table


async def leave(interaction: discord.Interaction, table: Table) -> Table:
    table = await tables(interaction).lobby.leave(table.id, interaction.user.id)
    await refresh_lobby(interaction, table)
    return table


async def remove_ai(interaction: discord.Interaction, table: Table) -> Table:
    changed = await tables(interaction).lobby.remove_ai(table.id, interaction.user.id)
    await refresh_lobby(interaction, changed)
    return changed


async def start(interaction: discord.Interaction, table: Table) -> Table:
    """Start the game: the lobby copies close, and the first turn's message pings the first player."""
    opening = await tables(interaction).lobby.start(table.id, interaction.user.id)
    try:
        await refresh_lobby(interaction, opening.table)
        await moves.post_opening(interaction, opening)
    except discord.HTTPException:
        log.warning("game %s: could not post the start", table.id, exc_info=True)
        recover = "/board shows the board and the first prompt."
        await say(interaction, unposted_text(opening.table, "The game started", recover))
    return opening.table


@component("lobby", LOBBY_SHAPE)
async def lobby_button(interaction: discord.Interaction, click: Click) -> None:
    """Join, Leave, Start, Remove AI or the hints switch on a lobby message (or on the channel's invitation)."""
    table = await own_table(interaction, click.number("game"))
    verb = click["verb"]
    if verb == "join":
        await join(interaction, table)
    elif verb == "leave":
        await leave(interaction, table)
    elif verb == "remove_ai":
        await remove_ai(interaction, table)
    elif verb in ("hints_on", "hints_off"):
        changed = await tables(interaction).lobby.set_hints(table.id, interaction.user.id, verb == "hints_on")
        await refresh_lobby(interaction, changed)
    else:
        await start(interaction, table)


@component("lobby", AI_SHAPE)
async def level_menu(interaction: discord.Interaction, click: Click) -> None:
    """The creator picked a level in the lobby's menu: an AI player at that level takes a seat."""
    table = await own_table(interaction, click.number("game"))
    level = Level.read(click.values[0] if click.values else None)
    changed = await tables(interaction).lobby.add_ai(table.id, interaction.user.id, level)
    await refresh_lobby(interaction, changed)


@component("lobby", RULES_SHAPE)
async def rules_menu(interaction: discord.Interaction, click: Click) -> None:
    """The creator picked the optional rules in the lobby's menu: those picked are on, the rest off."""
    table, keys = await own_table(interaction, click.number("game")), list(click.values)
    table = await tables(interaction).lobby.set_options(table.id, interaction.user.id, keys)
    await refresh_lobby(interaction, table)
