"""The store the table service's parts share (``bot.service.sessions``): the database, the clock, the
seeds and the choices the last moves listed; and what every part does with a table: save it under
its version, read its game state, tell its status with who may undo."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot import plugins
from bot.service.clock import Clock, system_clock
from bot.service.known_states import KnownStates
from bot.service.progress import Offered
from bot.service.progress import progress as progress_of
from bot.service.refusals import NotInProgress
from bot.service.tables import GameStatus, Progress, Table
from bot.storage import Database, Status
from bot.storage import actions as action_log
from bot.storage import games as game_rows
from bot.storage.connection import Connection
from engine.core import Game, GameState, StaleState
from engine.core.words import msg


def random_seed() -> int:
    # 62 bits: fits SQLite's signed 64-bit INTEGER with room to spare.
    return secrets.randbits(62)


@dataclass
class Store:
    db: Database
    clock: Clock = system_clock
    new_seed: Callable[[], int] = random_seed
    offered: Offered = field(default_factory=Offered)  # the choices the last moves listed (``act``)
    states: KnownStates = field(default_factory=KnownStates)  # the states the last moves saved (``act``)
    # No per-game lock: every change is one ``Database.transaction``, which already serialises all
    # writers of this process (its asyncio.Lock held from BEGIN IMMEDIATE to COMMIT), and the
    # version check in the UPDATE refuses a writer from another process.

    def now(self) -> str:
        return self.clock().isoformat()


async def save(
    conn: Connection,
    table: Table,
    *,
    at: str,
    status: Status | None = None,
    seed: int | None = None,
    snapshot: str | None = None,
) -> int:
    version = await game_rows.update_game(
        conn,
        table.id,
        expected_version=table.version,
        at=at,
        status=status,
        seed=seed,
        snapshot=snapshot,
    )
    if version is None:
        raise StaleState(msg("The game changed at the same moment; try again."))
    return version


def state_of(game: Game[Any, Any], table: Table) -> GameState:
    if table.game.snapshot is None:
        raise NotInProgress(msg("The game has not started yet."))
    state: GameState = game.load_state(table.game.snapshot)
    return state


async def progress_in(conn: Connection, game: Game[Any, Any], table: Table) -> Progress:
    return await with_undo(conn, table.id, progress_of(game, state_of(game, table)))


async def with_undo(conn: Connection, game_id: int, progress: Progress) -> Progress:
    """``progress`` with the seat that may undo its last step, if one may."""
    last = await action_log.last_live_action(conn, game_id)
    return progress if last is None else after_step(progress, last.seat, last.barrier)


def after_step(progress: Progress, seat: int, barrier: bool) -> Progress:
    """``progress`` after the game's last live action, by ``seat`` (``barrier``: the engine's
    ``Step.barrier``): that seat may undo it while it still decides and no barrier came between."""
    if not barrier and seat in progress.decision.seats:
        progress = replace(progress, undoable=frozenset({seat}))
    return progress


def saved_table(table: Table, version: int, at: str, snapshot: str) -> Table:
    """The table as ``save`` left it when only its version, time and snapshot changed (a move that did
    not end the game): what reading it again in the same transaction would give."""
    game = replace(table.game, version=version, updated_at=at, snapshot=snapshot)
    return replace(table, game=game)


async def status_of(conn: Connection, table: Table) -> GameStatus:
    if table.game.snapshot is None:
        return GameStatus(table, None)
    game = plugins.game(table.game.game)
    return GameStatus(table, await progress_in(conn, game, table))
