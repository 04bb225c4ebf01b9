"""`python -m web`: the pages in a process of their own, reading the bot's database (never writing it)."""

from __future__ import annotations

import asyncio
import sys

import engine
from engine.services import Services
from engine.store import Store, StoreError
from renderers.drawing import PillowDrawing
from settings import Settings, on_sigterm, settings_or_complaint
from web.server import start_web

DEFAULT_PORT = 8080
EXIT_BAD_SETTING = 2
EXIT_FAILED = 1


async def serve(settings: Settings) -> None:
    """Open the database read-only and serve the pages until the process is stopped."""
    engine.check_games()
    store = await Store.open(settings.database, read_only=True)
    try:
        # Drawn in threads: the pages draw a board once per version for all its viewers, and make no moves that
        # drawing could hold up, so processes (DRAWING_PROCESSES, the bot's) would only cost memory here.
        services = Services(store, PillowDrawing(), public_url=settings.public_url)
        port = settings.web_port if settings.web_port is not None else DEFAULT_PORT
        server = await start_web(services, settings.web_host, port, public_url=settings.public_url or "",
                                 limits=settings.web_limits)
        try:
            await stopped()
        finally:
            await server.stop()
    finally:
        await store.close()


async def stopped() -> None:
    """Wait until SIGTERM (`docker compose stop`, `systemctl stop`) or Ctrl+C, so the server and the database
    close before the process ends rather than it dying mid-page."""
    stop = asyncio.Event()
    on_sigterm(stop.set)
    await stop.wait()  # Ctrl+C cancels this wait instead; the callers' finally blocks close as well


def main() -> int:
    settings = settings_or_complaint()
    if settings is None:
        return EXIT_BAD_SETTING
    try:
        asyncio.run(serve(settings))
    except KeyboardInterrupt:
        return 0
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return EXIT_FAILED
    return 0


if __name__ == "__main__":
    sys.exit(main())
