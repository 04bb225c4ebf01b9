"""Serving the pages: a web server over the services, started inside the bot or by `python -m web` on its own, that
holds each client and all of them to the limits (web/limits.py) and answers aiohttp's own errors as the pages do."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Middleware
from aiohttp.web_protocol import RequestHandler

from engine.services import Services
from web import games
from web.app import ERRORS, SECURITY_HEADERS, SERVER_OPTIONS, Handler, create_app
from web.limits import (
    BACKLOG, AcceptErrors, Gate, Refusal, Refusals, client_of, connection_cap, forwarded_client,
    raise_file_limit, trusted,
)
from web.pages import TEMPLATES
from settings import WebLimits

log = logging.getLogger("contrail.web")

STREAMS = frozenset({games.game_events})  # the handlers that hold a live page's stream open
RETRY_AFTER = "30"  # seconds a refused client is asked to wait
PROXY_HINT = "which sends X-Forwarded-For: if it is your reverse proxy, set WEB_TRUSTED_PROXY to its address"


@dataclass(frozen=True)
class Guard:
    """What every connection of one server shares: the gate that counts them, and its answers, drawn once."""

    gate: Gate
    pages: Mapping[int, str]  # the error pages (error.html) by status
    busy: bytes  # the whole 503 answer, status line to page, for a connection turned away before it is read

    @classmethod
    def drawn(cls, gate: Gate, app: web.Application) -> Guard:
        template = app[TEMPLATES].get_template("error.html")
        pages = {status: template.render(title=title, text=text, code=status)
                 for status, (title, text) in ERRORS.items()}
        return cls(gate, pages, raw_answer(HTTPStatus.SERVICE_UNAVAILABLE, pages[503]))

    def page(self, status: int) -> web.Response:
        """An error page with the security headers, for an answer the pages' own middleware never sees."""
        response = web.Response(status=status, text=self.pages.get(status, self.pages[500]), content_type="text/html",
                                headers=SECURITY_HEADERS)
        if status == HTTPStatus.SERVICE_UNAVAILABLE:
            response.headers["Retry-After"] = RETRY_AFTER
        return response


def raw_answer(status: HTTPStatus, page: str) -> bytes:
    """An HTTP answer as bytes, written to a connection without reading it (turning it away costs nothing else)."""
    body = page.encode()
    head = [f"HTTP/1.1 {status.value} {status.phrase}", "Content-Type: text/html; charset=utf-8",
            f"Content-Length: {len(body)}", "Connection: close", f"Retry-After: {RETRY_AFTER}",
            *(f"{name}: {value}" for name, value in SECURITY_HEADERS.items())]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


def peer_host(peername: object) -> str:
    return str(peername[0]) if isinstance(peername, tuple) and peername else ""


