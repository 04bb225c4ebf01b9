"""The drawing bot.py hands the services: every picture Contrail shows, drawn with Pillow."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import renderers
from renderers.animation import TooLarge, animate
from renderers.leaderboard import draw_leaderboard
from renderers.standings import draw_standings


class PillowDrawing:
    """Boards, leaderboards, standings and replays as PNG and GIF bytes, and names as the board's font draws them."""

    def board(self, slug: str, view: Mapping[str, Any]) -> bytes:
        return renderers.render(slug, dict(view))

    def leaderboard(self, title: str, rows: Sequence[Mapping[str, object]], rated: int) -> bytes:
        return draw_leaderboard(title, rows, rated)

    def standings(self, title: str, subtitle: str, rows: Sequence[Mapping[str, object]]) -> bytes:
        return draw_standings(title, subtitle, rows)

    def animation(self, frames: Sequence[bytes], *, limit: int) -> bytes | None:
        try:
            return animate(frames, limit=limit)
        except TooLarge:
            return None

    def shown_name(self, name: str, fallback: str) -> str:
        return renderers.shown_name(name, fallback)
