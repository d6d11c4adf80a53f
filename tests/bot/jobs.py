"""What the schedules table still holds for a game: the tests' view of its reminders and time-outs."""

from __future__ import annotations

from bot.storage import ScheduleRow
from bot.storage.connection import Connection
from bot.storage.schedules import COLUMNS, schedule_row


async def pending_schedules(conn: Connection, game_id: int) -> list[ScheduleRow]:
    rows = await conn.fetchall(
        f"SELECT {COLUMNS} FROM schedules WHERE game_id = ? AND done_at IS NULL ORDER BY due_at, id",
        (game_id,),
    )
    return [schedule_row(row) for row in rows]
