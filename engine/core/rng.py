"""Seeded randomness carried inside the game state.

The state stores the seed and how many numbers have been drawn, so that ``new_game(seed)``
plus the action log replays to exactly the stored state. Numbers come from SHA-256 of
(seed, counter): stdlib only, platform-independent, and independent of Python's ``random``
implementation details.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")


class Rng(BaseModel):
    seed: int
    draws: int = 0

    def _next64(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.draws}".encode()).digest()
        self.draws += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
