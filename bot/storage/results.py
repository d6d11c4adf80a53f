"""Ended games' results, the ratings and hidden profiles (migration 0012). Every function takes a
connection inside the caller's transaction; the rules of what is rated live in
``bot.service.after_game``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from statistics import median
from typing import Any

from bot.storage.connection import Connection

EVERYWHERE = 0  # the scope of ratings across all servers (a guild id is never 0)
# The clock events' kind of a skipped seat (``bot.clocks.time_banks.SKIPPED``: clocks sit above storage).
_SKIP = "skip"


@dataclass(frozen=True)
class SeatResult:
    seat: int
    user_id: int
    player: str
    name: str | None
    place: int
    score: int | None
    won: bool
    expelled: bool
    moves: int
    bot_moves: int
    skipped: int
    median_move: int | None
    mu: float | None = None
    sigma: float | None = None


@dataclass(frozen=True)
class GameResult:
    game_id: int
    guild_id: int
    game: str
    outcome: str
    ended_at: str
    unrated: str
    seats: list[SeatResult]
    channel_id: int = 0


@dataclass(frozen=True)
class Activity:
    """What a seat's own log says: its moves, how many of them the bot chose, the median wait."""

    moves: int = 0
    bot_moves: int = 0
    median_move: int | None = None


@dataclass(frozen=True)
class RatingRow:
    scope: int
    game: str
    player: str
    user_id: int
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class GameTally:
    """One person's ended games of one game."""

    game: str
    played: int
    finished: int
    won: int
    abandoned: int
    expelled: int
    best: int | None
    average: float | None
    skipped: int
    median_move: int | None


@dataclass(frozen=True)
class BoardRow:
    player: str
    user_id: int
    name: str | None
    mu: float
    sigma: float
    games: int


def _seconds(at: str) -> float:
    return datetime.fromisoformat(at).timestamp()


async def seat_activity(conn: Connection, game_id: int) -> dict[int, Activity]:
    """Per seat: its live moves, those the bot chose, and the median wait before a person's own
    move (from the action before it; a move logged with the one before, like Done after a step, is
    no decision of its own)."""
    rows = await conn.fetchall(
        "SELECT seat, by_bot, created_at FROM actions a WHERE game_id = ? "
        "AND NOT EXISTS (SELECT 1 FROM undos u WHERE u.game_id = a.game_id AND u.seq = a.seq) ORDER BY seq",
        (game_id,),
    )
    moves: dict[int, int] = {}
    bot: dict[int, int] = {}
    waits: dict[int, list[float]] = {}
    before: Any = None
    for row in rows:
        seat = row["seat"]
        moves[seat] = moves.get(seat, 0) + 1
        if row["by_bot"]:
            bot[seat] = bot.get(seat, 0) + 1
        elif before is not None and not (
            before["seat"] == seat and before["created_at"] == row["created_at"]
        ):
            waits.setdefault(seat, []).append(
                max(0.0, _seconds(row["created_at"]) - _seconds(before["created_at"]))
            )
        before = row
    return {
        seat: Activity(count, bot.get(seat, 0), round(median(waits[seat])) if waits.get(seat) else None)
        for seat, count in moves.items()
    }


async def skips(conn: Connection, game_id: int) -> dict[int, int]:
    rows = await conn.fetchall(
        "SELECT seat, COUNT(*) AS n FROM clock_events WHERE game_id = ? AND kind = ? GROUP BY seat",
        (game_id, _SKIP),
    )
    return {row["seat"]: int(row["n"]) for row in rows}


async def expelled_seats(conn: Connection, game_id: int) -> set[int]:
    rows = await conn.fetchall("SELECT seat FROM seat_clocks WHERE game_id = ? AND expelled = 1", (game_id,))
    return {row["seat"] for row in rows}


_SEAT_COLUMNS = (
    "seat, user_id, player, name, place, score, won, expelled, moves, bot_moves, skipped, median_move, "
    "mu, sigma"
)


