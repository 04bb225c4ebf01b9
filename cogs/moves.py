"""Moves in Discord: apply one, then edit the turn's message in place or close it and post the next turn's."""

from __future__ import annotations

import logging
import re

import discord

from cogs import components, turn_messages
from cogs.flows import (
    begin, channel_by_id, clear_components, clicked_message_id, edit_post, guarded, own_table, post, say, tables,
)
from cogs.messages import STALE_PROMPT, Reply, game_name, jump_url, mention, place, unposted_text
from engine.services import logs
from engine.core import StaleAction
from engine.platform.records import PostKind, UndoVote
from engine.services.tables import MoveResult, NeedsConsent, Opening, Table

log = logging.getLogger(__name__)

# A /move value from autocomplete: the prompt's version, then the action key ("v12:throw:e1-eng-2").
VERSIONED = re.compile(r"v([0-9]{1,9}):(.+)")  # ASCII digits only: a regex \d takes any script's digits
RECOVER = "/board shows the game again."


def parse_move(value: str) -> tuple[int | None, str]:
    """(version, action key) of a /move value; a key typed by hand carries no version and means 'now'."""
    match = VERSIONED.fullmatch(value.strip())
    return (int(match[1]), match[2]) if match else (None, value.strip())


async def play(interaction: discord.Interaction, table: Table, pick: int | str, version: int | None) -> None:
    """Make a move and show it; a move that counted stays counted even if Discord refuses to show it.

    A stale prompt is answered to the clicker alone, with their current choices or whose turn it is:
    a double click or a repeated /move must not apply twice.
    """
    service = tables(interaction)
    try:
        result = await service.core.play(table.id, interaction.user.id, pick, version=version, interaction_id=interaction.id)
    except StaleAction as error:
        fresh = await service.reading.table(table.id)
        prompt = await service.reading.prompt(table.id)
        reason = str(error) or STALE_PROMPT
        await say(interaction, turn_messages.stale_reply(fresh, prompt, interaction.user.id, reason))
        return
    try:
        edited_here = await show_move(interaction, result)
    except discord.HTTPException:
        log.warning("game %s: could not show move %s", table.id, result.table.version, exc_info=True)
        await say(interaction, unposted_text(result.table, "Your move counted", RECOVER))
        return
    if interaction.type is discord.InteractionType.component:
        if not edited_here:
            await clear_components(interaction)  # an old copy of the prompt: its buttons are spent
    else:
        await interaction.edit_original_response(content=f"Done: {result.label}.")


async def play_from_component(interaction: discord.Interaction, game_id: int, version: int, pick: int) -> None:
    async with guarded(interaction):
        await begin(interaction)
        await play(interaction, await own_table(interaction, game_id), pick, version)


