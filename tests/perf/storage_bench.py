"""Storage section: the bot's own persistence path on a real SQLite file (WAL, ``synchronous=NORMAL``,
exactly what ``bot.storage.open_database`` sets), the same on a local PostgreSQL server (issue 23;
its defaults: every COMMIT flushed), and what a restart costs with 1,000 games in SQLite.

- Durable actions per second: ``Sessions.act`` on 2-player Carnegie games, one action at a time, each
  its own ``BEGIN IMMEDIATE … COMMIT`` (load snapshot, check, apply, save snapshot, append to the log,
  build the next choices): the product's path per click, engine work included. Its floor is an empty
  write transaction on the same database (``BEGIN IMMEDIATE; COMMIT`` on SQLite, ``BEGIN; COMMIT`` on
  PostgreSQL), one after every act, so both see the same moment of the shared machine. Beside it: the
  act's own write transaction (the time the database is held; the next choices' labels are made after
  the commit), and the least durable write there is, one row of the snapshot's size updated in its own
  transaction: an empty transaction writes nothing (SQLite: no WAL frame; PostgreSQL: no WAL flush),
  so it is below what any durable action can cost, and the rows say by how much.
- Snapshot load: ``Sessions.load`` (read transaction + ``load_state``) and ``Sessions.status`` (what a
  click pays to draw a panel: load + legal actions + labels).
- The players' languages read again (``ChosenLanguages.load``, every ``REFRESH`` seconds and at start),
  1,000 players of whom half chose a language; a click itself reads them from memory.
- Restart: the database is filled to 1,000 open games (the played games cloned row by row, so every
  clone has a real log and snapshot), then a fresh ``BoardroomBot`` starts on it against the loopback
  fake Discord: open the file, migrate, load the cogs, register the persistent components, sync the
  commands, connect to the gateway (``on_ready``). The bot keeps no per-game state in memory (buttons
  are ``DynamicItem``s parsed from their ``custom_id``), so "ready" is that; the stricter figure also
  loads every open game once (``Sessions.status``: snapshot, pending decision, choices), as if every
  table clicked at once after the restart. A third figure is the whole ``python -m bot`` process,
  interpreter start and imports included, until it has identified on the gateway.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import Game
from tests.perf.report import Floor, Row, median, percentile

SECTION = "storage"

ACTIONS_PER_SECOND = 500.0
RESTART_MS = 2000.0
RESTART_GAMES = 1000
ACT_PER_EMPTY_TRANSACTION = 2.0  # a durable action / an empty transaction of the same database


async def _empty_transaction_ms(db: Any) -> float:
    t0 = time.perf_counter_ns()
    async with db.transaction(write=True):
        pass
    return (time.perf_counter_ns() - t0) / 1e6


async def _one_row_write_ms(db: Any, body: str) -> float:
    """One row of ``body`` written in its own write transaction: the least a durable action writes."""
    t0 = time.perf_counter_ns()
    async with db.transaction(write=True) as conn:
        await conn.execute("UPDATE bench_floor SET body = ? WHERE id = 1", (body,))
    return (time.perf_counter_ns() - t0) / 1e6


@dataclass
class Timings:
    """What the played games measured, each list one entry per act, in the order of the acts."""

    act_ms: list[float] = field(default_factory=list)
    transaction_ms: list[float] = field(default_factory=list)  # the act's write transaction
    empty_ms: list[float] = field(default_factory=list)  # an empty write transaction after it
    one_row_ms: list[float] = field(default_factory=list)  # one snapshot-sized row written after it
    ids: list[int] = field(default_factory=list)


class _TimedDatabase:
    """The database with its write transactions timed while ``into`` is set (around an act only)."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self.into: list[float] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[Any]:
        into = self.into if write else None
        t0 = time.perf_counter_ns()
        async with self.db.transaction(write=write) as conn:
            yield conn
        if into is not None:
            into.append((time.perf_counter_ns() - t0) / 1e6)


