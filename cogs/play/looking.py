"""Looking at a game being played: the /log pages with their Older/Newer buttons, and /hand."""

from __future__ import annotations


import discord

from cogs.base.commands import own_table
from cogs.base.components import ID, Click, button, component, view_of
from cogs.base.service import tables
from cogs.base.words import (
    COLOUR,
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    FIELD_VALUE_MAX,
    Reply,
    clip,
)
from engine.core import hand_name
from engine.view import CommonView
from engine.platform.advice import what_it_brings
from engine.services.hints import TableHint
from engine.services.tables import LogPage, Table

PAGE_SHAPE = rf"(?P<game>{ID}):p(?P<page>[0-9]{{1,6}})"
LOG_LINE_MAX = 400


def log_view(game_id: int, page: int, pages: int) -> discord.ui.View | None:
    """Older/Newer buttons; only those that lead somewhere, so every custom id on the message differs."""
    if pages <= 1:
        return None
    older = [button(f"log:{game_id}:p{page - 1}", "◀ Older")] if page > 1 else []
    newer = [button(f"log:{game_id}:p{page + 1}", "Newer ▶")] if page < pages else []
    return view_of(*older, *newer)


def log_reply(page: LogPage) -> Reply:
    table = page.table
    embed = discord.Embed(title=clip(f"{table.display_name}: move log", EMBED_TITLE_MAX), colour=COLOUR)
    text = "\n".join(clip(line, LOG_LINE_MAX) for line in page.lines) or "Nothing has happened yet."
    embed.description = clip(text, EMBED_DESCRIPTION_MAX)
    embed.set_footer(text=f"Page {page.page} of {page.pages}")
    return Reply(embeds=[embed], view=log_view(table.id, page.page, page.pages))


def hand_reply(table: Table, view: CommonView) -> Reply:
    noun = hand_name(table.rules)
    embed = discord.Embed(title=clip(f"{table.display_name}: your {noun}", EMBED_TITLE_MAX), colour=COLOUR)
    for name, value in table.rules.hand_fields(view)[:25]:
        embed.add_field(name=clip(name, 256), value=clip(value or "-", FIELD_VALUE_MAX), inline=False)
    return Reply(embeds=[embed])


def hint_reply(found: TableHint) -> Reply:
    """/hint, for the player alone: the suggested choice and why, then the two best others with their worth."""
    hint = found.hint
    embed = discord.Embed(title=clip(f"{found.table.display_name}: a hint", EMBED_TITLE_MAX), colour=COLOUR)
    label = hint.suggestion.action.label or hint.suggestion.action.key
    # The reason begins with the choice (advice.reason): said once, in bold.
    embed.description = clip(f"**{label}**{hint.because.removeprefix(label)}", EMBED_DESCRIPTION_MAX)
    if hint.alternatives:
        lines = [f"• {what_it_brings(w.action)}: {words}" for w, words in hint.alternatives]
        # Not "next best": an alternative may read higher than the suggestion, its words then saying why.
        embed.add_field(name="Other choices", value=clip("\n".join(lines), FIELD_VALUE_MAX), inline=False)
    worlds = hint.suggestion.worlds
    fewer = any(w.worlds < worlds for w, _ in hint.alternatives)  # one that fell behind early was played less
    times = f"{'up to ' if fewer else ''}{worlds} {'time' if worlds == 1 else 'times'}"
    embed.set_footer(text=f"Each choice played on {times}, with the cards and dice you can't see dealt anew each time. "
                          "The choice is yours.")
    return Reply(embeds=[embed])


@component("log", PAGE_SHAPE, acknowledge=False)  # answered by editing the page in place, in one response
async def turn_page(interaction: discord.Interaction, click: Click) -> None:
    game_id, page = click.number("game"), click.number("page")
    await own_table(interaction, game_id)
    log_page = await tables(interaction).reading.log(game_id, page)
    await interaction.response.edit_message(**log_reply(log_page).edit_kwargs())
