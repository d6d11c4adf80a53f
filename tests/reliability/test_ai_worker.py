"""The computer players' worker process under attack: SIGKILLed in the middle of a decision (as the
out-of-memory killer would), and asked by 50 games at once while people play other games.

The bot's seats play ``tests.reliability.gated_race``, whose player thinks until the test opens its
gate: a decision can be held in the worker for as long as the test needs, and the test sees which
process is thinking without timing anything.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from bot.service.sessions import Sessions
from bot.service.tables import Table
from tests.fakediscord import Channel, FakeDiscord
from tests.reliability.gated_race import GATE_ENV, open_gate, pids
from tests.reliability.helpers import GAME_MODULES, action_id, answer, assert_replays, seat_race, sessions_of

GATED = "tests.reliability.gated_race"
BOT_SEAT = 1


@pytest.fixture
def gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The gate's directory, in the environment the bot's worker process inherits; opened at the end
    whatever happened, so no worker is left waiting."""
    where = tmp_path / "gate"
    where.mkdir()
    monkeypatch.setenv(GATE_ENV, str(where))
    yield where
    open_gate(where)


async def seat_against_the_bot(fake: FakeDiscord, sessions: Sessions, channel: Channel) -> Table:
    """A started gated race: alice at seat 0 (to move first), the bot at seat 1."""
    alice = fake.users["alice"].id
    assert channel.guild_id is not None
    table = await sessions.lobby.create_game(
        guild_id=channel.guild_id, channel_id=channel.id, game_name="gated_race", host_id=alice, seats=2
    )
    await sessions.lobby.add_bot(table.id, alice, "first")
    return (await sessions.lobby.start(table.id, alice)).table


async def bot_moved(sessions: Sessions, game_id: int) -> bool:
    return any(row.seat == BOT_SEAT for row in await sessions.reading.live_log(game_id))


def kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)


async def test_the_worker_killed_mid_decision_is_replaced_once_and_every_game_gets_its_move(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, gate: Path
) -> None:
    """Two games wait on the bot: one decision is being thought, the other queued behind it. The worker
    is killed mid-decision, and the replacement too (the out-of-memory killer may strike twice).
    Demanded: each game's bot seat still moves, exactly once; one new worker replaces the dead one for
    every waiting decision (not one pool per decision: 50 waiting games would spawn 50 processes on a
    small machine); the games replay."""
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=[*GAME_MODULES, GATED])
    sessions, pool = sessions_of(handle), handle.bot.ai_pool
    channels = [fake.add_channel(fake.guild, f"bots-{n}") for n in range(2)]
    tables = [await seat_against_the_bot(fake, sessions, channel) for channel in channels]
    clicks = await asyncio.gather(
        *(fake.press("alice", c, action_id(t, 0, "step 1")) for t, c in zip(tables, channels, strict=True))
    )
    for click in clicks:
        await answer(click)
    # Both decisions are in the pool, and the worker is thinking about one of them.
    await fake.wait_until_async(lambda: _true(pool.waiting == 2), 30, "both bot decisions asked")
    first = await fake.wait_until(lambda: pids(gate, "thinking"), 30, "a worker thinking")
    killed = set(first)
    for pid in first:
        kill(pid)
    # The decisions are asked again of a new worker; kill it too, mid-decision.
    again = await fake.wait_until(lambda: pids(gate, "thinking") - killed, 30, "a new worker thinking")
    for pid in again:
        kill(pid)
    killed |= again
    open_gate(gate)
    for table in tables:
        await fake.wait_until_async(partial(bot_moved, sessions, table.id), 30, f"game {table.id} bot")
    await handle.bot.bots.idle()
    for table in tables:
        log = await sessions.reading.live_log(table.id)
        assert [row.seat for row in log] == [0, BOT_SEAT], "the bot's move is applied exactly once"
        assert (await sessions.reading.status(table.id)).table.version == table.version + 2
        await assert_replays(sessions, table.id)
    # The original worker(s), one replacement after each kill, and the one that finally decided.
    started = pids(gate, "thinking") | pids(gate, "decided")
    assert len(started) <= 3 * pool.workers, f"a new pool per waiting decision: {len(started)} workers"
    assert not killed & pids(gate, "decided")


async def _true(value: bool) -> bool:
    return value


async def test_fifty_games_asking_the_bot_do_not_hold_up_peoples_clicks(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, gate: Path
) -> None:
    """50 games wait on their bot seat while the worker is held thinking; meanwhile people play five
    other games. Demanded, as an ordering and not a duration: every person's click is acknowledged
    and applied while not one of the 50 decisions has come back (nothing a click needs waits behind
    the computer players). Then the worker is killed with the 50 decisions in it: one new worker
    takes them all over (not a pool per decision, 50 processes on a small machine), and every one
    of the 50 bot seats moves, once."""
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=[*GAME_MODULES, GATED])
    sessions, pool = sessions_of(handle), handle.bot.ai_pool
    bot_channels = [fake.add_channel(fake.guild, f"bots-{n}") for n in range(50)]
    bot_tables = [await seat_against_the_bot(fake, sessions, channel) for channel in bot_channels]
    people_channels = [fake.add_channel(fake.guild, f"people-{n}") for n in range(5)]
    people_tables = [await seat_race(fake, sessions, channel) for channel in people_channels]
    clicks = await asyncio.gather(
        *(
            fake.press("alice", c, action_id(t, 0, "step 1"))
            for t, c in zip(bot_tables, bot_channels, strict=True)
        )
    )
    for click in clicks:
        await answer(click, timeout=15)
    await fake.wait_until_async(lambda: _true(pool.waiting == 50), 30, "all 50 bot decisions asked")
    thinking = await fake.wait_until(lambda: pids(gate, "thinking"), 30, "the worker thinking")

    # Two turns in each of the five people's games, every click at once.
    for turn in range(2):
        mover = "alice" if turn == 0 else "bob"
        outcomes = await asyncio.gather(
            *(
                fake.press(mover, c, action_id(t, turn, "step 1", t.version + turn))
                for t, c in zip(people_tables, people_channels, strict=True)
            )
        )
        for outcome in outcomes:
            seen = await answer(outcome, timeout=15)
            assert seen is outcome.record.source_message, "the click was applied"
        assert not pids(gate, "decided"), "no bot decision came back before the people's clicks"
        assert pool.waiting == 50
    for table in people_tables:
        assert len(await sessions.reading.live_log(table.id)) == 2
        await assert_replays(sessions, table.id)

    for pid in thinking:
        kill(pid)
    await fake.wait_until(lambda: pids(gate, "thinking") - thinking, 30, "a new worker thinking")
    open_gate(gate)
    for table in bot_tables:
        await fake.wait_until_async(partial(bot_moved, sessions, table.id), 40, f"game {table.id} bot")
    await handle.bot.bots.idle()
    for table in bot_tables:
        assert [row.seat for row in await sessions.reading.live_log(table.id)] == [0, BOT_SEAT]
    assert pool.waiting == 0
    started = pids(gate, "thinking") | pids(gate, "decided")
    assert len(started) <= 2 * pool.workers, f"{len(started)} workers for {pool.workers} places"
