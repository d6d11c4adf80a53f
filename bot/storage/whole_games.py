"""SQL for exporting a whole game and importing one as a new game (``bot.ops.transfer``)."""

from __future__ import annotations

from typing import Any

from bot.storage.connection import Connection, IntegrityError
from bot.storage.games import ChannelBusy, bounded_name


async def undos(conn: Connection, game_id: int) -> list[dict[str, Any]]:
    rows = await conn.fetchall(
        "SELECT seq, user_id, version_after, created_at FROM undos WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return [{key: row[key] for key in ("seq", "user_id", "version_after", "created_at")} for row in rows]


async def insert_imported_game(
    conn: Connection,
    *,
    guild_id: int,
    channel_id: int,
    game: str,
    status: str,
    options: str,
    seats_wanted: int | None,
    seed: int,
    version: int,
    snapshot: str,
    at: str,
    language: str = "en",
) -> int:
    """A started game with its snapshot; the caller adds seats and the log in the same transaction.
    Raises ``ChannelBusy`` when the channel has a lobby or a game in progress."""
    try:
        async with conn.savepoint():
            row = await conn.fetchone(
                "INSERT INTO games (guild_id, channel_id, game, status, options, seats_wanted, seed, "
                "version, snapshot, created_at, updated_at, ended_at, language) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    game,
                    status,
                    options,
                    seats_wanted,
                    seed,
                    version,
                    snapshot,
                    at,
                    at,
                    None if status in ("lobby", "active") else at,
                    language,
                ),
            )
    except IntegrityError as exc:
        if exc.column == "games.channel_id":
            raise ChannelBusy(channel_id) from exc
        raise
    assert row is not None
    return int(row[0])


async def insert_seats(
    conn: Connection, game_id: int, seats: list[tuple[int, int, str | None, bool, bool, str | None]], at: str
) -> None:
    """Seats as (seat, user id, display name, host, ai, computer level), joined in seat order."""
    await conn.executemany(
        "INSERT INTO seats (game_id, user_id, joined_seq, seat, is_host, joined_at, display_name, is_ai, "
        "ai_level) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, user, seat + 1, seat, int(host), at, bounded_name(name), int(ai), level)
            for seat, user, name, host, ai, level in sorted(seats, key=lambda seat: seat[0])
        ],
    )


async def insert_actions(conn: Connection, game_id: int, actions: list[tuple[Any, ...]]) -> None:
    """An imported log, each action as (seq, seat, user, notation, version, events, at, barrier,
    by_bot), without a Discord interaction id (it belongs to the original deployment)."""
    await conn.executemany(
        "INSERT INTO actions (game_id, seq, seat, user_id, notation, interaction_id, version_after, events, "
        "created_at, barrier, by_bot) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)",
        [
            (game_id, seq, seat, user, notation, version, events, at, int(barrier), int(by_bot))
            for seq, seat, user, notation, version, events, at, barrier, by_bot in actions
        ],
    )


async def insert_undos(conn: Connection, game_id: int, undos: list[tuple[int, int, int, str]]) -> None:
    """Undos as (seq, user, version, at)."""
    await conn.executemany(
        "INSERT INTO undos (game_id, seq, user_id, interaction_id, version_after, created_at) "
        "VALUES (?, ?, ?, NULL, ?, ?)",
        [(game_id, seq, user, version, at) for seq, user, version, at in undos],
    )
