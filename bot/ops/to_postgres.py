"""``python -m bot.ops.to_postgres SQLITE_FILE POSTGRESQL_URL [--game-module M]``: move a bot's
SQLite database into PostgreSQL, for running several shard processes on it.

Stop the bot first. Both databases are migrated to the newest schema (the SQLite file as the bot
would at its next start); the PostgreSQL one must hold no game yet. Every table is copied whole in
ONE PostgreSQL transaction, parents before children (its foreign keys say which), in the order of
SQLite's rowid, keeping every id; the identity counters then continue after the highest id. Then
the copy is checked before the command says it is done: every table holds the same rows, value for
value, as the file, and every started game's snapshot equals the replay of its log from the seed.
Exit status 0 = the copy is complete and checked; otherwise nothing is committed, or the check
names what differs. The SQLite file is left as it was (a backup of it stays valid).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import plugins
from bot.service.sessions import Sessions
from bot.storage.connection import Connection
from bot.storage.migrate import migrate
from bot.storage.postgres import PostgresDatabase, is_url, open_postgres
from bot.storage.sqlite import SqliteDatabase, connect

# The runner's own record of the schema, written by ``migrate`` on each side.
NOT_COPIED = {"schema_migrations"}


class NotEmpty(RuntimeError):
    """The PostgreSQL database already holds games: copying into it would mix two deployments."""


@dataclass
class Moved:
    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    problems: list[str] = field(default_factory=list)


async def _tables(source: SqliteDatabase) -> list[str]:
    """The tables to copy, each after the tables its foreign keys point to."""
    async with source.transaction(write=False) as conn:
        names = [
            str(row[0])
            for row in await conn.fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                "ORDER BY name"
            )
            if row[0] not in NOT_COPIED
        ]
        parents = {
            name: {str(row["table"]) for row in await conn.fetchall(f"PRAGMA foreign_key_list({name})")}
            - {name}
            for name in names
        }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:
            raise RuntimeError(f"foreign keys in a cycle among {sorted(set(names) - set(ordered))}")
        ordered += ready
    return ordered


async def _columns(conn: Connection, table: str) -> list[str]:
    return [str(row["name"]) for row in await conn.fetchall(f"PRAGMA table_info({table})")]


async def _rows(conn: Connection, table: str, columns: Sequence[str], order: str) -> list[tuple[Any, ...]]:
    return [
        tuple(row[i] for i in range(len(columns)))
        for row in await conn.fetchall(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}")
    ]


async def copy(source: SqliteDatabase, target: PostgresDatabase) -> Moved:
    """Copy every row (see the module docstring) and check the copy."""
    await migrate(source)
    await migrate(target)
    tables = await _tables(source)
    moved = Moved()
    async with source.transaction(write=False) as read, target.transaction() as write:
        if await write.fetchone("SELECT 1 FROM games LIMIT 1"):
            raise NotEmpty("the PostgreSQL database already holds games; give the command an empty one")
        for table in tables:
            columns = await _columns(read, table)
            rows = await _rows(read, table, columns, "rowid")
            marks = ", ".join("?" * len(columns))
            await write.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
            moved.rows[table] = len(rows)
        # Ids were copied as they were: the identity counters go on after the highest one.
        for row in await write.fetchall(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND is_identity = 'YES' "
            "AND identity_generation = 'BY DEFAULT'"
        ):
            table, column = str(row[0]), str(row[1])
            await write.fetchone(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
            )
    await _check(source, target, tables, moved)
    return moved


async def _check(source: SqliteDatabase, target: PostgresDatabase, tables: list[str], moved: Moved) -> None:
    async with source.transaction(write=False) as read, target.transaction(write=False) as copied:
        for table in tables:
            columns = await _columns(read, table)
            # Same order on both sides: SQLite's rowid, which PostgreSQL's rows kept as their ids (or,
            # for a table without one, the order they were inserted in, which ``ctid`` follows).
            keys = [str(r["name"]) for r in await read.fetchall(f"PRAGMA table_info({table})") if r["pk"]]
            order = ", ".join(keys) if keys else "rowid"
            theirs = await _rows(copied, table, columns, order if keys else "ctid")
            if await _rows(read, table, columns, order) != theirs:
                moved.problems.append(f"{table}: the copy's rows differ from the file's")
        started = [int(r[0]) for r in await copied.fetchall("SELECT id FROM games WHERE seed IS NOT NULL")]
    sessions = Sessions(target)
    for game_id in started:
        try:
            same = await sessions.reading.replay(game_id) == await sessions.reading.load(game_id)
        except Exception as exc:  # any failure is the game's problem, reported with the others
            moved.problems.append(f"game {game_id}: the log does not replay ({type(exc).__name__}: {exc})")
            continue
        if same:
            moved.replayed += 1
        else:
            moved.problems.append(f"game {game_id}: the snapshot differs from the replay of its log")


async def run(sqlite_file: Path, url: str) -> Moved:
    source = SqliteDatabase(await connect(sqlite_file), str(sqlite_file))
    try:
        target = await open_postgres(url)
        try:
            return await copy(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ops.to_postgres", description=__doc__.split("\n")[0])
    parser.add_argument(
        "sqlite_file", type=Path, help="the bot's SQLite file (DATABASE_PATH); stop the bot first"
    )
    parser.add_argument("url", help="postgresql://user:password@host:port/dbname of an empty database")
    parser.add_argument(
        "--game-module", action="append", default=[], help="extra game, as GAME_MODULES names it (repeatable)"
    )
    args = parser.parse_args(argv)
    if not args.sqlite_file.is_file():
        print(f"{args.sqlite_file}: no such file", file=sys.stderr)
        return 2
    if not is_url(args.url):
        print("the target is a postgresql:// URL", file=sys.stderr)
        return 2
    plugins.load_all(args.game_module)
    try:
        moved = asyncio.run(run(args.sqlite_file, args.url))
    except NotEmpty as exc:
        print(f"Refused: {exc}", file=sys.stderr)
        return 1
    copied = ", ".join(f"{n} {t}" for t, n in moved.rows.items())
    print(f"Copied {copied}; {moved.replayed} started games replay to their snapshot.")
    for problem in moved.problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    return 1 if moved.problems else 0


if __name__ == "__main__":
    sys.exit(main())
