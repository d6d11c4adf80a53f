"""Seeded Nipron positions for review images, tests and benchmarks: a game played by the engine's
own AI (deterministic for a seed) and stopped after a number of turns, or at the end."""

from __future__ import annotations

from engine.core import ScoreSheet, play
from engine.nipron import GAME
from engine.nipron.state import NipronState
from engine.nipron.view import NipronView


def played(players: int, seed: int, turns: int | None = None) -> NipronState:
    """A ``players`` game from ``seed``, played by greedy AIs until ``turns`` turns are done (or the
    end when ``turns`` is None or past the end)."""
    ais = [GAME.ai(seed * 10 + seat) for seat in range(players)]
    state = GAME.new_game(players, seed)
    stop = None if turns is None else (lambda s: s.turns >= turns)
    state, _ = play(GAME, state, ais, stop=stop)
    return state


def position(
    players: int, seed: int, turns: int | None = None
) -> tuple[NipronView, list[NipronView], ScoreSheet]:
    """The public view, each seat's view and the score sheet of a played position."""
    state = played(players, seed, turns)
    return (
        GAME.view(state, None),
        [GAME.view(state, seat) for seat in range(players)],
        GAME.score(state),
    )
