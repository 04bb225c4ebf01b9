"""The Discord layer's way to what the bot holds: the table service (`tables`) and the bodies in flight (`in_flight`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.base.in_flight import InFlight

if TYPE_CHECKING:
    from engine.services import Services


def tables(source: discord.Interaction | discord.Client) -> Services:
    """The table service, from an interaction or (for automatic moves) the bot itself."""
    client = source.client if isinstance(source, discord.Interaction) else source
    return client.tables  # type: ignore[attr-defined]  # ContrailBot sets it in setup_hook


def member_roles(interaction: discord.Interaction) -> list[int]:
    """The ids of the roles of whoever used the interaction (none outside a server)."""
    user = interaction.user
    return [role.id for role in user.roles] if isinstance(user, discord.Member) else []


def in_flight(client: discord.Client) -> InFlight:
    """The bot's bodies in flight, which its shutdown waits for."""
    found: InFlight = client.in_flight  # type: ignore[attr-defined]  # ContrailBot sets it when it is made
    return found
