"""The statistics page of a server's game, /stats/<token>: the figures /stats shows, and the chart as an image."""

from __future__ import annotations

from aiohttp import web

from engine.core import GameError
from engine.platform.records import LinkKind
from engine.platform.stats import GameFigures
from engine.services.stats import NoStatistics
from web.images import FOREVER, FRESH, Picture, png
from web.pages import SERVICES, link_of, page

routes = web.RouteTableDef()



async def figures_of(request: web.Request) -> GameFigures | None:
    """The figures the link opens; None before any game has finished; 404 for no such page (or no such game)."""
    link = await link_of(request, LinkKind.STATS)
    try:
        return await request.app[SERVICES].stats.figures(link.target, link.guild_id)
    except NoStatistics:
        return None
    except GameError:  # a game this install no longer hosts: its page is gone like any other
        raise web.HTTPNotFound() from None


@routes.get("/stats/{token}")
async def stats_page(request: web.Request) -> web.Response:
    figures = await figures_of(request)
    chart = f"/stats/{request.match_info['token']}/chart.png?v={figures.version}" if figures else ""
    return page(request, "stats.html", figures=figures, chart=chart)


@routes.get("/stats/{token}/chart.png")
async def stats_chart(request: web.Request) -> web.Response:
    figures = await figures_of(request)
    image = await request.app[SERVICES].stats.chart(figures) if figures is not None else None
    if figures is None or image is None:  # nothing finished yet, or the drawing failed: the page's words stand
        raise web.HTTPNotFound()
    # As the boards are sent: an ETag, so a browser asking again is answered 304 without the picture.
    return png(request, Picture.of(image), FOREVER if request.query.get("v") == figures.version else FRESH)
