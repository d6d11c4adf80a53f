"""The append-only action log (a trigger in the schema refuses UPDATE and DELETE)."""

from __future__ import annotations

import sqlite3
from typing import Any

import aiosqlite

from bot.storage.records import ActionRow


class DuplicateInteraction(Exception):
    """This Discord interaction id is already in the log (another process applied it first)."""


_COLUMNS = "game_id, seq, seat, user_id, notation, interaction_id, version_after, events, created_at"


def _action(row: Any) -> ActionRow:
    return ActionRow(
        game_id=row["game_id"],
        seq=row["seq"],
        seat=row["seat"],
        user_id=row["user_id"],
        notation=row["notation"],
        interaction_id=row["interaction_id"],
        version_after=row["version_after"],
        events=row["events"],
        created_at=row["created_at"],
    )


async def append_action(
    conn: aiosqlite.Connection,
    game_id: int,
    *,
    seat: int,
    user_id: int,
    notation: str,
    interaction_id: int | None,
    version_after: int,
    events: str,
    at: str,
) -> int:
    """Append the next row of the game's log; returns its seq (1, 2, …)."""
    async with conn.execute(
        "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?", (game_id,)
    ) as cursor:
        row = await cursor.fetchone()
    assert row is not None
    seq = int(row[0])
    try:
        await conn.execute(
            f"INSERT INTO actions ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, seq, seat, user_id, notation, interaction_id, version_after, events, at),
        )
    except sqlite3.IntegrityError as exc:
        if "actions.interaction_id" in str(exc):
            raise DuplicateInteraction(interaction_id) from exc
        raise
    return seq


async def action_by_interaction(conn: aiosqlite.Connection, interaction_id: int) -> ActionRow | None:
    async with conn.execute(
        f"SELECT {_COLUMNS} FROM actions WHERE interaction_id = ?", (interaction_id,)
    ) as cursor:
        row = await cursor.fetchone()
    return None if row is None else _action(row)


async def list_actions(conn: aiosqlite.Connection, game_id: int) -> list[ActionRow]:
    async with conn.execute(
        f"SELECT {_COLUMNS} FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
    ) as cursor:
        return [_action(row) async for row in cursor]
