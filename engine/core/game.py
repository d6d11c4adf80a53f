"""The protocol every game satisfies, and the small models it exchanges with the bot.

This is the seam between a game's rules and everything else. The bot never reads a game's
state or view: it asks the game through these methods and shows what comes back.

The contract, in full:

- ``new_game(players, seed, options)`` sets a table up; bad options raise ``InvalidOptions``
  with a sentence for the host. ``guide.options`` lists the options a host may give.
- ``pending(state)`` says who must decide now (several seats where the rules let players
  choose at the same time), in a prompt a player can read, and ``Decision.done``: the
  notation, if any, of the action that ends this phase of choices (the panel's Done button; when
  a seat's own step leaves it as the seat's only legal action, the bot takes it with that step).
- ``legal_actions(state, seat)`` is finite and small enough to show: at most ``MAX_CHOICES``
  per seat, unless the game groups them; big choices are broken into steps.
- ``group_action(state, seat, action)`` (optional; ``action_path`` reads it, a game without it
  groups nothing): the path of group labels under which a panel files the action, e.g.
  ``("Build Commerce", "in the West")``; ``()`` for an action shown on its own. A panel with
  more choices than its buttons hold shows the first level (groups and ungrouped actions), then
  a clicked group's next level, the action itself last (its ``describe_action`` label). Every
  level holds at most ``MAX_GROUP_ENTRIES`` entries, paths are at most ``MAX_GROUP_DEPTH``
  labels of at most ``MAX_LABEL`` characters, each naming what the player finds on the game's
  pictures (departments, regions, cities; never grid cells). Grouped legal actions may number
  more than ``MAX_CHOICES``.
- ``apply(state, seat, action)`` never mutates ``state``; illegal input raises an
  ``EngineError`` that names the rule. ``Step.events`` are data, never Discord text: texts
  refer to seats as ``{p0}``..``{p3}``; ``Event.headline`` marks what a summary should
  mention; an event with ``data["fold"]`` (``one``, ``many``, ``item``) is told in a summary
  folded with its seat's other events of the same kind ("{p0} moved employees from A to B
  and from C to D"); a ``checkpoint`` event closes a stretch of play worth a summary (the end
  of a round, a scoring). ``Step.barrier`` is owned by the game: it is set when undo must
  not cross this action (randomness drawn, hidden information revealed, or the decision
  passed to another seat). The bot adds nothing to it.
- ``view(state, seat)`` is opaque to the bot: only the game's pictures read it.
- ``score(state)`` is the final or provisional breakdown. A line without a seat
  (``ScoreLine.seat is None``) is a rival who has no seat, such as a solo game's opponent;
  ``ScoreSheet.winners`` are positions in ``lines``; ``ScoreSheet.note`` says how a tie was
  broken, if one was.
- ``glance(state, seat)`` is the stage of the game and what a seat wants in view while
  deciding, in player words.
- ``ai(seed, level)`` returns a computer player for one seat (``ai_levels`` lists the levels,
  the first is the default); deterministic given the seed.
- ``parse_action`` / ``format_action``: a notation that round-trips, at most
  ``MAX_NOTATION`` characters (it travels inside a Discord custom_id); ``describe_action``:
  a button label of at most ``MAX_LABEL`` characters, as seen by the acting seat.
- ``dump_state`` / ``load_state``: the snapshot; ``new_game`` plus the logged notations
  replays to exactly it (``engine.core.replay``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, Field, SkipValidation

from engine.core.rng import Rng
from engine.core.words import Said

FORMAT_VERSION = 1
# A player's panel shows at most this many ungrouped choices (Discord: 4 menus of 25 options).
MAX_CHOICES = 100
# A notation travels in a custom_id (100 characters) with a prefix, game id, version and seat.
MAX_NOTATION = 90
# A button label holds 80 characters.
MAX_LABEL = 80
# A grouped panel level: four rows of five buttons, one of them Back.
MAX_GROUP_ENTRIES = 19
# Group labels above an action (each click on a group is one more click for the player).
MAX_GROUP_DEPTH = 3
# The kind of the event that closes a stretch of play worth a summary.
CHECKPOINT = "checkpoint"


class GameState(BaseModel):
    """Base of every game's state: the format version and the RNG travel with it."""

    format_version: int = FORMAT_VERSION
    players: int
    rng: Rng


class Decision(BaseModel):
    """Who must decide now and what kind of decision it is.

    ``seats`` may hold several seats where the rules let players choose at the same time.
    An empty ``seats`` with ``finished`` set means the game is over. ``done`` is the notation
    of the legal action, if any, that ends the current phase of choices.
    """

    seats: list[int]
    kind: str
    prompt: Said
    finished: bool = False
    done: str | None = None


