"""After-the-game section: what players read after their games, with 100,000 finished games stored,
on a real SQLite file (WAL, as ``bot.storage.open_database`` sets it) and on a local PostgreSQL server;
and the rating update a game's end pays.

- The stored games are written straight into the tables (``results``, ``result_seats``, ``ratings``
  and the ``games`` rows they point to), in one transaction, as the bot would have left them: 2-4
  seats a game, 5,000 players of whom a few play very often (the profile of a player with thousands
  of games is the slow one), 20 servers, two games, one game in twenty abandoned.
- Each answer is the service's own call (``bot.service.after_game.reading.AfterGame``), transaction
  included: ``profile`` (with a head-to-head), ``leaderboard`` (a random server or everywhere, one of
  the first pages) and ``history``. Players are drawn by seat, so the busiest are asked most often.
- Beside each, its floor in the same run and database: a read transaction holding only ``SELECT 1``.
- The rating update: ``apply_ratings`` for one finished 4-player game (reading and writing the
  ratings of its players in its server and everywhere), in its own write transaction; its floor
  is a write transaction of one UPDATE (a commit that writes). On SQLite twice: as it comes (an
  unlucky commit also copies the WAL back into the file, ``wal_autocheckpoint``), and with the
  automatic checkpoint off for both series, which is the update's own cost.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import sqlite3
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from engine.core import Game
from tests.perf.report import Row, percentile

SECTION = "after the game"
ANSWER_MS = 50.0
UPDATE_MS = 5.0
GAMES, QUICK_GAMES = 100_000, 1_000
SAMPLES, QUICK_SAMPLES = 300, 20
PEOPLE, GUILDS = 5_000, 20
NAMES = ("carnegie", "nipron")
START = datetime(2026, 1, 1, tzinfo=UTC)

RESULT_COLUMNS = ("game_id", "guild_id", "game", "outcome", "ended_at", "unrated")
SEAT_COLUMNS = (
    "game_id",
    "seat",
    "user_id",
    "player",
    "name",
    "place",
    "score",
    "won",
    "expelled",
    "moves",
    "bot_moves",
    "skipped",
    "median_move",
    "mu",
    "sigma",
)
RATING_COLUMNS = ("scope", "game", "player", "user_id", "mu", "sigma", "ordinal", "games", "name")
TALLY_COLUMNS = (
    "user_id",
    "game",
    "played",
    "finished",
    "won",
    "abandoned",
    "expelled",
    "best",
    "score_sum",
    "scored",
    "skipped",
)
DUEL_COLUMNS = ("user_id", "other_id", "game", "ahead", "behind", "level")
GAME_COLUMNS = ("id", "guild_id", "channel_id", "game", "status", "created_at", "updated_at", "ended_at")


def _rows(n_games: int) -> dict[str, list[tuple[Any, ...]]]:
    """The stored games, their results, seats and the players' ratings (seeded)."""
    rnd = random.Random(48)
    # A few players play very often; cumulative weights, so a draw is a bisection, not a sum.
    cumulative = list(itertools.accumulate(1 / (rank + 1) ** 0.8 for rank in range(PEOPLE)))
    people = list(range(10**15, 10**15 + PEOPLE))
    games, results, seats = [], [], []
    counted: dict[tuple[int, str, str], int] = {}
    tallies: dict[tuple[int, str], list[Any]] = {}
    duels: dict[tuple[int, int, str], list[int]] = {}
    for game_id in range(1, n_games + 1):
        guild = 10**14 + rnd.randrange(GUILDS)
        name = NAMES[game_id % 2]
        at = (START + timedelta(minutes=game_id)).isoformat()
        outcome = "abandoned" if game_id % 20 == 0 else "finished"
        games.append((game_id, guild, 10**16 + game_id, name, outcome, at, at, at))
        results.append((game_id, guild, name, outcome, at, "" if outcome == "finished" else "abandoned"))
        table: set[int] = set()
        size = rnd.randint(2, 4)
        while len(table) < size:
            table.add(rnd.choices(people, cum_weights=cumulative)[0])
        finished = outcome == "finished"
        for seat, user in enumerate(table):
            player = f"u{user}"
            won = seat == 0 and finished
            score = rnd.randrange(40, 160)
            skipped = rnd.randrange(2)
            sums = tallies.setdefault((user, name), [0, 0, 0, 0, 0, None, 0, 0, 0])
            sums[0] += 1
            sums[1] += finished
            sums[2] += won
            sums[3] += not finished
            if finished:
                sums[5] = score if sums[5] is None else max(sums[5], score)
                sums[6] += score
                sums[7] += 1
            sums[8] += skipped
            if finished:
                for other_seat, other in enumerate(table):
                    if other != user:
                        duel = duels.setdefault((user, other, name), [0, 0, 0])
                        duel[0 if seat < other_seat else 1] += 1
            seats.append(
                (
                    game_id,
                    seat,
                    user,
                    player,
                    f"Player {user % 10_000}",
                    seat + 1,
                    score,
                    int(won),
                    0,
                    60,
                    0,
                    skipped,
                    rnd.randrange(5, 3_600),
                    25 + rnd.gauss(0, 4) if outcome == "finished" else None,
                    rnd.uniform(1, 8) if outcome == "finished" else None,
                )
            )
            if outcome == "finished":
                for scope in (0, guild):
                    counted[(scope, name, player)] = counted.get((scope, name, player), 0) + 1
    ratings = []
    for (scope, name, player), n in counted.items():
        mu, sigma = 25 + rnd.gauss(0, 4), max(1.0, 8.33 - n * 0.05)
        user = int(player[1:])
        ratings.append((scope, name, player, user, mu, sigma, mu - 3 * sigma, n, f"Player {user % 10_000}"))
    return {
        "games": games,
        "results": results,
        "result_seats": seats,
        "ratings": ratings,
        "player_tallies": [(user, name, *sums) for (user, name), sums in tallies.items()],
        "head_to_head": [(*key, *duel) for key, duel in duels.items()],
    }


