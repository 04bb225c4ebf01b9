"""/undo in Discord: take moves back at once, or ask the table when they showed a card or dice, and count the votes."""

from __future__ import annotations

import discord

from cogs.base.answers import say
from cogs.base.commands import own_table
from cogs.base.components import ID, Click, button, component, view_of
from cogs.base.posting import clear_components, post
from cogs.base.service import tables
from cogs.base.words import Reply, mention
from cogs.play.moves import show_move
from engine.platform.records import UndoVote
from engine.services.tables import NeedsConsent, Table
from engine.words import moves

VOTE_SHAPE = rf"(?P<game>{ID}):(?P<answer>yes|no)"


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
