"""Board images: `render(slug, view)` turns a game's public view into PNG bytes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from renderers import air_alliance, airships, golden_age

Renderer = Callable[[dict[str, Any]], bytes]

# One entry per game slug.
RENDERERS: dict[str, Renderer] = {
    "airships": airships.render,
    "air-alliance": air_alliance.render,
    "1930": golden_age.render,
}


def render(slug: str, view: dict[str, Any]) -> bytes:
    """PNG bytes of the board for a game's public view; raises ValueError for a game without a renderer."""
    try:
        renderer = RENDERERS[slug]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise ValueError(f"no board renderer for game {slug!r} (known: {known})") from None
    return renderer(view)


def shown_name(name: str, fallback: str) -> str:
    """A player's name as the board and every message show it: the name itself when the font draws all of it;
    otherwise what it can draw with the fallback (the seat's nation) beside it, or the fallback alone."""
    from renderers.common import drawable  # the font is loaded only when a name is first checked

    drawn = " ".join(drawable(name).split())
    if drawn == " ".join(name.split()):
        return name
    return f"{drawn} ({fallback})" if drawn else fallback