async def insert_result(conn: Connection, result: GameResult) -> None:
    await conn.execute(
        "INSERT INTO results (game_id, guild_id, game, outcome, ended_at, unrated) VALUES (?, ?, ?, ?, ?, ?)",
        (result.game_id, result.guild_id, result.game, result.outcome, result.ended_at, result.unrated),
    )
    await conn.executemany(
        f"INSERT INTO result_seats (game_id, {_SEAT_COLUMNS}) VALUES ({', '.join('?' * 15)})",
        [
            (
                result.game_id,
                s.seat,
                s.user_id,
                s.player,
                s.name,
                s.place,
                s.score,
                int(s.won),
                int(s.expelled),
                s.moves,
                s.bot_moves,
                s.skipped,
                s.median_move,
                s.mu,
                s.sigma,
            )
            for s in result.seats
        ],
    )


async def has_result(conn: Connection, game_id: int) -> bool:
    return await conn.fetchone("SELECT 1 FROM results WHERE game_id = ?", (game_id,)) is not None


def _seat(row: Any) -> SeatResult:
    return SeatResult(
        seat=row["seat"],
        user_id=row["user_id"],
        player=row["player"],
        name=row["name"],
        place=row["place"],
        score=row["score"],
        won=bool(row["won"]),
        expelled=bool(row["expelled"]),
        moves=row["moves"],
        bot_moves=row["bot_moves"],
        skipped=row["skipped"],
        median_move=row["median_move"],
        mu=row["mu"],
        sigma=row["sigma"],
    )


async def results_of(conn: Connection, game_ids: Sequence[int]) -> dict[int, GameResult]:
    """The results of these games (missing ids have none), with each game's channel."""
    if not game_ids:
        return {}
    marks = ", ".join("?" for _ in game_ids)
    heads = await conn.fetchall(
        "SELECT r.game_id, r.guild_id, r.game, r.outcome, r.ended_at, r.unrated, g.channel_id "
        f"FROM results r JOIN games g ON g.id = r.game_id WHERE r.game_id IN ({marks})",
        tuple(game_ids),
    )
    seats: dict[int, list[SeatResult]] = {}
    for row in await conn.fetchall(
        f"SELECT game_id, {_SEAT_COLUMNS} FROM result_seats WHERE game_id IN ({marks}) "
        "ORDER BY game_id, seat",
        tuple(game_ids),
    ):
        seats.setdefault(row["game_id"], []).append(_seat(row))
    return {
        row["game_id"]: GameResult(
            row["game_id"],
            row["guild_id"],
            row["game"],
            row["outcome"],
            row["ended_at"],
            row["unrated"],
            seats.get(row["game_id"], []),
            row["channel_id"],
        )
        for row in heads
    }


async def rated_results(conn: Connection) -> list[GameResult]:
    """Every rated game in the order ratings took them (end time, then id)."""
    rows = await conn.fetchall(
        "SELECT game_id FROM results WHERE outcome = 'finished' AND unrated = '' ORDER BY ended_at, game_id"
    )
    ids = [row["game_id"] for row in rows]
    found: dict[int, GameResult] = {}
    for start in range(0, len(ids), 500):  # bounded IN lists
        found.update(await results_of(conn, ids[start : start + 500]))
    return [found[i] for i in ids]


async def ratings_of(conn: Connection, scope: int, game: str, players: Iterable[str]) -> dict[str, RatingRow]:
    wanted = list(players)
    if not wanted:
        return {}
    marks = ", ".join("?" for _ in wanted)
    rows = await conn.fetchall(
        "SELECT scope, game, player, user_id, mu, sigma, games FROM ratings "
        f"WHERE scope = ? AND game = ? AND player IN ({marks})",
        (scope, game, *wanted),
    )
    return {row["player"]: _rating(row) for row in rows}


def _rating(row: Any) -> RatingRow:
    return RatingRow(
        row["scope"], row["game"], row["player"], row["user_id"], row["mu"], row["sigma"], row["games"]
    )


