"""The migration runner: order, one transaction per file, checksums, gaps (architecture §migrations)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import MigrationError, connect
from bot.storage.migrate import MIGRATIONS_DIR, discover, migrate
from bot.storage.sqlite import SqliteDatabase, split_statements


async def _tables(conn: aiosqlite.Connection) -> set[str]:
    async with conn.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'index', 'trigger')"
    ) as cur:
        return {row[0] async for row in cur}


async def _records(conn: aiosqlite.Connection) -> list[tuple[int, str]]:
    async with conn.execute("SELECT version, name FROM schema_migrations ORDER BY version") as cur:
        return [(row[0], row[1]) async for row in cur]


@pytest.fixture
def mdir(tmp_path: Path) -> Path:
    directory = tmp_path / "migrations"
    directory.mkdir()
    return directory


@pytest.fixture
async def conn(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    connection = await connect(tmp_path / "db" / "test.sqlite3")
    yield connection
    await connection.close()


@pytest.fixture
def sqlite_db(conn: aiosqlite.Connection, tmp_path: Path) -> SqliteDatabase:
    """The runner's view of ``conn`` (the tests look at the file through ``conn`` itself)."""
    return SqliteDatabase(conn, str(tmp_path / "db" / "test.sqlite3"))


async def test_the_shipped_migrations_apply_once_and_set_the_pragmas(
    conn: aiosqlite.Connection, sqlite_db: SqliteDatabase
) -> None:
    assert await migrate(sqlite_db) == [m.version for m in discover()]
    assert await migrate(sqlite_db) == []
    assert {"games", "seats", "actions", "schedules", "games_one_active_per_channel"} <= await _tables(conn)
    for pragma, expected in (("journal_mode", "wal"), ("foreign_keys", 1), ("synchronous", 1)):
        async with conn.execute(f"PRAGMA {pragma}") as cur:
            row = await cur.fetchone()
        assert row is not None and row[0] == expected, pragma


async def test_files_apply_in_order_each_with_its_record(
    conn: aiosqlite.Connection, sqlite_db: SqliteDatabase, mdir: Path
) -> None:
    (mdir / "0002_add_b.sql").write_text("CREATE TABLE b (id INTEGER PRIMARY KEY, a_id REFERENCES a (id));")
    (mdir / "0001_add_a.sql").write_text("CREATE TABLE a (id INTEGER PRIMARY KEY);")
    assert await migrate(sqlite_db, mdir) == [1, 2]
    assert await _records(conn) == [(1, "add_a"), (2, "add_b")]
    (mdir / "0003_add_c.sql").write_text("CREATE TABLE c (x TEXT);")
    assert await migrate(sqlite_db, mdir) == [3]


async def test_a_failing_migration_leaves_no_trace(
    conn: aiosqlite.Connection, sqlite_db: SqliteDatabase, mdir: Path
) -> None:
    (mdir / "0001_ok.sql").write_text("CREATE TABLE a (id INTEGER PRIMARY KEY);")
    (mdir / "0002_broken.sql").write_text(
        "CREATE TABLE half (id INTEGER);\nINSERT INTO a (id) VALUES (1);\nINSERT INTO nowhere VALUES (1);\n"
    )
    with pytest.raises(MigrationError, match=r"0002_broken\.sql failed and was rolled back"):
        await migrate(sqlite_db, mdir)
    assert "half" not in await _tables(conn)
    assert await _records(conn) == [(1, "ok")]
    async with conn.execute("SELECT COUNT(*) FROM a") as cur:
        counted = await cur.fetchone()
        assert counted is not None and counted[0] == 0
    assert not conn.in_transaction
    # Fixing the file lets it apply (it was never recorded, so no checksum binds it).
    (mdir / "0002_broken.sql").write_text("CREATE TABLE half (id INTEGER);")
    assert await migrate(sqlite_db, mdir) == [2]


async def test_an_edited_applied_migration_is_refused(
    conn: aiosqlite.Connection, sqlite_db: SqliteDatabase, mdir: Path
) -> None:
    (mdir / "0001_add_a.sql").write_text("CREATE TABLE a (id INTEGER PRIMARY KEY);")
    await migrate(sqlite_db, mdir)
    (mdir / "0001_add_a.sql").write_text("CREATE TABLE a (id INTEGER PRIMARY KEY, extra TEXT);")
    (mdir / "0002_add_b.sql").write_text("CREATE TABLE b (id INTEGER);")
    with pytest.raises(MigrationError, match="edited after it was applied"):
        await migrate(sqlite_db, mdir)
    assert "b" not in await _tables(conn)


