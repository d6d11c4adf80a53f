"""The PostgreSQL backend (``DATABASE_URL=postgresql://…``), through asyncpg: several bot processes
(shards) share one database.

asyncpg was chosen over psycopg 3: it speaks the protocol itself (no libpq on the machine), is
asyncio-native, and its rows are read by name and by position like ``sqlite3.Row``, so the storage
functions stay one text for both backends; only ``?`` becomes ``$1, $2, …`` here.

Transactions come from a small pool, so the games of one process are no longer serialised by one
lock: a write transaction runs at READ COMMITTED and locks the row of each game it loads (``FOR
UPDATE``, added by ``row_lock`` to the SELECT in ``games.get_game``) until COMMIT. Two processes (or
two tasks) acting on one game therefore take turns, and the optimistic version check in
``games.update_game`` still refuses a writer that acted on a version it did not lock. A read
transaction is READ ONLY at REPEATABLE READ: its SELECTs see one snapshot, as SQLite's BEGIN does.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.connection import IntegrityError, Row, StorageUnavailable

# Connections one process keeps; the games it runs wait for a row lock far more than for a
# connection, and every shard process has its own pool within the server's max_connections.
POOL_SIZE = 8
SCHEMES = ("postgresql://", "postgres://")
# pg_advisory_xact_lock key of the migration runner (any constant no other lock uses)
_MIGRATION_LOCK = 0x426F61726452
_UNIQUE_KEY = re.compile(r"^Key \((\w+)\)=")
_PARAMETER_OR_QUOTED = re.compile(r"'(?:[^']|'')*'|\?")


def is_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(SCHEMES)


def without_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` parameters as PostgreSQL's ``$1, $2, …`` (a ``?`` inside a quoted string stays)."""
    count = 0

    def number(found: re.Match[str]) -> str:
        nonlocal count
        if found[0] != "?":
            return found[0]
        count += 1
        return f"${count}"

    return _PARAMETER_OR_QUOTED.sub(number, sql)


def _integrity(exc: asyncpg.IntegrityConstraintViolationError) -> IntegrityError:
    column = None
    if isinstance(exc, asyncpg.UniqueViolationError):
        key = _UNIQUE_KEY.match(getattr(exc, "detail", None) or "")
        table = getattr(exc, "table_name", None)
        if key and table:
            column = f"{table}.{key[1]}"
    return IntegrityError(str(exc), column=column)


# What a restarting, failing over or stopped server says (a statement timeout is not among them).
_SERVER_GONE = (
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
)


def _closed(conn: asyncpg.Connection) -> bool:
    try:
        return bool(conn.is_closed())
    except asyncpg.InterfaceError:
        # The pool already took back a connection that the server closed under it.
        return True


def _lost(exc: Exception, conn: asyncpg.Connection | None) -> bool:
    """``exc`` says the server is gone (``conn``: the connection it came from, None while
    connecting); an error of the caller's own inside a transaction whose connection lives is not."""
    if isinstance(exc, _SERVER_GONE):
        return True
    closed = conn is None or _closed(conn)
    # a socket that failed, or asyncpg refusing to use a connection the server closed under it
    return closed and isinstance(
        exc, OSError | TimeoutError | asyncpg.InterfaceError | asyncpg.InternalClientError
    )


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConnection:
    def __init__(self, conn: asyncpg.Connection, *, write: bool) -> None:
        self.conn = conn
        self.row_lock = " FOR UPDATE" if write else ""
        # A statement failed outside a savepoint: PostgreSQL has aborted the transaction, and its
        # COMMIT would silently roll back everything, so the transaction refuses to commit.
        self.aborted: asyncpg.PostgresError | None = None

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._failing():
            return _rowcount(await self.conn.execute(numbered(sql), *params))
        raise AssertionError("unreachable")

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self._failing():
            await self.conn.executemany(numbered(sql), list(rows))

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._failing():
            return list(await self.conn.fetch(numbered(sql), *params))
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def _failing(self) -> AsyncIterator[None]:
        try:
            yield
        except asyncpg.PostgresError as exc:
            self.aborted = exc
            if isinstance(exc, asyncpg.IntegrityConstraintViolationError):
                raise _integrity(exc) from exc
            raise

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return next(iter(await self.fetchall(sql, params)), None)

    async def run_script(self, sql: str) -> None:
        # Without parameters asyncpg uses the simple protocol, which runs a whole script (function
        # bodies in $$ … $$ included) inside the open transaction.
        async with self._failing():
            await self.conn.execute(sql)

    async def lock_migrations(self) -> None:
        await self.conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        # A failed statement aborts a PostgreSQL transaction; rolling back to a savepoint lets the
        # caller go on (a busy channel is then looked up in the same transaction).
        before = self.aborted
        try:
            async with self.conn.transaction():
                yield
        finally:
            # rolled back to the savepoint: the transaction is usable again
            self.aborted = before


class PostgresDatabase:
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.target = without_password(url)

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[PostgresConnection]:
        """BEGIN … COMMIT on a pooled connection. A server that cannot be reached, or a connection
        lost before COMMIT, raises ``StorageUnavailable`` (nothing was saved: PostgreSQL rolls back
        what a lost session did); lost during COMMIT, it says the outcome is unknown. The pool
        replaces a lost connection when it is next acquired, so the next transaction may succeed."""
        try:
            conn = await self.pool.acquire()
        except Exception as exc:
            if _lost(exc, None):
                raise StorageUnavailable(
                    f"PostgreSQL is unavailable ({type(exc).__name__})", saved=False
                ) from exc
            raise
        try:
            isolation = "read_committed" if write else "repeatable_read"
            transaction = conn.transaction(isolation=isolation, readonly=not write)
            wrapped = PostgresConnection(conn, write=write)
            try:
                await transaction.start()
                yield wrapped
                if wrapped.aborted is not None:
                    raise RuntimeError("a statement failed, so the transaction was rolled back") from (
                        wrapped.aborted
                    )
            except BaseException as exc:
                if isinstance(exc, Exception) and _lost(exc, conn):
                    raise StorageUnavailable(
                        f"PostgreSQL dropped the connection ({type(exc).__name__})", saved=False
                    ) from exc
                if not _closed(conn):
                    # A rollback that fails too leaves the connection to the pool's reset on release;
                    # the error to report is the first.
                    with contextlib.suppress(Exception):
                        await transaction.rollback()
                raise
            if _closed(conn):
                # Lost while idle in the transaction: the COMMIT was never sent.
                raise StorageUnavailable("PostgreSQL dropped the connection before COMMIT", saved=False)
            try:
                await transaction.commit()
            except Exception as exc:
                if _lost(exc, conn):
                    raise StorageUnavailable(
                        "PostgreSQL dropped the connection during COMMIT", saved=None
                    ) from exc
                raise
        finally:
            await self.pool.release(conn)

    async def close(self) -> None:
        await self.pool.close()


async def open_postgres(url: str, *, pool_size: int = POOL_SIZE) -> PostgresDatabase:
    pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
    return PostgresDatabase(pool, url)
