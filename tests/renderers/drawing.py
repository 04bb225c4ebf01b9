"""What every renderer test needs: a sample view typed, a PNG opened as an image, renderer caches emptied as in a fresh
process."""

from __future__ import annotations

import io
from types import ModuleType
from typing import Any

from PIL import Image

from engine.view import CommonView, event_fields, from_json
from engine.views.air_alliance import AirAllianceView
from engine.views.airships import AirshipsView
from engine.views.golden_age import GoldenAgeView


def clear_caches(modules: tuple[ModuleType, ...]) -> None:
    """Forget every cached piece of these renderer modules, so a test sees what a fresh process would draw."""
    for module in modules:
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def typed(view: dict[str, Any]) -> CommonView:
    """A sample view written as JSON (as docs/*-view.md shows it) as the typed view a renderer takes: a sample
    that lacks a key, or has one the view has not, fails here rather than drawing a blank panel.

    A sample writes its events as the lines the services word them into (names in): those go to the field's
    `<field>_words` twin, which is all a renderer draws, and the events as values are left empty."""
    data = dict(view)
    for key in event_fields(VIEWS[view["game"]]):
        if key in data and all(isinstance(line, str) for line in data[key]):
            data[f"{key}_words"], data[key] = data[key], []
    return from_json(VIEWS[view["game"]], data)


VIEWS: dict[str, type[CommonView]] = {"airships": AirshipsView, "air-alliance": AirAllianceView, "1930": GoldenAgeView}