COLUMNS = {
    "games": GAME_COLUMNS,
    "results": RESULT_COLUMNS,
    "result_seats": SEAT_COLUMNS,
    "ratings": RATING_COLUMNS,
    "player_tallies": TALLY_COLUMNS,
    "head_to_head": DUEL_COLUMNS,
}


def _fill_sqlite(path: Path, data: dict[str, list[tuple[Any, ...]]]) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        for table, columns in COLUMNS.items():
            marks = ", ".join("?" for _ in columns)
            conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", data[table])
        conn.execute("COMMIT")
        conn.execute("ANALYZE")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


async def _fill_postgres(url: str, data: dict[str, list[tuple[Any, ...]]]) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            for table, columns in COLUMNS.items():
                await conn.copy_records_to_table(table, records=data[table], columns=list(columns))
        # What autovacuum does soon after a bulk load: statistics, and the visibility map that lets
        # a leaderboard's count read its index alone.
        await conn.execute("VACUUM ANALYZE")
    finally:
        await conn.close()


async def _timed(
    samples: int, call: Callable[[int], Awaitable[Any]], between: Callable[[], Awaitable[Any]] | None = None
) -> list[float]:
    await call(0)  # warm: the first call pays for imports and first-use caches, not the answer
    times = []
    for i in range(samples):
        if between is not None:
            await between()  # untimed
        t0 = time.perf_counter_ns()
        await call(i)
        times.append((time.perf_counter_ns() - t0) / 1e6)
    return times


