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
RECENT = 100  # a profile's median time per move reads the player's last games of a game
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
    name: str | None = None


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
    # the everywhere rating's ordinal after each of the last rated games, oldest first
    trail: tuple[float, ...] = ()


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


async def ratings_of(conn: Connection, scope: int, game: str, players: Iterable[str]) -> dict[str, RatingRow]:
    """The players' ratings in ``game`` in one scope, by player."""
    found = await ratings_in(conn, [scope], game, list(players))
    return {player: rating for (_, player), rating in found.items()}


async def ratings_in(
    conn: Connection, scopes: Sequence[int], game: str, players: Sequence[str]
) -> dict[tuple[int, str], RatingRow]:
    """The players' ratings in ``game`` in each of ``scopes``, by (scope, player)."""
    if not players or not scopes:
        return {}
    scope_marks, player_marks = ", ".join("?" for _ in scopes), ", ".join("?" for _ in players)
    rows = await conn.fetchall(
        "SELECT scope, game, player, user_id, mu, sigma, games, name FROM ratings "
        f"WHERE scope IN ({scope_marks}) AND game = ? AND player IN ({player_marks})",
        (*scopes, game, *players),
    )
    return {(row["scope"], row["player"]): _rating(row) for row in rows}


def _rating(row: Any) -> RatingRow:
    return RatingRow(
        row["scope"],
        row["game"],
        row["player"],
        row["user_id"],
        row["mu"],
        row["sigma"],
        row["games"],
        row["name"],
    )


async def put_ratings(conn: Connection, rows: Iterable[RatingRow]) -> None:
    await conn.executemany(
        "INSERT INTO ratings (scope, game, player, user_id, mu, sigma, ordinal, games, name) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, game, player) DO UPDATE SET "
        "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, "
        "name = excluded.name",
        [
            (r.scope, r.game, r.player, r.user_id, r.mu, r.sigma, r.mu - 3 * r.sigma, r.games, r.name)
            for r in rows
        ],
    )


async def set_seat_ratings(conn: Connection, game_id: int, ratings: dict[int, tuple[float, float]]) -> None:
    await conn.executemany(
        "UPDATE result_seats SET mu = ?, sigma = ? WHERE game_id = ? AND seat = ?",
        [(mu, sigma, game_id, seat) for seat, (mu, sigma) in ratings.items()],
    )


async def all_ratings(conn: Connection) -> list[RatingRow]:
    rows = await conn.fetchall(
        "SELECT scope, game, player, user_id, mu, sigma, games, name FROM ratings "
        "ORDER BY scope, game, player"
    )
    return [_rating(row) for row in rows]


async def seat_ratings(conn: Connection) -> list[tuple[int, int, float | None, float | None]]:
    rows = await conn.fetchall("SELECT game_id, seat, mu, sigma FROM result_seats ORDER BY game_id, seat")
    return [(row["game_id"], row["seat"], row["mu"], row["sigma"]) for row in rows]


async def clear_ratings(conn: Connection) -> None:
    await conn.execute("DELETE FROM ratings")
    await conn.execute("UPDATE result_seats SET mu = NULL, sigma = NULL WHERE mu IS NOT NULL")
    await conn.execute("DELETE FROM player_tallies")
    await conn.execute("DELETE FROM head_to_head")


async def all_results(conn: Connection) -> list[GameResult]:
    """Every stored result, in the order the games ended."""
    rows = await conn.fetchall("SELECT game_id FROM results ORDER BY ended_at, game_id")
    ids = [row["game_id"] for row in rows]
    found: dict[int, GameResult] = {}
    for start in range(0, len(ids), 500):  # bounded IN lists
        found.update(await results_of(conn, ids[start : start + 500]))
    return [found[i] for i in ids]


_TALLY_COLUMNS = "user_id, game, played, finished, won, abandoned, expelled, best, score_sum, scored, skipped"


async def add_tallies(conn: Connection, rows: Iterable[tuple[Any, ...]]) -> None:
    """Add one ended game to its people's running sums: rows in ``_TALLY_COLUMNS`` order."""
    await conn.executemany(
        f"INSERT INTO player_tallies ({_TALLY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (user_id, game) DO UPDATE SET played = player_tallies.played + excluded.played, "
        "finished = player_tallies.finished + excluded.finished, won = player_tallies.won + excluded.won, "
        "abandoned = player_tallies.abandoned + excluded.abandoned, "
        "expelled = player_tallies.expelled + excluded.expelled, "
        "best = CASE WHEN player_tallies.best IS NULL OR excluded.best > player_tallies.best "
        "THEN COALESCE(excluded.best, player_tallies.best) ELSE player_tallies.best END, "
        "score_sum = player_tallies.score_sum + excluded.score_sum, "
        "scored = player_tallies.scored + excluded.scored, "
        "skipped = player_tallies.skipped + excluded.skipped",
        list(rows),
    )


