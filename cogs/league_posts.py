"""Leagues in Discord: each round's games opened in threads of their own, the recap, and the league's messages."""

from __future__ import annotations

import asyncio
import logging
import weakref

import discord

import engine
from cogs import messages, moves, turn_messages
from cogs.flows import THREAD_ARCHIVE_MINUTES, channel_by_id, post, tables
from cogs.messages import Reply, clip, duration, mention
from engine.core import GameError
from engine.services.leagues import LeagueInfo, LeagueNews, LeagueNewsKind, LeagueRow, LeagueStatus, LeagueTable
from engine.platform.leagues import Standing, parse_points, points_text
from engine.platform.notify import Alerts
from engine.platform.records import PostKind, Status
from engine.services.tables import Table

log = logging.getLogger(__name__)

STANDINGS_SHOWN = 25  # the embed and the image show the top 25
SCHEDULE_ROUNDS_SHOWN = 3  # /league info lists the latest rounds' tables (the embed stays under 6000 characters)
# One opener per bot: the scheduler and /league start may both find a round's lobbies; each game opens once.
_OPENERS: weakref.WeakKeyDictionary[discord.Client, asyncio.Lock] = weakref.WeakKeyDictionary()


# -- what the league does on its own ------------------------------------------------------------------


async def run_league_work(client: discord.Client) -> None:
    """Open rounds that are due and post finished seasons' recaps (the scheduler calls this on every wake)."""
    for news in await tables(client).leagues.league_work():
        await show_league_news(client, news)


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
        lines += [f"{messages.place(t)}: {', '.join(t.names)}" for t in opened]
        await announce(client, news.league, Reply(content=clip("\n".join(lines), messages.CONTENT_MAX)))


async def _open_game(client: discord.Client, news: LeagueNews, game_id: int) -> Table | None:
    service = tables(client)
    table = await service.reading.table(game_id)
    if table.status is Status.ACTIVE and PostKind.TURN not in await service.reading.posts(table.id):
        return await _post_unposted(client, news, table)
    if table.status is not Status.LOBBY:
        return None  # opened already (by another path, or before a restart)
    if table.game.thread_id is None:
        thread = await _thread(client, news.league, f"{news.league.name} · round {news.round} · #{table.id}")
        if thread is not None:
            table = await service.lobby.move_to_thread(table.id, thread.id)
    opening = await service.lobby.start(table.id, table.creator_id)
    pings = await service.leagues.welcome_pings(opening.table, opening.alerts)
    await post(client, opening.table, _hello(news, opening.table, pings))
    await moves.post_opening(client, opening)  # type: ignore[arg-type]  # a client posts like an interaction
    return opening.table


def _hello(news: LeagueNews, table: Table, pings: tuple[int, ...]) -> Reply:
    """The table's first message: its players named (pinged once: see `welcome_pings`), the league, the round and
    when it ends."""
    people = tuple(p.user_id for p in table.players if not p.ai)
    ends = f" The round ends <t:{int(news.league.round_ends)}:R>." if news.league.round_ends else ""
    hello = (f"{' '.join(mention(u) for u in people)}: your table in **{news.league.name}**, season "
             f"{news.league.season}, round {news.round}.{ends}")
    return Reply(content=clip(hello, messages.CONTENT_MAX), ping=pings)


async def _post_unposted(client: discord.Client, news: LeagueNews, table: Table) -> Table:
    """A game the bot started just before it stopped, never shown: its players pinged and the current prompt."""
    pings = await tables(client).leagues.welcome_pings(table, Alerts())  # the prompt below pings nobody
    await post(client, table, _hello(news, table, pings))
    prompt = await tables(client).reading.prompt(table.id)
    if prompt is not None:
        message = await post(client, table, turn_messages.prompt_reply(table, prompt))
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
        return await channel.create_thread(name=clip(name, 100), type=discord.ChannelType.public_thread,
                                           auto_archive_duration=THREAD_ARCHIVE_MINUTES)
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


# -- the league's messages -------------------------------------------------------------------------------


def standing_line(line: Standing) -> str:
    games = f"{line.games} game{'s' if line.games != 1 else ''}"
    return (f"**{line.rank}.** {clip(line.name, 40)}: **{points_number(line.points)}** pts "
            f"(opp. {points_number(line.opponents_points)}, rating {round(line.rating):,}, {games}, "
            f"{line.wins} win{'s' if line.wins != 1 else ''})")


