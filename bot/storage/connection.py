"""What every storage function is handed: one connection inside one transaction, the same for SQLite
(``bot.storage.sqlite``) and PostgreSQL (``bot.storage.postgres``).

The storage functions write one SQL text for both, with ``?`` parameters; what differs between the
two lives in the backend modules: how a parameter is written, how a game is locked for the rest of
the transaction, how a migration script is run, and how the driver reports a broken constraint
(both become ``IntegrityError`` here, naming ``table.column`` when a UNIQUE constraint refused).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol


class IntegrityError(Exception):
    """A constraint refused the statement (UNIQUE, FOREIGN KEY, CHECK, or the append-only triggers).

    ``column`` is ``table.column`` when a UNIQUE constraint on one column refused it.
    """

    def __init__(self, message: str, *, column: str | None = None) -> None:
        super().__init__(message)
        self.column = column


class StorageUnavailable(Exception):
    """The database could not be reached, or dropped the connection of a transaction (a restart, a
    failover, a terminated session). ``saved`` is False when the transaction certainly did not
    commit, None when the connection went while its COMMIT was under way (it may have)."""

    def __init__(self, message: str, *, saved: bool | None) -> None:
        super().__init__(message)
        self.saved = saved


class MigrationError(RuntimeError):
    """The migrations cannot be applied safely; the database was left as it was."""


class Row(Protocol):
    """A result row, read by column name or position (sqlite3.Row and asyncpg.Record both are)."""

    def __getitem__(self, key: int | str, /) -> Any: ...


class Connection(Protocol):
    # Appended to the SELECT that loads a game in a write transaction: it holds the game's row until
    # COMMIT, so two processes never interleave on one game ("" where the transaction locks enough).
    row_lock: str

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def run_script(self, sql: str) -> None:
        """Run a migration file's statements, inside the caller's transaction."""
        ...

    async def lock_migrations(self) -> None:
        """Keep any other process from migrating until this transaction ends."""
        ...

    def savepoint(self) -> AbstractAsyncContextManager[None]:
        """A statement that may break a constraint, after which the transaction goes on."""
        ...


class Database(Protocol):
    # "sqlite" or "postgresql": picks the backend's own migration files where they differ
    dialect: str
    # the file or the URL (without a password) it was opened from, for logs
    target: str

    def transaction(self, *, write: bool = True) -> AbstractAsyncContextManager[Connection]:
        """BEGIN … COMMIT, rolled back on any exception; ``write=False`` reads a consistent snapshot."""
        ...

    async def close(self) -> None: ...
