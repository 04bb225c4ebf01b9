"""Contrail's Discord layer: slash commands, components and the messages they send."""

from __future__ import annotations

# Loaded by ContrailBot.setup_hook (and by `bot.py --dump-commands`, which needs no connection).
EXTENSIONS: tuple[str, ...] = ("cogs.lobby", "cogs.play", "cogs.players", "cogs.ratings", "cogs.leagues")