async def _play(
    sessions: Any,
    timed: _TimedDatabase,
    game_id: int,
    users: list[int],
    actions: int,
    rnd: random.Random,
    out: Timings,
) -> None:
    status = await sessions.lobby.start(game_id, users[0])
    progress = status.progress
    snapshot = status.table.game.snapshot or ""
    for _ in range(actions):
        if progress is None or progress.decision.finished:
            return
        seat = progress.decision.seats[rnd.randrange(len(progress.decision.seats))]
        choices = progress.choices[seat]
        choice = choices[rnd.randrange(len(choices))]
        timed.into = out.transaction_ms
        t0 = time.perf_counter_ns()
        result = await sessions.play.act(
            game_id, users[seat], choice.notation, expected_version=None, interaction_id=None, seat=seat
        )
        out.act_ms.append((time.perf_counter_ns() - t0) / 1e6)
        timed.into = None
        out.empty_ms.append(await _empty_transaction_ms(timed.db))
        snapshot = result.table.game.snapshot or snapshot
        out.one_row_ms.append(await _one_row_write_ms(timed.db, snapshot))
        progress = result.progress


def _panels(status: Any) -> None:
    """What a click's panel reads of a game's status: every deciding seat's labelled choices (made when
    first read, ``bot.service.tables.Choices``)."""
    if status.progress is not None:
        for seat in status.progress.choices:
            status.progress.choices[seat]


