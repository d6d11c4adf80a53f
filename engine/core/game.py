"""The protocol every game satisfies, and the small models it exchanges with the bot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, Field

from engine.core.rng import Rng

FORMAT_VERSION = 1


class GameState(BaseModel):
    """Base of every game's state: the format version and the RNG travel with it."""

    format_version: int = FORMAT_VERSION
    players: int
    rng: Rng


class Decision(BaseModel):
    """Who must decide now and what kind of decision it is.

    ``seats`` may hold several seats where the rules let players choose at the same time.
    An empty ``seats`` with ``finished`` set means the game is over.
    """

    seats: list[int]
    kind: str
    prompt: str
    finished: bool = False


class Event(BaseModel):
    """Something that happened, in words a player understands, plus data for summaries."""

    kind: str
    text: str
    seat: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)


S = TypeVar("S", bound=GameState)
A = TypeVar("A")


class Step(BaseModel, Generic[S]):
    """The result of ``apply``: the new state and what happened.

    ``barrier`` marks an action that undo must not cross: it drew randomness, revealed hidden
    information, or handed the decision to another player.
    """

    state: S
    events: list[Event] = Field(default_factory=list)
    barrier: bool = False


class ScoreLine(BaseModel):
    seat: int
    name: str
    categories: dict[str, int]
    total: int


class ScoreSheet(BaseModel):
    final: bool
    lines: list[ScoreLine]
    winners: list[int]


class Game(Protocol[S, A]):
    name: str
    title: str
    min_players: int
    max_players: int

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S: ...

    def pending(self, state: S) -> Decision: ...

    def legal_actions(self, state: S, seat: int) -> list[A]: ...

    def apply(self, state: S, seat: int, action: A) -> Step[S]: ...

    def view(self, state: S, seat: int | None) -> BaseModel: ...

    def score(self, state: S) -> ScoreSheet: ...

    def parse_action(self, text: str) -> A: ...

    def format_action(self, action: A) -> str: ...

    def describe_action(self, state: S, seat: int, action: A) -> str:
        """A button label (≤ 80 characters) with costs and effects, as seen by ``seat``."""
        ...

    def dump_state(self, state: S) -> str: ...

    def load_state(self, text: str) -> S: ...
