"""Contrail's Discord layer: slash commands, components and the messages they send, one package per feature."""

from __future__ import annotations

# Loaded by ContrailBot.setup_hook (and by `bot.py --dump-commands`, which needs no connection). Loading a feature
# imports its modules, whose @component handlers fill the registry the buttons answer through.
EXTENSIONS: tuple[str, ...] = (
    "cogs.game", "cogs.play.commands", "cogs.info.commands", "cogs.clock.commands", "cogs.ratings",
    "cogs.leagues.commands", "cogs.web.commands", "cogs.stats.commands", "cogs.packs",
)
