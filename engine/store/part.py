"""The base of the store's parts (clock, ratings, leagues): what Store gives each of them."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any


class StorePart:
    """Mixed into Store, which provides _q, _read, _transaction and _skip_locked (declared so each part type-checks)."""

    async def _q(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:  # pragma: no cover - Store's
        raise NotImplementedError

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:  # pragma: no cover - Store's
        raise NotImplementedError

    def _transaction(self, *, shared: bool = False) -> AbstractAsyncContextManager[None]:  # pragma: no cover
        raise NotImplementedError

    @property
    def _skip_locked(self) -> str:  # pragma: no cover - Store's
        raise NotImplementedError
