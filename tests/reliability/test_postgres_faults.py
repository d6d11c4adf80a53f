"""PostgreSQL failing under the bot: the connection serving a move's write transaction is terminated
half-way through it (``pg_terminate_backend``, as a failover or an administrator would), and the
server is restarted while players click. Through the real discord.py client and the fake Discord,
with the bot on ``DATABASE_URL``."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.on_discord.errors import APOLOGY, NOT_SAVED
from bot.storage import StorageUnavailable, migrate, open_database
from engine.core.words import Msg
from render.common.language import say
from tests.fakediscord import FakeDiscord, InteractionOutcome
from tests.postgres import LocalPostgres
from tests.reliability.helpers import (
    GAME_MODULES,
    action_id,
    answer,
    assert_replays,
    game_fingerprint,
    seat_race,
    sessions_of,
)


def sentence(message: Msg | str) -> str:
    return say(message)


async def the_move_was_not_saved(outcome: InteractionOutcome) -> str:
    """The player's private answer to a click the database lost: what happened, not the apology."""
    seen = await answer(outcome, timeout=20)
    assert seen.ephemeral and seen is not outcome.record.source_message, seen
    assert seen.content != sentence(APOLOGY)
    assert seen.content == sentence(NOT_SAVED), seen.content
    return seen.content


async def applied(outcome: InteractionOutcome) -> bool:
    seen = await answer(outcome, timeout=20)
    return seen is outcome.record.source_message


