"""Looking at a server's games: the messages of /game status, /game list, /game mine and /rules (no I/O)."""

from __future__ import annotations

import discord

from cogs.base.words import (
    COLOUR,
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    FIELD_VALUE_MAX,
    STATUS_WORDS,
    Reply,
    clip,
    place,
)
from cogs.lobby.messages import lobby_embed
from cogs.play.prompts import final_embed
from cogs.web.messages import with_link
from engine.platform.records import Status
from engine.services.tables import MyGame, RulesCard, Standing, Table, TableStatus
from engine.words import joined


def standing_marks(standing: Standing) -> str:
    """' (autopilot)', ' (away until <t:…:f>)': who is not playing their seat themselves right now (an AI seat's
    name says it is one, and at which level: 'Contrail AI 1 (strong)')."""
    marks = " (autopilot)" if standing.autopilot and not standing.ai else ""
    if standing.away_until is not None:
        marks += f" (away until <t:{int(standing.away_until)}:f>)"
    return marks


def status_reply(status: TableStatus, *, asked_in: int | None = None, web_url: str | None = None) -> Reply:
    """/game status: the lobby, whose turn and the scores, the final scores, or a game abandoned in its lobby;
    where the game is played, unless it was asked there (channel `asked_in`); the game's web page when the server
    shows its pages (`web_url`)."""
    reply = _status_reply(status, asked_in)
    for embed in reply.embeds:
        with_link(embed, web_url)
    return reply


def _status_reply(status: TableStatus, asked_in: int | None) -> Reply:
    table = status.table
    if not table.started and table.status is not Status.LOBBY:
        title = clip(f"{table.display_name}: {STATUS_WORDS[table.status]}", EMBED_TITLE_MAX)
        embed = discord.Embed(title=title, colour=COLOUR, description=lobby_embed(table).description)
        embed.set_footer(text="This game was abandoned before it started.")
        return Reply(embeds=[embed])
    embed = discord.Embed(title=clip(f"{table.display_name}: {STATUS_WORDS[table.status]}", EMBED_TITLE_MAX), colour=COLOUR)
    if table.status is Status.LOBBY:
        embed.description = lobby_embed(table).description
        return Reply(embeds=[embed])
    if status.outcome is not None:
        return Reply(embeds=[final_embed(table, status.outcome, status.standings)])
    if status.prompt is not None:
        who = joined([m.name for m in status.prompt.movers])
        embed.description = f"Turn: **{who}** ({status.prompt.asks})."
    scores = "\n".join(
        f"{s.name}{standing_marks(s)}: {s.score_text}" if s.score is not None else s.name for s in status.standings
    )
    embed.add_field(name="Scores so far", value=clip(scores or "None yet.", FIELD_VALUE_MAX), inline=False)
    if asked_in != table.place_id:
        embed.add_field(name="Where", value=place(table), inline=True)
    embed.add_field(name="Moves", value=str(table.version), inline=True)
    if table.pack_name:
        embed.add_field(name="Cards", value=clip(f"This server's pack {table.pack_name}", FIELD_VALUE_MAX), inline=True)
    return Reply(embeds=[embed])


def rules_reply(card: RulesCard) -> Reply:
    """One topic of a game's rules, in one embed; the footer names the other topics as autocomplete shows them."""
    title = f"{card.title} ({card.players} players): {card.topic.title}"
    embed = discord.Embed(title=clip(title, EMBED_TITLE_MAX), colour=COLOUR)
    embed.description = clip(card.topic.text, EMBED_DESCRIPTION_MAX)
    others = " · ".join(t.title for t in card.topics if t.key != card.topic.key)
    embed.set_footer(text=clip(f"More with /rules topic: {others}", 2048))
    return Reply(embeds=[embed])


LIST_LIMIT = 25  # the games /game list asks the store for: the most recent, live ones first


def list_reply(tables: list[Table], limit: int = LIST_LIMIT) -> Reply:
    """/game list: slug, players, state and link of each game that fits; `tables` may hold one beyond the limit."""
    if not tables:
        return Reply(content="No games on this server yet. Start one with /game new.")
    more = "Older games aren't listed: give a command their game_id to reach them."
    lines: list[str] = []
    for table in tables[:limit]:
        players = ", ".join(p.name for p in table.players) or "nobody"
        line = f"**{table.display_name}** (`{table.slug}`) · {table.status.value} · {players} · {place(table)}"
        if len("\n".join([*lines, line, more])) > EMBED_DESCRIPTION_MAX:
            break
        lines.append(line)
    if len(lines) < len(tables):
        lines.append(more)
    embed = discord.Embed(title="Games on this server", colour=COLOUR)
    embed.description = "\n".join(lines)
    embed.set_footer(text="Live games first, then the most recent.")
    return Reply(embeds=[embed])


MINE_LIMIT = 25  # games /game mine lists; the rest are counted


def mine_reply(games: list[MyGame], server_names: dict[int, str]) -> Reply:
    """/game mine: the caller's live games, those waiting on them first, each with how long and its deadline."""
    if not games:
        return Reply(content="You're not in any game right now. Open one with /game new.")
    lines: list[str] = []
    for mine in games[:MINE_LIMIT]:
        table = mine.table
        where = server_names.get(table.row.guild_id, "another server")
        link = f"https://discord.com/channels/{table.row.guild_id}/{table.place_id}"
        state = "**your turn**" if mine.waiting_on_you else STATUS_WORDS[table.status]
        line = f"**{table.display_name}** on {where}: {state}"
        if mine.since is not None:
            line += f", waiting since <t:{int(mine.since)}:R>"
        if mine.deadline is not None:
            line += f", deadline <t:{int(mine.deadline)}:R>"
        line += f" · {link}"
        if len("\n".join([*lines, line])) > EMBED_DESCRIPTION_MAX - 100:
            break
        lines.append(line)
    if len(lines) < len(games):
        lines.append(f"…and {len(games) - len(lines)} more.")
    embed = discord.Embed(title="Your games", colour=COLOUR, description="\n".join(lines))
    embed.set_footer(text="Games waiting on you come first, the longest wait first.")
    return Reply(embeds=[embed])
