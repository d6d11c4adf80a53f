"""The migration runner: forward-only ``migrations/NNNN_short_reason.sql`` applied in order, on SQLite
and on PostgreSQL.

One set of files serves both where the SQL is portable. Where a dialect differs (an id that counts
by itself, a trigger, a function), ``migrations/postgresql/NNNN_same_name.sql`` is what PostgreSQL
runs instead of the shared file of that number; ``tests/bot/test_schema.py`` checks that both
backends end with the same tables, columns, indexes and triggers. A later file without a
PostgreSQL twin runs as it is on both, so it must be portable: BIGINT for ids and counts that may
pass 2^31 (SQLite reads it as INTEGER), no ``INTEGER PRIMARY KEY`` ids, no triggers.

Each file and its ``schema_migrations`` record are applied in ONE transaction, so a failing
migration leaves no table, row or record behind. On SQLite the runner splits the file into
statements itself (``executescript`` would COMMIT first); a migration that rebuilds a table uses
``PRAGMA defer_foreign_keys = ON`` (checked at COMMIT), since ``PRAGMA foreign_keys`` cannot change
inside a transaction.

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

import asyncpg

from bot.storage.connection import Connection, Database, IntegrityError, MigrationError

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


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def discover(directory: Path = MIGRATIONS_DIR, dialect: str = "sqlite") -> list[Migration]:
    """The migration files in order, refusing stray names, duplicates and gaps; for a dialect
    other than SQLite, its own file (``directory/dialect/``) replaces the shared one of that name."""
    found: list[Migration] = []
    own = directory / dialect
    for path in sorted(directory.glob("*.sql")):
        match = FILE_NAME.match(path.name)
        if match is None:
            raise MigrationError(f"{path.name}: migration files are named NNNN_short_reason.sql")
        if dialect != "sqlite" and (own / path.name).exists():
            path = own / path.name
        found.append(Migration(int(match["number"]), match["name"], path, path.read_text(encoding="utf-8")))
    if own.is_dir():
        stray = sorted({p.name for p in own.glob("*.sql")} - {m.path.name for m in found})
        if stray:
            raise MigrationError(f"{own.name}/{stray[0]} has no shared migration of the same name")
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"{migration.path.name}: expected migration {expected:04d} here (gap or duplicate numbering)"
            )
    return found


async def applied(db: Database) -> dict[int, tuple[str, str]]:
    """version → (name, checksum) of what the database has applied."""
    async with db.transaction() as conn:
        await conn.lock_migrations()
        await conn.execute(CREATE_RECORD_TABLE)
        rows = await conn.fetchall("SELECT version, name, checksum FROM schema_migrations")
    return {int(row[0]): (str(row[1]), str(row[2])) for row in rows}


async def migrate(db: Database, directory: Path = MIGRATIONS_DIR) -> list[int]:
    """Apply every pending migration; returns the versions applied now."""
    migrations = discover(directory, db.dialect)
    done = await applied(db)
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
        if await _apply_one(db, migration):
            newly.append(migration.version)
    return newly


async def _apply_one(db: Database, migration: Migration) -> bool:
    try:
        async with db.transaction() as conn:
            await conn.lock_migrations()
            # Another process may have applied it between our check and our lock.
            if await conn.fetchone("SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)):
                return False
            await conn.run_script(migration.sql)
            await _record(conn, migration)
    except (IntegrityError, sqlite3.Error, asyncpg.PostgresError) as exc:
        raise MigrationError(f"{migration.path.name} failed and was rolled back: {exc}") from exc
    return True


async def _record(conn: Connection, migration: Migration) -> None:
    await conn.execute(
        "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
        (migration.version, migration.name, migration.checksum, datetime.now(UTC).isoformat()),
    )
