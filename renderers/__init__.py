"""Board images: `render(slug, view)` turns a game's public view into PNG bytes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from renderers import airships

Renderer = Callable[[dict[str, Any]], bytes]

# One entry per game slug; "air-alliance" and "1930" join when their renderers exist.
RENDERERS: dict[str, Renderer] = {
    "airships": airships.render,
}


def render(slug: str, view: dict[str, Any]) -> bytes:
    """PNG bytes of the board for a game's public view; raises ValueError for a game without a renderer."""
    try:
        renderer = RENDERERS[slug]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise ValueError(f"no board renderer for game {slug!r} (known: {known})") from None
    return renderer(view)
