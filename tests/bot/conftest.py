from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.sessions import Sessions
from bot.storage import Database, migrate, open_database


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
