"""Both backends end the migrations with the same schema: migrations/ on SQLite and, where a
dialect differs, migrations/postgresql/ on PostgreSQL (``bot.storage.migrate``). Compared: the
tables, their columns (kind of type, NOT NULL, a declared DEFAULT or not; ids that count by
themselves are SQLite's rowid and PostgreSQL's identity columns), the unique keys, the named indexes
and the triggers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import asyncpg

from bot.storage import migrate, open_database
from bot.storage.migrate import discover
from bot.storage.sqlite import SqliteDatabase
from tests.postgres import LocalPostgres

Schema = dict[str, Any]
# SQLite gives every table a rowid; PostgreSQL's hints table declares the one it is ordered by.
IMPLICIT_ROWID = {("hints", "rowid", "integer", True, False)}


def _kind(declared: str) -> str:
    declared = declared.lower()
    return "integer" if "int" in declared else declared


async def _sqlite_schema(path: Path) -> Schema:
    database = await open_database(path)
    assert isinstance(database, SqliteDatabase)
    await migrate(database)
    conn = database.conn
    columns: set[tuple[str, str, str, bool, bool]] = set(IMPLICIT_ROWID)
    unique: set[tuple[str, tuple[str, ...]]] = set()
    tables = [
        row[0]
        for row in await conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    for table in tables:
        info = list(await conn.execute_fetchall(f"PRAGMA table_info({table})"))
        for _, name, declared, notnull, default, pk in info:
            # INTEGER PRIMARY KEY is the rowid: never NULL, numbered by SQLite
            rowid = pk == 1 and declared.upper() == "INTEGER" and sum(1 for r in info if r[5]) == 1
            columns.add((table, name, _kind(declared), bool(notnull or pk), default is not None))
            if rowid:
                unique.add((table, (name,)))
        for _, index, is_unique, _, _ in await conn.execute_fetchall(f"PRAGMA index_list({table})"):
            if is_unique:
                cols = [r[2] for r in await conn.execute_fetchall(f"PRAGMA index_info({index})")]
                unique.add((table, tuple(cols)))
    named = {
        row[0]
        for row in await conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        )
    }
    triggers = {
        row[0] for row in await conn.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    }
    await database.close()
    return {
        "tables": set(tables),
        "columns": columns,
        "unique": unique,
        "indexes": named,
        "triggers": triggers,
    }


async def _postgres_schema(url: str) -> Schema:
    database = await open_database(url)
    await migrate(database)
    await database.close()
    conn = await asyncpg.connect(url)
    try:
        tables = {
            r[0] for r in await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        }
        columns = {
            (
                r["table_name"],
                r["column_name"],
                _kind(r["data_type"]),
                r["is_nullable"] == "NO",
                r["column_default"] is not None,
            )
            for r in await conn.fetch(
                "SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity "
                "FROM information_schema.columns WHERE table_schema = 'public'"
            )
        }
        unique = {
            (r[0], tuple(r[1]))
            for r in await conn.fetch(
                "SELECT t.relname, array_agg(a.attname ORDER BY k.ord) FROM pg_index i "
                "JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace "
                "CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) "
                "JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum "
                "WHERE i.indisunique AND n.nspname = 'public' GROUP BY i.indexrelid, t.relname"
            )
        }
        named = {
            r[0]
            for r in await conn.fetch(
                "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' "
                "AND indexname NOT IN (SELECT conname FROM pg_constraint)"
            )
        }
        triggers = {r[0] for r in await conn.fetch("SELECT trigger_name FROM information_schema.triggers")}
    finally:
        await conn.close()
    return {"tables": tables, "columns": columns, "unique": unique, "indexes": named, "triggers": triggers}


async def test_both_backends_define_the_same_schema(tmp_path: Path, postgres: LocalPostgres) -> None:
    on_sqlite = await _sqlite_schema(tmp_path / "schema.sqlite3")
    on_postgres = await _postgres_schema(postgres.create_database())
    for part in ("tables", "columns", "unique", "indexes", "triggers"):
        assert on_postgres[part] == on_sqlite[part], part
    assert {"games", "actions", "undos", "schedules", "posts", "hints"} <= on_sqlite["tables"]


def test_every_postgresql_file_has_a_shared_migration_of_its_number() -> None:
    """``discover`` takes migrations/postgresql/NNNN_x.sql in place of migrations/NNNN_x.sql; a file
    there of another name would never run."""
    shared = {m.path.name for m in discover()}
    for migration in discover(dialect="postgresql"):
        assert migration.path.name in shared
