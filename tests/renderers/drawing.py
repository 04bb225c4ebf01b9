"""What every renderer test needs: a PNG opened as an image, and renderer caches emptied as in a fresh process."""

from __future__ import annotations

import io
from types import ModuleType

from PIL import Image


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
