"""Seeded Nipron positions for the render tests: real games played by the core's ``RandomPlayer``
(stable for a seed: it draws only from its own Rng and the legal actions' order), stopped at the start,
in the middle (after a scoring) or at the end."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import RandomPlayer, ScoreSheet, play
from engine.nipron import GAME
from engine.nipron.state import NipronState
from engine.nipron.view import NipronView

NAMES = ("Ada", "Bram", "Chidi", "Dana")
Stop = Callable[[NipronState], bool] | None


def state_at(players: int, seed: int, stop: Stop) -> NipronState:
    ais = [RandomPlayer(seed * 100 + seat) for seat in range(players)]
    state, _ = play(GAME, GAME.new_game(players, seed), ais, stop=stop)
    return state


def start(s: NipronState) -> bool:
    return True


def after_scoring(n: int) -> Callable[[NipronState], bool]:
    def stop(s: NipronState) -> bool:
        return s.scorings >= n

    return stop


STAGES: dict[str, Stop] = {"start": start, "mid": after_scoring(1), "end": None}


class Position:
    def __init__(self, players: int, seed: int, stop: Stop) -> None:
        self.state = state_at(players, seed, stop)
        self.players = players
        self.public: NipronView = GAME.view(self.state, None)
        self.own: list[NipronView] = [GAME.view(self.state, s) for s in range(players)]
        self.scores: ScoreSheet = GAME.score(self.state)


# The golden positions: early in a 3-player game, just after Scoring 2 with 4, and a finished 2-player game.
GOLDEN: dict[str, tuple[int, int, Stop]] = {
    "early-3p": (3, 21, lambda s: s.turns >= 6),
    "scoring2-4p": (4, 22, after_scoring(2)),
    "final-2p": (2, 23, None),
}
