"""Answering the user who acted: acknowledge in time, say something privately, and the one error path."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from cogs.base.service import in_flight
from cogs.base.words import CONTENT_MAX, Reply, clip
from engine.core import GameError
from engine.services import logs

log = logging.getLogger(__name__)

SORRY = "Something went wrong on my side. Please try again in a moment."
MISUSED = "That can't be used like this here."


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
        log.error("error in %s", describe(interaction), exc_info=error)
        text = SORRY
    try:
        await say(interaction, clip(text, CONTENT_MAX), ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user about an error in %s", describe(interaction), exc_info=True)


async def tree_error(interaction: discord.Interaction, error: discord.app_commands.AppCommandError) -> None:
    """The command tree's handler: whatever a body did not answer itself (checks, transformers, bugs) ends here."""
    original = getattr(error, "original", error)
    if isinstance(original, discord.app_commands.TransformerError | discord.app_commands.CheckFailure):
        original = GameError(MISUSED)  # a forged or out-of-range option: the player's to read, not a bug
    await reply_error(interaction, original)


@asynccontextmanager
async def guarded(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Run a command or click body; whatever goes wrong is answered ephemerally and changes nothing more.
    A shutdown waits for the body to end."""
    try:
        with in_flight(interaction.client).body(), logs.request():  # the moves it commits are logged once posted
            yield
    except Exception as error:  # noqa: BLE001 - the one place that turns every failure into an answer
        await reply_error(interaction, error)


def describe(interaction: discord.Interaction) -> str:
    """The command or component an interaction came from, for the logs."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: dict[str, Any] = dict(interaction.data or {})
    return f"component {data.get('custom_id', '?')}"
