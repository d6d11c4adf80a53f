"""The SQLite backend (the default): one connection per process, opened with the pragmas the bot
relies on.

- WAL journal: readers never block the writer, and a crash mid-write leaves the last committed
  state intact.
- ``synchronous=NORMAL``: in WAL mode a commit is durable against a crash of the bot process;
  a power cut may lose the last few commits but never corrupts the file. That trade is right for
  a game bot (one click lost at worst) and keeps each commit to one fsync per checkpoint.
- ``foreign_keys=ON``: SQLite leaves it off by default, per connection.
- ``busy_timeout``: wait for another process's write lock instead of failing at once.

aiosqlite runs every statement on one worker thread, but coroutines could still interleave their
statements inside each other's transactions; ``SqliteDatabase.transaction`` therefore holds an
``asyncio.Lock`` for the whole BEGIN … COMMIT. ``BEGIN IMMEDIATE`` takes the database's one write
lock, which also serialises every game across processes: no row lock is needed.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.connection import IntegrityError, MigrationError, Row

BUSY_TIMEOUT_MS = 5000

_UNIQUE_COLUMN = re.compile(r"UNIQUE constraint failed: (\w+\.\w+)$")


def _integrity(exc: sqlite3.IntegrityError) -> IntegrityError:
    found = _UNIQUE_COLUMN.search(str(exc))
    return IntegrityError(str(exc), column=found[1] if found else None)


def split_statements(sql: str) -> list[str]:
    """Split a script into complete statements, keeping ``CREATE TRIGGER … BEGIN … END;`` whole
    (``sqlite3.complete_statement`` knows where a statement, trigger bodies included, ends)."""
    statements: list[str] = []
    pending = ""
    for line in sql.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            text = pending.strip()
            if _has_code(text):
                statements.append(text)
            pending = ""
    if _has_code(pending):
        raise MigrationError(f"incomplete SQL statement at the end: {pending.strip()[:80]!r}")
    return statements


def _has_code(text: str) -> bool:
    lines = (line.split("--", 1)[0].strip() for line in text.splitlines())
    return any(line and line != ";" for line in lines)


class SqliteConnection:
    row_lock = ""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self.conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise _integrity(exc) from exc
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self.conn.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise _integrity(exc) from exc

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        # ``execute_fetchall``: one hop to aiosqlite's thread instead of three (execute, fetch, close)
        # while the transaction holds the lock that serialises every game (tests/perf).
        try:
            return list(await self.conn.execute_fetchall(sql, params))
        except sqlite3.IntegrityError as exc:
            raise _integrity(exc) from exc

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return next(iter(await self.fetchall(sql, params)), None)

    async def run_script(self, sql: str) -> None:
        # ``executescript`` would COMMIT first; statement by statement stays in the transaction.
        for statement in split_statements(sql):
            await self.execute(statement)

    async def lock_migrations(self) -> None:
        """BEGIN IMMEDIATE holds the write lock already."""

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        # SQLite undoes only the failed statement and the transaction goes on.
        yield


class SqliteDatabase:
    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self.conn = conn
        self.path = path
        self.target = path
        self._lock = asyncio.Lock()
        self._wrapped = SqliteConnection(conn)

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[SqliteConnection]:
        """BEGIN IMMEDIATE (writes) or BEGIN (reads) … COMMIT, rolled back on any exception.

        IMMEDIATE takes the write lock up front, so a load → apply → save never fails half-way
        with SQLITE_BUSY after it has read the state it is about to change.
        """
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self._wrapped
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
