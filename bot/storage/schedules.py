"""Reminders and deadlines, kept in the database so that a restart loses none of them."""

from __future__ import annotations

from typing import Any

from bot.storage.connection import Connection
from bot.storage.records import ScheduleRow

_COLUMNS = "id, game_id, kind, due_at, payload, done_at, created_at, seat"


def _schedule(row: Any) -> ScheduleRow:
    return ScheduleRow(
        id=row["id"],
        game_id=row["game_id"],
        kind=row["kind"],
        due_at=row["due_at"],
        payload=row["payload"],
        done_at=row["done_at"],
        created_at=row["created_at"],
        seat=row["seat"],
    )


async def add_schedule(
    conn: Connection,
    game_id: int,
    *,
    kind: str,
    due_at: str,
    payload: str,
    at: str,
    seat: int | None = None,
) -> int:
    row = await conn.fetchone(
        "INSERT INTO schedules (game_id, kind, due_at, payload, created_at, seat) VALUES (?, ?, ?, ?, ?, ?) "
        "RETURNING id",
        (game_id, kind, due_at, payload, at, seat),
    )
    assert row is not None
    return int(row[0])


async def due_schedules(
    conn: Connection, now: str, kinds: tuple[str, ...] | None = None
) -> list[ScheduleRow]:
    """Schedules not yet done whose time has come (of these kinds, when given), oldest first
    (ISO-8601 UTC text sorts by time)."""
    of_kinds = "" if kinds is None else f" AND kind IN ({', '.join('?' for _ in kinds)})"
    rows = await conn.fetchall(
        f"SELECT {_COLUMNS} FROM schedules WHERE done_at IS NULL AND due_at <= ?{of_kinds} "
        "ORDER BY due_at, id",
        (now, *(kinds or ())),
    )
    return [_schedule(row) for row in rows]


async def mark_schedule_done(
    conn: Connection, schedule_id: int, at: str, *, clear_payload: bool = False
) -> bool:
    """Claim the schedule (False when it was done already); ``clear_payload`` drops what it
    carried (a retried post's image, say), which a done row no longer needs."""
    payload = ", payload = '{}'" if clear_payload else ""
    changed = await conn.execute(
        f"UPDATE schedules SET done_at = ?{payload} WHERE id = ? AND done_at IS NULL", (at, schedule_id)
    )
    return changed == 1


async def cancel_schedules(
    conn: Connection, game_id: int, kinds: tuple[str, ...], at: str, *, seat: int | None = None
) -> int:
    """Close the pending schedules of these kinds for the game (for one seat, when given): they no
    longer apply. Returns how many were closed."""
    marks = ", ".join("?" for _ in kinds)
    where = "" if seat is None else " AND seat = ?"
    return await conn.execute(
        f"UPDATE schedules SET done_at = ? WHERE game_id = ? AND done_at IS NULL "
        f"AND kind IN ({marks}){where}",
        (at, game_id, *kinds, *(() if seat is None else (seat,))),
    )


async def pending_schedules(conn: Connection, game_id: int) -> list[ScheduleRow]:
    rows = await conn.fetchall(
        f"SELECT {_COLUMNS} FROM schedules WHERE game_id = ? AND done_at IS NULL ORDER BY due_at, id",
        (game_id,),
    )
    return [_schedule(row) for row in rows]