async def private_choices_from_component(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """'Choose privately': the mover's secret choices, shown to them alone; a late click gets today's prompt."""
    async with guarded(interaction):
        await begin(interaction)
        table = await own_table(interaction, game_id)
        prompt = await tables(interaction).reading.prompt(table.id)
        if prompt is None or prompt.version != version:
            await say(interaction, turn_messages.stale_reply(table, prompt, interaction.user.id))
            return
        await say(interaction, turn_messages.private_reply(table, prompt, interaction.user.id))


async def show_move(interaction: discord.Interaction | discord.Client, result: MoveResult) -> bool:
    """Edit or post the turn messages a move changed; True if the clicked message was the one edited."""
    edited_here = await _show_move(interaction, result)
    logs.posted(result.table.id)
    return edited_here


async def _show_move(interaction: discord.Interaction | discord.Client, result: MoveResult) -> bool:
    news, table = result.turn, result.table
    clicked = clicked_message_id(interaction)
    if news.continues:
        reply = turn_messages.turn_reply(table, news.played, result.prompt, result.image)
        if news.post is not None and await edit_post(interaction, news.post, reply):
            return clicked == news.post.message_id
        await post_turn(interaction, table, reply, news.played.start)  # same turn: its message is gone, no new ping
        return False
    edited_here = False
    if news.post is not None:
        record = turn_messages.turn_reply(table, news.played, None, result.image)
        edited_here = await edit_post(interaction, news.post, record) and clicked == news.post.message_id
    if news.next is not None:
        reply = turn_messages.turn_reply(table, news.next, result.prompt, result.image, ping=result.alerts.thread)
        await post_turn(interaction, table, reply, news.next.start)
        logs.posted(table.id)  # before the DMs: the table sees the move now
        await send_dms(interaction, table, result.alerts.dm, f"It's your turn in {game_name(table)}")
    elif result.outcome is not None:
        await post(interaction, table, turn_messages.final_reply(table, result.outcome, result.standings, result.image))
    return edited_here


async def post_turn(source: discord.Interaction | discord.Client, table: Table, reply: Reply, start: int) -> None:
    """Post a turn's message and remember it, so every further decision of the turn edits it."""
    message = await post(source, table, reply)
    await tables(source).core.record_post(table.id, PostKind.TURN, message.channel.id, message.id, start)


async def resume_automatic(client: discord.Client) -> None:
    """After a restart, AI seats that owed a move play on, and the next person's turn is posted (once)."""
    with logs.request():
        for result in await tables(client).resume_automatic():
            await show_automatic(client, result)


async def show_automatic(client: discord.Client, result: MoveResult) -> None:
    """Show moves the bot made on its own (the AI after a restart, the autopilot at a deadline)."""
    try:
        await show_move(client, result)
    except discord.HTTPException:
        log.warning("game %s: could not show the automatic moves", result.table.id, exc_info=True)


async def post_opening(interaction: discord.Interaction, opening: Opening) -> None:
    """The first turn's message: who plays which seat, the board, and a ping for the first player."""
    reply = turn_messages.opening_reply(opening)
    start = opening.turn.start if opening.turn is not None else 0
    await post_turn(interaction, opening.table, reply, start)
    logs.posted(opening.table.id)  # the AI seats that moved first
    await send_dms(interaction, opening.table, opening.alerts.dm, f"{game_name(opening.table)} begins: it's your turn")


async def send_dms(source: discord.Interaction | discord.Client, table: Table, user_ids: tuple[int, ...],
                   lead: str) -> None:
    """Tell players by DM, for those who asked; a closed DM falls back to a ping in the thread, remembered."""
    client = source.client if isinstance(source, discord.Interaction) else source
    posts = await tables(source).reading.posts(table.id)
    turn = posts.get(PostKind.TURN)
    link = jump_url(table, turn) if turn else place(table)
    refused = []
    for user_id in user_ids:
        try:
            user = client.get_user(user_id) or await client.fetch_user(user_id)
            await user.send(f"{lead}: {link}")
        except discord.HTTPException:  # DMs closed (or the user gone): the thread it is, from now on
            refused.append(user_id)
            await tables(source).players.dm_refused(user_id)
    if refused:
        who = " ".join(mention(u) for u in refused)
        await post(source, table, Reply(content=f"{who}, {lead[0].lower()}{lead[1:]}: {link}", ping=tuple(refused)))


async def close_turn(interaction: discord.Interaction, table: Table) -> None:
    """An abandoned game's turn message keeps its words but loses its buttons."""
    post = (await tables(interaction).reading.posts(table.id)).get(PostKind.TURN)
    if post is None:
        return
    try:
        channel = await channel_by_id(interaction.client, post.channel_id)
        await channel.get_partial_message(post.message_id).edit(view=None)  # type: ignore[attr-defined]
    except discord.HTTPException:
        log.info("game %s: could not take the buttons off the last turn's message", table.id, exc_info=True)


# -- taking moves back -------------------------------------------------------------------------------


def undo_vote_reply(table: Table, vote: UndoVote) -> Reply:
    """The request to the other players, pinging them once, with Approve and Refuse."""
    who = " ".join(mention(u) for u in vote.voters)
    asker = table.player(vote.requester)
    name = asker.name if asker else "A player"
    text = (f"{who}: {name} asks to take back their moves {vote.to_version + 1} to {vote.at_version} in "
            f"{game_name(table)}, which showed a card or dice. Everyone must agree; one refusal, or no answer "
            f"<t:{int(vote.expires_at)}:R>, keeps them. So far {len(vote.yes)} of {len(vote.voters)} agree.")
    return Reply(content=text, view=components.undo_vote_view(table.id), ping=vote.voters)


async def undo(interaction: discord.Interaction, table: Table) -> None:
    """/undo: at once when nothing was revealed, else a request to the table."""
    service = tables(interaction)
    try:
        result = await service.undo.undo(table.id, interaction.user.id, interaction.id)
    except NeedsConsent:
        vote = await service.undo.ask_undo(table.id, interaction.user.id)
        await post(interaction, table, undo_vote_reply(table, vote))
        await say(interaction, "Dice or a card were shown since, so the other players are asked.")
        return
    await show_move(interaction, result)
    await say(interaction, f"Done: {result.label.lower()}.")


async def undo_vote_from_component(interaction: discord.Interaction, game_id: int, approve: bool) -> None:
    async with guarded(interaction):
        await begin(interaction)
        table = await own_table(interaction, game_id)
        vote, result, words = await tables(interaction).undo.answer_undo(table.id, interaction.user.id, approve)
        if vote is not None:
            await interaction.edit_original_response(**undo_vote_reply(table, vote).edit_kwargs())
            return
        await clear_components(interaction, words)
        if result is not None:
            await show_move(interaction.client, result)
