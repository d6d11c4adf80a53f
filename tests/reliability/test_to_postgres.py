"""Moving a bot's SQLite database into PostgreSQL (issue 23, ``python -m bot.ops.to_postgres``):
50 games (a Carnegie game with an undo, and race games), finished and running, with summaries owed
and posted, a hint and a post retry, all carried over value for value, every started game
replaying to its snapshot, and play going on in PostgreSQL afterwards with ids that continue. A
PostgreSQL database that holds games already is refused and left as it was; a copy the command's own
check finds wrong ends with a non-zero status."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ops.to_postgres import main
from bot.service.sessions import Sessions
from bot.storage import Status, migrate, open_database, schedules
from bot.storage import games as game_rows
from tests.bot import test_carnegie_sessions as carnegie
from tests.bot.test_main import PASSWORD, shows_part_of
from tests.bot.test_sessions import BOB
from tests.conftest import RACE_MODULES
from tests.fakediscord.harness import REPO_ROOT
from tests.postgres import LocalPostgres
from tests.race_game import RaceState

GAMES = 50
HOST, GUEST = 1 << 40, 2 << 40
MOVES = ("step 1", "step 2", "roll")


async def _fill(path: Path) -> dict[str, int]:
    """A Carnegie game with an undo (the race has none: each of its steps hands the turn over), then
    race games, every other one played to the end and the rest part-way; a hint and a post retry.
    Returns how many games ended and how many run."""
    database = await open_database(path)
    await migrate(database)
    sessions = Sessions(database)
    rng = random.Random(23)
    try:
        table = await carnegie._carnegie(sessions, BOB)
        seat = await carnegie._play_until(sessions, table.id, "setup_moves")
        user, _ = await carnegie._move(sessions, table.id, seat)
        await sessions.play.undo(table.id, user, expected_version=None, interaction_id=None)
        for number in range(1, GAMES):
            table = await sessions.lobby.create_game(
                guild_id=7 << 22, channel_id=1000 + number, game_name="race", host_id=HOST, seats=2
            )
            await sessions.lobby.join(table.id, GUEST)
            status = await sessions.lobby.start(table.id, HOST)
            moves = 100 if number % 2 else rng.randrange(1, 8)
            for _ in range(moves):
                if status.table.game.status is not Status.ACTIVE:
                    break
                race = await sessions.reading.load(table.id)
                assert isinstance(race, RaceState)
                seat = race.turn
                user = (HOST, GUEST)[seat]
                await sessions.play.act(
                    table.id, user, rng.choice(MOVES), expected_version=None, interaction_id=None
                )
                status = await sessions.reading.status(table.id)
        async with database.transaction() as conn:
            await game_rows.record_hint(conn, 1, seat=0, user_id=HOST, at="2026-01-02T00:00:00+00:00")
            await schedules.add_schedule(
                conn, 2, kind="post-retry", due_at="2026-01-03T00:00:00+00:00", payload="{}", at="2026-01-02"
            )
            ended = await conn.fetchone("SELECT COUNT(*) FROM games WHERE status = 'finished'")
        assert ended is not None
        return {"finished": int(ended[0]), "running": GAMES - int(ended[0])}
    finally:
        await database.close()


def test_a_sqlite_database_of_50_games_moves_into_postgresql(tmp_path: Path, postgres: LocalPostgres) -> None:
    source = tmp_path / "boardroom.sqlite3"
    games = asyncio.run(_fill(source))
    assert games["finished"] >= 20 and games["running"] >= 20
    url = postgres.create_database()
    assert main([str(source), url, "--game-module", RACE_MODULES]) == 0, "the copy did not check out"
    asyncio.run(_plays_on(url))
    # Once there are games, a second copy is refused and changes nothing.
    assert main([str(source), url, "--game-module", RACE_MODULES]) == 1
    asyncio.run(_count_is(url, GAMES + 1))


async def _plays_on(url: str) -> None:
    database = await open_database(url)
    sessions = Sessions(database)
    try:
        async with database.transaction(write=False) as conn:
            rows = await conn.fetchall("SELECT COUNT(*), MAX(id) FROM games")
            undos = await conn.fetchone("SELECT COUNT(*) FROM undos")
            posts = await conn.fetchone("SELECT COUNT(*) FROM posts")
            running = await conn.fetchone(
                "SELECT MIN(id) FROM games WHERE status = 'active' AND game = 'race'"
            )
        assert (rows[0][0], rows[0][1]) == (GAMES, GAMES)
        assert undos is not None and undos[0] > 0 and posts is not None and posts[0] > 0
        assert running is not None
        game_id = int(running[0])
        race = await sessions.reading.load(game_id)
        assert isinstance(race, RaceState)
        seat = race.turn
        result = await sessions.play.act(
            game_id, (HOST, GUEST)[seat], "step 1", expected_version=None, interaction_id=5
        )
        assert result.seq > 1 and await sessions.reading.replay(game_id) == await sessions.reading.load(
            game_id
        )
        fresh = await sessions.lobby.create_game(
            guild_id=7 << 22, channel_id=99, game_name="race", host_id=HOST
        )
        assert fresh.id == GAMES + 1  # the ids go on after the copied ones
    finally:
        await database.close()


async def _count_is(url: str, expected: int) -> None:
    database = await open_database(url)
    try:
        async with database.transaction(write=False) as conn:
            row = await conn.fetchone("SELECT COUNT(*) FROM games")
        assert row is not None and row[0] == expected
    finally:
        await database.close()


def test_the_command_refuses_what_it_cannot_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "none.sqlite3"), "postgresql://x@/y"]) == 2
    (tmp_path / "some.sqlite3").write_bytes(b"")
    assert main([str(tmp_path / "some.sqlite3"), "mysql://x/y"]) == 2
    assert "postgresql://" in capsys.readouterr().err


async def _damaged(path: Path) -> None:
    """A race game whose saved snapshot is one move behind its log (the file was damaged)."""
    database = await open_database(path)
    await migrate(database)
    sessions = Sessions(database)
    try:
        table = await sessions.lobby.create_game(
            guild_id=7 << 22, channel_id=1, game_name="race", host_id=HOST, seats=2
        )
        await sessions.lobby.join(table.id, GUEST)
        started = await sessions.lobby.start(table.id, HOST)
        await sessions.play.act(table.id, HOST, "step 1", expected_version=None, interaction_id=None)
        async with database.transaction() as conn:
            await conn.execute(
                "UPDATE games SET snapshot = ? WHERE id = ?", (started.table.game.snapshot, table.id)
            )
    finally:
        await database.close()


def _to_postgres(source: Path, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.ops.to_postgres", str(source), url, "--game-module", RACE_MODULES],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_command_fails_when_its_own_check_finds_a_problem_and_hides_the_password(
    tmp_path: Path, postgres: LocalPostgres
) -> None:
    """The copy is made, but its check finds a game whose snapshot is not what its log replays to:
    ``python -m bot.ops.to_postgres`` names it and exits non-zero, so that the operator (or the
    script moving the bot) does not switch the bot over to a copy the command itself found wrong.
    Run again, it refuses the database that now holds games. Neither answer shows the password of the
    URL it was given, nor a part of it."""
    source = tmp_path / "boardroom.sqlite3"
    asyncio.run(_damaged(source))
    url = postgres.create_database().replace("postgres@", f"postgres:{PASSWORD}@", 1)
    checked = _to_postgres(source, url)
    assert "PROBLEM: game 1: the snapshot differs from the replay of its log" in checked.stderr, (
        checked.stderr
    )
    assert checked.returncode == 1, checked.stdout + checked.stderr
    again = _to_postgres(source, url)
    assert again.returncode == 1 and again.stderr.startswith("Refused: "), again.stderr
    for said in (checked.stdout + checked.stderr, again.stdout + again.stderr):
        assert not shows_part_of(PASSWORD, said), said
