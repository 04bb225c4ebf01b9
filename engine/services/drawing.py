"""The drawing the services are handed: boards, leaderboards, standings, statistics, replays, names as drawn."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

log = logging.getLogger("engine.service")
T = TypeVar("T")


class Drawing(Protocol):
    """What bot.py hands the services (renderers.drawing.PillowDrawing); the engine never imports a renderer."""

    def board(self, slug: str, view: Mapping[str, Any]) -> bytes:
        """PNG bytes of a game's public view."""
        ...

    def leaderboard(self, title: str, rows: Sequence[Mapping[str, object]], rated: int) -> bytes:
        """PNG bytes of a server's leaderboard for one game."""
        ...

    def standings(self, title: str, subtitle: str, rows: Sequence[Mapping[str, object]]) -> bytes:
        """PNG bytes of a league season's standings."""
        ...

    def stats(self, chart: Mapping[str, Any]) -> bytes:
        """PNG bytes of a game's wins by seat position (engine.platform.stats.plain_chart gives the data)."""
        ...

    def animation(self, frames: Sequence[bytes], *, limit: int) -> bytes | None:
        """A GIF of these PNG frames within `limit` bytes; None when even the smallest is over it."""
        ...

    def shown_name(self, name: str, fallback: str) -> str:
        """A player's name as the board and every message show it (`fallback` stands in for what the font lacks)."""
        ...


async def drawn(what: str, draw: Callable[..., T] | None, *args: Any) -> T | None:
    """Draw in a worker thread; a drawing bug is logged and costs only the picture, never what it shows.

    `draw` is None for services handed no drawing (tools, benchmarks): they show no pictures at all."""
    if draw is None:
        return None
    try:
        return await asyncio.to_thread(draw, *args)
    except Exception:
        log.exception("could not draw %s", what)
        return None
