"""One registry from a component's verb to its handler, and the one dynamic item that answers every click with it."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from cogs.base.answers import begin, guarded, say

log = logging.getLogger(__name__)

# A custom id reads `verb:rest` (`g:12:v40:3`, `lobby:12:join`, ...). A feature registers each shape of `rest` it
# writes with `@component(verb, shape)` when it is imported; the item parses the id a click brings, looks the verb
# up and runs the handler inside the one error path. Buttons posted before a restart keep working, since the id
# alone says what to do, and this module imports no feature.

# Ids are bounded so a forged custom_id can never overflow SQLite's 64-bit integers; ASCII digits only (a regex
# \d, like str.isdigit, also takes other scripts' digits, and isdigit even takes '²', which int() refuses).
ID = r"[0-9]{1,18}"
VERSION = r"[0-9]{1,9}"
USER = r"[0-9]{1,20}"  # a Discord user id (a snowflake); only ever compared, never stored from a custom id
MENU_DIGITS = 2  # a menu holds at most 25 choices
UNKNOWN = "This button or menu is out of date."


@dataclass(frozen=True)
class Click:
    """What a click brought: the named parts of its custom id, and a menu's chosen values."""

    parts: dict[str, str]
    values: tuple[str, ...] = ()

    def number(self, name: str) -> int:
        return int(self.parts[name])

    def __getitem__(self, name: str) -> str:
        return self.parts[name]


Handler = Callable[[discord.Interaction, Click], Awaitable[None]]


@dataclass(frozen=True)
class Route:
    verb: str
    pattern: re.Pattern[str]  # the whole custom id
    handler: Handler
    acknowledge: bool  # False: the handler answers first itself (an edit in place, or a refusal before any defer)


_ROUTES: dict[str, list[Route]] = {}


def component(verb: str, shape: str, *, acknowledge: bool = True) -> Callable[[Handler], Handler]:
    """Register a handler for the custom ids `verb:<shape>` (a regex with named groups, read by Click)."""

    def register(handler: Handler) -> Handler:
        pattern = re.compile(rf"{re.escape(verb)}:{shape}")
        routes = [r for r in _ROUTES.get(verb, []) if r.pattern.pattern != pattern.pattern]  # a reload replaces
        _ROUTES[verb] = [*routes, Route(verb, pattern, handler, acknowledge)]
        return handler

    return register


def route(custom_id: str) -> tuple[Route, re.Match[str]] | None:
    """The registered route of a custom id and its parts, or None for an unknown verb or a malformed id."""
    for candidate in _ROUTES.get(custom_id.partition(":")[0], []):
        match = candidate.pattern.fullmatch(custom_id)
        if match is not None:
            return candidate, match
    return None


def menu_index(value: str) -> int:
    """A select option's value as the index of its choice, or -1 (no such choice, answered like a stale one) for
    anything but one or two ASCII digits: Discord only ever sends the values we wrote, a forged request anything."""
    return int(value) if 0 < len(value) <= MENU_DIGITS and value.isascii() and value.isdigit() else -1


class Control(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"[a-z]{1,10}:[0-9A-Za-z_:]{1,89}"):
    """Any of our buttons or menus, as a message carries it: a dynamic item, so discord.py keeps no copy of each
    message's view. Its click is answered by `answer_click`, not here (see there why)."""

    def __init__(self, item: discord.ui.Button[Any] | discord.ui.Select[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Control:
        assert isinstance(item, discord.ui.Button | discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Nothing: `answer_click` has this click already (it sees every click, this only some)."""


async def answer_click(interaction: discord.Interaction) -> None:
    """Every click on a button or menu, whatever it is, answered by its custom id within Discord's 3 seconds.

    The one path for clicks (the bot's `on_interaction`): discord.py drops a click silently when the message no
    longer shows the clicked component (a double click, a phone behind an edit) or when no item's template takes
    its id (a malformed or very old id), and Discord then shows "This interaction failed". The registry answers
    those too: a removed prompt's button reaches its handler, which says the prompt is out of date.
    """
    if interaction.type is not discord.InteractionType.component:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    values = data.get("values")
    chosen_values = tuple(str(v) for v in values) if isinstance(values, list) else ()
    found = route(custom_id)
    async with guarded(interaction):
        if found is None:
            log.info("no handler for the custom id %r", custom_id)
            await say(interaction, UNKNOWN)
            return
        chosen, match = found
        if chosen.acknowledge:
            await begin(interaction)
        await chosen.handler(interaction, Click(match.groupdict(), chosen_values))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (Control,)


def button(custom_id: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary, *,
           disabled: bool = False) -> Control:
    return Control(discord.ui.Button(label=label, style=style, custom_id=custom_id, disabled=disabled))


def select(custom_id: str, options: list[discord.SelectOption], *, placeholder: str, min_values: int = 1,
           max_values: int = 1) -> Control:
    menu: discord.ui.Select[Any] = discord.ui.Select(custom_id=custom_id, options=options, placeholder=placeholder,
                                                     min_values=min_values, max_values=max_values)
    return Control(menu)


def view_of(*items: Control) -> discord.ui.View:
    """A view that never times out (a button works as long as its message exists), holding these items."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
