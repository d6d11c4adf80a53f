"""Computer players every game can use: the protocol is ``engine.core.game.Player``.

A game's own, stronger players live in its package and are handed out by ``Game.ai``. These two
need nothing of a game but its legal actions. Both are deterministic: their randomness comes from
their own ``Rng``, never from the game state's, so a computer player never changes the game's draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Game
from engine.core.rng import Rng


class FirstLegal:
    """Always the first legal action: keeps any game moving."""

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        return actions[0]


class RandomPlayer:
    """Uniform over the legal actions, from its own seeded ``Rng``."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed=seed)

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        return actions[self.rng.below(len(actions))]