async def test_the_connection_of_a_write_transaction_terminated_half_way(
    fake_discord: FakeDiscord, start_bot: Any, postgres: LocalPostgres, tmp_path: Path
) -> None:
    """The move's transaction has already updated the game's row and waits to append to the log
    (the test holds the log's table) when its backend is terminated. Demanded: the game is as it
    was (version, snapshot, log), the player is told their move was not saved, the same click then
    goes through on a fresh connection, and the game replays."""
    fake = fake_discord
    url = postgres.create_database()
    handle = await start_bot(tmp_path / "unused.sqlite3", database_url=url, game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    table = await seat_race(fake, sessions, "games")
    before = await game_fingerprint(sessions, table.id)

    # One connection holds the log's table; another watches (a transaction sees pg_stat_activity as
    # it was when first read in it).
    holder, watcher = await asyncpg.connect(url), await asyncpg.connect(url)
    try:
        hold = holder.transaction()
        await hold.start()
        await holder.execute("LOCK TABLE actions IN EXCLUSIVE MODE")
        click = asyncio.ensure_future(fake.press("alice", "games", action_id(table, 0, "step 1")))
        waiting = await fake.wait_until_async(lambda: _waiting_on_actions(watcher), 20, "the move's write")
        assert await watcher.fetchval("SELECT pg_terminate_backend($1)", waiting)
        await hold.rollback()
    finally:
        await holder.close()
        await watcher.close()
    await the_move_was_not_saved(await click)
    assert await game_fingerprint(sessions, table.id) == before

    again = await fake.press("alice", "games", action_id(table, 0, "step 1"))
    assert await applied(again)
    version, _, log_length = await game_fingerprint(sessions, table.id)
    assert (version, log_length) == (before[0] + 1, before[2] + 1)
    await assert_replays(sessions, table.id)


async def _waiting_on_actions(watcher: asyncpg.Connection) -> int | None:
    """The backend of the bot's transaction once it has updated its game and waits for the log."""
    # asyncpg ships no types: the value is the backend's pid, or None while no backend waits.
    pid: int | None = await watcher.fetchval(
        "SELECT a.pid FROM pg_stat_activity a WHERE a.datname = current_database() "
        "AND a.pid <> pg_backend_pid() AND a.wait_event_type = 'Lock' "
        "AND a.query ILIKE '%INSERT INTO actions%'"
    )
    return pid


@pytest.fixture
def own_server() -> Any:
    """A PostgreSQL server of this test's own, which it may stop and start (its data kept)."""
    # /tmp: the socket's path must stay short.
    where = Path(tempfile.mkdtemp(prefix="boardroom-pg-restart-", dir="/tmp"))
    server = LocalPostgres(directory=where)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(where, ignore_errors=True)


GAMES = 4


async def test_the_server_restarted_while_players_click(
    fake_discord: FakeDiscord, start_bot: Any, own_server: LocalPostgres, tmp_path: Path
) -> None:
    """Four games, their players clicking on; the server is stopped (fast: sessions terminated,
    transactions rolled back) and started again. Demanded: every click made while it is down is
    answered with its move not saved, and changes nothing; the bot, not restarted, plays on once
    the server is back; every move in the log was confirmed to its player exactly once, nothing is
    half-saved, and every game replays to its snapshot."""
    fake = fake_discord
    url = own_server.create_database()
    handle = await start_bot(tmp_path / "unused.sqlite3", database_url=url, game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    channels = [fake.add_channel(fake.guild, f"table-{n}") for n in range(GAMES)]
    tables = [await seat_race(fake, sessions, channel) for channel in channels]
    confirmed: dict[int, list[int]] = {t.id: [] for t in tables}

    async def move(n: int) -> InteractionOutcome:
        status = await sessions.reading.status(tables[n].id)
        assert status.progress is not None
        seat = status.progress.decision.seats[0]
        return await fake.press(
            "alice" if seat == 0 else "bob", channels[n], action_id(status.table, seat, "step 1")
        )

    async def play(rounds: int) -> None:
        for _ in range(rounds):
            outcomes = await asyncio.gather(*(move(n) for n in range(GAMES)))
            for table, outcome in zip(tables, outcomes, strict=True):
                assert await applied(outcome)
                confirmed[table.id].append(outcome.id)

    await play(2)
    versions = {t.id: (await sessions.reading.status(t.id)).table.version for t in tables}
    await asyncio.to_thread(own_server.stop)
    down = await asyncio.gather(
        *(
            fake.press(
                "alice" if (versions[t.id] - tables[n].version) % 2 == 0 else "bob",
                channels[n],
                action_id(t, (versions[t.id] - t.version) % 2, "step 1", versions[t.id]),
            )
            for n, t in enumerate(tables)
        )
    )
    for outcome in down:
        await the_move_was_not_saved(outcome)
    await asyncio.to_thread(own_server.start)
    await play(2)

    for table in tables:
        log = await sessions.reading.live_log(table.id)
        assert [row.interaction_id for row in log] == confirmed[table.id]
        assert (await sessions.reading.status(table.id)).table.version == table.version + len(log)
        await assert_replays(sessions, table.id)


async def test_a_connection_lost_during_commit_is_reported_as_perhaps_saved(
    postgres: LocalPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one case where the bot cannot know: the session is terminated as its COMMIT goes out.
    Demanded: ``StorageUnavailable`` with ``saved`` None (the player hears it may have been saved),
    never "not saved"; a loss before COMMIT is ``saved`` False; the pool then serves again."""
    url = postgres.create_database()
    database = await open_database(url)
    watcher = await asyncpg.connect(url)
    try:
        await migrate(database)
        commit = asyncpg.transaction.Transaction.commit

        async def terminated_first(self: Any) -> None:
            await watcher.fetchval("SELECT pg_terminate_backend($1)", self._connection.get_server_pid())
            await commit(self)

        monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", terminated_first)
        with pytest.raises(StorageUnavailable) as during_commit:
            async with database.transaction() as conn:
                await conn.execute("SELECT 1")
        assert during_commit.value.saved is None
        monkeypatch.undo()

        with pytest.raises(StorageUnavailable) as before_commit:
            async with database.transaction() as conn:
                backend = await conn.fetchone("SELECT pg_backend_pid()")
                assert backend is not None
                pid = backend[0]
                await watcher.fetchval("SELECT pg_terminate_backend($1)", pid)
                await conn.execute("SELECT 1")
        assert before_commit.value.saved is False
        async with database.transaction(write=False) as conn:
            one = await conn.fetchone("SELECT 1")
            assert one is not None and one[0] == 1
    finally:
        await watcher.close()
        await database.close()
