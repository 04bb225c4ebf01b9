"""What every page module uses: the app's keys, drawing a page from a template, and the link a token opens."""

from __future__ import annotations

import re

import jinja2
from aiohttp import web

from engine.platform.records import LinkKind, WebLink
from engine.services import Services
from web.images import Frame, Picture, Shelf
from web.live import LiveGames

SERVICES = web.AppKey("services", Services)
TEMPLATES = web.AppKey("templates", jinja2.Environment)
PUBLIC_URL = web.AppKey("public_url", str)
BOARDS: web.AppKey[Shelf[Picture]] = web.AppKey("boards")  # each game's current board, by (game, version)
FRAMES: web.AppKey[Shelf[Frame]] = web.AppKey("frames")  # replayed moves by (game, move): a move made never changes
LIVE = web.AppKey("live", LiveGames)

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")  # what secrets.token_urlsafe gives; anything else is no token


def page(request: web.Request, template: str, status: int = 200, **values: object) -> web.Response:
    """A page drawn from a template, as HTML."""
    html = request.app[TEMPLATES].get_template(template).render(**values)
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")


async def link_of(request: web.Request, kind: LinkKind) -> WebLink:
    """The link this request's {token} opens, of this kind; 404 for any other (the same answer for every miss)."""
    token = request.match_info.get("token", "")
    if not TOKEN.fullmatch(token):
        raise web.HTTPNotFound()
    link = await request.app[SERVICES].sharing.resolve(token, kind)
    if link is None:
        raise web.HTTPNotFound()
    return link
