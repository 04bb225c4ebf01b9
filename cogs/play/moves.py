"""Moves in Discord: apply one, then edit the turn's message in place or close it and post the next turn's."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

import discord

from cogs.base.answers import say
from cogs.base.commands import own_table
from cogs.base.components import Click, component, menu_index
from cogs.base.posting import (
    channel_by_id,
    clear_components,
    clicked_message_id,
    client_of,
    direct_message,
    edit_post,
    post,
)
from cogs.base.service import tables
from cogs.base.words import (
    STALE_PROMPT,
    Reply,
    jump_url,
    mention,
    place,
    unposted_text,
)
from cogs.play import prompts
from cogs.play.prompts import CHOICE_SHAPE, MINE_SHAPE, PICK_SHAPE
from cogs.web.watching import tell_watchers
from engine.core import StaleAction
from engine.platform.records import LinkKind, PostKind
from engine.services import logs
from engine.services.tables import Closed, MoveResult, Opening, Table

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
        result = await service.core.play(table, interaction.user.id, pick, version=version, interaction_id=interaction.id)
    except StaleAction as error:
        fresh = await service.reading.table(table.id)
        prompt = await service.reading.prompt(fresh)
        reason = str(error) or STALE_PROMPT
        stale = prompts.stale_reply(fresh, prompt, interaction.user.id, reason)
        if on_panel(interaction):
            await clear_components(interaction, stale.content, stale.view)  # the panel shows today's choices
        else:
            await say(interaction, stale)
        return
    try:
        edited_here = await show_move(interaction, result)
    except discord.HTTPException:
        log.warning("game %s: could not show move %s", table.id, result.table.version, exc_info=True)
        await say(interaction, unposted_text(result.table, "Your move counted", RECOVER))
        return
    if on_panel(interaction):  # the player's private panel goes on to their next private decision, or says done
        panel = prompts.panel_reply(result.table, result.prompt, interaction.user.id, result.label)
        await clear_components(interaction, panel.content, panel.view)
    elif interaction.type is discord.InteractionType.component:
        if not edited_here:
            await clear_components(interaction)  # an old copy of the prompt: its buttons are spent
    else:
        await interaction.edit_original_response(content=f"Done: {result.label}.")


def on_panel(interaction: discord.Interaction) -> bool:
    """Whether the click came from a message only its clicker sees: a private panel (or a fresh prompt sent after
    a stale click), which is edited in place rather than answered with one more message."""
    message = interaction.message
    return interaction.type is discord.InteractionType.component and message is not None and message.flags.ephemeral


@component("g", CHOICE_SHAPE)
async def choose(interaction: discord.Interaction, click: Click) -> None:
    """A prompt's button: the n-th choice of the decision at that version."""
    await play(interaction, await own_table(interaction, click.number("game")), click.number("n"), click.number("version"))


@component("g", PICK_SHAPE)
async def pick_from_menu(interaction: discord.Interaction, click: Click) -> None:
    """A prompt's menu: each option's value is its choice's index."""
    index = menu_index(click.values[0] if click.values else "")
    await play(interaction, await own_table(interaction, click.number("game")), index, click.number("version"))


@component("g", MINE_SHAPE)
async def private_choices(interaction: discord.Interaction, click: Click) -> None:
    """'Choose privately': the mover's secret choices, shown to them alone; a late click gets today's prompt."""
    table = await own_table(interaction, click.number("game"))
    prompt = await tables(interaction).reading.prompt(table)
    if prompt is None or prompt.version != click.number("version"):
        await say(interaction, prompts.stale_reply(table, prompt, interaction.user.id))
        return
    await say(interaction, prompts.private_reply(table, prompt, interaction.user.id))


async def show_move(interaction: discord.Interaction | discord.Client, result: MoveResult) -> bool:
    """Edit or post the turn messages a move changed; True if the clicked message was the one edited."""
    edited_here = await _show_move(interaction, result)
    logs.posted(result.table.id)
    await show_closed(interaction, result.closed)
    return edited_here


