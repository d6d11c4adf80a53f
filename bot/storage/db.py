"""One SQLite connection per process, opened with the pragmas the bot relies on.

- WAL journal: readers never block the writer, and a crash mid-write leaves the last committed
  state intact.
- ``synchronous=NORMAL``: in WAL mode a commit is durable against a crash of the bot process;
  a power cut may lose the last few commits but never corrupts the file. That trade is right for
  a game bot (one click lost at worst) and keeps each commit to one fsync per checkpoint.
- ``foreign_keys=ON``: SQLite leaves it off by default, per connection.
- ``busy_timeout``: wait for another process's write lock instead of failing at once.

aiosqlite runs every statement on one worker thread, but coroutines could still interleave their
statements inside each other's transactions; ``Database.transaction`` therefore holds an
``asyncio.Lock`` for the whole BEGIN … COMMIT.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

BUSY_TIMEOUT_MS = 5000


class Database:
    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self.conn = conn
        self.path = path
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE (writes) or BEGIN (reads) … COMMIT, rolled back on any exception.

        IMMEDIATE takes the write lock up front, so a load → apply → save never fails half-way
        with SQLITE_BUSY after it has read the state it is about to change.
        """
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self.conn
            except BaseException:
                if self.conn.in_transaction:
                    await self.conn.execute("ROLLBACK")
                raise
            else:
                await self.conn.execute("COMMIT")

    async def close(self) -> None:
        await self.conn.close()


async def connect(path: str | Path) -> aiosqlite.Connection:
    """A raw connection in autocommit mode with the pragmas above (the caller runs BEGIN)."""
    target = str(path)
    if target != ":memory:":
        Path(target).parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(target, isolation_level=None)
    try:
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    except BaseException:
        # aiosqlite's worker thread is not a daemon: left open, it keeps the process from exiting.
        await conn.close()
        raise
    return conn


async def open_database(path: str | Path) -> Database:
    return Database(await connect(path), str(path))
