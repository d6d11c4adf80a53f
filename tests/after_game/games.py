"""Seeded games played to their end by random players, with their logs: the chart's and the weekly
challenge's tests replay them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core import Game, RandomPlayer, play


@dataclass(frozen=True)
class Finished:
    game: Game[Any, Any]
    players: int
    seed: int
    moves: tuple[tuple[int, str], ...]


def _rules(name: str) -> Game[Any, Any]:
    if name == "carnegie":
        from engine.carnegie import GAME as CARNEGIE

        return CARNEGIE
    from engine.nipron import GAME as NIPRON

    return NIPRON


@lru_cache(maxsize=8)
def finished(name: str, players: int, seed: int) -> Finished:
    game = _rules(name)
    state = game.new_game(players, seed, None)
    state, log = play(game, state, [RandomPlayer(seed * 10 + seat) for seat in range(players)])
    assert game.pending(state).finished
    return Finished(game, players, seed, tuple((p.seat, p.notation) for p in log))
