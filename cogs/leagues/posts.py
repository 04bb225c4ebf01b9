"""Leagues in Discord on their own: each round's games opened in threads of their own, and the season's recap."""

from __future__ import annotations

import asyncio
import logging
import weakref

import discord

from cogs.base.posting import channel_by_id, post
from cogs.base.service import tables
from cogs.base.threads import create_thread
from cogs.base.words import CONTENT_MAX, Reply, clip, mention, place
from cogs.leagues.messages import recap_reply
from cogs.play import moves, prompts
from engine.core import GameError
from engine.platform.notify import Alerts
from engine.platform.records import PostKind, Status
from engine.services.leagues import LeagueNews, LeagueNewsKind, LeagueRow
from engine.services.tables import Table

log = logging.getLogger(__name__)

# One opener per bot: the scheduler and /league start may both find a round's lobbies; each game opens once.
_OPENERS: weakref.WeakKeyDictionary[discord.Client, asyncio.Lock] = weakref.WeakKeyDictionary()


# -- what the league does on its own ------------------------------------------------------------------


async def show_league_news(client: discord.Client, news: LeagueNews) -> None:
    if news.kind is LeagueNewsKind.ROUND_OPENED:
        await open_round(client, news)
    else:
        await announce(client, news.league, recap_reply(news))


async def open_round(client: discord.Client, news: LeagueNews) -> None:
    """Each table's game in a thread of its own, started, pinging its players; then a summary in the channel."""
    opened = []
    async with _OPENERS.setdefault(client, asyncio.Lock()):
        for game_id in news.game_ids:
            try:
                table = await _open_game(client, news, game_id)
            except (discord.HTTPException, GameError):  # the next wake of the scheduler tries again
                log.warning("league %s: could not open game %s", news.league.id, game_id, exc_info=True)
                continue
            if table is not None:
                opened.append(table)
    if opened:
        ends = f" It ends <t:{int(news.league.round_ends or 0)}:f>." if news.league.round_ends else ""
        lines = [f"**{news.league.name}**, round {news.round} of {news.league.rounds} is open.{ends}"]
        lines += [f"{place(t)}: {', '.join(t.names)}" for t in opened]
        await announce(client, news.league, Reply(content=clip("\n".join(lines), CONTENT_MAX)))


async def _open_game(client: discord.Client, news: LeagueNews, game_id: int) -> Table | None:
    service = tables(client)
    table = await service.reading.table(game_id)
    if table.status is Status.ACTIVE and PostKind.TURN not in await service.reading.posts(table.id):
        return await _post_unposted(client, news, table)
    if table.status is not Status.LOBBY:
        return None  # opened already (by another path, or before a restart)
    if table.row.thread_id is None:
        thread = await _thread(client, news.league, f"{news.league.name} · round {news.round} · #{table.id}")
        if thread is not None:
            table = await service.lobby.move_to_thread(table.id, thread.id)
    opening = await service.lobby.start(table.id, table.creator_id)
    pings = await service.leagues.welcome_pings(opening.table, opening.alerts)
    await post(client, opening.table, _hello(news, opening.table, pings))
    await moves.post_opening(client, opening)
    return opening.table


def _hello(news: LeagueNews, table: Table, pings: tuple[int, ...]) -> Reply:
    """The table's first message: its players named (pinged once: see `welcome_pings`), the league, the round and
    when it ends."""
    people = tuple(p.user_id for p in table.players if not p.ai)
    ends = f" The round ends <t:{int(news.league.round_ends)}:R>." if news.league.round_ends else ""
    hello = (f"{' '.join(mention(u) for u in people)}: your table in **{news.league.name}**, season "
             f"{news.league.season}, round {news.round}.{ends}")
    return Reply(content=clip(hello, CONTENT_MAX), ping=pings)


async def _post_unposted(client: discord.Client, news: LeagueNews, table: Table) -> Table:
    """A game the bot started just before it stopped, never shown: its players pinged and the current prompt."""
    pings = await tables(client).leagues.welcome_pings(table, Alerts())  # the prompt below pings nobody
    await post(client, table, _hello(news, table, pings))
    prompt = await tables(client).reading.prompt(table)
    if prompt is not None:
        message = await post(client, table, prompts.prompt_reply(table, prompt))
        await tables(client).core.record_post(table.id, PostKind.TURN, message.channel.id, message.id, prompt.version)
    return table


async def _thread(client: discord.Client, league: LeagueRow, name: str) -> discord.Thread | None:
    """A public thread off the league's channel, or None to play in the channel itself."""
    try:
        channel = await channel_by_id(client, league.channel_id)
    except discord.HTTPException:
        return None
    if not isinstance(channel, discord.TextChannel):
        return None
    try:
        return await create_thread(channel, name)
    except discord.HTTPException:
        log.warning("league %s: could not open a thread; playing in the channel", league.id, exc_info=True)
        return None


async def announce(client: discord.Client, league: LeagueRow, reply: Reply) -> None:
    """Post in the league's channel; a refusal is logged, as the league's state is stored already."""
    try:
        channel = await channel_by_id(client, league.channel_id)
        await channel.send(**reply.send_kwargs())
    except discord.HTTPException:
        log.warning("league %s: could not post in channel %s", league.id, league.channel_id, exc_info=True)
