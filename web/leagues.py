"""A league's page: its seasons, the standings (the same table and tie-breaks as /league standings), the rounds with
their games and links, and the season's results as CSV."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

import engine
from engine.core import GameError
from engine.platform.leagues import parse_points, points_text
from engine.platform.records import LinkKind, Status, WebLink
from engine.platform.ratings import AI_NAME
from engine.services.leagues import LeaguePage, LeagueStatus
from engine.words import count
from web.pages import SERVICES, link_of, page

routes = web.RouteTableDef()

GAME_WORDS = {Status.LOBBY: "waiting to start", Status.ACTIVE: "being played", Status.FINISHED: "finished",
              Status.ABANDONED: "abandoned"}
CSV_NAME_MAX = 40


@dataclass(frozen=True)
class GameLine:
    """One game of a round: its number, where it stands, who sits in it, and its page (None: it has no link)."""

    number: int
    state: str
    players: str
    href: str | None


def season_asked(request: web.Request) -> int | None:
    """The season a page shows: ?season=N, else the latest; 400 for anything that is not one number."""
    asked = request.query.getall("season", [])
    if not asked:
        return None
    if len(asked) > 1 or not asked[0].isascii() or not asked[0].isdigit() or len(asked[0]) > 4:
        raise web.HTTPBadRequest()
    return int(asked[0])


async def league_of(request: web.Request) -> tuple[WebLink, LeaguePage]:
    link = await link_of(request, LinkKind.LEAGUE)
    season = season_asked(request)
    try:
        return link, await request.app[SERVICES].leagues.league_page(link.guild_id, int(link.target), season)
    except (GameError, ValueError):  # no such league, or no such season: no page here
        raise web.HTTPNotFound() from None


def points(value: float) -> str:
    """'4', '2.5': half points from shared places show, whole ones stay whole (as /league standings writes them)."""
    return f"{value:g}" if value != int(value) else f"{int(value):,}"


def progress(found: LeaguePage) -> str:
    table = found.standing
    league = table.league
    title = engine.get_game(league.slug).title
    if league.status is LeagueStatus.SIGNUP:
        return f"{title} · sign-ups open"
    if league.status is LeagueStatus.FINISHED:
        return f"{title} · season over after {count(league.rounds, 'round')} · {table.played} of {count(table.games, 'game')} finished"
    return f"{title} · round {league.round} of {league.rounds} · {table.played} of {count(table.games, 'game')} finished"


async def rounds_of(request: web.Request, link: WebLink, found: LeaguePage) -> list[tuple[int, list[GameLine]]]:
    """Each round's games, newest round first, each linked to its page where it has one."""
    targets = [str(g.game_id) for g in found.games]
    tokens = await request.app[SERVICES].sharing.tokens(link.guild_id, LinkKind.GAME, targets)
    rounds: dict[int, list[GameLine]] = {}
    for game in found.games:
        who = ", ".join(AI_NAME if ai else found.names.get(user, "a former player") for _, user, ai in game.seats)
        token = tokens.get(str(game.game_id))
        rounds.setdefault(game.round, []).append(
            GameLine(game.game_id, GAME_WORDS.get(game.status, game.status.value), who,
                     f"/game/{token}" if token else None))
    return sorted(rounds.items(), reverse=True)


@routes.get("/league/{token}")
async def league_page(request: web.Request) -> web.Response:
    link, found = await league_of(request)
    league = found.standing.league
    base = f"/league/{link.token}"
    seasons = [(n, f"{base}?season={n}") for n in range(found.seasons, 0, -1)]
    rows = [(s.rank, s.name, points(s.points), points(s.opponents_points), f"{round(s.rating):,}", s.games, s.wins)
            for s in found.standing.lines]
    return page(request, "league.html", league=league, progress=progress(found), rows=rows,
                points_words=points_text(parse_points(league.points)), seasons=seasons,
                rounds=await rounds_of(request, link, found), csv=f"{base}/standings.csv?season={league.season}")


@routes.get("/league/{token}/standings.csv")
async def league_csv(request: web.Request) -> web.Response:
    """The season's results, one line per seat of every finished game; no Discord ids (the page is public)."""
    link, found = await league_of(request)
    league = found.standing.league
    row, text = await request.app[SERVICES].leagues.league_csv(link.guild_id, league.name, league.season,
                                                               with_ids=False)
    stem = "".join(c if c.isalnum() else "-" for c in row.name.lower())[:CSV_NAME_MAX]
    return web.Response(text=text, content_type="text/csv", charset="utf-8", headers={
        "Content-Disposition": f'attachment; filename="{stem}-season-{row.season}.csv"',
        "Cache-Control": "no-store",  # a private page's data, as the page itself
    })
