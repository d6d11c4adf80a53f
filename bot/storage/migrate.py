"""The migration runner: forward-only ``migrations/NNNN_short_reason.sql`` applied in order.

Each file and its ``schema_migrations`` record are applied in ONE transaction. ``executescript``
would COMMIT before running the script, so the runner splits the file into statements itself
(``sqlite3.complete_statement`` knows where a statement, trigger bodies included, ends) and runs
them between its own BEGIN and COMMIT: a failing migration leaves no table, row or record behind.

Because each file runs inside a transaction, ``PRAGMA foreign_keys`` cannot change there; a
migration that rebuilds a table uses ``PRAGMA defer_foreign_keys = ON`` instead (checked at
COMMIT).

Refused, before anything is applied: a gap or a duplicate in the numbering, an applied migration
whose file is gone, and an applied migration whose file was edited (sha256 checksum).
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
FILE_NAME = re.compile(r"^(?P<number>\d{4})_(?P<name>[a-z0-9_]+)\.sql$")

CREATE_RECORD_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
)
"""


class MigrationError(RuntimeError):
    """The migrations cannot be applied safely; the database was left as it was."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def discover(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files in order, refusing stray names, duplicates and gaps."""
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = FILE_NAME.match(path.name)
        if match is None:
            raise MigrationError(f"{path.name}: migration files are named NNNN_short_reason.sql")
        found.append(Migration(int(match["number"]), match["name"], path, path.read_text(encoding="utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"{migration.path.name}: expected migration {expected:04d} here (gap or duplicate numbering)"
            )
    return found


def split_statements(sql: str) -> list[str]:
    """Split a script into complete statements, keeping ``CREATE TRIGGER … BEGIN … END;`` whole."""
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


async def applied(conn: aiosqlite.Connection) -> dict[int, tuple[str, str]]:
    """version → (name, checksum) of what the database has applied."""
    await conn.execute(CREATE_RECORD_TABLE)
    async with conn.execute("SELECT version, name, checksum FROM schema_migrations") as cursor:
        return {row[0]: (row[1], row[2]) async for row in cursor}


async def migrate(conn: aiosqlite.Connection, directory: Path = MIGRATIONS_DIR) -> list[int]:
    """Apply every pending migration; returns the versions applied now.

    ``conn`` must be in autocommit mode (``isolation_level=None``) and not in a transaction.
    """
    migrations = discover(directory)
    done = await applied(conn)
    by_version = {m.version: m for m in migrations}
    for version, (name, checksum) in sorted(done.items()):
        migration = by_version.get(version)
        if migration is None:
            raise MigrationError(f"migration {version:04d}_{name} is applied but its file is missing")
        if migration.checksum != checksum:
            raise MigrationError(
                f"{migration.path.name} was edited after it was applied (checksum differs); "
                "write a new migration instead"
            )
    newly: list[int] = []
    for migration in migrations:
        if migration.version in done:
            continue
        if await _apply_one(conn, migration):
            newly.append(migration.version)
    return newly


async def _apply_one(conn: aiosqlite.Connection, migration: Migration) -> bool:
    statements = split_statements(migration.sql)
    await conn.execute("BEGIN IMMEDIATE")
    try:
        # Another process may have applied it between our check and our write lock.
        async with conn.execute(
            "SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)
        ) as cur:
            if await cur.fetchone() is not None:
                await conn.execute("ROLLBACK")
                return False
        for statement in statements:
            await conn.execute(statement)
        await conn.execute(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
            (migration.version, migration.name, migration.checksum, datetime.now(UTC).isoformat()),
        )
    except BaseException as exc:
        if conn.in_transaction:
            await conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise MigrationError(f"{migration.path.name} failed and was rolled back: {exc}") from exc
        raise
    await conn.execute("COMMIT")
    return True
