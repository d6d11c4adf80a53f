"""Replaying a log and letting computer players play: written once, used by the bot's sessions,
import and export, backups, the picture review tool and the tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.errors import EngineError
from engine.core.game import Event, Game, GameState, Player
from engine.core.rng import Rng
from engine.core.words import quietly

S = TypeVar("S", bound=GameState)


class NoEnd(EngineError):
    code = "no_end"


def replay(
    game: Game[S, Any],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    moves: Iterable[tuple[int, str]],
) -> S:
    """``new_game(players, seed, options)`` plus ``(seat, notation)`` moves applied in order.

    Raises the engine's own error when a move cannot be read or is not legal."""
    state = game.new_game(players, seed, options)
    for seat, notation in moves:
        state = game.apply(state, seat, game.parse_action(notation)).state
    return state


@dataclass(frozen=True)
class Played:
    """One action a computer player took, with what the game said about it."""

    seat: int
    action: Any
    notation: str
    events: list[Event]
    barrier: bool


def play(
    game: Game[S, Any],
    state: S,
    players: Mapping[int, Player] | Sequence[Player],
    *,
    stop: Callable[[S], bool] | None = None,
    seat_rng: Rng | None = None,
    max_actions: int = 100_000,
    strict: bool = True,
) -> tuple[S, list[Played]]:
    """Let the seats that have a player act until the game ends, ``stop(state)`` holds, or no
    seat with a player must decide (a person's turn). Returns the state and what was played.

    Where several seats with a player are pending at once, the lowest acts, or one drawn from
    ``seat_rng`` when given (self-play uses that to vary the interleaving). After
    ``max_actions`` raises ``NoEnd`` (an engine that never ends is a bug, and a loop must not
    spin), or with ``strict=False`` returns where it stopped."""
    seated: Mapping[int, Player] = players if isinstance(players, Mapping) else dict(enumerate(players))
    log: list[Played] = []
    for _ in range(max_actions):
        with quietly():  # who decides, not the prompt
            decision = game.pending(state)
        if decision.finished or (stop is not None and stop(state)):
            return state, log
        seats = sorted(s for s in decision.seats if s in seated)
        if not seats:
            if not decision.seats:
                raise EngineError("The game is not finished but nobody is asked to decide.")
            return state, log
        seat = seats[0] if seat_rng is None or len(seats) == 1 else seats[seat_rng.below(len(seats))]
        actions = game.legal_actions(state, seat)
        if not actions:
            raise EngineError(f"Seat {seat + 1} must decide ({decision.kind}) but has no legal action.")
        action = seated[seat].choose(game, state, seat, actions)
        step = game.apply(state, seat, action)
        log.append(Played(seat, action, game.format_action(action), step.events, step.barrier))
        state = step.state
    if not strict:
        return state, log
    raise NoEnd(f"The game did not end within {max_actions} actions.")
