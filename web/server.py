"""Serving the pages: a web server over the services, started inside the bot or by `python -m web` on its own."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from aiohttp import web

from engine.services import Services
from web.app import SERVER_OPTIONS, create_app

log = logging.getLogger("contrail.web")


@dataclass
class WebServer:
    """A running web server; `stop()` closes its connections (open live pages included)."""

    runner: web.AppRunner
    host: str
    port: int  # the port it really listens on (a requested 0 picks a free one)

    async def stop(self) -> None:
        await self.runner.cleanup()


async def start_web(services: Services, host: str, port: int, *, public_url: str = "") -> WebServer:
    """Listen on host:port and serve the pages from these services until stopped."""
    # access_log=None: the app writes one line per request itself (web.app.log_request), its tokens cut short.
    runner = web.AppRunner(create_app(services, public_url=public_url), access_log=None, handle_signals=False,
                           **SERVER_OPTIONS)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    sockets = runner.addresses
    bound = int(sockets[0][1]) if sockets else port
    log.info("Web pages at http://%s:%s (links say %s)", host, bound, public_url or "nothing: PUBLIC_URL is unset")
    return WebServer(runner, host, bound)