class GuardedHandler(RequestHandler):
    """One connection: counted, turned away unread past a limit, closed when its headers dawdle; and aiohttp's own
    error answers (a line or header too long, too many headers, no HTTP at all) made the pages': their headers,
    nothing of the request echoed, nothing of its path logged."""

    def __init__(self, manager: GuardedServer, **options: Any) -> None:
        super().__init__(manager, **options)
        self._guard = manager.guard
        self._peer = ""
        self._admitted = False
        self._headers_due: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._peer = peer_host(transport.get_extra_info("peername"))
        if not self._guard.gate.admit(self._peer):
            if isinstance(transport, asyncio.WriteTransport):
                transport.write(self._guard.busy)
            transport.close()
            return
        self._admitted = True
        super().connection_made(transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._headers_due is not None:
            self._headers_due.cancel()
            self._headers_due = None
        if not self._admitted:
            return
        self._admitted = False
        self._guard.gate.release(self._peer)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._admitted:
            return
        if data and self._headers_due is None and not self._reading():
            # A request begins: aiohttp's keep-alive timer would give its headers as long as an idle connection.
            self._headers_due = self._loop.call_later(self._guard.gate.limits.header_seconds, self._headers_late)
        super().data_received(data)
        if self._headers_due is not None and self._reading():
            self._headers_due.cancel()
            self._headers_due = None

    def _reading(self) -> bool:
        """A whole request came in (it waits or is being answered)."""
        return bool(self._messages) or self._request_in_progress

    def _headers_late(self) -> None:
        self._headers_due = None
        if self._reading() or self.transport is None:
            return
        self._guard.gate.refusals.refuse(Refusal.SLOW_HEADERS, client_of(self._peer))
        self.force_close()

    def handle_error(self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        reason = type(exc).__name__ if exc is not None else "no reason given"
        if status == HTTPStatus.BAD_REQUEST:  # a client's garbage, not our failure: counted, told once a minute
            self._guard.gate.refusals.refuse(Refusal.BAD_REQUESTS, client_of(self._peer), reason)
        else:
            log.error("web: a request failed outside the pages (%s)", reason, exc_info=exc)
        if request.writer.output_size > 0:  # as aiohttp's own: a page half sent cannot become an error page
            raise ConnectionError("Response is sent already, cannot send another response with the error message")
        response = self._guard.page(status)
        response.force_close()
        return response


class GuardedServer(web.Server):
    """aiohttp's server for the app (as the runner made it), whose connections are GuardedHandlers."""

    def __init__(self, made: web.Server, guard: Guard) -> None:
        super().__init__(made.request_handler, request_factory=made.request_factory,
                         handler_cancellation=made.handler_cancellation, loop=made._loop, **made._kwargs)
        self.guard = guard

    def __call__(self) -> GuardedHandler:
        return GuardedHandler(self, loop=self._loop, **self._kwargs)


class GuardedRunner(web.AppRunner):
    """aiohttp's runner of the app, serving through a GuardedServer (so its cleanup closes the guarded connections)."""

    def __init__(self, app: web.Application, guard: Guard, **options: Any) -> None:
        super().__init__(app, **options)
        self.guard = guard

    async def _make_server(self) -> web.Server:
        return GuardedServer(await super()._make_server(), self.guard)


def stream_limits(guard: Guard) -> Middleware:
    """A middleware, outside the pages' own: a live page's stream is counted, in all and by client, and one past a
    limit is turned away with a 503 before the pages see it (so no request line is logged for it either)."""
    gate = guard.gate

    @web.middleware
    async def streams(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method != "GET" or request.match_info.handler not in STREAMS:
            return await handler(request)
        peer, forwarded = request.remote or "", request.headers.getall("X-Forwarded-For", [])
        client = forwarded_client(peer, forwarded, gate.limits.trusted_proxies)
        # All of a proxy's visitors are one client until it is trusted: the log line then says what to set.
        if not gate.open_stream(client, PROXY_HINT if forwarded and not trusted(peer, gate.limits.trusted_proxies) else ""):
            return guard.page(HTTPStatus.SERVICE_UNAVAILABLE)
        try:
            return await handler(request)
        finally:
            gate.close_stream(client)

    return streams


@dataclass
class WebServer:
    """A running web server; `stop()` closes its connections (open live pages included)."""

    runner: web.AppRunner
    host: str
    port: int  # the port it really listens on (a requested 0 picks a free one)
    gate: Gate
    accept_errors: AcceptErrors

    async def stop(self) -> None:
        await self.runner.cleanup()
        logging.getLogger("asyncio").removeFilter(self.accept_errors)


async def start_web(services: Services, host: str, port: int, *, public_url: str = "",
                    limits: WebLimits | None = None) -> WebServer:
    """Listen on host:port and serve the pages from these services, within these limits, until stopped."""
    limits = limits or WebLimits()
    refusals = Refusals()
    files = raise_file_limit()
    gate = Gate(limits, connection_cap(limits, files), refusals)
    if gate.cap < limits.connections:
        log.warning("web: at most %s connections: the file limit (%s) leaves no more; raise it (LimitNOFILE)",
                    gate.cap, files)
    app = create_app(services, public_url=public_url)
    guard = Guard.drawn(gate, app)
    app.middlewares.insert(0, stream_limits(guard))
    # access_log=None: the app writes one line per request itself (web.app.log_request), its tokens cut short.
    runner = GuardedRunner(app, guard, access_log=None, handle_signals=False, keepalive_timeout=limits.idle_seconds,
                           **SERVER_OPTIONS)
    accept_errors = AcceptErrors(refusals)  # a safety net: the cap keeps the files from running out
    logging.getLogger("asyncio").addFilter(accept_errors)
    await runner.setup()
    site = web.TCPSite(runner, host, port, backlog=BACKLOG)
    await site.start()
    sockets = runner.addresses
    bound = int(sockets[0][1]) if sockets else port
    log.info("Web pages at http://%s:%s (links say %s)", host, bound, public_url or "nothing: PUBLIC_URL is unset")
    return WebServer(runner, host, bound, gate, accept_errors)
