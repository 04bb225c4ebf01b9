"""The web application: its routes, its templates, and what every answer carries (headers, error pages, a log line)."""

from __future__ import annotations

import logging
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from engine.platform.records import WebLink
from engine.services import Services
from web import games, leaderboards, leagues, stats
from web.images import Lanes, Shelf
from web.live import POLL_SECONDS, LiveGames, Stamp
from web.pages import (
    BOARDS, FRAMES, LIVE, PAGES, PUBLIC_URL, REPLAYING, REPLAYS_AT_ONCE, SERVICES, TEMPLATES, TOKEN, link_of, page,
)

__all__ = ["PUBLIC_URL", "SERVICES", "TEMPLATES", "TOKEN", "create_app", "link_of", "page"]

HERE = Path(__file__).parent
request_log = logging.getLogger("contrail.web")

STARTED = web.RequestKey("started", float)  # when the request came in (time.monotonic())
# The fixed parts of the routes' paths ('game', 'move', 'board.png'): the only segments a log shows whole.
ROUTE_WORDS: web.AppKey[frozenset[str]] = web.AppKey("route_words")
KEY_SHOWN = 4  # characters of a page's key (or of what may be one) a log line shows: enough to tell links apart
SEGMENTS_SHOWN = 4  # segments of a path no page has that its log line shows, the rest as one "…"
KEY_RUN = re.compile(rf"[A-Za-z0-9_-]{{{KEY_SHOWN + 1},}}")  # a run of a key's characters longer than a log shows
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
    except Exception as exc:
        request_log.error("page failed: %s %s\n%s", request.method, route_of(request), failure_text(request, exc))
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


def cut(text: str) -> str:
    """The start of a path's segment as a log line shows it: at most KEY_SHOWN characters, each printable."""
    start = "".join(c if c.isprintable() else "?" for c in text[:KEY_SHOWN])
    return start + ("…" if len(text) > KEY_SHOWN else "")


def route_words(app: web.Application) -> frozenset[str]:
    """The fixed segments of the app's routes, read from the routes themselves."""
    return frozenset(part for resource in app.router.resources() for part in resource.canonical.split("/")
                     if part and "{" not in part)


def route_of(request: web.Request) -> str:
    """The request's route, its tokens cut short: a log line must not hand out a page's key."""
    resource = request.match_info.route.resource
    if resource is None:  # no page has this path: only its start is shown, whatever it holds
        return shown_path(request)
    values = {k: (v if v.isascii() and v.isdigit() else cut(v)) for k, v in request.match_info.items()}
    try:
        return resource.canonical.format_map(values)
    except (KeyError, ValueError):
        return resource.canonical


def shown_path(request: web.Request) -> str:
    """A path no page has, as logged: the routes' own words, then the first other segment cut short, then '…'
    (a key split over several segments must not come out whole either)."""
    words = request.app[ROUTE_WORDS]
    segments = request.rel_url.raw_path.split("/")[1:]  # still %-encoded: no line break gets into the log
    shown: list[str] = []
    for n, segment in enumerate(segments):
        if n == SEGMENTS_SHOWN:
            shown.append("…")
            break
        if segment in words:
            shown.append(segment)
            continue
        shown.append(cut(segment))
        if n + 1 < len(segments):
            shown.append("…")
        break
    return "/" + "/".join(shown)


def failure_text(request: web.Request, exc: BaseException) -> str:
    """A failed page's traceback for the log, with every run of the path that could be a key cut short (an error's
    words may repeat its input)."""
    text = "".join(traceback.format_exception(exc)).rstrip()
    words = {run for word in request.app[ROUTE_WORDS] for run in KEY_RUN.findall(word)}
    runs = {run for path in (request.path, request.rel_url.raw_path) for run in KEY_RUN.findall(path)} - words
    for run in sorted(runs, key=len, reverse=True):  # the longest first: a run inside another is cut with it
        text = text.replace(run, cut(run))
    return text


def log_request(request: web.Request, status: int, ms: float) -> None:
    """One line per request, in the move log's shape: key=value pairs, the same keys as JSON fields."""
    fields: dict[str, object] = {"method": request.method, "path": route_of(request), "status": status,
                                 "ms": round(ms, 1)}
    request_log.info("request %s", " ".join(f"{k}={v}" for k, v in fields.items()), extra=fields)


async def stamp_of(services: Services, game_id: int) -> Stamp:
    version, status = await services.reading.stamp(game_id)
    return Stamp(version, status)


async def still_opens(services: Services, link: WebLink) -> bool:
    """Whether a live page's link still opens it (the server's pages are on, and the link was not renewed)."""
    return await services.sharing.resolve(link.token, link.kind) is not None


def create_app(services: Services, *, public_url: str = "", poll_seconds: float = POLL_SECONDS) -> web.Application:
    """The pages over these services (a store opened read-only, in a process of its own, or the bot's)."""
    app = web.Application(middlewares=[answers], client_max_size=1024)  # nothing here takes a request body
    app[SERVICES] = services
    app[TEMPLATES] = templates()
    app[PUBLIC_URL] = public_url
    app[BOARDS] = Shelf()
    app[FRAMES] = Shelf()
    app[REPLAYING] = Lanes(REPLAYS_AT_ONCE)
    app[PAGES] = Shelf()
    app[LIVE] = live = LiveGames(lambda game_id: stamp_of(services, game_id), poll_seconds,
                                 lambda link: still_opens(services, link))
    # Served by the bot itself: /web off and new links end the server's streams at once, not at the next poll.
    forget = services.sharing.when_revoked(live.revoke)

    async def stop_hearing(_: web.Application) -> None:
        forget()

    app.on_shutdown.append(lambda app: live.close())  # open live pages end, so the server stops at once
    app.on_cleanup.append(stop_hearing)
    app.on_response_prepare.append(headers)
    app.router.add_static("/static/", HERE / "static", append_version=True)
    app.router.add_routes(games.routes)
    app.router.add_routes(leagues.routes)
    app.router.add_routes(leaderboards.routes)
    app.router.add_routes(stats.routes)
    app[ROUTE_WORDS] = route_words(app)
    return app
