"""Past one machine (issue 23): two ``python -m bot`` processes, each running one of two gateway shards
of the same application against one PostgreSQL database, and 20 games spread over both shards'
guilds. Every game's players click at once (the player to move twice on the same button, the other
player on a stale one), and the process of one shard is SIGKILLed in the middle of a round and
restarted. Afterwards:

- every acknowledged click (the bot redrew the clicked message, which it does after COMMIT) is in
  the log exactly once; a click the kill interrupted at most once; nothing nobody sent;
- exactly one of each pair of identical clicks was applied, even across processes;
- every game's snapshot equals the replay of its log, and the games of both shards moved on;
- a due post retry per game, written before both processes start (both find them due at once), was
  posted exactly once and none is left pending: a schedule runs once across processes.

The fake gateway routes each guild's events to the session of its shard, ``(guild_id >> 22) %
shard_count``, as Discord does, so each process only ever sees its own guilds' clicks.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.on_discord import post_retry
from bot.service import once
from bot.service.sessions import Sessions
from bot.storage import Database, migrate, open_database
from tests.conftest import RACE_MODULES
from tests.fakediscord import PATIENCE, FakeDiscord
from tests.fakediscord.gateway import shard_of
from tests.fakediscord.harness import ProcessHandle, start_bot_process
from tests.fakediscord.model import Member
from tests.postgres import LocalPostgres
from tests.reliability.helpers import action_id, race_turn

SHARDS = 2
GAMES = 20
ROUNDS = 6
KILL_IN_ROUND = 3
PLAYERS = ("alice", "bob")


async def _start(fake: FakeDiscord, url: str, shard: int, workdir: Path) -> ProcessHandle:
    env = {
        "DATABASE_URL": url,
        "SHARD_COUNT": str(SHARDS),
        "SHARD_IDS": str(shard),
        "GAME_MODULES": RACE_MODULES,
        "LOG_LEVEL": "WARNING",
    }
    return await start_bot_process(fake, env, workdir / f"shard-{shard}.log", timeout=60)


def _second_guild(fake: FakeDiscord) -> Any:
    """A guild on the other shard than the default one, with the same two players."""
    first = fake.guild.id
    # The next millisecond's snowflake: (id >> 22) moves by one, so the shard does.
    guild = fake.add_guild("Second Guild", owner=fake.owner, guild_id=((first >> 22) + 1) << 22 | 1)
    assert shard_of(guild.id, SHARDS) != shard_of(first, SHARDS)
    for name in PLAYERS:
        guild.members[fake.users[name].id] = Member(fake.users[name])
    return guild


async def _games(fake: FakeDiscord, sessions: Sessions, guilds: list[Any]) -> dict[int, Any]:
    """game id → its channel: GAMES started race games, half in each guild."""
    alice, bob = (fake.users[name].id for name in PLAYERS)
    games: dict[int, Any] = {}
    for number in range(GAMES):
        guild = guilds[number % len(guilds)]
        channel = fake.add_channel(guild, f"race-{number}")
        table = await sessions.lobby.create_game(
            guild_id=guild.id, channel_id=channel.id, game_name="race", host_id=alice, seats=2
        )
        await sessions.lobby.join(table.id, bob)
        await sessions.lobby.start(table.id, alice)
        games[table.id] = channel
    return games


async def _press(fake: FakeDiscord, user: str, channel: Any, custom_id: str) -> Any | None:
    """One click and what came of it (the message redrawn, or a private refusal); None when no
    process answered it (its shard's process was down)."""
    try:
        outcome = await fake.press(user, channel, custom_id, timeout=8.0)
        source = outcome.record.source_message
        await fake.wait_until(
            lambda: (source is not None and source.edits > 0) or outcome.record.followups,
            8.0,
            "the click's result",
        )
    except AssertionError:
        return None
    return outcome


async def _round(fake: FakeDiscord, sessions: Sessions, games: dict[int, Any]) -> list[tuple[Any, ...]]:
    """Every game at once: the player to move clicks one action twice; the other player clicks the
    same action on a seat that is not theirs. Returns (game id, outcomes of the two twins)."""
    clicks: list[Any] = []
    twins: list[tuple[int, int, int]] = []
    for game_id, channel in games.items():
        status = await sessions.reading.status(game_id)
        if status.table.game.status.value != "active":
            continue
        seat = race_turn(status.table.game.snapshot)
        custom_id = action_id(status.table, seat, "step 1")
        start = len(clicks)
        clicks += [
            _press(fake, PLAYERS[seat], channel, custom_id),
            _press(fake, PLAYERS[seat], channel, custom_id),
            _press(fake, PLAYERS[1 - seat], channel, custom_id),
        ]
        twins.append((game_id, start, start + 1))
    outcomes = await asyncio.gather(*clicks)
    return [(game_id, outcomes[a], outcomes[b]) for game_id, a, b in twins]


async def _version(sessions: Sessions, game_id: int) -> int:
    return (await sessions.reading.status(game_id)).table.version


def _applied(outcome: Any) -> bool:
    """The bot redrew the clicked message: the action was committed."""
    if outcome is None:
        return False
    source = outcome.record.source_message
    return source is not None and source.edits > 0


@pytest.mark.slow
async def test_two_shard_processes_one_database_a_kill_loses_and_repeats_nothing(
    fake_discord: FakeDiscord, postgres: LocalPostgres, tmp_path: Path
) -> None:
    fake = fake_discord
    url = postgres.create_database()
    database: Database = await open_database(url)
    handles: dict[int, ProcessHandle] = {}
    try:
        await migrate(database)
        sessions = Sessions(database)
        guilds = [fake.guild, _second_guild(fake)]
        games = await _games(fake, sessions, guilds)
        retries = await _due_retries(database, games)
        shard_of_guild = {g.id: shard_of(g.id, SHARDS) for g in guilds}
        for shard in range(SHARDS):
            handles[shard] = await _start(fake, url, shard, tmp_path)
        victim = shard_of_guild[guilds[1].id]
        twins: list[tuple[Any, ...]] = []
        for number in range(1, ROUNDS + 1):
            if number != KILL_IN_ROUND:
                twins += await _round(fake, sessions, games)
                continue
            playing = asyncio.ensure_future(_round(fake, sessions, games))
            await asyncio.sleep(0.05)
            dead = handles[victim].process.pid
            await handles[victim].kill()  # SIGKILL in the middle of the round's clicks
            twins += await playing
            await _leases_run_out(database, dead)
            handles[victim] = await _start(fake, url, victim, tmp_path)
            restarted = {game_id: await _version(sessions, game_id) for game_id in games}

        await _check(fake, sessions, database, games, twins)
        await _check_retries(fake, database, games, retries)
        # Every game of both shards moved on after the restart: the new process took its guild back.
        now = {game_id: await _version(sessions, game_id) for game_id in games}
        assert all(now[game_id] > restarted[game_id] for game_id in games), (restarted, now)
    finally:
        for handle in handles.values():
            await handle.kill()
        await database.close()


async def _leases_run_out(database: Database, pid: int) -> None:
    """The leases the killed process held run out, as they would a minute later (``once.LEASE``): the
    jobs are due again for whichever process comes first, the restarted one at its start included.
    A holder is named ``host:pid:random`` (``once.OWNER``)."""
    past = (datetime.now(UTC) - timedelta(seconds=1)).isoformat()
    async with database.transaction() as conn:
        await conn.execute(
            "UPDATE schedules SET lease_until = ? WHERE lease_owner LIKE ? AND done_at IS NULL",
            (past, f"%:{pid}:%"),
        )


async def _due_retries(database: Database, games: dict[int, Any]) -> dict[int, str]:
    """A due post retry (a ``schedules`` row) for every game, written before either process starts, so
    that both find them due at start-up at once: game id → the text it posts."""
    now = datetime.now(UTC) - timedelta(minutes=5)
    texts = {}
    for game_id, channel in games.items():
        texts[game_id] = f"Owed summary of game {game_id}"
        post = post_retry.Post(
            channel.id, channel.guild_id, texts[game_id], None, None, False, f"owed-{game_id}"
        )
        assert await post_retry.schedule(database, game_id, post, attempt=1, now=now, delays=(0.0,))
    return texts


async def _check_retries(
    fake: FakeDiscord, database: Database, games: dict[int, Any], texts: dict[int, str]
) -> None:
    """Every schedule ran exactly once across the two processes and the kill: each game's owed post
    is in its channel once, and no retry is left pending.

    What a kill may honestly leave: a retry its process had leased and perhaps sent, but not marked
    done. It stays with the dead process until the lease runs out (the test moves that minute on:
    ``_leases_run_out``); then another process takes it over and sends it again with the same nonce,
    which Discord answers with the message made the first time. So the test waits (a lease, a pass of
    the retry loop) for no retry to be pending, and then counts each post once."""

    async def pending() -> list[Any]:
        async with database.transaction(write=False) as conn:
            return await conn.fetchall(
                "SELECT id FROM schedules WHERE kind = ? AND done_at IS NULL", (post_retry.KIND,)
            )

    async def none_pending() -> bool:
        return not await pending()

    takeover = once.LEASE.total_seconds() + post_retry.CHECK_EVERY + PATIENCE
    await fake.wait_until_async(none_pending, takeover, "every retry done, a dead holder's taken over")
    await fake.settle(quiet=0.5)
    for game_id, channel in games.items():
        found = [
            m for m in fake.messages.values() if m.channel_id == channel.id and m.content == texts[game_id]
        ]
        assert len(found) == 1, f"game {game_id}: its due retry was posted {len(found)} times"


async def _check(
    fake: FakeDiscord,
    sessions: Sessions,
    database: Database,
    games: dict[int, Any],
    twins: list[tuple[Any, ...]],
) -> None:
    clicks = [
        r
        for r in fake.interactions.values()
        if str(r.payload.get("data", {}).get("custom_id", "")).startswith("br:a:")
    ]
    sent = {r.id for r in clicks}
    acknowledged = {r.id for r in clicks if r.source_message is not None and r.source_message.edits > 0}
    async with database.transaction(write=False) as conn:
        rows = await conn.fetchall(
            "SELECT interaction_id, COUNT(*) FROM actions WHERE interaction_id IS NOT NULL "
            "GROUP BY interaction_id"
        )
    counts = {int(row[0]): int(row[1]) for row in rows}
    assert all(counts.get(i, 0) == 1 for i in acknowledged), "an acknowledged click is not in the log once"
    assert set(counts) <= sent, "the log holds an action nobody sent"
    # Most clicks of the killed round may be lost, and a loaded machine drops a few more (97 of 100 seen).
    assert len(acknowledged) >= GAMES * (ROUNDS - 2), "too few clicks were applied to say anything"
    for game_id, first, second in twins:
        # Two identical clicks at the same moment: never both applied.
        assert not (_applied(first) and _applied(second)), f"game {game_id}: one click applied twice"
    for game_id in games:
        assert await sessions.reading.replay(game_id) == await sessions.reading.load(game_id), (
            f"game {game_id} does not replay"
        )
