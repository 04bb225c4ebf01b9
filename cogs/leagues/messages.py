"""The league's messages: standings, the season's recap and /league info (no I/O)."""

from __future__ import annotations

import discord

import engine
from cogs.base.words import (
    COLOUR,
    CONTENT_MAX,
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    FIELD_VALUE_MAX,
    STATUS_WORDS,
    Reply,
    clip,
    duration,
    mention,
)
from engine.platform.leagues import Standing, parse_points, points_text
from engine.services.leagues import (
    LeagueInfo,
    LeagueNews,
    LeagueRow,
    LeagueStatus,
    LeagueTable,
)
from engine.words import joined

STANDINGS_SHOWN = 25  # the embed and the image show the top 25
SCHEDULE_ROUNDS_SHOWN = 3  # /league info lists the latest rounds' tables (the embed stays under 6000 characters)


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
    embed = discord.Embed(title=clip(title, EMBED_TITLE_MAX), colour=COLOUR,
                          description=clip(body, EMBED_DESCRIPTION_MAX))
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
    names = joined([mention(s.user_id) for s in champions]) or "nobody"
    text = (f"🏆 **{league.name}**, season {league.season} is over after {league.rounds} "
            f"round{'s' if league.rounds != 1 else ''}. Champion: {names}! "
            "An organiser can open the next season with /league start.")
    embed = standings_embed(f"{league.name} · season {league.season}: final standings", lines)
    return Reply(content=clip(text, CONTENT_MAX), embeds=[embed], ping=tuple(s.user_id for s in champions))


def info_reply(info: LeagueInfo, *, web_url: str | None = None) -> Reply:
    """/league info: the settings, the members, the latest rounds' tables, and the league's web page when the
    server shows its pages (`web_url`)."""
    league = info.league
    game = engine.get_game(league.slug)
    turn = f"{duration(league.turn_seconds)} per turn" if league.turn_seconds else "no turn limit"
    status = {LeagueStatus.SIGNUP: "sign-ups open: /league join",
              LeagueStatus.RUNNING: f"round {league.round} of {league.rounds} being played",
              LeagueStatus.FINISHED: "season over"}[league.status]
    settings = [
        f"**Game:** {game.title}, tables of {league.table_size}"
        f"{f' ({league.ai_level.value} AI seats fill a short table)' if league.allow_ai else ''}",
        f"**Rounds:** {league.rounds}, each {duration(league.round_seconds)} long; {turn}",
        f"**Points:** {points_text(parse_points(league.points))}",
        *([f"**Cards:** this server's pack {info.pack_name}"] if info.pack_name else []),
        f"**Season {league.season}:** {status}",
    ]
    if league.status is LeagueStatus.RUNNING and league.round_ends:
        settings.append(f"**Round {league.round} ends:** <t:{int(league.round_ends)}:f>")
    if web_url:
        settings.append(f"**On the web:** {web_url}")
    embed = discord.Embed(title=clip(league.name, EMBED_TITLE_MAX), colour=COLOUR,
                          description="\n".join(settings))
    members = ", ".join(clip(n, 40) for n in info.members.values()) or "nobody yet"
    embed.add_field(name=f"Members ({len(info.members)})", value=clip(members, FIELD_VALUE_MAX), inline=False)
    rounds = sorted({g.round for g in info.games})[-SCHEDULE_ROUNDS_SHOWN:]
    for round_ in rounds:
        games = [g for g in info.games if g.round == round_]
        lines = []
        for g in games:
            who = ", ".join("AI" if ai else clip(info.names.get(u, "?"), 30) for _, u, ai in g.seats)
            lines.append(f"#{g.game_id} ({STATUS_WORDS.get(g.status, g.status.value)}): {who}")
        embed.add_field(name=f"Round {round_}", value=clip("\n".join(lines), FIELD_VALUE_MAX), inline=False)
    return Reply(embeds=[embed])
