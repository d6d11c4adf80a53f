from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot import plugins
from bot.service.progress import choose
from bot.service.sessions import Sessions
from bot.service.tables import GameStatus
from bot.storage import Database, migrate, open_database


@pytest.fixture
async def db(database_target: str | Path) -> AsyncIterator[Database]:
    """A migrated database, SQLite then PostgreSQL (``database_target``)."""
    database = await open_database(database_target)
    await migrate(database)
    try:
        yield database
    finally:
        await database.close()


class Clock:
    """A clock that moves one second per reading, so times are distinct and ordered."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def sessions(db: Database) -> Sessions:
    seeds = itertools.count(1000)
    return Sessions(db, clock=Clock(), new_seed=lambda: next(seeds))


async def play_bots(sessions: Sessions, game_id: int) -> GameStatus:
    """What ``bot.service.bot_players`` does in the running bot, here in this process: the seats the bot
    plays take their decisions until a person must decide or the game ends."""
    while (turn := await sessions.play.bot_turn(game_id)) is not None:
        game = plugins.game(turn.table.game.game)
        await sessions.play.act_for_bot(turn, choose(game, turn.snapshot, turn.seat, turn.seed, turn.level))
    return await sessions.reading.status(game_id)


class ManualClock:
    """A clock that stands still until a test moves it: days of play run in seconds (issue 20)."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
