"""Board images: `render(slug, view)` turns a game's public view into PNG bytes, by the renderer its manifest names."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import engine
from engine.view import CommonView
from renderers.common import shown_name

__all__ = ["RENDERERS", "Renderer", "render", "shown_name"]  # shown_name: the one rule for names the font can't draw

Renderer = Callable[[Any], bytes]  # each game's render takes its own view type (engine/views/)


class Renderers(Mapping[str, Renderer]):
    """Each game's board renderer by slug: the `render` of the module its manifest names, imported when first
    drawn (the engine names it and never imports it)."""

    def __getitem__(self, slug: str) -> Renderer:
        if slug not in engine.list_games():
            raise KeyError(slug)
        renderer: Renderer = importlib.import_module(engine.manifest(slug).renderer).render
        return renderer

    def __iter__(self) -> Iterator[str]:
        return iter(engine.list_games())

    def __len__(self) -> int:
        return len(engine.list_games())


RENDERERS = Renderers()


def render(slug: str, view: CommonView) -> bytes:
    """PNG bytes of the board for a game's public (typed) view; raises ValueError for a game without a renderer."""
    try:
        renderer = RENDERERS[slug]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise ValueError(f"no board renderer for game {slug!r} (known: {known})") from None
    return renderer(view)
