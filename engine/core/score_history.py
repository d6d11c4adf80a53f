"""The score at every checkpoint of a finished or running game, recomputed by replaying its log.

Nothing here is stored: the seed, the options and the logged notations replay to the same states
(the engine is deterministic), so the points a player had when each summary was posted are read
back from the game itself, never remembered beside it. The final post's chart draws them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.game import CHECKPOINT, Game, GameState, ScoreSheet
from engine.core.words import Said

S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class ScorePoint:
    """The score when a checkpoint was reached; ``title`` is the game's phrase for it ("Round 3 is
    over"), ``key`` its unique key within the game."""

    key: str
    title: Said
    sheet: ScoreSheet


def scores_by_checkpoint(
    game: Game[Any, Any],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    moves: Iterable[tuple[int, str]],
) -> list[ScorePoint]:
    """Replay ``moves`` from ``new_game(players, seed, options)`` and take ``game.score`` after every
    action that reached a checkpoint (once per key: a checkpoint reached again after an undo in the
    log is not, since only live moves are given). Raises the engine's error on an illegal move."""
    return replay_with_scores(game, players, seed, options, moves)[1]


def replay_with_scores(
    game: Game[S, Any],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    moves: Iterable[tuple[int, str]],
) -> tuple[S, list[ScorePoint]]:
    """``scores_by_checkpoint`` and the state the moves reach, from one replay."""
    state = game.new_game(players, seed, options)
    points: list[ScorePoint] = []
    seen: set[str] = set()
    for seat, notation in moves:
        step = game.apply(state, seat, game.parse_action(notation))
        state = step.state
        for event in step.events:
            key = event.data.get("key") if event.kind == CHECKPOINT else None
            if not isinstance(key, str) or key in seen:
                continue
            seen.add(key)
            title = event.data.get("title", key)
            points.append(ScorePoint(key, title if isinstance(title, str) else key, game.score(state)))
    return state, points
