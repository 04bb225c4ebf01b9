"""Turn prompts draw each decision from the game's own words and flags (no game knowledge in the cogs)."""

from __future__ import annotations

import discord

from cogs import messages
from engine.core import Action
from engine.tables import Mover, Prompt


def test_minor_choices_are_secondary_buttons_and_the_decision_uses_the_games_words() -> None:
    choices = (Action("go", ("again",), "Pay 3 bonus chips for another go"), Action("go", ("end",), "End your turn", minor=True))
    prompt = Prompt(7, 12, "take another go or end your turn", (Mover(0, 42, "ann", choices),))

    view = messages.prompt_view(prompt)
    assert view is not None
    buttons = [getattr(child, "item", child) for child in view.children]  # DynamicItems wrap their button
    assert all(isinstance(b, discord.ui.Button) for b in buttons)
    assert [(b.label, b.style) for b in buttons] == [
        ("Pay 3 bonus chips for another go", discord.ButtonStyle.primary),
        ("End your turn", discord.ButtonStyle.secondary),
    ]
    assert messages.prompt_text(prompt) == "<@42>, your turn: take another go or end your turn."
