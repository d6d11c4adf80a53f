"""Storage functions on a real SQLite file and a real PostgreSQL database: one active game per
channel, seats, the append-only log with unique interaction ids, the optimistic version check,
schedules."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import (
    ChannelBusy,
    Database,
    IntegrityError,
    Status,
    games,
    migrate,
    open_database,
    schedules,
)
from bot.storage import actions as log
from bot.storage.connection import Connection
from tests.postgres import SHARED, LocalPostgres

AT = "2026-01-01T00:00:00+00:00"


async def _game(db: Database, channel: int = 10) -> int:
    async with db.transaction() as conn:
        return await games.insert_game(
            conn, guild_id=1, channel_id=channel, game="race", options="{}", seats_wanted=None, at=AT
        )


async def test_one_open_game_per_channel(db: Database) -> None:
    first = await _game(db)
    with pytest.raises(ChannelBusy):
        await _game(db)
    await _game(db, channel=11)  # another channel is free
    async with db.transaction() as conn:
        assert await games.update_game(conn, first, expected_version=0, at=AT, status=Status.FINISHED) == 1
    again = await _game(db)  # a finished game no longer occupies the channel
    async with db.transaction(write=False) as conn:
        row = await games.open_game_in_channel(conn, 10)
        latest = await games.latest_game_in_channel(conn, 10)
        ended = await games.get_game(conn, first)
    assert row is not None and row.id == again and latest is not None and latest.id == again
    assert ended is not None and ended.status is Status.FINISHED and ended.ended_at == AT


async def test_update_is_refused_on_a_stale_version(db: Database) -> None:
    game_id = await _game(db)
    async with db.transaction() as conn:
        assert await games.update_game(conn, game_id, expected_version=0, at=AT, snapshot="{}") == 1
        assert await games.update_game(conn, game_id, expected_version=0, at=AT, snapshot="{}") is None
        row = await games.get_game(conn, game_id)
    assert row is not None and row.version == 1


async def test_seats_keep_join_order_then_seat_order(db: Database) -> None:
    game_id = await _game(db)
    async with db.transaction() as conn:
        for user, host in ((7, True), (5, False), (9, False)):
            await games.add_seat(conn, game_id, user, host=host, at=AT)
        assert [s.user_id for s in await games.list_seats(conn, game_id)] == [7, 5, 9]
        with pytest.raises(IntegrityError):
            async with conn.savepoint():
                await games.add_seat(conn, game_id, 5, host=False, at=AT)
    async with db.transaction() as conn:
        await games.remove_seat(conn, game_id, 7)
        await games.set_host(conn, game_id, 9)
        await games.add_seat(conn, game_id, 7, host=False, at=AT)
        await games.assign_seats(conn, game_id, [9, 7, 5])
        seats = await games.list_seats(conn, game_id)
    assert [(s.user_id, s.seat, s.is_host) for s in seats] == [(9, 0, True), (7, 1, False), (5, 2, False)]
    assert [s.joined_seq for s in seats] == [3, 4, 2]


async def test_the_action_log_is_append_only_and_interaction_ids_unique(db: Database) -> None:
    game_id = await _game(db)
    async with db.transaction() as conn:
        first = await log.append_action(
            conn,
            game_id,
            seat=0,
            user_id=7,
            notation="roll",
            interaction_id=111,
            version_after=1,
            events="[]",
            at=AT,
        )
        second = await log.append_action(
            conn,
            game_id,
            seat=1,
            user_id=8,
            notation="step 1",
            interaction_id=None,
            version_after=2,
            events="[]",
            at=AT,
        )
    assert (first, second) == (1, 2)
    with pytest.raises(log.DuplicateInteraction):
        async with db.transaction() as conn:
            await log.append_action(
                conn,
                game_id,
                seat=0,
                user_id=7,
                notation="roll",
                interaction_id=111,
                version_after=3,
                events="[]",
                at=AT,
            )
    for statement in ("UPDATE actions SET notation = 'step 2'", "DELETE FROM actions"):
        with pytest.raises(IntegrityError, match="append-only"):
            async with db.transaction() as conn:
                await conn.execute(statement)
    async with db.transaction(write=False) as conn:
        rows = await log.list_actions(conn, game_id)
        found = await log.action_by_interaction(conn, 111)
        missing = await log.action_by_interaction(conn, 999)
    assert [(r.seq, r.notation) for r in rows] == [(1, "roll"), (2, "step 1")]
    assert found is not None and found.seq == 1 and missing is None


async def test_foreign_keys_are_enforced(db: Database) -> None:
    with pytest.raises(IntegrityError, match=r"(?i)foreign key"):
        async with db.transaction() as conn:
            await games.add_seat(conn, 12345, 7, host=True, at=AT)


async def test_a_failed_transaction_rolls_back_everything(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await games.insert_game(
                conn, guild_id=1, channel_id=10, game="race", options="{}", seats_wanted=None, at=AT
            )
            raise RuntimeError("boom")
    async with db.transaction(write=False) as conn:
        assert await games.open_game_in_channel(conn, 10) is None


async def _logged(conn: Connection, game_id: int, notation: str, interaction_id: int | None) -> int:
    return await log.append_action(
        conn,
        game_id,
        seat=0,
        user_id=7,
        notation=notation,
        interaction_id=interaction_id,
        version_after=1,
        events="[]",
        at=AT,
    )


async def test_a_move_saved_before_a_failed_statement_is_not_reported_saved_on_postgresql(
    postgres: LocalPostgres,
) -> None:
    """On PostgreSQL a statement that fails outside a savepoint aborts the whole transaction, and its
    COMMIT then quietly rolls back instead: a caller that caught the failure (here a click already
    logged) and went on must hear that the move it saved before was lost, not that it was saved. The
    same failure inside a savepoint leaves the transaction whole."""
    database = await open_database(await postgres.emptied(SHARED))
    try:
        game_id = await _game(database)
        async with database.transaction() as conn:
            await _logged(conn, game_id, "roll", 111)
        with pytest.raises(RuntimeError, match="rolled back"):
            async with database.transaction() as conn:
                assert await games.update_game(conn, game_id, expected_version=0, at=AT, snapshot="{}") == 1
                await _logged(conn, game_id, "step 1", None)
                with pytest.raises(log.DuplicateInteraction):
                    await _logged(conn, game_id, "step 2", 111)
        async with database.transaction() as conn:
            assert await games.update_game(conn, game_id, expected_version=0, at=AT, snapshot="{}") == 1
            await _logged(conn, game_id, "step 1", None)
            with pytest.raises(log.DuplicateInteraction):
                async with conn.savepoint():
                    await _logged(conn, game_id, "step 2", 111)
        async with database.transaction(write=False) as conn:
            row = await games.get_game(conn, game_id)
            assert [a.notation for a in await log.list_actions(conn, game_id)] == ["roll", "step 1"]
        assert row is not None and row.version == 1
    finally:
        await database.close()


async def test_schedules_come_due_in_order_and_complete_once(db: Database) -> None:
    """A due job is held by one process at a time, until its lease runs out or it is done."""
    game_id = await _game(db)
    async with db.transaction() as conn:
        late = await schedules.add_schedule(
            conn, game_id, kind="remind", due_at="2026-01-03T00:00:00+00:00", payload="{}", at=AT
        )
        early = await schedules.add_schedule(
            conn, game_id, kind="remind", due_at="2026-01-02T00:00:00+00:00", payload='{"seat": 1}', at=AT
        )
    noon, later = "2026-01-02T12:00:00+00:00", "2026-01-02T12:01:00+00:00"
    evening = "2026-01-02T18:00:00+00:00"
    async with db.transaction() as conn:
        due = await schedules.due_schedules(conn, noon)
        assert [s.id for s in due] == [early]
        assert await schedules.claim_schedule(conn, early, "one", noon, later)
        # Held: not due to anyone else, and no second holder, until the lease runs out.
        assert await schedules.due_schedules(conn, noon) == []
        assert not await schedules.claim_schedule(conn, early, "two", noon, later)
        assert [s.id for s in await schedules.due_schedules(conn, later)] == [early]
        assert await schedules.renew_leases(conn, [early], "one", evening) == 1
        assert not await schedules.claim_schedule(conn, early, "two", later, evening)
        assert not await schedules.finish_schedule(conn, early, "two", AT)  # not its job
        assert await schedules.finish_schedule(conn, early, "one", AT)
        assert not await schedules.finish_schedule(conn, early, "one", AT)
        assert not await schedules.claim_schedule(conn, early, "two", "2027-01-01T00:00:00+00:00", evening)
        assert [s.id for s in await schedules.due_schedules(conn, "2027-01-01T00:00:00+00:00")] == [late]


async def test_data_survives_reopening_the_file(tmp_path: Path) -> None:
    path = tmp_path / "new" / "dir" / "boardroom.sqlite3"  # the directory is created on first open
    first = await open_database(path)
    await migrate(first)
    game_id = await _game(first)
    await first.close()
    reopened = await open_database(path)
    try:
        assert await migrate(reopened) == []
        async with reopened.transaction(write=False) as conn:
            row = await games.get_game(conn, game_id)
        assert row is not None and row.status is Status.LOBBY
    finally:
        await reopened.close()
