"""Results travel with their games: an exported finished game imported again keeps a result (never
rated: the replay proves the moves, not who made them), with the bot's share of each seat; and
``python -m bot.ops.to_postgres`` copies results and ratings so that the ratings command finds
every copied rating equal to its recomputation on PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.ops import transfer
from bot.ops.ratings import run as ratings_command
from bot.ops.to_postgres import main as to_postgres
from bot.service.sessions import Sessions
from bot.storage import migrate, open_database
from tests.bot.conftest import Clock, play_bots
from tests.conftest import RACE_MODULES
from tests.postgres import LocalPostgres

GUILD = 5 << 22
ANN, BEN = 1 << 40, 2 << 40


async def _race(sessions: Sessions, channel: int, steps: list[int]) -> int:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=channel, game_name="race", host_id=ANN
    )
    await sessions.lobby.join(table.id, BEN, name="Ben")
    await sessions.lobby.start(table.id, ANN)
    for number, spaces in enumerate(steps):
        user = (ANN, BEN)[number % 2]
        await sessions.play.act(table.id, user, f"step {spaces}", expected_version=None, interaction_id=None)
    return table.id


async def test_an_imported_finished_game_keeps_its_result_unrated(sessions: Sessions) -> None:
    game_id = await _race(sessions, 10, [2, 2, 2, 2])
    # BEN's seat goes to the bot for the rest: its moves are the bot's, and the export says so.
    await sessions.play.replace_with_ai(game_id, ANN, BEN, may_manage=True)
    status = await play_bots(sessions, game_id)
    while status.progress is not None and not status.progress.decision.finished:
        await sessions.play.act(game_id, ANN, "step 1", expected_version=None, interaction_id=None)
        status = await play_bots(sessions, game_id)
    original = await sessions.after.result(game_id)
    assert original is not None and original.outcome == "finished"
    assert original.unrated == "people"  # BEN's seat was mostly the bot's: one person left
    document = await transfer.export_game(sessions, game_id, ANN, may_manage=True)
    assert any(action["by_bot"] for action in document["actions"])
    imported = await transfer.import_game(sessions, document, guild_id=GUILD, channel_id=11)
    copy = await sessions.after.result(imported.id)
    assert copy is not None and (copy.outcome, copy.unrated) == ("finished", "imported")
    assert [(s.seat, s.place, s.moves, s.bot_moves) for s in copy.seats] == [
        (s.seat, s.place, s.moves, s.bot_moves) for s in original.seats
    ]
    assert all(s.mu is None for s in copy.seats)


async def _fill(path: Path) -> None:
    database = await open_database(path)
    await migrate(database)
    sessions = Sessions(database, clock=Clock())
    try:
        await _race(sessions, 1, [2] * 9)
        await _race(sessions, 2, [1, 2] * 5)
        await _race(sessions, 3, [2] * 9)
    finally:
        await database.close()


def test_to_postgres_copies_results_and_ratings_to_the_bit(tmp_path: Path, postgres: LocalPostgres) -> None:
    source = tmp_path / "boardroom.sqlite3"
    asyncio.run(_fill(source))
    url = postgres.create_database()
    assert to_postgres([str(source), url, "--game-module", RACE_MODULES]) == 0
    assert asyncio.run(ratings_command(url, write=False)) == (3, [])
    assert asyncio.run(ratings_command(source, write=False)) == (3, [])

    async def counts(target: str | Path) -> tuple[int, ...]:
        database = await open_database(target)
        try:
            async with database.transaction(write=False) as conn:
                found = [
                    await conn.fetchone(f"SELECT COUNT(*) FROM {table}")
                    for table in ("results", "result_seats", "ratings")
                ]
        finally:
            await database.close()
        return tuple(int(row[0]) for row in found if row is not None)

    assert asyncio.run(counts(url)) == asyncio.run(counts(source)) == (3, 6, 4)
