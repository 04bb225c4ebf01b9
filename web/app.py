"""The web application: its routes, its templates, and what every answer carries (headers, error pages, a log line)."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from engine.services import Services
from web import games, leaderboards, leagues, stats
from web.images import Shelf
from web.live import POLL_SECONDS, LiveGames, Stamp
from web.pages import BOARDS, FRAMES, LIVE, PAGES, PUBLIC_URL, SERVICES, TEMPLATES, TOKEN, link_of, page

__all__ = ["PUBLIC_URL", "SERVICES", "TEMPLATES", "TOKEN", "create_app", "link_of", "page"]

HERE = Path(__file__).parent
request_log = logging.getLogger("contrail.web")

STARTED = web.RequestKey("started", float)  # when the request came in (time.monotonic())
MAX_QUERY = 512  # characters of a query string: the pages take a number or two, never more
# The server reads request lines up to this long, so a long query reaches the pages and gets their plain 400
# (aiohttp's own refusal past 8 kB is bare text that repeats the address back, token and all).
SERVER_OPTIONS: dict[str, Any] = {"max_line_size": 65536}

# No outside sources at all: the pages use only their own styles, scripts and images, and no other site may frame them.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self';"
        " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",  # a page's address is its key: never hand it to another site
    "Server": "Contrail",  # not aiohttp's "Python/3.11 aiohttp/3.14.5": no versions for a prober to look up
}
ERRORS = {
    400: ("Bad request", "This address is not one Contrail understands."),
    404: ("Page not found", "There is no page here. The link may be mistyped, or the server turned its pages off."),
    405: ("Not allowed", "These pages can only be read."),
    500: ("Something went wrong", "The page could not be shown. Try again in a moment."),
    503: ("Busy", "Too many pages are open just now, from here or in all. Close a few, or try again in a minute."),
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def templates() -> jinja2.Environment:
    """The pages' templates, escaping every value they show (a player's name is theirs to choose)."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=jinja2.select_autoescape(default=True, default_for_string=True),
        undefined=jinja2.StrictUndefined,  # a missing value is a bug to see, not an empty space on the page
        trim_blocks=True, lstrip_blocks=True,
    )


def error_page(request: web.Request, status: int) -> web.Response:
    title, text = ERRORS.get(status, ERRORS[500 if status >= 500 else 400])
    return page(request, "error.html", status=status, title=title, text=text, code=status)


def missing_file(request: web.Request) -> bool:
    """A request for a file of static/ that is not there (a path out of the folder aiohttp refuses itself)."""
    if not isinstance(request.match_info.route.resource, web.StaticResource):
        return False
    return not (HERE / "static" / request.match_info.get("filename", "")).is_file()


def shown_status(status: int) -> int:
    """The status a reader gets: a folder that may not be listed (403) is no page at all, like any other miss."""
    return 404 if status == 403 else status


@web.middleware
async def answers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every answer: plain error pages for what went wrong (never a traceback), the security headers, a log line."""
    started = request[STARTED] = time.monotonic()
    try:
        if len(request.query_string) > MAX_QUERY:
            raise web.HTTPBadRequest()
        if missing_file(request):  # else aiohttp answers an empty 404 of no type once the file is not found
            raise web.HTTPNotFound()
        response = await handler(request)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        response = error_page(request, shown_status(exc.status))
        if isinstance(exc, web.HTTPMethodNotAllowed):
            response.headers["Allow"] = ", ".join(sorted(exc.allowed_methods))
    except Exception:
        request_log.exception("page failed: %s %s", request.method, route_of(request))
        response = error_page(request, 500)
    log_request(request, response.status, (time.monotonic() - started) * 1000)
    return response


async def headers(request: web.Request, response: web.StreamResponse) -> None:
    """Just before any answer's headers leave (a page, an image, a live stream, a file): the security headers, and
    the server's own time so far (Server-Timing, which the benchmark reads)."""
    response.headers.update(SECURITY_HEADERS)
    started = request.get(STARTED)
    if started is not None:
        response.headers["Server-Timing"] = f"app;dur={(time.monotonic() - started) * 1000:.2f}"


def route_of(request: web.Request) -> str:
    """The request's route, its tokens cut short: a log line must not hand out a page's key."""
    resource = request.match_info.route.resource
    canonical = resource.canonical if resource is not None else request.path
    values = {k: (v[:4] + "…" if k == "token" else v) for k, v in request.match_info.items()}
    try:
        return canonical.format_map(values)
    except (KeyError, ValueError):
        return canonical


def log_request(request: web.Request, status: int, ms: float) -> None:
    """One line per request, in the move log's shape: key=value pairs, the same keys as JSON fields."""
    fields: dict[str, object] = {"method": request.method, "path": route_of(request), "status": status,
                                 "ms": round(ms, 1)}
    request_log.info("request %s", " ".join(f"{k}={v}" for k, v in fields.items()), extra=fields)


async def stamp_of(services: Services, game_id: int) -> Stamp:
    version, status = await services.reading.stamp(game_id)
    return Stamp(version, status)


def create_app(services: Services, *, public_url: str = "", poll_seconds: float = POLL_SECONDS) -> web.Application:
    """The pages over these services (a store opened read-only, in a process of its own, or the bot's)."""
    app = web.Application(middlewares=[answers], client_max_size=1024)  # nothing here takes a request body
    app[SERVICES] = services
    app[TEMPLATES] = templates()
    app[PUBLIC_URL] = public_url
    app[BOARDS] = Shelf()
    app[FRAMES] = Shelf()
    app[PAGES] = Shelf()
    app[LIVE] = LiveGames(lambda game_id: stamp_of(services, game_id), poll_seconds)
    app.on_shutdown.append(lambda app: app[LIVE].close())  # open live pages end, so the server stops at once
    app.on_response_prepare.append(headers)
    app.router.add_static("/static/", HERE / "static", append_version=True)
    app.router.add_routes(games.routes)
    app.router.add_routes(leagues.routes)
    app.router.add_routes(leaderboards.routes)
    app.router.add_routes(stats.routes)
    return app