async def test_a_missing_applied_file_is_refused(
    conn: aiosqlite.Connection, sqlite_db: SqliteDatabase, mdir: Path
) -> None:
    (mdir / "0001_add_a.sql").write_text("CREATE TABLE a (id INTEGER PRIMARY KEY);")
    await migrate(sqlite_db, mdir)
    (mdir / "0001_add_a.sql").rename(mdir / "0001_renamed.sql")
    (mdir / "0001_renamed.sql").unlink()
    with pytest.raises(MigrationError, match="applied but its file is missing"):
        await migrate(sqlite_db, mdir)


@pytest.mark.parametrize(
    "names",
    [("0001_a.sql", "0003_c.sql"), ("0002_b.sql",), ("0001_a.sql", "0001_again.sql")],
    ids=["gap", "does-not-start-at-1", "duplicate"],
)
async def test_gaps_and_duplicates_are_refused_before_anything_runs(
    conn: aiosqlite.Connection, sqlite_db: SqliteDatabase, mdir: Path, names: tuple[str, ...]
) -> None:
    for index, name in enumerate(names):
        (mdir / name).write_text(f"CREATE TABLE t{index} (x INTEGER);")
    with pytest.raises(MigrationError, match="gap or duplicate"):
        await migrate(sqlite_db, mdir)
    assert not {"t0", "t1"} & await _tables(conn)


async def test_a_badly_named_file_is_refused(
    conn: aiosqlite.Connection, sqlite_db: SqliteDatabase, mdir: Path
) -> None:
    (mdir / "1_first.sql").write_text("CREATE TABLE a (x INTEGER);")
    with pytest.raises(MigrationError, match="NNNN_short_reason"):
        await migrate(sqlite_db, mdir)


def test_statements_split_keeps_trigger_bodies_and_skips_comments() -> None:
    sql = (MIGRATIONS_DIR / "0001_games_seats_actions_schedules.sql").read_text()
    statements = split_statements(sql)
    triggers = [s for s in statements if s.startswith("CREATE TRIGGER")]
    assert len(triggers) == 2 and all(t.rstrip().endswith("END;") for t in triggers)
    assert not any(s.lstrip().startswith("--") and "\n" not in s for s in statements)
    with pytest.raises(MigrationError, match="incomplete"):
        split_statements("CREATE TABLE a (x INTEGER);\nCREATE TABLE b (")


async def test_0003_keeps_the_round_posts_under_checkpoint_keys(
    conn: aiosqlite.Connection, sqlite_db: SqliteDatabase, mdir: Path
) -> None:
    """A database from before the seam: its round summaries become the posts "round-N", and the
    final post, stored as "round 10000", becomes "final"; their order is kept."""
    for shipped in discover()[:2]:
        (mdir / shipped.path.name).write_text(shipped.path.read_text())
    await migrate(sqlite_db, mdir)
    await conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game, options, status, created_at, updated_at) "
        "VALUES (1, 1, 1, 'race', '{}', 'finished', 'x', 'x')"
    )
    for round_no, totals in ((1, "[1]"), (2, "[3]"), (10_000, "[9]")):
        await conn.execute(
            "INSERT INTO round_posts (game_id, round, totals, created_at) VALUES (1, ?, ?, 'x')",
            (round_no, totals),
        )
    await conn.commit()
    third = discover()[2]
    (mdir / third.path.name).write_text(third.path.read_text())
    assert await migrate(sqlite_db, mdir) == [3]
    async with conn.execute("SELECT key, totals FROM posts ORDER BY ord") as cur:
        assert [tuple(row) async for row in cur] == [("round-1", "[1]"), ("round-2", "[3]"), ("final", "[9]")]
    assert "round_posts" not in await _tables(conn)


async def test_0004_keeps_every_earlier_post_posted(
    conn: aiosqlite.Connection, sqlite_db: SqliteDatabase, mdir: Path
) -> None:
    """Posts made before 0004 were sent already: none of them becomes owed (posted again)."""
    for shipped in discover()[:3]:
        (mdir / shipped.path.name).write_text(shipped.path.read_text())
    await migrate(sqlite_db, mdir)
    await conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game, options, status, created_at, updated_at) "
        "VALUES (1, 1, 1, 'race', '{}', 'finished', 'x', 'x')"
    )
    await conn.execute("INSERT INTO posts (game_id, key, ord, created_at) VALUES (1, 'lap-1', 1, 'then')")
    await conn.commit()
    fourth = discover()[3]
    (mdir / fourth.path.name).write_text(fourth.path.read_text())
    assert await migrate(sqlite_db, mdir) == [4]
    async with conn.execute("SELECT key, posted_at FROM posts") as cur:
        assert [tuple(row) async for row in cur] == [("lap-1", "then")]
