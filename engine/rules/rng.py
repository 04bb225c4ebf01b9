"""The game's seeded RNG: dice and shuffles derived from the seed and the position in the log."""

from __future__ import annotations

import hashlib
import random
from typing import TypeVar
from collections.abc import Sequence

T = TypeVar("T")


class GameRng:
    """A private random.Random per (seed, step), so replaying a log gives the same dice and shuffles."""

    def __init__(self, seed: int, step: int | str) -> None:
        # Hash the pair so neighbouring steps or seeds do not give correlated streams.
        digest = hashlib.blake2b(f"{seed}:{step}".encode(), digest_size=8).digest()
        self._random = random.Random(int.from_bytes(digest, "big"))

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self._random.shuffle(result)
        return result

    def face(self, faces: Sequence[int]) -> int:
        """One throw of a die with these faces."""
        return faces[self._random.randrange(len(faces))]