class Event(BaseModel):
    """Something that happened, in words a player understands, plus data for summaries.

    ``headline`` marks an event worth a line in a summary (income, a building, a scoring);
    the rest is told only in the log."""

    kind: str
    text: Said
    seat: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    headline: bool = False


def checkpoint(key: str, title: str) -> Event:
    """The end of a stretch of play worth a summary, e.g. ``checkpoint("round-9", "Round 9 is over")``.

    ``key`` is unique within a game (the bot posts each checkpoint once); ``title`` heads the
    summary as a phrase of its own ("Scoring 1 is done", "The final turns begin")."""
    return Event(kind=CHECKPOINT, text="", data={"key": key, "title": title})


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


class ScorePart(BaseModel):
    """What one piece of a category counts, so that a change of the category can name its cause
    ("donations −4 (Welfare: 0 goods to pay, was 2)"): ``key`` tells the pieces apart from one sheet
    to the next (never shown), ``label`` names the piece, ``counted`` says what it counts now in a
    player's words (``count`` the number), ``vp`` what it scores."""

    category: Said
    key: str
    label: Said
    counted: Said
    count: int
    vp: int


class ScoreLine(BaseModel):
    """One contestant's score. ``seat`` is None for a rival without a seat (a solo game's opponent).
    ``parts``: the pieces of the categories whose points move without a move of their own (a
    donation scored on goods held, say); a sheet stored before them has none."""

    seat: int | None
    name: Said
    categories: SkipValidation[dict[str, int]]
    total: int
    parts: list[ScorePart] = Field(default_factory=list)


class ScoreSheet(BaseModel):
    """A final or provisional score. ``winners`` are positions in ``lines`` (the leaders while
    the game runs); ``note`` says how a tie was broken, if one was."""

    final: bool
    lines: list[ScoreLine]
    winners: list[int]
    note: Said = ""


class Glance(BaseModel):
    """Where the game stands ("Round 9 of 20", "Setup") and, for a seat, what it wants in view
    while deciding ("You have $12, 3 goods, 14 VP; 2 moves left."). Either may be empty."""

    stage: Said = ""
    note: Said = ""


class OptionChoice(BaseModel):
    value: str
    label: Said


class OptionSpec(BaseModel):
    """A table option the host may give with ``/game new``: a choice among ``choices``, or a
    yes/no flag when ``choices`` is empty. The game's ``new_game`` checks the value."""

    key: str
    description: Said
    # The option's name as Discord shows it in a player's language (lowercase, no spaces, ≤ 32);
    # its English is ``key``. Empty: ``key`` in every language.
    name: Said = ""
    choices: list[OptionChoice] = Field(default_factory=list)


class Topic(BaseModel):
    title: Said
    body: Said


class Guide(BaseModel):
    """Everything a game says that does not depend on a state."""

    blurb: Said
    options: list[OptionSpec] = Field(default_factory=list)
    topics: dict[str, Topic] = Field(default_factory=dict)
    help: Said = ""


class Player(Protocol):
    """A computer player: picks one of ``actions`` (never empty) for ``seat``."""

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any: ...


class Game(Protocol[S, A]):
    name: str
    title: str
    min_players: int
    max_players: int
    guide: Guide
    ai_levels: tuple[str, ...]

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S: ...

    def pending(self, state: S) -> Decision: ...

    def legal_actions(self, state: S, seat: int) -> list[A]: ...

    def apply(self, state: S, seat: int, action: A) -> Step[S]: ...

    def view(self, state: S, seat: int | None) -> BaseModel: ...

    def score(self, state: S) -> ScoreSheet: ...

    def glance(self, state: S, seat: int | None) -> Glance: ...

    def ai(self, seed: int, level: str | None = None) -> Player: ...

    def parse_action(self, text: str) -> A: ...

    def format_action(self, action: A) -> str: ...

    def describe_action(self, state: S, seat: int, action: A) -> str:
        """A button label (≤ 80 characters) with costs and effects, as seen by ``seat``."""
        ...

    def dump_state(self, state: S) -> str: ...

    def load_state(self, text: str) -> S: ...


def action_path(game: Game[Any, Any], state: Any, seat: int, action: Any) -> tuple[str, ...]:
    """The group labels the game files ``action`` under (its optional ``group_action``), or ``()``."""
    group = getattr(game, "group_action", None)
    return tuple(group(state, seat, action)) if group is not None else ()
