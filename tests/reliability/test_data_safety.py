"""Data safety (issue 8, part 6): ``/boardroom export`` and ``/boardroom import`` (verified by
replay), and ``python -m bot.ops.backup`` (SQLite online backup) taken during play, restored and
played on."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

from bot.ops import backup as backup_cli
from bot.ops import export_file, transfer
from tests.conftest import RACE_MODULES
from tests.fakediscord import PATIENCE, FakeDiscord
from tests.reliability.helpers import (
    GAME_MODULES,
    action_id,
    answer,
    assert_replays,
    refusal,
    seat_race,
    sessions_of,
)


async def play(fake: FakeDiscord, sessions: Any, game_id: int, moves: list[str]) -> None:
    """Whoever must act plays the next notation (a confirmed click each)."""
    for notation in moves:
        status = await sessions.reading.status(game_id)
        assert status.progress is not None
        seat = status.progress.decision.seats[0]
        user = "alice" if seat == 0 else "bob"
        channel = fake.channels[status.table.game.channel_id]
        outcome = await fake.press(user, channel, action_id(status.table, seat, notation))
        assert await answer(outcome) is outcome.record.source_message, outcome


async def test_export_then_import_restores_the_game_verified_by_replay(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    sessions = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    table = await seat_race(fake, sessions, "games")
    await play(fake, sessions, table.id, ["step 1", "roll", "step 2"])

    outcome = await fake.slash("owner", "games", "boardroom export")
    (reply,) = await outcome.wait_followups(1)
    assert reply.ephemeral
    raw = reply.attachment(f"boardroom-race-{table.id}.json").data
    document = json.loads(raw)
    assert document["format"] == export_file.FORMAT and document["checksum"] == export_file.checksum(document)
    assert [a["notation"] for a in document["actions"]] == ["step 1", "roll", "step 2"]
    assert document["seed"] == (await sessions.reading.status(table.id)).table.game.seed
    assert [s["seat"] for s in document["seats"]] == [0, 1] and document["undos"] == []
    assert document["snapshot"] == (await sessions.reading.status(table.id)).table.game.snapshot

    # Into the busy channel: refused with the reason; a tampered file: refused with the reason.
    busy = await fake.slash("owner", "games", "boardroom import", file=fake.upload("g.json", raw))
    assert "already has a lobby or a game in progress" in await refusal(busy)
    edited = json.loads(raw)
    edited["actions"][0]["notation"] = "step 2"
    tampered = await fake.slash(
        "owner", "general", "boardroom import", file=fake.upload("g.json", json.dumps(edited).encode())
    )
    assert "checksum does not match" in await refusal(tampered)
    edited["checksum"] = export_file.checksum(edited)  # consistent checksum, but a forged log
    forged = await fake.slash(
        "owner", "general", "boardroom import", file=fake.upload("g.json", json.dumps(edited).encode())
    )
    assert "not what the log replays to" in await refusal(forged)
    junk = await fake.slash("owner", "general", "boardroom import", file=fake.upload("g.json", b"\xff{"))
    assert await refusal(junk) == "That file is not a JSON document."

    imported = await fake.slash("owner", "general", "boardroom import", file=fake.upload("g.json", raw))
    (done,) = await imported.wait_followups(1)
    assert done.ephemeral and "Imported" in done.content
    copy = await sessions.reading.status_in_channel(fake.general.id)
    assert copy.table.id != table.id
    assert copy.table.game.snapshot == document["snapshot"]
    assert [r.notation for r in await sessions.reading.live_log(copy.table.id)] == [
        "step 1",
        "roll",
        "step 2",
    ]
    await assert_replays(sessions, copy.table.id)
    # The imported game goes on in its new channel, with a turn line there.
    await fake.wait_until(
        lambda: any("your turn" in m.content for m in fake.channel_messages("general")),
        PATIENCE,
        "a turn line",
    )
    await play(fake, sessions, copy.table.id, ["step 1"])
    await assert_replays(sessions, copy.table.id)


async def test_a_backup_taken_during_play_restores_to_a_consistent_game(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db = tmp_path / "db.sqlite3"
    handle = await start_bot(db, game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    channels = [fake.add_channel(fake.guild, f"t{n}") for n in range(4)]
    tables = [await seat_race(fake, sessions, c) for c in channels]
    stop = asyncio.Event()

    async def keep_playing(game_id: int) -> None:
        while not stop.is_set():
            status = await sessions.reading.status(game_id)
            if status.progress is None or status.progress.decision.finished:
                return
            await play(fake, sessions, game_id, ["step 1"])

    players = [asyncio.create_task(keep_playing(t.id)) for t in tables]
    backups = []
    for n in range(3):
        # Each backup after more moves were played (or once every game is over).
        clicks = len(fake.interactions)

        def moved_on(clicks: int = clicks) -> bool:
            return len(fake.interactions) > clicks or all(p.done() for p in players)

        await fake.wait_until(moved_on, PATIENCE, "more moves to be played")
        dest = tmp_path / "backups" / f"b{n}.sqlite3"
        await asyncio.to_thread(backup_cli.backup, db, dest)
        backups.append(dest)
    stop.set()
    await asyncio.gather(*players)
    await handle.stop()
    for dest in backups:
        result = backup_cli.check(dest)
        assert result.ok and result.integrity == "ok", result
        assert result.replayed == len(tables)
    taken = backup_cli.check(backups[-1])
    assert taken.actions > 0, "the backups were taken while the games were being played"

    # Restore: the last backup becomes the database of a fresh bot, and play continues.
    restored = tmp_path / "restored.sqlite3"
    restored.write_bytes(backups[-1].read_bytes())
    sessions = sessions_of(await start_bot(restored, game_modules=GAME_MODULES))
    for table in tables:
        await assert_replays(sessions, table.id)
        status = await sessions.reading.status(table.id)
        if status.progress is not None and not status.progress.decision.finished:
            await play(fake, sessions, table.id, ["step 1"])
            await assert_replays(sessions, table.id)


def test_backup_command_line(tmp_path: Path, capsys: Any) -> None:
    """``python -m bot.ops.backup SOURCE DEST`` on a database with a started game: exit 0 and a summary;
    a damaged copy fails the check."""
    import sqlite3

    from bot.storage.file_copy import backup

    db = tmp_path / "live.sqlite3"

    async def make() -> None:
        from bot.service.sessions import Sessions
        from bot.storage import migrate, open_database

        database = await open_database(db)
        await migrate(database)
        sessions = Sessions(database)
        table = await sessions.lobby.create_game(
            guild_id=1, channel_id=2, game_name="race", host_id=10, seats=2
        )
        await sessions.lobby.join(table.id, 11)
        await sessions.lobby.start(table.id, 10)
        await sessions.play.act(table.id, 10, "step 2", expected_version=None, interaction_id=99)
        await database.close()

    asyncio.run(make())
    dest = tmp_path / "out" / "copy.sqlite3"
    code = backup_cli.main([str(db), str(dest), "--game-module", RACE_MODULES])
    assert code == 0, capsys.readouterr()
    assert "integrity ok; 1 games, 1 replayed" in capsys.readouterr().out
    # A copy whose snapshot was changed behind the log's back is reported.
    with contextlib.closing(sqlite3.connect(dest)) as conn:
        conn.execute("UPDATE games SET snapshot = replace(snapshot, '\"turn\":1', '\"turn\":0')")
        conn.commit()
    assert not backup_cli.check(dest).ok
    backup(db, tmp_path / "again.sqlite3")
    assert backup_cli.check(tmp_path / "again.sqlite3").ok


def test_import_refuses_every_mutated_export_with_a_reason(tmp_path: Path) -> None:
    """Property: any single change to a valid export (checksum recomputed, so it gets past the
    envelope) is either still the same game or refused with ``ImportRefused`` (never another
    exception); a refused import stores nothing."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from bot.service.refusals import Refusal
    from bot.service.sessions import Sessions
    from bot.storage import migrate, open_database

    async def make() -> tuple[Any, Sessions, dict[str, Any]]:
        database = await open_database(tmp_path / "t.sqlite3")
        await migrate(database)
        sessions = Sessions(database)
        table = await sessions.lobby.create_game(
            guild_id=1, channel_id=2, game_name="race", host_id=10, seats=2
        )
        await sessions.lobby.join(table.id, 11)
        await sessions.lobby.start(table.id, 10)
        for n, (user, move) in enumerate([(10, "step 1"), (11, "roll"), (10, "step 2")]):
            await sessions.play.act(table.id, user, move, expected_version=None, interaction_id=500 + n)
        # A moderator (Manage Server, not playing): players may not export a game in progress.
        document = await transfer.export_game(sessions, table.id, 99, may_manage=True)
        return database, sessions, document

    loop = asyncio.new_event_loop()
    database, sessions, original = loop.run_until_complete(make())
    leaves = st.one_of(
        st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(max_size=30), st.just([]), st.just({})
    )
    channel = iter(range(1000, 10**6))
    outcomes = {"accepted": 0, "refused": 0}

    def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        if isinstance(node, dict):
            return [p for k, v in node.items() if k != "checksum" for p in paths(v, (*prefix, k))] + [prefix]
        if isinstance(node, list):
            return [p for i, v in enumerate(node) for p in paths(v, (*prefix, i))] + [prefix]
        return [prefix]

    all_paths = [p for p in paths(original) if p]

    async def stored_in(channel_id: int) -> Any:
        from bot.storage import games as game_rows

        async with sessions.store.db.transaction(write=False) as conn:
            return await game_rows.latest_game_in_channel(conn, channel_id)

    @settings(max_examples=150, deadline=None, derandomize=True, database=None)
    @given(where=st.sampled_from(all_paths), value=leaves)
    def run(where: tuple[Any, ...], value: Any) -> None:
        document = json.loads(json.dumps(original))
        node = document
        for key in where[:-1]:
            node = node[key]
        node[where[-1]] = value
        document["checksum"] = export_file.checksum(document)
        target = next(channel)
        try:
            table = loop.run_until_complete(
                transfer.import_game(sessions, document, guild_id=1, channel_id=target)
            )
        except Refusal:
            outcomes["refused"] += 1
            assert loop.run_until_complete(stored_in(target)) is None, "a refused import stored a game"
            return
        outcomes["accepted"] += 1
        # Accepted: a consistent game (snapshot = replay), e.g. a changed display name or time.
        assert loop.run_until_complete(sessions.reading.replay(table.id)) == loop.run_until_complete(
            sessions.reading.load(table.id)
        )

    try:
        run()
    finally:
        loop.run_until_complete(database.close())
        loop.close()
    assert outcomes["refused"] > 50 and outcomes["accepted"] > 0, outcomes