async def show_closed(source: discord.Interaction | discord.Client, closed: Iterable[Closed]) -> None:
    """Requests the game moved past or ended (a vote to take moves back): each message says why, without buttons.
    An edit, never a new message: nobody is pinged again."""
    for request in closed:
        if request.post is None:
            continue
        try:
            await edit_post(source, request.post, Reply(content=request.words))
        except discord.HTTPException:
            log.info("could not close the request's message %s", request.post.message_id, exc_info=True)


async def _show_move(interaction: discord.Interaction | discord.Client, result: MoveResult) -> bool:
    news, table = result.turn, result.table
    clicked = clicked_message_id(interaction)
    if news.continues:
        reply = prompts.turn_reply(table, news.played, result.prompt, result.image, standings=result.standings)
        if news.post is not None and await edit_post(interaction, news.post, reply):
            return clicked == news.post.message_id
        await post_turn(interaction, table, reply, news.played.start)  # same turn: its message is gone, no new ping
        return False
    edited_here = False
    if news.post is not None:
        record = prompts.turn_reply(table, news.played, None, result.image, standings=result.standings)
        edited_here = await edit_post(interaction, news.post, record) and clicked == news.post.message_id
    if news.next is not None:
        reply = prompts.turn_reply(table, news.next, result.prompt, result.image, ping=result.alerts.thread,
                                   standings=result.standings)
        await post_turn(interaction, table, reply, news.next.start)
        logs.posted(table.id)  # before the DMs: the table sees the move now
        await send_dms(interaction, table, result.alerts.dm, f"It's your turn in {table.display_name}")
    elif result.outcome is not None:
        url = await tables(interaction).sharing.url(table.row.guild_id, LinkKind.GAME, table.id)
        final = prompts.final_reply(table, result.outcome, result.standings, result.image, ping=result.alerts.thread,
                                    web_url=url)
        await post(interaction, table, final)
        await send_dms(interaction, table, result.alerts.dm, f"{table.display_name} is over")
        await tell_watchers(interaction, table)
    return edited_here


async def post_turn(source: discord.Interaction | discord.Client, table: Table, reply: Reply, start: int) -> None:
    """Post a turn's message and remember it, so every further decision of the turn edits it."""
    message = await post(source, table, reply)
    await tables(source).core.record_post(table.id, PostKind.TURN, message.channel.id, message.id, start)


async def resume_automatic(client: discord.Client) -> None:
    """After a restart, AI seats that owed a move play on, and the next person's turn is posted (once)."""
    with logs.request():
        async for result in tables(client).resume_automatic():
            await show_automatic(client, result)


async def show_automatic(client: discord.Client, result: MoveResult) -> None:
    """Show moves the bot made on its own (the AI after a restart, the autopilot at a deadline)."""
    try:
        await show_move(client, result)
    except discord.HTTPException:
        log.warning("game %s: could not show the automatic moves", result.table.id, exc_info=True)


async def post_opening(interaction: discord.Interaction | discord.Client, opening: Opening) -> None:
    """The first turn's message: who plays which seat, the board, and a ping for the first player."""
    reply = prompts.opening_reply(opening)
    start = opening.turn.start if opening.turn is not None else 0
    await post_turn(interaction, opening.table, reply, start)
    logs.posted(opening.table.id)  # the AI seats that moved first
    await send_dms(interaction, opening.table, opening.alerts.dm, f"{opening.table.display_name} begins: it's your turn")


async def send_dms(source: discord.Interaction | discord.Client, table: Table, user_ids: tuple[int, ...],
                   lead: str) -> None:
    """Tell players by DM, for those who asked; a closed DM falls back to a ping in the thread, remembered."""
    client = client_of(source)
    posts = await tables(source).reading.posts(table.id)
    turn = posts.get(PostKind.TURN)
    link = jump_url(table, turn) if turn else place(table)
    refused = []
    for user_id in user_ids:
        if not await direct_message(client, user_id, f"{lead}: {link}"):  # the thread it is, from now on
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
        await channel.get_partial_message(post.message_id).edit(view=None)  # type: ignore[attr-defined]  # a game's channel is a text channel or thread
    except discord.HTTPException:
        log.info("game %s: could not take the buttons off the last turn's message", table.id, exc_info=True)
