"""A server's leaderboard page for one game: the same rows as /leaderboard, names as shown, never an id."""

from __future__ import annotations

from aiohttp import web

import engine
from engine.core import GameError
from engine.platform.ratings import PROVISIONAL_GAMES
from engine.platform.records import LinkKind
from engine.services.ratings import NoRatings
from engine.words import count
from web.pages import SERVICES, link_of, page

routes = web.RouteTableDef()


@routes.get("/leaderboard/{token}")
async def leaderboard_page(request: web.Request) -> web.Response:
    link = await link_of(request, LinkKind.LEADERBOARD)
    try:
        title = engine.get_game(link.target).title
    except GameError:  # a game no longer hosted here: its leaderboard has no page
        raise web.HTTPNotFound() from None
    try:
        board = await request.app[SERVICES].ratings.leaderboard(link.guild_id, link.target)
    except NoRatings as exc:
        return page(request, "leaderboard.html", title=title, rows=[], rated="", empty=str(exc), settling="")
    rows = [(r.rank, r.name, f"{r.rating:,}", r.provisional, r.games, r.wins) for r in board.rows]
    rated = f"{count(board.rated, 'member')} rated" + (f"; the top {len(rows)} shown" if board.rated > len(rows) else "")
    return page(request, "leaderboard.html", title=board.title, rows=rows, rated=rated, empty="",
                settling=f"Provisional: fewer than {count(PROVISIONAL_GAMES, 'rated game')}."
                if any(r.provisional for r in board.rows) else "")