async def put_ratings(conn: Connection, rows: Iterable[RatingRow]) -> None:
    await conn.executemany(
        "INSERT INTO ratings (scope, game, player, user_id, mu, sigma, ordinal, games) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, game, player) DO UPDATE SET "
        "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games",
        [(r.scope, r.game, r.player, r.user_id, r.mu, r.sigma, r.mu - 3 * r.sigma, r.games) for r in rows],
    )


async def set_seat_ratings(conn: Connection, game_id: int, ratings: dict[int, tuple[float, float]]) -> None:
    await conn.executemany(
        "UPDATE result_seats SET mu = ?, sigma = ? WHERE game_id = ? AND seat = ?",
        [(mu, sigma, game_id, seat) for seat, (mu, sigma) in ratings.items()],
    )


async def all_ratings(conn: Connection) -> list[RatingRow]:
    rows = await conn.fetchall(
        "SELECT scope, game, player, user_id, mu, sigma, games FROM ratings ORDER BY scope, game, player"
    )
    return [_rating(row) for row in rows]


async def seat_ratings(conn: Connection) -> list[tuple[int, int, float | None, float | None]]:
    rows = await conn.fetchall("SELECT game_id, seat, mu, sigma FROM result_seats ORDER BY game_id, seat")
    return [(row["game_id"], row["seat"], row["mu"], row["sigma"]) for row in rows]


async def clear_ratings(conn: Connection) -> None:
    await conn.execute("DELETE FROM ratings")
    await conn.execute("UPDATE result_seats SET mu = NULL, sigma = NULL WHERE mu IS NOT NULL")


# --- reading: profiles, head-to-head, leaderboards, history ---


async def tallies(conn: Connection, user_id: int) -> list[GameTally]:
    rows = await conn.fetchall(
        "SELECT r.game, COUNT(*) AS played, "
        "SUM(CASE WHEN r.outcome = 'finished' THEN 1 ELSE 0 END) AS finished, "
        "SUM(CASE WHEN r.outcome = 'finished' AND s.won = 1 THEN 1 ELSE 0 END) AS won, "
        "SUM(CASE WHEN r.outcome = 'abandoned' THEN 1 ELSE 0 END) AS abandoned, "
        "SUM(s.expelled) AS expelled, "
        "MAX(CASE WHEN r.outcome = 'finished' THEN s.score END) AS best, "
        "AVG(CASE WHEN r.outcome = 'finished' THEN s.score END) AS average, "
        "SUM(s.skipped) AS skipped "
        "FROM result_seats s JOIN results r ON r.game_id = s.game_id WHERE s.user_id = ? "
        "GROUP BY r.game ORDER BY r.game",
        (user_id,),
    )
    waits: dict[str, list[int]] = {}
    for row in await conn.fetchall(
        "SELECT r.game, s.median_move FROM result_seats s JOIN results r ON r.game_id = s.game_id "
        "WHERE s.user_id = ? AND s.median_move IS NOT NULL",
        (user_id,),
    ):
        waits.setdefault(row["game"], []).append(int(row["median_move"]))
    return [
        GameTally(
            game=row["game"],
            played=int(row["played"]),
            finished=int(row["finished"] or 0),
            won=int(row["won"] or 0),
            abandoned=int(row["abandoned"] or 0),
            expelled=int(row["expelled"] or 0),
            best=None if row["best"] is None else int(row["best"]),
            average=None if row["average"] is None else float(row["average"]),
            skipped=int(row["skipped"] or 0),
            median_move=round(median(waits[row["game"]])) if waits.get(row["game"]) else None,
        )
        for row in rows
    ]


async def rating_of(conn: Connection, scope: int, game: str, player: str) -> RatingRow | None:
    return (await ratings_of(conn, scope, game, [player])).get(player)


async def rating_trail(conn: Connection, user_id: int, game: str, last: int) -> list[float]:
    """The everywhere rating's ordinal after each of the person's last ``last`` rated games, oldest first."""
    rows = await conn.fetchall(
        "SELECT s.mu, s.sigma FROM result_seats s JOIN results r ON r.game_id = s.game_id "
        "WHERE s.user_id = ? AND r.game = ? AND s.mu IS NOT NULL ORDER BY s.game_id DESC LIMIT ?",
        (user_id, game, last),
    )
    return [row["mu"] - 3 * row["sigma"] for row in reversed(rows)]


