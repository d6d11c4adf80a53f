"""A game's history, point by point: point 0 is the start, point k the state after the k-th action of
the live log (undone actions left out, as the snapshot replays); a checkpoint is a point whose action
reached a round's end or a scoring. States come from ``new_game(seed)`` and the log, as the snapshot
does, and are kept per game (``Replays``), so stepping back and forth applies each action once."""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bot import plugins
from bot.service import said_events
from bot.service.sessions import Sessions
from bot.service.tables import Table
from bot.storage import ActionRow
from bot.web.log_lines import action_sentences
from engine.core import CHECKPOINT, Event, Game, GameState
from render.common.language import say, t

# Games whose replays are kept in memory (each holds one state's JSON a point, some tens of KB).
KEPT_GAMES = 8


@dataclass
class History:
    """One game's live log and the states of its points computed so far (as the engine's JSON)."""

    game: Game[Any, Any]
    table: Table
    rows: list[ActionRow]
    dumps: dict[int, str] = field(default_factory=dict)
    events: list[list[Event]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.events = [said_events.loads(row.events) for row in self.rows]

    @property
    def points(self) -> int:
        """The last point (the game as it stands)."""
        return len(self.rows)

    def checkpoints(self) -> list[int]:
        """The points that are checkpoints, in order."""
        return [k + 1 for k, events in enumerate(self.events) if any(e.kind == CHECKPOINT for e in events)]

    def checkpoint_titles(self) -> dict[int, str]:
        """Each checkpoint's title ("Round 3"), said in the current language."""
        titles = {}
        for point in self.checkpoints():
            found = next(e for e in self.events[point - 1] if e.kind == CHECKPOINT)
            title = found.data.get("title")
            titles[point] = say(title) if isinstance(title, str) and title else t("Checkpoint")
        return titles

    def mark(self, point: int) -> tuple[int, int]:
        """What identifies the state at ``point`` for good: the point and the version its action left
        (an undo followed by another move gives the same point another version)."""
        return point, self.rows[point - 1].version_after if point else 0

    def state(self, point: int) -> GameState:
        if not 0 <= point <= self.points:
            raise ValueError(f"point {point} is outside 0..{self.points}")
        state: GameState
        if point in self.dumps:
            state = self.game.load_state(self.dumps[point])
            return state
        start = max((p for p in self.dumps if p < point), default=None)
        if start is None:
            assert self.table.game.seed is not None
            options = json.loads(self.table.game.options)
            state = self.game.new_game(len(self.table.seats), self.table.game.seed, options)
            self.dumps[0] = self.game.dump_state(state)
            start = 0
        else:
            state = self.game.load_state(self.dumps[start])
        for at in range(start, point):
            row = self.rows[at]
            state = self.game.apply(state, row.seat, self.game.parse_action(row.notation)).state
            self.dumps[at + 1] = self.game.dump_state(state)
        return state

    def lines(self, names: list[str]) -> list[list[str]]:
        """Each action's sentences in player words, said in the current language (index k: point k+1)."""
        return [
            action_sentences(row, events, names) for row, events in zip(self.rows, self.events, strict=True)
        ]


async def history_of(sessions: Sessions, replays: Replays, table: Table) -> History:
    """The started game's history as its log stands (``table`` read before the log); the log is read
    again only when the game's version moved since (a finished game's, never)."""
    kept = replays.kept_at(table)
    if kept is not None:
        return kept
    rows = await sessions.reading.live_log(table.id)
    # The log read after the table: a move in between adds rows the table's version does not know
    # yet; the history holds the points both agree on.
    rows = [row for row in rows if row.version_after <= table.version]
    return replays.history(table, rows)


def stops(history: History) -> list[int]:
    """The points a checkpoint stepper stops at: every checkpoint, and the end when it is not one."""
    found = history.checkpoints()
    if not found or found[-1] != history.points:
        found.append(history.points)
    return found


class Replays:
    """The histories of the games replayed lately; one that gained actions keeps its states."""

    def __init__(self, kept: int = KEPT_GAMES) -> None:
        self.kept = kept
        self._games: OrderedDict[int, History] = OrderedDict()

    def kept_at(self, table: Table) -> History | None:
        """The history kept for this game at this very version, if any."""
        found = self._games.get(table.id)
        if found is None or found.table.version != table.version:
            return None
        self._games.move_to_end(table.id)
        return found

    def history(self, table: Table, rows: list[ActionRow]) -> History:
        found = self._games.get(table.id)
        game = plugins.game(table.game.game)
        if found is not None and _extends(found.rows, rows):
            if len(rows) > len(found.rows):
                found.rows = rows
                found.events = [said_events.loads(row.events) for row in rows]
            found.table = table
        else:
            found = History(game, table, rows)
        self._games[table.id] = found
        self._games.move_to_end(table.id)
        while len(self._games) > self.kept:
            self._games.popitem(last=False)
        return found


def _extends(before: list[ActionRow], now: list[ActionRow]) -> bool:
    """Whether ``now`` is ``before`` with actions added (no undo in between)."""
    if len(now) < len(before):
        return False
    return all(
        a.seq == b.seq and a.version_after == b.version_after for a, b in zip(before, now, strict=False)
    )
