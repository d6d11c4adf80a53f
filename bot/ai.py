"""Which computer player takes a seat the host handed to the bot.

Carnegie seats get the engine's one-step greedy player; any other game gets a deterministic
"first legal action" player, which always keeps the game moving. Both are seeded from the game's
seed, so a replay of the log never depends on them (the log records what they chose).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.core import Game


class Player(Protocol):
    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any: ...


class FirstLegal:
    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        return actions[0]


def player_for(game_name: str, seed: int) -> Player:
    if game_name == "carnegie":
        from engine.carnegie.ai import GreedyPlayer

        return GreedyPlayer(seed)
    return FirstLegal()