def _clone_to(path: Path, total: int) -> int:
    """Copy the played games (rows of games, seats, actions) until the file holds ``total`` open games."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        templates = [r[0] for r in conn.execute("SELECT id FROM games WHERE status = 'active' ORDER BY id")]
        count = len(templates)
        channel = 10**15
        game_cols = (
            "guild_id, game, status, options, seats_wanted, seed, version, snapshot, lobby_message_id, "
            "created_at, updated_at, ended_at, prompt_message_id, prompt_seats, waiting_since"
        )
        while count < total:
            template = templates[count % len(templates)]
            channel += 1
            cursor = conn.execute(
                f"INSERT INTO games (channel_id, {game_cols}) SELECT ?, {game_cols} FROM games WHERE id = ?",
                (channel, template),
            )
            new_id = cursor.lastrowid
            conn.execute(
                "INSERT INTO seats (game_id, user_id, joined_seq, seat, is_host, joined_at, display_name, "
                "is_ai) SELECT ?, user_id + ?, joined_seq, seat, is_host, joined_at, display_name, is_ai "
                "FROM seats WHERE game_id = ?",
                (new_id, count * 10, template),
            )
            conn.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, notation, interaction_id, "
                "version_after, events, created_at, barrier) SELECT ?, seq, seat, user_id + ?, notation, "
                "NULL, version_after, events, created_at, barrier FROM actions WHERE game_id = ?",
                (new_id, count * 10, template),
            )
            count += 1
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return count
    finally:
        conn.close()


async def _restart(db_path: Path, open_ids: list[int]) -> tuple[float, float, float]:
    """(ms to on_ready, ms to load every open game after that, ms for a python -m bot process)."""
    from bot.config import Settings
    from bot.on_discord.client import BoardroomBot
    from tests.fakediscord import FakeDiscord
    from tests.fakediscord.harness import start_bot_process, start_client

    fake = await FakeDiscord().start()
    try:
        settings = Settings(
            _env_file=None,
            discord_token=fake.token,
            database_path=db_path,
            dev_guild_id=fake.guild.id,
            discord_loopback=fake.loopback,
            log_level="WARNING",
        )
        t0 = time.perf_counter()
        handle = await start_client(BoardroomBot(settings, guild_ready_timeout=0.05), fake, timeout=30)
        ready_ms = (time.perf_counter() - t0) * 1000
        assert isinstance(handle.client, BoardroomBot)
        sessions = handle.client.sessions
        t1 = time.perf_counter()
        for game_id in open_ids:
            _panels(await sessions.reading.status(game_id))
        load_all_ms = (time.perf_counter() - t1) * 1000
        await handle.stop()

        log_path = db_path.parent / "bot-process.log"
        t2 = time.perf_counter()
        process = await start_bot_process(
            fake, {"DATABASE_PATH": str(db_path), "LOG_LEVEL": "WARNING"}, log_path, timeout=30
        )
        process_ms = (time.perf_counter() - t2) * 1000
        await process.stop()
    finally:
        await fake.stop()
    return ready_ms, load_all_ms, process_ms


async def _games_played(db: Any, n_games: int, per_game: int, rnd: random.Random) -> Timings:
    """``n_games`` 2-player Carnegie games played part-way on ``db``."""
    from bot.service.sessions import Sessions

    async with db.transaction(write=True) as conn:
        await conn.execute("CREATE TABLE bench_floor (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        await conn.execute("INSERT INTO bench_floor (id, body) VALUES (1, '')")
    timed = _TimedDatabase(db)
    sessions = Sessions(timed, new_seed=lambda: rnd.randrange(2**40))
    out = Timings()
    for g in range(n_games):
        users = [1000 + 10 * g, 1001 + 10 * g]
        table = await sessions.lobby.create_game(
            guild_id=1,
            channel_id=100 + g,
            game_name="carnegie",
            host_id=users[0],
            seats=2,
            host_name=f"P{g}a",
        )
        await sessions.lobby.join(table.id, users[1], f"P{g}b")
        # Different lengths, so the clones below are games at many stages.
        await _play(sessions, timed, table.id, users, rnd.randint(per_game // 3, per_game), rnd, out)
        out.ids.append(table.id)
    return out


async def _postgres_acts(
    server: Any, n_games: int, per_game: int, synchronous_commit: str
) -> tuple[Timings, str]:
    """The same games and actions on a local PostgreSQL server with fsync on; with
    ``synchronous_commit=on`` (PostgreSQL's default) every COMMIT waits for its WAL flush, with
    ``off`` a crash of the server (not of the bot) may lose the last commits, never corrupting
    anything: SQLite's WAL + NORMAL trade. (the timings, the setting)."""
    import asyncpg

    from bot.storage import migrate, open_database

    name = f"bench_commit_{synchronous_commit}"
    url = server.create_database(name)
    conn = await asyncpg.connect(url)
    await conn.execute(f"ALTER DATABASE {name} SET synchronous_commit = {synchronous_commit}")
    await conn.close()
    db = await open_database(url)
    try:
        await migrate(db)
        async with db.transaction(write=False) as read:
            fsync, commit, version = [
                (await read.fetchall(f"SHOW {setting}"))[0][0]
                for setting in ("fsync", "synchronous_commit", "server_version")
            ]
        timings = await _games_played(db, n_games, per_game, random.Random(7))
    finally:
        await db.close()
    return timings, f"PostgreSQL {version}, fsync={fsync}, synchronous_commit={commit}"


async def _language_reads(db: Any, rnd: random.Random, reads: int) -> list[float]:
    """One reading of every player's chosen language (``bot.on_discord.language.ChosenLanguages.load``),
    among 1,000 players of whom half chose one: what the bot pays at start and every ``REFRESH``."""
    from bot.on_discord.language import ChosenLanguages, choose_language
    from render.common.language import LANGUAGES

    users = [10**17 + i for i in range(1000)]
    for user in users[::2]:
        await choose_language(db, user, rnd.choice(sorted(LANGUAGES)))
    languages = ChosenLanguages()
    ms = []
    for _ in range(reads):
        t0 = time.perf_counter_ns()
        await languages.load(db)
        ms.append((time.perf_counter_ns() - t0) / 1e6)
    return ms


def _empty(floor_ms: list[float]) -> Floor:
    return {"floor": median(floor_ms), "floor_name": "empty write transaction, same database"}


def _act_rows(subject: str, t: Timings) -> list[Row]:
    """The act against its floors: the whole act, its write transaction, and the least durable write."""
    return [
        Row(
            SECTION,
            subject,
            "Sessions.act median",
            median(t.act_ms),
            "ms",
            note=f"{len(t.act_ms)} actions",
            ratio_target=ACT_PER_EMPTY_TRANSACTION,
            **_empty(t.empty_ms),
        ),
        Row(
            SECTION,
            subject,
            "Sessions.act p99",
            percentile(t.act_ms, 99),
            "ms",
            floor=percentile(t.empty_ms, 99),
            floor_name="empty transaction p99",
        ),
        Row(
            SECTION,
            subject,
            "Sessions.act: its write transaction median (the database held)",
            median(t.transaction_ms),
            "ms",
            **_empty(t.empty_ms),
        ),
        Row(
            SECTION,
            subject,
            "one snapshot-sized row written in its own transaction median (the least durable write)",
            median(t.one_row_ms),
            "ms",
            **_empty(t.empty_ms),
        ),
    ]


async def _bench(quick: bool) -> list[Row]:
    from bot.service.sessions import Sessions
    from bot.storage import migrate, open_database
    from bot.storage.sqlite import SqliteDatabase

    n_games, per_game = (3, 40) if quick else (12, 150)
    rnd = random.Random(7)
    with tempfile.TemporaryDirectory(prefix="boardroom-bench-") as tmp:
        db_path = Path(tmp) / "boardroom.sqlite3"
        db = await open_database(db_path)
        assert isinstance(db, SqliteDatabase)
        await migrate(db)
        journal = next(iter(await db.conn.execute_fetchall("PRAGMA journal_mode")))[0]
        level = next(iter(await db.conn.execute_fetchall("PRAGMA synchronous")))[0]
        sync = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}[level]
        played = await _games_played(db, n_games, per_game, rnd)
        sessions = Sessions(db, new_seed=lambda: rnd.randrange(2**40))
        active = [
            i for i in played.ids if (await sessions.reading.status(i)).table.game.status.value == "active"
        ]
        load_ms, status_ms = [], []
        for _ in range(5 if quick else 20):
            for game_id in active:
                t0 = time.perf_counter_ns()
                await sessions.reading.load(game_id)
                t1 = time.perf_counter_ns()
                _panels(await sessions.reading.status(game_id))
                t2 = time.perf_counter_ns()
                load_ms.append((t1 - t0) / 1e6)
                status_ms.append((t2 - t1) / 1e6)
        language_ms = await _language_reads(db, rnd, 20 if quick else 200)
        await db.close()

        total = _clone_to(db_path, RESTART_GAMES)
        raw = sqlite3.connect(db_path)
        open_ids = [r[0] for r in raw.execute("SELECT id FROM games WHERE status = 'active' ORDER BY id")]
        raw.close()
        size_mb = db_path.stat().st_size / 1e6
        ready_ms, load_all_ms, process_ms = await _restart(db_path, open_ids)
    from tests.postgres import LocalPostgres

    server = LocalPostgres(durable=True).start()
    try:
        on, on_setting = await _postgres_acts(server, n_games, per_game, "on")
        off, off_setting = await _postgres_acts(server, n_games, per_game, "off")
    finally:
        server.stop()
    postgres_rows = [
        row
        for t, setting in ((on, on_setting), (off, off_setting))
        for row in (
            Row(
                SECTION,
                "postgresql (local)",
                f"durable actions per second ({setting}, 1 txn each)",
                1000 * len(t.act_ms) / sum(t.act_ms) if t.act_ms else 0.0,
                "actions/s",
                note="same games and actions as the SQLite row",
            ),
            *_act_rows("postgresql (local)", t),
        )
    ]

    setting = f"{journal}, synchronous={sync}"
    act_ms = played.act_ms
    per_s = 1000 * len(act_ms) / sum(act_ms) if act_ms else 0.0
    subject = "sqlite file"
    restart = f"{total:,} open games"
    return [
        Row(
            SECTION,
            subject,
            f"durable actions per second ({setting}, 1 txn each)",
            per_s,
            "actions/s",
            ACTIONS_PER_SECOND,
            lower_is_better=False,
        ),
        *_act_rows(subject, played),
        *postgres_rows,
        Row(SECTION, subject, "snapshot load (Sessions.load) median", median(load_ms), "ms"),
        Row(SECTION, subject, "snapshot load (Sessions.load) p99", percentile(load_ms, 99), "ms"),
        Row(SECTION, subject, "game status (load + choices) median", median(status_ms), "ms"),
        Row(
            SECTION,
            subject,
            "players' languages read again (ChosenLanguages.load) median",
            median(language_ms),
            "ms",
            note=f"{len(language_ms)} reads of 1,000 players; a click reads memory",
        ),
        Row(
            SECTION,
            subject,
            "players' languages read again (ChosenLanguages.load) p99",
            percentile(language_ms, 99),
            "ms",
        ),
        Row(SECTION, restart, "database size", size_mb, "MB"),
        Row(
            SECTION,
            restart,
            "restart → ready (migrate, cogs, views, sync, gateway)",
            ready_ms,
            "ms",
            RESTART_MS,
        ),
        Row(
            SECTION,
            restart,
            "restart → ready + every open game loaded once",
            ready_ms + load_all_ms,
            "ms",
            RESTART_MS,
        ),
        Row(
            SECTION,
            restart,
            "python -m bot process: spawn → gateway identified",
            process_ms,
            "ms",
            note="imports included",
        ),
    ]


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    if not any(g.name == "carnegie" for g in games):
        return []
    logging.getLogger("discord").setLevel(logging.WARNING)
    return asyncio.run(_bench(quick))
