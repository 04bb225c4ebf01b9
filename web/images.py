"""Board images for the pages: each drawn once per game and version (or replayed move), kept in memory, sent with an ETag."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from aiohttp import web

from engine.services.tables import Standing

IMAGE_LIMIT = 256  # pictures kept (a board is ~100 kB: ~25 MB at most), least recently used out
FOREVER = "private, max-age=86400, immutable"  # an address that names its version never shows anything else
FRESH = "private, no-cache"  # an address without its version: ask again (the ETag makes that cheap)


@dataclass(frozen=True)
class Picture:
    """A drawn PNG and its entity tag (a digest of the bytes, so it tells nothing about the game)."""

    data: bytes
    etag: str

    @classmethod
    def of(cls, data: bytes) -> Picture:
        return cls(data, f'"{hashlib.sha256(data).hexdigest()[:32]}"')


T = TypeVar("T")


class Shelf(Generic[T]):
    """Things made once per key and kept, bounded (least recently used out); callers asking for the same thing at
    once share one making, so 200 viewers of a new move cause one drawing, not 200."""

    def __init__(self, limit: int = IMAGE_LIMIT) -> None:
        self._limit = limit
        self._kept: OrderedDict[Hashable, T] = OrderedDict()
        self._making: dict[Hashable, asyncio.Future[T | None]] = {}
        self.made = 0  # how many things were made (a test counts them)

    def __len__(self) -> int:
        return len(self._kept)

    async def get(self, key: Hashable, make: Callable[[], Awaitable[T | None]]) -> T | None:
        """The thing for `key`, made by `make` the first time (None when making failed: tried again next time)."""
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        pending = self._making.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[T | None] = asyncio.get_running_loop().create_future()
        self._making[key] = future
        try:
            made = await make()
            self.made += 1
            if made is not None:
                self._kept[key] = made
                while len(self._kept) > self._limit:
                    self._kept.popitem(last=False)
            future.set_result(made)
            return made
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved here: a failure nobody else waited for is not logged as unretrieved
            raise
        finally:
            del self._making[key]


class Lane:
    """One key's turns: its semaphore, and how many hold or wait for it (mutable: it counts)."""

    def __init__(self, width: int) -> None:
        self.semaphore = asyncio.Semaphore(width)
        self.users = 0


class Lanes:
    """At most `width` makings at a time for each key (a game's replayed boards), so one link's visitors cannot take
    every core. A key's lane lives only while someone holds or waits for it: never more lanes than requests."""

    def __init__(self, width: int) -> None:
        self._width = width
        self._lanes: dict[Hashable, Lane] = {}

    def __len__(self) -> int:
        return len(self._lanes)

    @contextlib.asynccontextmanager
    async def slot(self, key: Hashable) -> AsyncIterator[None]:
        lane = self._lanes.setdefault(key, Lane(self._width))
        lane.users += 1
        try:
            async with lane.semaphore:
                yield
        finally:
            lane.users -= 1
            if not lane.users:
                del self._lanes[key]


def png(request: web.Request, picture: Picture, cache_control: str) -> web.Response:
    """The picture as an answer: 304 with no body when the browser already holds these bytes."""
    headers = {"ETag": picture.etag, "Cache-Control": cache_control}
    if matches(request, picture):
        return web.Response(status=304, headers=headers)
    return web.Response(body=picture.data, content_type="image/png", headers=headers)


def matches(request: web.Request, picture: Picture) -> bool:
    """Whether the request's If-None-Match names these bytes ('*' names any; a weak tag compares as strong here)."""
    header = request.headers.get("If-None-Match", "")
    tags = {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}
    return bool({picture.etag, "*"} & tags)


@dataclass(frozen=True)
class Frame:
    """A replayed move as its page shows it: who moved, the words of the move, and the board after it."""

    actor: str | None
    words: tuple[str, ...]
    picture: Picture | None
    standings: tuple[Standing, ...] = ()  # the scores after that move
