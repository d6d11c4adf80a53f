"""One level of the load benchmark: the fake, the bot process(es) on a fresh database, the games
opened through Discord, a warm-up, then the measured window of play."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import resource
import time
from pathlib import Path
from typing import Any

from tests.fakediscord.model import Guild
from tests.perf.bot_load.fake import WAIT, LoadFake
from tests.perf.bot_load.figures import PING_EVERY, Measured, rows
from tests.perf.bot_load.players import Table, open_game, play
from tests.perf.bot_load.procs import proc_status, tree_cpu, tree_rss
from tests.perf.report import Row

WARM_UP = 3.0  # seconds of play before the window opens
WARM_UP_PER_GAME = 0.15  # seconds of full-speed set-up allowed per game at a human pace (60 s at least)
ROUNDS_IN_WINDOW = 20  # round ends a human-pace window waits for, so that their p99 means something
MAX_WINDOWS = 5  # ... for at most this many times the window

log = logging.getLogger(__name__)


async def level(n_games: int, window: float, tmp: Path, think: float = 0.0, shards: int = 1) -> list[Row]:
    """One level; ``shards`` > 1: that many ``python -m bot`` processes, one gateway shard each, sharing a
    PostgreSQL database the project installs, the games spread over one guild per shard."""
    from tests.fakediscord.harness import start_bot_process

    fake = LoadFake()
    await fake.start()
    handles: list[Any] = []
    server = None
    try:
        tables = _tables(fake, _guilds(fake, shards), n_games)
        url = None
        if shards > 1:
            from tests.postgres import LocalPostgres

            server = LocalPostgres(durable=True).start()
            url = server.create_database("load")
        for k, env in enumerate(_environments(tmp, n_games, shards, url)):
            log_path = tmp / f"bot-{n_games}-{k}.log"
            handles.append(await start_bot_process(fake, env, log_path, timeout=60))
        measured = await _measure(fake, tables, [h.process.pid for h in handles], window, think, shards)
    finally:
        for handle in handles:
            await handle.stop()
        await fake.stop()
        if server is not None:
            server.stop()
    for p in measured.problems[:5]:
        log.warning("fake problem: %s", p)
    return rows(fake, tables, measured)


def _guilds(fake: LoadFake, shards: int) -> list[Guild]:
    guilds = [fake.guild]
    for _ in range(1, shards):
        # The next millisecond's snowflake moves (id >> 22) by one, and so the shard.
        first = guilds[-1].id
        guilds.append(
            fake.add_guild(
                f"Shard guild {len(guilds)}", owner=fake.owner, guild_id=((first >> 22) + 1) << 22 | 1
            )
        )
    return guilds


def _tables(fake: LoadFake, guilds: list[Guild], n_games: int) -> list[Table]:
    tables = []
    for i in range(n_games):
        guild = guilds[i % len(guilds)]
        channel = fake.add_channel(guild, f"load-{i}")
        users = [fake.add_user(f"p{i}a", guild=guild), fake.add_user(f"p{i}b", guild=guild)]
        # At full speed until every game has closed a round; the pace is set for the window.
        tables.append(Table(channel, {u.id: u for u in users}, random.Random(i)))
    return tables


def _environments(tmp: Path, n_games: int, shards: int, url: str | None) -> list[dict[str, str]]:
    """One environment per bot process: a fresh SQLite file, or shard ``k`` of ``shards`` on ``url``."""
    if url is None:
        db = tmp / f"load-{n_games}.sqlite3"
        return [{"DATABASE_PATH": str(db), "LOG_LEVEL": "WARNING"}]
    return [
        {
            "DATABASE_URL": url,
            "SHARD_COUNT": str(shards),
            "SHARD_IDS": str(k),
            "LOG_LEVEL": "WARNING",
            # the commands of every guild: registered globally (by each process; the same set)
            "DEV_GUILD_ID": "",
            "SYNC_GLOBAL": "true",
        }
        for k in range(shards)
    ]


def _bot_rss(pids: list[int]) -> int:
    # The bot process alone: the render processes' memory does not grow with the games.
    return sum(proc_status(p).get("VmRSS", 0) for p in pids)


async def _open_all(fake: LoadFake, tables: list[Table]) -> float:
    """Seconds to open every game, 25 at a time."""
    gate = asyncio.Semaphore(25)

    async def open_one(table: Table) -> None:
        async with gate:
            await open_game(fake, table)

    t_open = time.monotonic()
    await asyncio.gather(*(open_one(t) for t in tables))
    return time.monotonic() - t_open


async def _warm_up(fake: LoadFake, tables: list[Table], think: float) -> None:
    # Not measured: the first burst (every game's first click at the same instant) and, for a
    # paced run, the setup phase played at full speed so that the window sees round ends. Each game
    # slows to the human pace once it closed a round: the games that did no longer crowd the bot
    # while the others catch up, and the games reach their round ends at spread-out times.
    if think:
        limit = _warm_up_limit(len(tables))
        paced = functools.partial(_paced_once_round_closed, fake, tables, think)
        with contextlib.suppress(TimeoutError):
            await fake.wait_for_change("round", 0, paced, limit)
        for table in tables:
            table.think = think
        # Long enough for the queues of the full-speed part to drain and the clicks to spread out; and
        # the set-up's round pictures drawn (by the render processes, one per core), or the
        # window's round posts would wait behind them.
        await asyncio.sleep(min(2 * think, 30.0))
        with contextlib.suppress(TimeoutError):
            await fake.wait_for_change("round", 0, lambda: _pictures_drawn(fake, tables), limit)
    else:
        await asyncio.sleep(WARM_UP)


def _warm_up_limit(n_games: int) -> float:
    """Seconds the full-speed set-up may take: it grows with the games (the bot plays them all)."""
    return max(60.0, WARM_UP_PER_GAME * n_games)


def _paced_once_round_closed(fake: LoadFake, tables: list[Table], think: float) -> bool:
    """Slow every game whose channel has a round's summary to ``think`` (at its text: a game kept at full
    speed until its picture came would close more rounds, and owe more pictures); whether all have."""
    for table in tables:
        if not table.think and fake.round_texts[table.channel.id]:
            table.think = think
    return all(table.think for table in tables)


def _pictures_drawn(fake: LoadFake, tables: list[Table]) -> bool:
    """Whether every round summary posted so far has its picture."""
    return all(len(fake.round_posts[t.channel.id]) >= fake.round_texts[t.channel.id] for t in tables)


async def _window(fake: LoadFake, tables: list[Table], window: float, think: float, t0: float) -> None:
    """At least ``window`` seconds; at a human pace, then on until ``ROUNDS_IN_WINDOW`` rounds were
    closed and posted in it (a round takes a game minutes of clicks: at 1,000 games a fixed minute
    may close none), for at most ``MAX_WINDOWS`` windows."""
    await asyncio.sleep(window)
    if not think:
        return

    def enough() -> bool:
        closed = sum(1 for t in tables for click, _ in fake.round_done[t.channel.id] if click >= t0)
        return closed >= ROUNDS_IN_WINDOW

    with contextlib.suppress(TimeoutError):
        await fake.wait_for_change("round", 0, enough, (MAX_WINDOWS - 1) * window)


async def _measure(
    fake: LoadFake, tables: list[Table], pids: list[int], window: float, think: float, shards: int
) -> Measured:
    await asyncio.sleep(1.5)  # the renderer's warm-up thread at start-up
    rss_start = _bot_rss(pids)
    open_s = await _open_all(fake, tables)
    rss_open = _bot_rss(pids)

    stop = asyncio.Event()
    fake.acks.clear()
    requests_before = len(fake.requests)
    rss_before = sum(tree_rss(p)[0] for p in pids)
    players = [asyncio.create_task(play(fake, t, stop)) for t in tables]
    pinger = asyncio.create_task(fake.ping_while(stop, PING_EVERY))
    await _warm_up(fake, tables, think)
    for table in tables:
        table.errors = 0  # counted in the window only, like the late acknowledgements
    invalid0 = fake.invalid_count
    cpu0, t0, self0 = (
        sum(map(tree_cpu, pids)),
        time.monotonic(),
        resource.getrusage(resource.RUSAGE_SELF),
    )
    await _window(fake, tables, window, think, t0)
    stop.set()
    t1 = time.monotonic()
    invalid1 = fake.invalid_count
    cpu1, self1 = sum(map(tree_cpu, pids)), resource.getrusage(resource.RUSAGE_SELF)
    rss, peak = (sum(v) for v in zip(*map(tree_rss, pids), strict=True))
    await asyncio.wait([*players, pinger], timeout=WAIT)
    for task in [*players, pinger]:
        task.cancel()
    return Measured(
        n_games=len(tables),
        think=think,
        shards=shards,
        open_s=open_s,
        rss_start=rss_start,
        rss_open=rss_open,
        rss_before=rss_before,
        rss=rss,
        peak=peak,
        t0=t0,
        t1=t1,
        bot_cpu=cpu1 - cpu0,
        driver_cpu=(self1.ru_utime + self1.ru_stime) - (self0.ru_utime + self0.ru_stime),
        requests_before=requests_before,
        problems=list(fake.problems),
        invalid=invalid1 - invalid0,
    )
