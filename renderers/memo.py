"""The renderers' cache of drawn pieces: every piece of every renderer within one budget of bytes, least recent out.

A drawing process keeps the pieces of recent boards (panels, tiles, base artwork, text) so the next board of the
same game reuses them. With only a count per function the pieces of a long-running process grew to about 250 MB;
one budget of bytes over them all keeps it to what the budget says, and lets the pieces that serve every board
(base artwork, the fonts' text) stay while those of one game's old positions go.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import update_wrapper
from typing import Any, Generic, ParamSpec, TypeVar

from PIL import Image

BUDGET_MB = 64  # measured at the scale burst: 128 drew as fast and held 70 MB more (docs/scale.md, "Memory")
MB = 1024 * 1024
OVERHEAD = 1024  # bytes a cached image or container costs besides its pixels (its objects, the allocator's rounding)
SMALL = 64  # bytes of a number, a font or another small object
WIDE_MODES = frozenset({"RGB", "RGBA", "RGBX", "CMYK", "YCbCr", "LAB", "HSV", "I", "F", "I;32"})  # 4 bytes a pixel

P = ParamSpec("P")
R = TypeVar("R")
_KWARGS = object()  # separates the positional arguments from the keyword ones in a key


def weight(value: object) -> int:
    """The bytes a cached value is reckoned to take: an image's pixels (Pillow keeps RGB in 4 bytes a pixel),
    and the parts of a tuple, list or dict; a number or another small object counts as SMALL."""
    if isinstance(value, Image.Image):
        return value.width * value.height * (4 if value.mode in WIDE_MODES else 1) + OVERHEAD
    if isinstance(value, (tuple, list)):
        return OVERHEAD + sum(weight(part) for part in value)
    if isinstance(value, dict):
        return OVERHEAD + sum(weight(part) for part in value.values())
    if isinstance(value, (bytes, str)):
        return OVERHEAD + len(value)
    return SMALL


class Pieces:
    """Cached pieces by (function, arguments), least recently used first, within `budget_mb`; thread-safe, as
    a bot that draws in threads draws two boards at once. A piece larger than the whole budget is not kept."""

    def __init__(self, budget_mb: float = BUDGET_MB) -> None:
        self.budget = int(budget_mb * MB)
        self.used = 0
        self._pieces: OrderedDict[tuple[int, Hashable], tuple[Any, int]] = OrderedDict()
        self._each: dict[int, OrderedDict[Hashable, None]] = {}  # each function's keys, least recent first
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._pieces)

    def get(self, key: tuple[int, Hashable]) -> tuple[bool, Any]:
        with self._lock:
            found = self._pieces.get(key)
            if found is None:
                return False, None
            self._pieces.move_to_end(key)
            self._each[key[0]].move_to_end(key[1])
            return True, found[0]

    def put(self, key: tuple[int, Hashable], value: Any, most: int) -> None:
        size = weight(value)
        if size > self.budget:
            return
        with self._lock:
            if key in self._pieces:
                return  # another thread drew the same piece meanwhile
            self._pieces[key] = (value, size)
            self.used += size
            own = self._each.setdefault(key[0], OrderedDict())
            own[key[1]] = None
            if len(own) > most:
                self._drop((key[0], next(iter(own))))
            while self.used > self.budget:
                self._drop(next(iter(self._pieces)))

    def _drop(self, key: tuple[int, Hashable]) -> None:
        _, size = self._pieces.pop(key)
        self.used -= size
        del self._each[key[0]][key[1]]

    def clear(self, function: int | None = None) -> None:
        """Forget every piece (of one function only, when named)."""
        with self._lock:
            for key in [k for k in self._pieces if function is None or k[0] == function]:
                self._drop(key)


PIECES = Pieces()


class Cached(Generic[P, R]):
    """A function whose results are kept in PIECES (at most `maxsize` of them), as functools.lru_cache keeps them."""

    def __init__(self, function: Callable[P, R], maxsize: int, pieces: Pieces) -> None:
        self.__wrapped__ = function
        self.maxsize = maxsize
        self.pieces = pieces
        update_wrapper(self, function)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key = (id(self), args if not kwargs else (*args, _KWARGS, *sorted(kwargs.items())))
        found, value = self.pieces.get(key)
        if found:
            return value
        value = self.__wrapped__(*args, **kwargs)
        self.pieces.put(key, value, self.maxsize)
        return value

    def cache_clear(self) -> None:
        self.pieces.clear(id(self))


def cached(maxsize: int, pieces: Pieces | None = None) -> Callable[[Callable[P, R]], Cached[P, R]]:
    """@cached(maxsize=64): like @lru_cache(maxsize=64), the results within the one budget of bytes too."""
    def decorate(function: Callable[P, R]) -> Cached[P, R]:
        return Cached(function, maxsize, pieces if pieces is not None else PIECES)
    return decorate