async def head_to_head(conn: Connection, user_id: int, other_id: int) -> dict[str, tuple[int, int, int]]:
    """Per game: finished games both sat in where the first placed ahead, behind, level."""
    rows = await conn.fetchall(
        "SELECT r.game, "
        "SUM(CASE WHEN a.place < b.place THEN 1 ELSE 0 END) AS ahead, "
        "SUM(CASE WHEN a.place > b.place THEN 1 ELSE 0 END) AS behind, "
        "SUM(CASE WHEN a.place = b.place THEN 1 ELSE 0 END) AS level "
        "FROM result_seats a JOIN result_seats b ON b.game_id = a.game_id AND b.user_id = ? "
        "JOIN results r ON r.game_id = a.game_id "
        "WHERE a.user_id = ? AND r.outcome = 'finished' GROUP BY r.game ORDER BY r.game",
        (other_id, user_id),
    )
    return {row["game"]: (int(row["ahead"]), int(row["behind"]), int(row["level"])) for row in rows}


_SHOWN = "user_id NOT IN (SELECT user_id FROM hidden_profiles)"


async def board(
    conn: Connection, game: str, scope: int, *, min_games: int, offset: int, limit: int
) -> tuple[int, list[BoardRow]]:
    """The leaderboard's rows from ``offset`` (best ordinal first) and how many there are in all."""
    counted = await conn.fetchone(
        f"SELECT COUNT(*) AS n FROM ratings WHERE game = ? AND scope = ? AND games >= ? AND {_SHOWN}",
        (game, scope, min_games),
    )
    rows = await conn.fetchall(
        "SELECT player, user_id, mu, sigma, games, "
        "(SELECT s.name FROM result_seats s WHERE s.user_id = ratings.user_id AND ratings.user_id <> 0 "
        "ORDER BY s.game_id DESC LIMIT 1) AS name "
        f"FROM ratings WHERE game = ? AND scope = ? AND games >= ? AND {_SHOWN} "
        "ORDER BY ordinal DESC, player LIMIT ? OFFSET ?",
        (game, scope, min_games, limit, offset),
    )
    total = 0 if counted is None else int(counted["n"])
    return total, [
        BoardRow(row["player"], row["user_id"], row["name"], row["mu"], row["sigma"], row["games"])
        for row in rows
    ]


async def history(conn: Connection, user_id: int, *, offset: int, limit: int) -> tuple[int, list[GameResult]]:
    """The person's ended games, newest first, from ``offset``; and how many there are in all."""
    counted = await conn.fetchone("SELECT COUNT(*) AS n FROM result_seats WHERE user_id = ?", (user_id,))
    rows = await conn.fetchall(
        "SELECT game_id FROM result_seats WHERE user_id = ? ORDER BY game_id DESC LIMIT ? OFFSET ?",
        (user_id, limit, offset),
    )
    ids = [row["game_id"] for row in rows]
    found = await results_of(conn, ids)
    return (0 if counted is None else int(counted["n"])), [found[i] for i in ids if i in found]


async def last_name(conn: Connection, user_id: int) -> str | None:
    row = await conn.fetchone(
        "SELECT name FROM result_seats WHERE user_id = ? ORDER BY game_id DESC LIMIT 1", (user_id,)
    )
    return None if row is None else row["name"]


async def is_hidden(conn: Connection, user_id: int) -> bool:
    return await conn.fetchone("SELECT 1 FROM hidden_profiles WHERE user_id = ?", (user_id,)) is not None


async def set_hidden(conn: Connection, user_id: int, hidden: bool, at: str) -> None:
    if hidden:
        await conn.execute(
            "INSERT INTO hidden_profiles (user_id, at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING",
            (user_id, at),
        )
    else:
        await conn.execute("DELETE FROM hidden_profiles WHERE user_id = ?", (user_id,))
