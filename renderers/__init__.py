"""Board images: `render(slug, view)` turns a game's public view into PNG bytes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.view import CommonView

from renderers.air_alliance import render as air_alliance
from renderers.airships import render as airships
from renderers.golden_age import render as golden_age
from renderers.common import shown_name

__all__ = ["RENDERERS", "Renderer", "render", "shown_name"]  # shown_name: the one rule for names the font can't draw

Renderer = Callable[[Any], bytes]  # each game's render takes its own view type (engine/views/)

# One entry per game slug.
RENDERERS: dict[str, Renderer] = {
    "airships": airships.render,
    "air-alliance": air_alliance.render,
    "1930": golden_age.render,
}


def render(slug: str, view: CommonView) -> bytes:
    """PNG bytes of the board for a game's public (typed) view; raises ValueError for a game without a renderer."""
    try:
        renderer = RENDERERS[slug]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise ValueError(f"no board renderer for game {slug!r} (known: {known})") from None
    return renderer(view)
