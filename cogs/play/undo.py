"""/undo in Discord: take moves back at once, after a private confirmation when there are several, or ask the
table when they showed a card or dice, and count the votes."""

from __future__ import annotations

import discord

from cogs.base.answers import say
from cogs.base.commands import own_table
from cogs.base.components import ID, VERSION, Click, button, component, view_of
from cogs.base.posting import clear_components, post
from cogs.base.service import tables
from cogs.base.words import CONTENT_MAX, Reply, clip, mention
from cogs.play.moves import show_move
from engine.core import GameError
from engine.platform.records import PostKind, UndoVote
from engine.services.tables import Table
from engine.services.undo import TakeBack
from engine.words import count, moves

VOTE_SHAPE = rf"(?P<game>{ID}):(?P<answer>yes|no)"
CONFIRM_SHAPE = rf"(?P<game>{ID}):v(?P<version>{VERSION}):(?P<answer>take|keep)"
KEPT = "Kept: nothing is taken back."


def undo_vote_view(game_id: int) -> discord.ui.View:
    """Approve and Refuse, for the players asked."""
    return view_of(
        button(f"undo:{game_id}:yes", "Approve", discord.ButtonStyle.primary),
        button(f"undo:{game_id}:no", "Refuse", discord.ButtonStyle.secondary),
    )


def undo_vote_reply(table: Table, vote: UndoVote) -> Reply:
    """The request to the other players, pinging them once, with Approve and Refuse."""
    who = " ".join(mention(u) for u in vote.voters)
    asker = table.player(vote.requester)
    name = asker.name if asker else "A player"
    text = (f"{who}: {name} asks to take back their {moves(vote.to_version + 1, vote.at_version)} in "
            f"{table.display_name}, which showed a card or dice. Everyone must agree; one refusal, or no answer "
            f"<t:{int(vote.expires_at)}:R>, keeps them. So far {len(vote.yes)} of {len(vote.voters)} agree.")
    return Reply(content=text, view=undo_vote_view(table.id), ping=vote.voters)


def confirm_reply(plan: TakeBack) -> Reply:
    """The private question before several decisions are taken back: what they did, then Confirm or Keep them."""
    taken = moves(plan.to_version + 1, plan.table.version)
    head, tail = f"This takes back {count(plan.decisions, 'decision')} of yours ({taken}):", "Take them back?"
    # A long turn's list loses its end, never the question.
    lines = clip("\n".join(plan.lines), CONTENT_MAX - len(head) - len(tail) - 2)
    text = f"{head}\n{lines}\n{tail}"
    version = plan.table.version
    view = view_of(
        button(f"undo:{plan.table.id}:v{version}:take", "Confirm", discord.ButtonStyle.danger),
        button(f"undo:{plan.table.id}:v{version}:keep", "Keep them", discord.ButtonStyle.secondary),
    )
    return Reply(content=text, view=view)


async def undo(interaction: discord.Interaction, table: Table) -> None:
    """/undo: one decision at once, several after a private confirmation, one that showed something by a vote."""
    service = tables(interaction)
    plan = await service.undo.plan(table.id, interaction.user.id)
    if plan.revealed:
        vote = await service.undo.ask_undo(table.id, interaction.user.id)
        message = await post(interaction, table, undo_vote_reply(table, vote))
        await service.core.record_post(table.id, PostKind.UNDO, message.channel.id, message.id, vote.at_version)
        await say(interaction, "Dice or a card were shown since, so the other players are asked.")
        return
    if plan.decisions > 1:
        await say(interaction, confirm_reply(plan))
        return
    result = await service.undo.undo(table.id, interaction.user.id, interaction.id, at_version=plan.table.version)
    await show_move(interaction, result)
    await say(interaction, f"Done: {result.label.lower()}.")


@component("undo", CONFIRM_SHAPE)
async def confirm_undo(interaction: discord.Interaction, click: Click) -> None:
    """Confirm or Keep them, under the private list of decisions /undo would take back."""
    table = await own_table(interaction, click.number("game"))
    if click["answer"] == "keep":
        await clear_components(interaction, KEPT)
        return
    try:
        result = await tables(interaction).undo.undo(table.id, interaction.user.id, interaction.id,
                                                     at_version=click.number("version"))
    except GameError as error:  # moved on since, or a double click: said here, in place of the question
        await clear_components(interaction, str(error))
        return
    await clear_components(interaction, f"Done: {result.label.lower()}.")
    await show_move(interaction, result)


@component("undo", VOTE_SHAPE)
async def undo_vote(interaction: discord.Interaction, click: Click) -> None:
    """Approve or Refuse on a request to take back moves: the tally, or the verdict and the moves taken back."""
    table = await own_table(interaction, click.number("game"))
    approve = click["answer"] == "yes"
    vote, result, words = await tables(interaction).undo.answer_undo(table.id, interaction.user.id, approve)
    if vote is not None:
        await interaction.edit_original_response(**undo_vote_reply(table, vote).edit_kwargs())
        return
    await clear_components(interaction, words)
    if result is not None:
        await show_move(interaction.client, result)
