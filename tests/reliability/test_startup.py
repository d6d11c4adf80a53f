"""Start-up on a database the bot cannot use, and with Discord unreachable (issue 17, finding 9):
``python -m bot`` exits within seconds with a non-zero status and one sentence (no traceback),
checks the database before it logs in, and leaves the file as it was."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import shutil
import socket
import sqlite3
import sys
import time
from pathlib import Path

import pytest

from bot.__main__ import EXIT_BAD_DATABASE, EXIT_DISCORD_UNREACHABLE
from tests.conftest import RACE_MODULES
from tests.fakediscord import FakeDiscord
from tests.fakediscord.harness import REPO_ROOT

# Generous for a 2-core machine running other tests; a hang is what this guards against.
PROMPT = 20.0


def bot_env(db: Path, loopback: str, token: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "GAME_MODULES"))}
    env.update(
        DISCORD_TOKEN=token,
        DISCORD_LOOPBACK=loopback,
        DATABASE_PATH=str(db),
        GAME_MODULES=RACE_MODULES,
        PYTHONPATH=str(REPO_ROOT),
        PYTHONUNBUFFERED="1",
    )
    return env


async def run_bot(env: dict[str, str], cwd: Path, *, prefix: tuple[str, ...] = ()) -> tuple[int, str, float]:
    started = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        *prefix,
        sys.executable,
        "-m",
        "bot",
        cwd=str(cwd),
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        out, _ = await asyncio.wait_for(process.communicate(), PROMPT)
    except TimeoutError:
        process.kill()
        out, _ = await process.communicate()
        raise AssertionError(
            f"python -m bot did not exit within {PROMPT} s:\n{out.decode(errors='replace')}"
        ) from None
    assert process.returncode is not None
    return process.returncode, out.decode(errors="replace"), time.monotonic() - started


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def bot_database(path: Path) -> None:
    from bot.storage import migrate, open_database
    from bot.storage.sqlite import SqliteDatabase

    database = await open_database(path)
    assert isinstance(database, SqliteDatabase)
    await migrate(database)
    await database.conn.execute("CREATE TABLE filler (body BLOB)")
    for _ in range(200):
        await database.conn.execute("INSERT INTO filler VALUES (?)", (os.urandom(3000),))
    await database.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    await database.close()


def garbage(path: Path) -> None:
    path.write_bytes(os.urandom(16 * 1024))


async def truncated(path: Path) -> None:
    await bot_database(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


async def future_schema(path: Path) -> None:
    await bot_database(path)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) "
            "VALUES (99, 'later', 'x', 'x')"
        )
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def one_sentence(output: str, *words: str) -> None:
    lines = [line for line in output.splitlines() if line.strip()]
    assert "Traceback" not in output, output
    assert len(lines) == 1, output
    for word in words:
        assert word in lines[0], output


@pytest.mark.parametrize("damage", ["garbage", "truncated", "future_schema"])
async def test_a_database_the_bot_cannot_use_stops_it_before_it_logs_in(
    fake_discord: FakeDiscord, tmp_path: Path, damage: str
) -> None:
    fake = fake_discord
    db = tmp_path / "boardroom.sqlite3"
    if damage == "garbage":
        garbage(db)
    elif damage == "truncated":
        await truncated(db)
    else:
        await future_schema(db)
    before = digest(db)
    code, output, took = await run_bot(bot_env(db, fake.loopback, fake.token), tmp_path)
    assert code == EXIT_BAD_DATABASE, output
    one_sentence(output, "Cannot start", str(db))
    assert digest(db) == before
    assert not fake.requests, "the database is checked before the bot logs in to Discord"
    print(f"{damage}: exit {code} after {took:.1f} s: {output.strip()}")


# Root writes anything: the bot then runs without the capabilities that let root ignore file modes.
AS_UNPRIVILEGED = (
    ("setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner") if os.geteuid() == 0 else ()
)


@pytest.mark.skipif(bool(AS_UNPRIVILEGED) and shutil.which("setpriv") is None, reason="root without setpriv")
async def test_a_read_only_database_stops_the_bot_before_it_logs_in(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    folder = tmp_path / "read-only"
    folder.mkdir()
    db = folder / "boardroom.sqlite3"
    await bot_database(db)
    db.chmod(0o444)
    folder.chmod(0o555)
    try:
        before = digest(db)
        code, output, _ = await run_bot(
            bot_env(db, fake.loopback, fake.token), tmp_path, prefix=AS_UNPRIVILEGED
        )
        assert code == EXIT_BAD_DATABASE, output
        one_sentence(output, "Cannot start", "read-only")
        assert digest(db) == before
        assert not fake.requests
    finally:
        folder.chmod(0o755)


def closed_port() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{sock.getsockname()[1]}"


async def test_an_unreachable_discord_exits_non_zero_with_one_sentence(tmp_path: Path) -> None:
    db = tmp_path / "boardroom.sqlite3"
    await bot_database(db)
    code, output, took = await run_bot(bot_env(db, closed_port(), "a-token"), tmp_path)
    assert code == EXIT_DISCORD_UNREACHABLE, output
    # discord.py's own INFO/WARNING lines come first; the explanation is one ERROR line.
    assert "Traceback" not in output, output
    errors = [line for line in output.splitlines() if "ERROR" in line]
    assert len(errors) == 1 and "Cannot reach Discord" in errors[0], output
    print(f"unreachable Discord: exit {code} after {took:.1f} s")