def standings_embed(title: str, lines: tuple[Standing, ...], header: str = "") -> discord.Embed:
    shown = [standing_line(line) for line in lines[:STANDINGS_SHOWN]]
    if len(lines) > STANDINGS_SHOWN:
        shown.append(f"… and {len(lines) - STANDINGS_SHOWN} more")
    body = "\n".join([header, *shown] if header else shown) or "Nobody has signed up yet."
    embed = discord.Embed(title=clip(title, messages.EMBED_TITLE_MAX), colour=messages.COLOUR,
                          description=clip(body, messages.EMBED_DESCRIPTION_MAX))
    embed.set_footer(text="Ties break by opponents' points (everyone they sat with), then rating.")
    return embed


def progress_text(league: LeagueRow, played: int, games: int) -> str:
    title = engine.get_game(league.slug).title
    if league.status is LeagueStatus.SIGNUP:
        return f"{title} · sign-ups open"
    return f"{title} · round {league.round} of {league.rounds} · {played} of {games} games finished"


def points_number(value: float) -> str:
    """'4', '2.5': half points from shared places show, whole ones stay whole."""
    return f"{value:g}" if value != int(value) else f"{int(value):,}"


def standings_reply(standing: LeagueTable, image: bytes | None) -> Reply:
    """The standings as an embed, with the same table drawn as an image below it when drawing worked."""
    league = standing.league
    sub = progress_text(league, standing.played, standing.games)
    embed = standings_embed(f"{league.name} · season {league.season}: standings", standing.lines, sub)
    if image is not None:
        embed.set_image(url="attachment://standings.png")
    return Reply(embeds=[embed], image=image, image_name="standings.png")


def recap_reply(news: LeagueNews) -> Reply:
    """The season's end: the champion (pinged: they won) and the final standings."""
    league, lines = news.league, news.standings
    champions = [s for s in lines if s.rank == 1]
    names = " and ".join(mention(s.user_id) for s in champions) or "nobody"
    text = (f"🏆 **{league.name}**, season {league.season} is over after {league.rounds} "
            f"round{'s' if league.rounds != 1 else ''}. Champion: {names}! "
            "An organiser can open the next season with /league start.")
    embed = standings_embed(f"{league.name} · season {league.season}: final standings", lines)
    return Reply(content=clip(text, messages.CONTENT_MAX), embeds=[embed], ping=tuple(s.user_id for s in champions))


def info_reply(info: LeagueInfo) -> Reply:
    league = info.league
    game = engine.get_game(league.slug)
    turn = f"{duration(league.turn_seconds)} per turn" if league.turn_seconds else "no turn limit"
    status = {LeagueStatus.SIGNUP: "sign-ups open: /league join",
              LeagueStatus.RUNNING: f"round {league.round} of {league.rounds} being played",
              LeagueStatus.FINISHED: "season over"}[league.status]
    settings = [
        f"**Game:** {game.title}, tables of {league.table_size}"
        f"{' (AI seats fill a short table)' if league.allow_ai else ''}",
        f"**Rounds:** {league.rounds}, each {duration(league.round_seconds)} long; {turn}",
        f"**Points:** {points_text(parse_points(league.points))}",
        f"**Season {league.season}:** {status}",
    ]
    if league.status is LeagueStatus.RUNNING and league.round_ends:
        settings.append(f"**Round {league.round} ends:** <t:{int(league.round_ends)}:f>")
    embed = discord.Embed(title=clip(league.name, messages.EMBED_TITLE_MAX), colour=messages.COLOUR,
                          description="\n".join(settings))
    members = ", ".join(clip(n, 40) for n in info.members.values()) or "nobody yet"
    embed.add_field(name=f"Members ({len(info.members)})", value=clip(members, messages.FIELD_VALUE_MAX), inline=False)
    rounds = sorted({g.round for g in info.games})[-SCHEDULE_ROUNDS_SHOWN:]
    for round_ in rounds:
        games = [g for g in info.games if g.round == round_]
        lines = []
        for g in games:
            who = ", ".join("AI" if ai else clip(info.names.get(u, "?"), 30) for _, u, ai in g.seats)
            lines.append(f"#{g.game_id} ({messages.STATUS_WORDS.get(g.status, g.status.value)}): {who}")
        embed.add_field(name=f"Round {round_}", value=clip("\n".join(lines), messages.FIELD_VALUE_MAX), inline=False)
    return Reply(embeds=[embed])
