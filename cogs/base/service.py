"""The one way the Discord layer reaches the table service: `tables(interaction)` (or the bot, for automatic work)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from engine.services import Services


def tables(source: discord.Interaction | discord.Client) -> Services:
    """The table service, from an interaction or (for automatic moves) the bot itself."""
    client = source.client if isinstance(source, discord.Interaction) else source
    return client.tables  # type: ignore[attr-defined]  # ContrailBot sets it in setup_hook
