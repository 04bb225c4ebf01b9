"""Seats during play in Discord: leaving to the autopilot, votes to hand a seat over, and telling the table."""

from __future__ import annotations

import logging

import discord

from cogs.base.answers import say
from cogs.base.commands import own_table
from cogs.base.components import ID, USER, Click, button, component, view_of
from cogs.base.posting import clear_components, clicked_message_id, post
from cogs.base.service import tables
from cogs.base.words import Reply, mention
from cogs.play import moves
from engine.platform.records import KickVote
from engine.services.tables import Table

log = logging.getLogger(__name__)

LEAVE_SHAPE = rf"(?P<game>{ID}):(?P<user>{USER}):leave"
KICK_SHAPE = rf"(?P<game>{ID}):(?P<user>{USER}):(?P<answer>yes|no)"


def leave_confirmation(table: Table, user_id: int) -> Reply:
    """Leaving a game being played asks first: the seat stays, and the autopilot plays it."""
    text = (f"{table.display_name} is being played, so your seat stays: the autopilot plays it from now on. "
            "You can come back any time with /game return.")
    leave = button(f"seat:{table.id}:{user_id}:leave", "Leave: the autopilot plays my seat", discord.ButtonStyle.danger)
    return Reply(content=text, view=view_of(leave))


@component("seat", LEAVE_SHAPE)
async def leave_started(interaction: discord.Interaction, click: Click) -> None:
    """The confirmation's button: the autopilot takes the seat (its player may come back)."""
    game_id, user_id = click.number("game"), click.number("user")
    if interaction.user.id != user_id:
        await say(interaction, "This button is for the player who asked to leave.")
        return
    await own_table(interaction, game_id)
    table = await tables(interaction).seating.leave_started(game_id, user_id)
    await clear_components(interaction, "You left: the autopilot plays your seat. /game return takes it back.")
    await seat_changed(interaction, table, f"{table.name_of(user_id)} leaves the game: the autopilot plays "
                                           "their seat. They can come back with /game return.")


async def seat_changed(interaction: discord.Interaction, table: Table, sentence: str, ping: tuple[int, ...] = ()) -> None:
    """Tell the table (pinging a newcomer), then let the bot make any move the seat now owes."""
    try:
        await post(interaction, table, Reply(content=sentence, ping=ping))
    except discord.HTTPException:
        log.warning("game %s: could not post a seat change", table.id, exc_info=True)
    result = await tables(interaction).clock.automatic_now(table.id)
    if result is not None:
        await moves.show_automatic(interaction.client, result)


def kick_vote_view(game_id: int, target: int) -> discord.ui.View:
    return view_of(
        button(f"kick:{game_id}:{target}:yes", "Approve", discord.ButtonStyle.danger),
        button(f"kick:{game_id}:{target}:no", "Refuse", discord.ButtonStyle.secondary),
    )


def kick_vote_reply(table: Table, vote: KickVote) -> Reply:
    """The vote's message: who is voted on, the tally, and Approve/Refuse for the other players (pinged once)."""
    target = table.player(vote.target)
    name = target.name if target else "that player"
    voters = " ".join(mention(u) for u in vote.voters)
    text = (f"{voters}: should the autopilot take over {name}'s seat in {table.display_name}? "
            f"A majority of you decides; the vote closes <t:{int(vote.expires_at)}:R>. "
            f"So far {len(vote.yes)} approve and {len(vote.no)} refuse, of {len(vote.voters)}.")
    return Reply(content=text, view=kick_vote_view(table.id, vote.target), ping=vote.voters)


@component("kick", KICK_SHAPE)
async def kick_vote(interaction: discord.Interaction, click: Click) -> None:
    """Approve or Refuse on a vote to hand a player's seat to the autopilot."""
    table = await own_table(interaction, click.number("game"))
    target, approve = click.number("user"), click["answer"] == "yes"
    table, vote, passed = await tables(interaction).seating.vote_kick(table.id, interaction.user.id, target, approve)
    await show_kick_vote(interaction, table, target, vote, passed)


async def show_kick_vote(interaction: discord.Interaction, table: Table, target: int, vote: KickVote | None,
                         passed: bool) -> None:
    """Update the vote's message (or post it), and when it is decided, say so and let the autopilot play."""
    name = table.name_of(target, "that player")
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
