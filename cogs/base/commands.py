"""The preamble of every command: `@answered` (acknowledge, one error path) and `@table_command` (also finds the game)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.utils import resolve_annotation

from cogs.base.answers import begin, guarded
from cogs.base.options import GAME_ID, GameId, table_choices
from cogs.base.service import tables
from cogs.base.sight import sight
from engine.core import GameError
from engine.services.tables import Table

Body = TypeVar("Body", bound=Callable[..., Awaitable[None]])
Autocomplete = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[int]]]]
NOT_IN_A_SERVER = "Games live in servers: use this command in a server channel."


async def find_table(interaction: discord.Interaction, game_id: int | None) -> Table:
    """The game a command means: the one named, else the one in this thread or channel; one the member may not
    see is answered as one that does not exist."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise GameError(NOT_IN_A_SERVER)
    return await tables(interaction).reading.find_table(interaction.guild_id, interaction.channel_id, game_id,
                                                        visible=sight(interaction, ask=True))


async def own_table(interaction: discord.Interaction, game_id: int) -> Table:
    """A game named by a component's custom id, refused (as one that does not exist) if it belongs to another
    server or the member may not see it: a custom id can be forged."""
    return await tables(interaction).reading.table(game_id, guild_id=interaction.guild_id or 0,
                                                   visible=sight(interaction, ask=True))


def _signature(body: Callable[..., Any], *, drop: str = "", add: tuple[inspect.Parameter, ...] = ()) -> inspect.Signature:
    """The body's signature for discord.py, with annotations resolved in the body's own module: discord.py reads
    them in the wrapper's module otherwise, which does not know the body's names (`from __future__` strings)."""
    cache: dict[str, Any] = {}
    params = [
        p.replace(annotation=resolve_annotation(p.annotation, body.__globals__, None, cache))
        if p.annotation is not inspect.Parameter.empty and p.name not in ("self", "interaction") else p
        for p in inspect.signature(body).parameters.values() if p.name != drop
    ]
    return inspect.Signature([*params, *add])


def answered(*, acknowledge: bool = True) -> Callable[[Body], Body]:
    """A command body run inside the one error path, acknowledged first (a private "thinking") unless told not."""

    def decorate(body: Body) -> Body:
        @functools.wraps(body)
        async def run(self: Any, interaction: discord.Interaction, **options: Any) -> None:
            async with guarded(interaction):
                if acknowledge:
                    await begin(interaction)
                await body(self, interaction, **options)

        run.__signature__ = _signature(body)  # type: ignore[attr-defined]  # discord.py reads the options from it
        return run  # type: ignore[return-value]  # the same call, with the signature discord.py reads

    return decorate


def table_command(*, autocomplete: Autocomplete = table_choices, description: str = GAME_ID) -> Callable[[Body], Body]:
    """A command about one game: acknowledged, its game found (the `game_id` option, else this thread's game),
    and the body run as body(self, interaction, table, **its other options) inside the one error path.

    The command gains the optional `game_id` option last, described and autocompleted as given.
    """

    def decorate(body: Body) -> Body:
        @functools.wraps(body)
        async def run(self: Any, interaction: discord.Interaction, game_id: int | None = None, **options: Any) -> None:
            async with guarded(interaction):
                await begin(interaction)
                table = await find_table(interaction, game_id)
                await body(self, interaction, table, **options)

        game_id = inspect.Parameter("game_id", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                                    annotation=GameId | None)
        run.__signature__ = _signature(body, drop="table", add=(game_id,))  # type: ignore[attr-defined]  # the options
        app_commands.describe(game_id=description)(run)
        app_commands.autocomplete(game_id=autocomplete)(run)
        return run  # type: ignore[return-value]  # the same call, with the signature discord.py reads

    return decorate