async def add_duels(conn: Connection, rows: Iterable[tuple[int, int, str, int, int, int]]) -> None:
    """Add one finished game to the head-to-head of each ordered pair of its people."""
    await conn.executemany(
        "INSERT INTO head_to_head (user_id, other_id, game, ahead, behind, level) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (user_id, other_id, game) DO UPDATE SET ahead = head_to_head.ahead + excluded.ahead, "
        "behind = head_to_head.behind + excluded.behind, level = head_to_head.level + excluded.level",
        list(rows),
    )


async def all_tallies(conn: Connection) -> list[tuple[Any, ...]]:
    rows = await conn.fetchall(f"SELECT {_TALLY_COLUMNS} FROM player_tallies ORDER BY user_id, game")
    duels = await conn.fetchall(
        "SELECT user_id, other_id, game, ahead, behind, level FROM head_to_head "
        "ORDER BY user_id, other_id, game"
    )
    return [tuple(row[i] for i in range(11)) for row in rows] + [
        tuple(row[i] for i in range(6)) for row in duels
    ]


# --- reading: profiles, head-to-head, leaderboards, history ---


async def tallies(conn: Connection, user_id: int, *, trail: int) -> list[GameTally]:
    rows = await conn.fetchall(
        f"SELECT {_TALLY_COLUMNS} FROM player_tallies WHERE user_id = ? ORDER BY game", (user_id,)
    )
    found = []
    for row in rows:
        # The player's last games of this game (the index on user and game id reads them newest
        # first): the median of their per-game medians (an old habit should not outweigh today's
        # pace) and the rating after each of the last rated ones.
        recent = await conn.fetchall(
            "SELECT s.median_move, s.mu, s.sigma FROM result_seats s JOIN results r ON r.game_id = s.game_id "
            "WHERE s.user_id = ? AND r.game = ? ORDER BY s.game_id DESC LIMIT ?",
            (user_id, row["game"], RECENT),
        )
        waits = [int(w["median_move"]) for w in recent if w["median_move"] is not None]
        rated = [w["mu"] - 3 * w["sigma"] for w in recent if w["mu"] is not None][:trail]
        found.append(
            GameTally(
                game=row["game"],
                played=int(row["played"]),
                finished=int(row["finished"]),
                won=int(row["won"]),
                abandoned=int(row["abandoned"]),
                expelled=int(row["expelled"]),
                best=None if row["best"] is None else int(row["best"]),
                average=int(row["score_sum"]) / int(row["scored"]) if row["scored"] else None,
                skipped=int(row["skipped"]),
                median_move=round(median(waits)) if waits else None,
                trail=tuple(reversed(rated)),
            )
        )
    return found


async def player_ratings(
    conn: Connection, scope: int, player: str, games: Sequence[str]
) -> dict[str, RatingRow]:
    """One player's ratings in these games."""
    if not games:
        return {}
    marks = ", ".join("?" for _ in games)
    rows = await conn.fetchall(
        "SELECT scope, game, player, user_id, mu, sigma, games, name FROM ratings "
        f"WHERE scope = ? AND player = ? AND game IN ({marks})",
        (scope, player, *games),
    )
    return {row["game"]: _rating(row) for row in rows}


async def head_to_head(conn: Connection, user_id: int, other_id: int) -> dict[str, tuple[int, int, int]]:
    """Per game: finished games both sat in where the first placed ahead, behind, level."""
    rows = await conn.fetchall(
        "SELECT game, ahead, behind, level FROM head_to_head WHERE user_id = ? AND other_id = ? "
        "ORDER BY game",
        (user_id, other_id),
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
        "SELECT player, user_id, mu, sigma, games, name "
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
    counted = await conn.fetchone("SELECT SUM(played) AS n FROM player_tallies WHERE user_id = ?", (user_id,))
    rows = await conn.fetchall(
        "SELECT game_id FROM result_seats WHERE user_id = ? ORDER BY game_id DESC LIMIT ? OFFSET ?",
        (user_id, limit, offset),
    )
    ids = [row["game_id"] for row in rows]
    found = await results_of(conn, ids)
    total = 0 if counted is None or counted["n"] is None else int(counted["n"])
    return total, [found[i] for i in ids if i in found]


async def last_name(conn: Connection, user_id: int) -> str | None:
    row = await conn.fetchone(
        "SELECT name FROM result_seats WHERE user_id = ? ORDER BY game_id DESC LIMIT 1", (user_id,)
    )
    return None if row is None else row["name"]


async def hidden_among(conn: Connection, user_ids: Sequence[int]) -> set[int]:
    marks = ", ".join("?" for _ in user_ids)
    rows = await conn.fetchall(
        f"SELECT user_id FROM hidden_profiles WHERE user_id IN ({marks})", tuple(user_ids)
    )
    return {int(row["user_id"]) for row in rows}


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
