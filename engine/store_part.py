"""The base of the store's parts (clock, ratings, leagues): the three things Store gives each of them."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any


class StorePart:
    """Mixed into Store, which provides _q, _read and _transaction (declared here so each part type-checks)."""

    async def _q(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:  # pragma: no cover - Store's
        raise NotImplementedError

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:  # pragma: no cover - Store's
        raise NotImplementedError

    def _transaction(self) -> AbstractAsyncContextManager[None]:  # pragma: no cover - Store's
        raise NotImplementedError
