"""The lobby in Discord: one live lobby message in the game's thread and one invitation in its channel, edited in place."""

from __future__ import annotations

import logging

import discord

from cogs import components, messages, moves
from cogs.flows import begin, clear_components, clicked_message_id, edit_post, guarded, own_table, post, say, tables
from engine.platform.records import KickVote, PostKind, Status
from engine.services.tables import Table

log = logging.getLogger(__name__)


async def post_lobby(interaction: discord.Interaction, table: Table) -> None:
    """A new game's lobby in its thread and, when it has a thread, an invitation in the channel."""
    await post_live_lobby(interaction, table)
    if table.game.thread_id is None:
        return  # played in the channel itself: the lobby is the invitation
    try:
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        invite = await channel.send(**messages.invite_reply(table).send_kwargs())
    except discord.HTTPException:
        log.warning("game %s: could not post the invitation in channel %s", table.id, table.game.channel_id, exc_info=True)
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
        await clear_components(interaction, messages.moved_lobby_text(table, messages.jump_url(table, lobby) if lobby else ""))


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


async def seat_ai(interaction: discord.Interaction, table: Table, *, add: bool) -> Table:
    service = tables(interaction)
    changed = await (service.lobby.add_ai if add else service.lobby.remove_ai)(table.id, interaction.user.id)
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
        await say(interaction, messages.unposted_text(opening.table, "The game started", recover))
    return opening.table


async def lobby_from_component(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    async with guarded(interaction):
        await begin(interaction)
        table = await own_table(interaction, game_id)
        if verb == "join":
            await join(interaction, table)
        elif verb == "leave":
            await leave(interaction, table)
        elif verb in ("add_ai", "remove_ai"):
            await seat_ai(interaction, table, add=verb == "add_ai")
        else:
            await start(interaction, table)


async def rules_from_component(interaction: discord.Interaction, game_id: int, keys: list[str]) -> None:
    """The creator picked the optional rules in the lobby's menu: those picked are on, the rest off."""
    async with guarded(interaction):
        await begin(interaction)
        table = await own_table(interaction, game_id)
        table = await tables(interaction).lobby.set_options(table.id, interaction.user.id, keys)
        await refresh_lobby(interaction, table)


# -- seats during play ------------------------------------------------------------------------------


def leave_confirmation(table: Table, user_id: int) -> messages.Reply:
    """Leaving a game being played asks first: the seat stays, and the autopilot plays it."""
    text = (f"{messages.game_name(table)} is being played, so your seat stays: the autopilot plays it from now on. "
            "You can come back any time with /game return.")
    return messages.Reply(content=text, view=components.leave_view(table.id, user_id))


async def leave_started_from_component(interaction: discord.Interaction, game_id: int, user_id: int) -> None:
    async with guarded(interaction):
        await begin(interaction)
        if interaction.user.id != user_id:
            await say(interaction, "This button is for the player who asked to leave.")
            return
        table = await tables(interaction).seating.leave_started(game_id, user_id)
        await clear_components(interaction, "You left: the autopilot plays your seat. /game return takes it back.")
        await seat_changed(interaction, table, f"{table.player(user_id).name} leaves the game: the autopilot plays "  # type: ignore[union-attr]
                                               "their seat. They can come back with /game return.")


async def seat_changed(interaction: discord.Interaction, table: Table, sentence: str, ping: tuple[int, ...] = ()) -> None:
    """Tell the table (pinging a newcomer), then let the bot make any move the seat now owes."""
    try:
        await post(interaction, table, messages.Reply(content=sentence, ping=ping))
    except discord.HTTPException:
        log.warning("game %s: could not post a seat change", table.id, exc_info=True)
    result = await tables(interaction).clock.automatic_now(table.id)
    if result is not None:
        await moves.show_automatic(interaction.client, result)


def kick_vote_reply(table: Table, vote: KickVote) -> messages.Reply:
    """The vote's message: who is voted on, the tally, and Approve/Refuse for the other players (pinged once)."""
    target = table.player(vote.target)
    name = target.name if target else "that player"
    voters = " ".join(messages.mention(u) for u in vote.voters)
    text = (f"{voters}: should the autopilot take over {name}'s seat in {messages.game_name(table)}? "
            f"A majority of you decides; the vote closes <t:{int(vote.expires_at)}:R>. "
            f"So far {len(vote.yes)} approve and {len(vote.no)} refuse, of {len(vote.voters)}.")
    return messages.Reply(content=text, view=components.kick_vote_view(table.id, vote.target), ping=vote.voters)


async def kick_vote_from_component(interaction: discord.Interaction, game_id: int, target: int, approve: bool) -> None:
    async with guarded(interaction):
        await begin(interaction)
        table = await own_table(interaction, game_id)
        table, vote, passed = await tables(interaction).seating.vote_kick(table.id, interaction.user.id, target, approve)
        await show_kick_vote(interaction, table, target, vote, passed)


async def show_kick_vote(interaction: discord.Interaction, table: Table, target: int, vote: KickVote | None,
                         passed: bool) -> None:
    """Update the vote's message (or post it), and when it is decided, say so and let the autopilot play."""
    name = table.player(target).name if table.player(target) else "that player"  # type: ignore[union-attr]
    if vote is not None:
        reply = kick_vote_reply(table, vote)
        if clicked_message_id(interaction) is not None:
            await interaction.edit_original_response(**reply.edit_kwargs())
        else:
            await post(interaction, table, reply)
        return
    words = (f"The vote passed: the autopilot plays {name}'s seat. They can come back with /game return."
             if passed else f"The vote on {name}'s seat failed: nothing changes.")
    if clicked_message_id(interaction) is not None:
        await clear_components(interaction, words)
    if passed:
        await seat_changed(interaction, table, words if clicked_message_id(interaction) is None else
                           f"{name} is removed by the other players' vote: the autopilot plays their seat.")
    elif clicked_message_id(interaction) is None:
        await say(interaction, words)
