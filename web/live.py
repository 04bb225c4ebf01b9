"""Live pages: one poller per watched game reads its version about every second and tells all of its viewers, and
ends the streams whose link no longer opens (the server's pages turned off, or given new links)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

from engine.platform.records import Status, WebLink

log = logging.getLogger("contrail.web")

POLL_SECONDS = 1.0  # how soon a page learns of a move
HEARTBEAT_SECONDS = 15.0  # a comment line this often keeps proxies from closing a quiet stream
LOOK_SECONDS = 1.0  # how often a quiet stream looks whether its page is still open
RETRY_MS = 3000  # how long a browser waits before it reconnects a dropped stream
LIVE = (Status.LOBBY, Status.ACTIVE)


@dataclass(frozen=True)
class Stamp:
    """Where a game stands, as far as a page must know to redraw: its version and status."""

    version: int
    status: Status

    @property
    def over(self) -> bool:
        return self.status not in LIVE

    def event(self) -> bytes:
        """The server-sent event that tells a page of this stamp."""
        data = json.dumps({"version": self.version, "status": self.status.value})
        return f"event: move\nid: {self.version}\ndata: {data}\n\n".encode()


Read = Callable[[int], Awaitable[Stamp]]
Opens = Callable[[WebLink], Awaitable[bool]]  # whether a page's link still opens it
CLOSED = None  # what a viewer receives when the server closes its stream


class Viewer:
    """One open page of a game, opened by `link` (None: a viewer no link checks, in tests): it keeps only the newest
    stamp (a slow reader skips to the latest), and once closed hears nothing more."""

    def __init__(self, link: WebLink | None = None) -> None:
        self.link = link
        self.closed = False
        self._queue: asyncio.Queue[Stamp | None] = asyncio.Queue(maxsize=1)

    def tell(self, stamp: Stamp | None) -> None:
        if self.closed:  # CLOSED stays the last word: a later stamp must not push it out of the queue
            return
        if self._queue.full():
            self._queue.get_nowait()
        self._queue.put_nowait(stamp)

    def close(self) -> None:
        self.tell(CLOSED)
        self.closed = True

    async def next(self, timeout: float) -> Stamp | None:
        """The next stamp; raises TimeoutError when none came in `timeout` seconds."""
        return await asyncio.wait_for(self._queue.get(), timeout)


class LiveGames:
    """The viewers of each game and one poller task per game that has any, stopped when its last viewer leaves."""

    def __init__(self, read: Read, interval: float = POLL_SECONDS, opens: Opens | None = None) -> None:
        self._read = read
        self._opens = opens
        self.interval = interval
        self._viewers: dict[int, set[Viewer]] = {}
        self._pollers: dict[int, asyncio.Task[None]] = {}
        self._latest: dict[int, Stamp] = {}
        self.polls = 0  # reads made, all games together (a test counts them)

    def viewers(self, game_id: int) -> int:
        return len(self._viewers.get(game_id, ()))

    @property
    def pollers(self) -> int:
        return len(self._pollers)

    @contextlib.asynccontextmanager
    async def watching(self, game_id: int, link: WebLink | None = None) -> AsyncIterator[Viewer]:
        """A viewer of the game for as long as the block runs; it is told the game's stamp first, then each change,
        until its link no longer opens the page."""
        viewer = Viewer(link)
        self._viewers.setdefault(game_id, set()).add(viewer)
        if game_id in self._latest:
            viewer.tell(self._latest[game_id])
        if game_id not in self._pollers:
            self._pollers[game_id] = asyncio.create_task(self._poll(game_id), name=f"web-live-{game_id}")
        try:
            yield viewer
        finally:
            viewers = self._viewers.get(game_id, set())
            viewers.discard(viewer)
            if not viewers:
                self._stop(game_id)

    def _stop(self, game_id: int) -> None:
        self._viewers.pop(game_id, None)
        self._latest.pop(game_id, None)
        poller = self._pollers.pop(game_id, None)
        if poller is not None:
            poller.cancel()

    async def _poll(self, game_id: int) -> None:
        """Read the game's stamp now and every `interval`; tell every viewer of a change; stop once it is over."""
        while True:
            try:
                await self._check_links(game_id)
                self.polls += 1
                stamp = await self._read(game_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # a database hiccup costs a second's news, not the page
                log.warning("live page of game %s: could not read it; trying again", game_id, exc_info=True)
            else:
                if stamp != self._latest.get(game_id):
                    self._latest[game_id] = stamp
                    for viewer in self._viewers.get(game_id, ()):
                        viewer.tell(stamp)
                if stamp.over:  # nothing changes any more: the viewers end their streams on this stamp
                    return
            await asyncio.sleep(self.interval)

    async def _check_links(self, game_id: int) -> None:
        """Close the viewers whose link no longer opens its page: the same read as a page's, so the pages served by
        a process of their own learn of /web off and new links as the bot's own do (a read per link, usually one)."""
        if self._opens is None:
            return
        viewers = self._viewers.get(game_id, set())
        for link in {v.link for v in viewers if v.link is not None}:
            if not await self._opens(link):
                for viewer in [v for v in viewers if v.link == link]:
                    viewer.close()

    def revoke(self, guild_id: int) -> None:
        """The server's links were revoked here (the bot serves the pages itself): end its streams at once."""
        for viewers in self._viewers.values():
            for viewer in viewers:
                if viewer.link is not None and viewer.link.guild_id == guild_id:
                    viewer.close()

    async def close(self) -> None:
        """End every stream (the server is stopping) and every poller."""
        for game_id, viewers in list(self._viewers.items()):
            for viewer in viewers:
                viewer.close()
            poller = self._pollers.pop(game_id, None)
            if poller is not None:
                poller.cancel()


async def stream(request: web.Request, live: LiveGames, game_id: int, seen: Stamp | None,
                 link: WebLink | None = None) -> web.StreamResponse:
    """A page's event stream: an event whenever the game's version or status moves past what the page shows."""
    response = web.StreamResponse(headers={
        "Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no",
    })
    try:  # the page may have gone before its headers leave: that is a visitor leaving, not a failure
        await response.prepare(request)
        await response.write(f"retry: {RETRY_MS}\n\n".encode())
        await follow(request, response, live, game_id, seen, link)
        await response.write_eof()
    except ConnectionResetError:  # the page went away mid-write: nothing to answer, nothing went wrong
        pass
    return response


async def follow(request: web.Request, response: web.StreamResponse, live: LiveGames, game_id: int,
                 seen: Stamp | None, link: WebLink | None = None) -> None:
    """Write the game's changes to the stream until the game ends, the page closes or the server stops."""
    shown = seen  # the page was drawn at this stamp (None: unknown, and the first stamp read is taken as it)
    quiet = 0.0
    async with live.watching(game_id, link) as viewer:
        while True:
            try:
                stamp = await viewer.next(LOOK_SECONDS)
            except TimeoutError:
                # A page closed is seen only here: the server does not cancel a handler whose reader left.
                if request.transport is None or request.transport.is_closing():
                    break
                quiet += LOOK_SECONDS
                if quiet >= HEARTBEAT_SECONDS:
                    await response.write(b": still here\n\n")
                    quiet = 0.0
                continue
            if stamp is CLOSED:
                break
            if shown is not None and stamp != shown:
                await response.write(stamp.event())
            shown = stamp
            if stamp.over:
                break
