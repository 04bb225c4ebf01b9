"""What every page module uses: the app's keys, drawing a page from a template, and the link a token opens."""

from __future__ import annotations

import re

import jinja2
from aiohttp import web

from engine.platform.records import LinkKind, WebLink
from engine.services import Services
from web.images import Frame, Lanes, Picture, Shelf
from web.live import LiveGames

SERVICES = web.AppKey("services", Services)
TEMPLATES = web.AppKey("templates", jinja2.Environment)
PUBLIC_URL = web.AppKey("public_url", str)
BOARDS: web.AppKey[Shelf[Picture]] = web.AppKey("boards")  # each game's current board, by (game, version)
FRAMES: web.AppKey[Shelf[Frame]] = web.AppKey("frames")  # replayed moves by (game, move): a move made never changes
LIVE = web.AppKey("live", LiveGames)
REPLAYS_AT_ONCE = 2  # replayed boards of one game drawn at the same time; more wait their turn
REPLAYING = web.AppKey("replaying", Lanes)  # by game: its replays being drawn
# Each game page as last rendered, by what it shows (the game's version and seats, the move, the minute of its
# "since" words): all the viewers of a move that was just made share one rendering, not one each.
PAGES: web.AppKey[Shelf[str]] = web.AppKey("pages")

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")  # what secrets.token_urlsafe gives; anything else is no token


def rendered(request: web.Request, template: str, **values: object) -> str:
    """A template drawn with these values."""
    return request.app[TEMPLATES].get_template(template).render(**values)


def html_page(html: str, status: int = 200) -> web.Response:
    """A page as HTML, never kept by a browser's or a proxy's cache: behind its address is a private key."""
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store"})


def page(request: web.Request, template: str, status: int = 200, **values: object) -> web.Response:
    """A page drawn from a template, as HTML."""
    return html_page(rendered(request, template, **values), status)


async def link_of(request: web.Request, kind: LinkKind) -> WebLink:
    """The link this request's {token} opens, of this kind; 404 for any other (the same answer for every miss)."""
    token = request.match_info.get("token", "")
    if not TOKEN.fullmatch(token):
        raise web.HTTPNotFound()
    link = await request.app[SERVICES].sharing.resolve(token, kind)
    if link is None:
        raise web.HTTPNotFound()
    return link
