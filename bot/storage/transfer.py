"""SQL for exporting a whole game and importing one as a new game (``bot.transfer``)."""

from __future__ import annotations

import sqlite3
from typing import Any

import aiosqlite

from bot.storage.games import ChannelBusy, bounded_name


async def undos(conn: aiosqlite.Connection, game_id: int) -> list[dict[str, Any]]:
    async with conn.execute(
        "SELECT seq, user_id, version_after, created_at FROM undos WHERE game_id = ? ORDER BY seq",
        (game_id,),
    ) as cursor:
        return [dict(row) async for row in cursor]


async def insert_imported_game(
    conn: aiosqlite.Connection,
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
) -> int:
    """A started game with its snapshot; the caller adds seats and the log in the same transaction.
    Raises ``ChannelBusy`` when the channel has a lobby or a game in progress."""
    try:
        cursor = await conn.execute(
            "INSERT INTO games (guild_id, channel_id, game, status, options, seats_wanted, seed, version, "
            "snapshot, created_at, updated_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            ),
        )
    except sqlite3.IntegrityError as exc:
        if "games.channel_id" in str(exc):
            raise ChannelBusy(channel_id) from exc
        raise
    assert cursor.lastrowid is not None
    return cursor.lastrowid


async def insert_seat(
    conn: aiosqlite.Connection,
    game_id: int,
    *,
    user_id: int,
    joined_seq: int,
    seat: int,
    is_host: bool,
    is_ai: bool,
    display_name: str | None,
    at: str,
) -> None:
    await conn.execute(
        "INSERT INTO seats (game_id, user_id, joined_seq, seat, is_host, joined_at, display_name, is_ai) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, user_id, joined_seq, seat, int(is_host), at, bounded_name(display_name), int(is_ai)),
    )


async def insert_action(conn: aiosqlite.Connection, game_id: int, action: dict[str, Any]) -> None:
    """An action of an imported log, without its Discord interaction id (which belongs to the
    original deployment and must not block a click there or here)."""
    await conn.execute(
        "INSERT INTO actions (game_id, seq, seat, user_id, notation, interaction_id, version_after, events, "
        "created_at, barrier) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)",
        (
            game_id,
            action["seq"],
            action["seat"],
            int(action["user_id"]),
            action["notation"],
            action["version_after"],
            action["events"],
            action["created_at"],
            int(bool(action["barrier"])),
        ),
    )


async def insert_undo(conn: aiosqlite.Connection, game_id: int, undo: dict[str, Any]) -> None:
    await conn.execute(
        "INSERT INTO undos (game_id, seq, user_id, interaction_id, version_after, created_at) "
        "VALUES (?, ?, ?, NULL, ?, ?)",
        (game_id, undo["seq"], int(undo["user_id"]), undo["version_after"], undo["created_at"]),
    )
