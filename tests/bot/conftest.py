from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot import plugins
from bot.sessions import Sessions
from bot.storage import Database, migrate, open_database

# The test games, as GAME_MODULES would name them: module[:pictures module].
TEST_GAME_MODULES = ("tests.race_game:tests.race_pictures", "tests.bot.countdown_game")


@pytest.fixture(autouse=True)
def test_games() -> Iterator[None]:
    """The test games are in the table of games for each test, and the table restored after."""
    before = set(plugins.names())
    added = {p for p in plugins.load_all(TEST_GAME_MODULES) if p not in before}
    yield
    for name in set(plugins.names()) - before - added:
        plugins.remove(name)
    for name in added:
        plugins.remove(name)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_database(tmp_path / "data" / "boardroom.sqlite3")
    await migrate(database.conn)
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
