"""The part of a game's ``Game`` object that only hands the call on to the game's own modules.

A game keeps its notation, its labels and its groups in modules of their own (they are long and tested
apart); its ``Game`` object answers for them by forwarding. Written here once, a game's ``Game`` class
derives from ``Forwarding`` and writes only the methods that say something about its rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from engine.core.game import GameState
from engine.core.serial import dump_state, load_state

S = TypeVar("S", bound=GameState)
A = TypeVar("A")


class Notation(Protocol[A]):
    """A game's notation: its ``actions`` module, as a rule."""

    def parse_action(self, text: str, /) -> A: ...

    def format_action(self, action: A, /) -> str: ...


class Forwarding(Generic[S, A]):
    """``parse_action``, ``format_action``, ``describe_action``, ``group_action``, ``dump_state`` and
    ``load_state`` of ``engine.core.Game``, from the game's state class, notation, labels and groups."""

    def __init__(
        self,
        state_type: type[S],
        notation: Notation[A],
        describe: Callable[[S, int, A], str],
        group: Callable[[S, int, A], tuple[str, ...]],
    ) -> None:
        # The functions, not the module: a game object crosses to worker processes by pickle.
        self._state_type = state_type
        self._parse, self._format = notation.parse_action, notation.format_action
        self._describe, self._group = describe, group

    def parse_action(self, text: str) -> A:
        return self._parse(text)

    def format_action(self, action: A) -> str:
        return self._format(action)

    def describe_action(self, state: S, seat: int, action: A) -> str:
        return self._describe(state, seat, action)

    def group_action(self, state: S, seat: int, action: A) -> tuple[str, ...]:
        return self._group(state, seat, action)

    def dump_state(self, state: S) -> str:
        return dump_state(state)

    def load_state(self, text: str) -> S:
        return load_state(self._state_type, text)
