"""A move's engine work, apart from the database (``bot.service.play`` wraps it in the transaction):
checking a person's move against the seat's legal choices, applying it, taking with it the steps after
it that leave the player one legal choice, pressing Done with it when that is all that is left, and what
the transaction then writes (the snapshot, the checkpoints reached, the score). It runs in one engine
thread (``off_loop``), not on the event loop; ``replay_log`` rebuilds a state from the log.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot import storage
from bot.service import said_events
from bot.service.progress import progress as progress_of
from bot.service.store import state_of
from bot.service.tables import Progress, Table
from engine.core import (
    CHECKPOINT,
    Event,
    Game,
    GameState,
    Step,
    action_path,
    check_listed,
    check_turn,
    replay,
)
from engine.core.score_at import score_at
from engine.core.words import join, msg


@dataclass
class LoggedMove:
    """One applied action waiting to be appended to the log."""

    seat: int
    user_id: int
    notation: str
    interaction_id: int | None
    events: list[Event]
    barrier: bool
    by_bot: bool = False  # the bot chose it (ratings weigh how much of a person's seat it played)


T = TypeVar("T")
# Steps taken with a player's own because each left one legal choice: a bound, not a count any game
# reaches (a worker's single action is one).
MAX_FOLLOWING = 4
# One thread: a move's engine work takes 0.4 ms (median) to 7 ms (p99); more threads would only
# take turns at the GIL with the event loop and aiosqlite's thread.
ENGINE = ThreadPoolExecutor(1, thread_name_prefix="engine")


async def off_loop(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in the engine thread: the event loop acknowledges other clicks meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(ENGINE, fn, *args)


@dataclass
class PlayedMove:
    """One action applied by the engine, with what the transaction around it writes and returns."""

    notation: str  # canonical for a person's move; as the bot wrote it for the bot's
    label: str
    step: Step[Any]
    snapshot: str
    finished: bool
    checkpoints: list[str]
    totals: str | None  # the score, kept with the checkpoints' summaries and the final post
    progress: Progress
    path: tuple[str, ...] = ()  # the group labels the action was filed under (``action_path``)
    ended: list[tuple[str, Step[Any]]] = field(default_factory=list)  # Done pressed with it
    totals_at: dict[str, str] = field(default_factory=dict)  # a checkpoint's own score, by key
    state: GameState | None = None  # the state ``snapshot`` holds, for the next move (``KnownStates``)

    @property
    def events(self) -> list[Event]:
        return [*self.step.events, *(e for _, step in self.ended for e in step.events)]


def play_move(
    game: Game[Any, Any],
    table: Table,
    seat: int,
    notation: str,
    checked: bool,
    offered: frozenset[str] | None = None,
    known: GameState | None = None,
) -> PlayedMove:
    """The engine part of a move (in a worker thread; pure: no database, no Discord). ``checked``: a
    person's move, refused unless it is one of the seat's legal choices now (``offered``: those choices'
    notations, when known); the bot's choices come from the legal ones. ``known``: the state of the
    table's snapshot when this process saved it (``KnownStates``), else it is read from the snapshot.
    The next choices' labels are made afterwards (``label_choices``), outside the transaction."""
    state = known if known is not None else state_of(game, table)
    if checked:
        check_turn(game, state, seat)
    action = game.parse_action(notation)
    if checked:
        notation = check_listed(game, state, seat, action, offered)
    label = game.describe_action(state, seat, action)
    path = action_path(game, state, seat, action)
    step = game.apply(state, seat, action)
    final = step.state
    ended: list[tuple[str, Step[Any]]] = []
    # The seat's choices after its step are listed once: for Done-with-the-step and for the panel.
    listed = {seat: game.legal_actions(final, seat)} if seat in game.pending(final).seats else {}
    # A step that leaves the player one legal choice is taken with it (``only_choice``): a click that
    # decides nothing would cost a player who comes back hours later a visit of its own.
    follows: list[str] = []
    asked = game.pending(state).kind
    last = step
    while checked and len(follows) < MAX_FOLLOWING and not any(e.kind == CHECKPOINT for e in last.events):
        only = only_choice(game, final, seat, listed.get(seat, []), asked)
        if only is None:
            break
        follows.append(game.describe_action(final, seat, only))
        last = game.apply(final, seat, only)
        ended.append((game.format_action(only), last))
        final = last.state
        listed = {seat: game.legal_actions(final, seat)} if seat in game.pending(final).seats else {}
    ending = _only_the_end(game, final, seat, listed.get(seat, [])) if checked else None
    if ending is not None:
        # Done is all that is left: pressed with the player's step (see the module docstring).
        done = game.apply(final, seat, ending)
        ended.append((game.format_action(ending), done))
        final = done.state
        listed = {}
    if follows:
        label = msg("{step}, then {only} (the only choice)", step=label, only=join(", ", follows))
    finished = game.pending(final).finished
    progress = progress_of(game, final, listed)
    events = [*step.events, *(e for _, s in ended for e in s.events)]
    keys = [str(e.data.get("key", "")) for e in events if e.kind == CHECKPOINT]
    totals = said_events.dump_sheet(game.score(final)) if keys or finished else None
    # A checkpoint that carries its own score (the action went on past it) is summarised with that.
    totals_at = {
        str(e.data.get("key", "")): said_events.dump_sheet(sheet)
        for e in events
        if e.kind == CHECKPOINT and (sheet := score_at(e)) is not None
    }
    return PlayedMove(
        notation,
        label,
        step,
        game.dump_state(final),
        finished,
        keys,
        totals,
        progress,
        path,
        ended,
        totals_at,
        final,
    )


def label_choices(progress: Progress) -> None:
    """Make every deciding seat's labels (``Choices`` makes them when first read): run in the engine
    thread after the move's commit, so neither the event loop nor the database's write lock waits for
    them."""
    for seat in progress.choices:
        progress.choices[seat]


def only_choice(
    game: Game[Any, Any], state: GameState, seat: int, legal: Sequence[Any], asked: str
) -> Any | None:
    """The seat's one legal action when it alone decides, has no other, and is still in the turn it
    took a step of (``asked``: the kind of decision that step answered; the same kind again is its next
    turn, which the player is asked about as ever), else None: the rules leave it nothing to decide in
    this turn (a worker whose space has one legal action, say). Done is not one of these:
    ``_only_the_end`` presses it, where the others may still be choosing too."""
    decision = game.pending(state)
    if decision.finished or decision.seats != [seat] or decision.kind == asked or len(legal) != 1:
        return None
    return None if game.format_action(legal[0]) == decision.done else legal[0]


def _only_the_end(game: Game[Any, Any], state: GameState, seat: int, legal: Sequence[Any]) -> Any | None:
    """The action ending the phase (``Decision.done``) when it is the seat's only choice left (``legal``:
    its choices in ``state``), else None."""
    decision = game.pending(state)
    if decision.done is None or seat not in decision.seats:
        return None
    if len(legal) == 1 and game.format_action(legal[0]) == decision.done:
        return legal[0]
    return None


def replay_log(game: Game[Any, Any], table: Table, rows: list[storage.ActionRow]) -> GameState:
    assert table.game.seed is not None
    options = json.loads(table.game.options)
    moves = ((row.seat, row.notation) for row in rows)
    state: GameState = replay(game, len(table.seats), table.game.seed, options, moves)
    return state
