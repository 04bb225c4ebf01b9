"""PillowDrawing: every picture the services ask for, drawn with Pillow; bot.py builds one and hands it in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.view import CommonView
import renderers
from renderers.animation import TooLarge, animate
from renderers.leaderboard import draw_leaderboard
from renderers.standings import draw_standings
from renderers.stats import draw_stats


class PillowDrawing:
    """The services' Drawing (engine/services/drawing.py), matched by shape: it imports nothing from the
    services, so renderers stay below them and the services need Pillow only if this is handed in."""

    def board(self, slug: str, view: CommonView) -> bytes:
        """PNG of a game's public view; ValueError for a game without a renderer."""
        return renderers.render(slug, view)

    def leaderboard(self, title: str, rows: Sequence[Mapping[str, object]], rated: int) -> bytes:
        """PNG of a server's leaderboard for one game."""
        return draw_leaderboard(title, rows, rated)

    def standings(self, title: str, subtitle: str, rows: Sequence[Mapping[str, object]]) -> bytes:
        """PNG of a league season's standings."""
        return draw_standings(title, subtitle, rows)

    def stats(self, chart: Mapping[str, Any]) -> bytes:
        """PNG of a game's wins by seat position, with error bars and the fair share."""
        return draw_stats(chart)

    def animation(self, frames: Sequence[bytes], *, limit: int) -> bytes | None:
        """A looping GIF of these PNG boards within `limit` bytes; None when even the smallest is over it."""
        try:
            return animate(frames, limit=limit)
        except TooLarge:  # the protocol speaks in None, so the services need not know this module's exception
            return None

    def shown_name(self, name: str, fallback: str) -> str:
        """A name as the font can draw it, the fallback standing in for what it cannot."""
        return renderers.shown_name(name, fallback)