async def _measure(db: Any, data: dict[str, list[tuple[Any, ...]]], samples: int, backend: str) -> list[Row]:
    from bot.service.after_game.reading import AfterGame
    from bot.service.after_game.record import apply_ratings
    from bot.service.store import Store
    from bot.storage.results import GameResult, SeatResult

    after = AfterGame(Store(db))
    rnd = random.Random(7)
    seats = data["result_seats"]
    askers = [rnd.choice(seats)[2] for _ in range(samples)]
    others = [rnd.choice(seats)[2] for _ in range(samples)]
    guilds = sorted({g[1] for g in data["games"]})

    async def floor_read(_: int) -> None:
        async with db.transaction(write=False) as conn:
            await conn.fetchone("SELECT 1")

    async def profile(i: int) -> None:
        versus = others[i] if others[i] != askers[i] else None
        await after.profile(askers[i], asker=askers[i], versus=versus)

    async def board(i: int) -> None:
        scope = 0 if i % 3 == 0 else guilds[i % len(guilds)]
        await after.leaderboard(NAMES[i % 2], scope, i % 5)

    async def history(i: int) -> None:
        await after.history(askers[i], asker=askers[i], page=i % 3)

    floor = await _timed(samples, floor_read)
    floor_median = sorted(floor)[len(floor) // 2]
    answers = {
        "profile (with a head-to-head)": await _timed(samples, profile),
        "leaderboard page": await _timed(samples, board),
        "history page": await _timed(samples, history),
    }
    floor_p99 = percentile(floor, 99)
    where = f"{backend}, {len(data['results']):,} games"
    rows = [
        *(
            Row(
                SECTION,
                where,
                f"{name} p99",
                percentile(times, 99),
                "ms",
                ANSWER_MS,
                note=f"median {sorted(times)[len(times) // 2]:.2f} ms; floor median {floor_median:.2f} ms",
                floor=floor_p99,
                floor_name="a read transaction with SELECT 1, p99",
            )
            for name, times in answers.items()
        ),
    ]

    async def floor_write(_: int) -> None:
        # A commit that writes: what any change pays (WAL append, the occasional checkpoint).
        async with db.transaction() as conn:
            await conn.execute(
                "UPDATE ratings SET games = games WHERE scope = 0 AND game = ? AND player = ?",
                (NAMES[0], f"u{seats[0][2]}"),
            )

    people = sorted({s[2] for s in seats})

    async def update(i: int) -> None:
        players = rnd.sample(people, 4)
        result = GameResult(
            game_id=0,
            guild_id=guilds[i % len(guilds)],
            game=NAMES[i % 2],
            outcome="finished",
            ended_at="2026-12-31T00:00:00+00:00",
            unrated="",
            seats=[
                SeatResult(seat, user, f"u{user}", None, seat + 1, 100 - seat, seat == 0, False, 60, 0, 0, 30)
                for seat, user in enumerate(players)
            ],
        )
        async with db.transaction() as conn:
            await apply_ratings(conn, result)

    write_floors = await _timed(samples, floor_write)
    write_floor = percentile(write_floors, 99)
    updates = await _timed(samples, update)
    if backend == "sqlite":
        rows += await _without_checkpoints(db, samples, update, floor_write, f"{where}, no WAL checkpoint")
    rows += [
        Row(
            SECTION,
            where,
            "rating update of a finished 4-player game p99"
            + (", WAL checkpoints included" if backend == "sqlite" else ""),
            percentile(updates, 99),
            "ms",
            None if backend == "sqlite" else UPDATE_MS,
            note=f"median {sorted(updates)[len(updates) // 2]:.2f} ms; floor median "
            f"{sorted(write_floors)[len(write_floors) // 2]:.2f} ms; its server and everywhere",
            floor=write_floor,
            floor_name="a write transaction of one UPDATE, p99",
        ),
    ]
    return rows


async def _without_checkpoints(
    db: Any,
    samples: int,
    update: Callable[[int], Awaitable[Any]],
    floor_write: Callable[[int], Awaitable[Any]],
    where: str,
) -> list[Row]:
    """SQLite's WAL is copied back into the database file by whichever commit finds 1,000 pages in it
    (``wal_autocheckpoint``): tens of milliseconds on a 100,000-game file, paid by a click or a rating
    update alike. The update's own cost: both series again with the automatic checkpoint off (the
    WAL just grows meanwhile), then on again and the WAL checkpointed."""
    await db.conn.execute("PRAGMA wal_autocheckpoint=0")
    try:
        floors = await _timed(samples, floor_write)
        updates = await _timed(samples, update)
    finally:
        await db.conn.execute("PRAGMA wal_autocheckpoint=1000")
        await db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return [
        Row(
            SECTION,
            where,
            "rating update of a finished 4-player game p99",
            percentile(updates, 99),
            "ms",
            UPDATE_MS,
            note=f"median {sorted(updates)[len(updates) // 2]:.2f} ms",
            floor=percentile(floors, 99),
            floor_name="a write transaction of one UPDATE, p99, no checkpoint either",
        ),
    ]


async def _bench(quick: bool) -> list[Row]:
    from bot.storage import migrate, open_database

    n_games, samples = (QUICK_GAMES, QUICK_SAMPLES) if quick else (GAMES, SAMPLES)
    data = _rows(n_games)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "after.sqlite3"
        db = await open_database(path)
        await migrate(db)
        await db.close()
        _fill_sqlite(path, data)
        db = await open_database(path)
        try:
            rows += await _measure(db, data, samples, "sqlite")
        finally:
            await db.close()
    if quick:
        return rows  # the smoke run stays on SQLite
    from tests.postgres import LocalPostgres

    server = LocalPostgres().start()
    try:
        url = server.create_database("after_game")
        db = await open_database(url)
        await migrate(db)
        await db.close()
        await _fill_postgres(url, data)
        db = await open_database(url)
        try:
            rows += await _measure(db, data, samples, "postgresql (local)")
        finally:
            await db.close()
    finally:
        server.stop()
    return rows


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    return asyncio.run(_bench(quick))
