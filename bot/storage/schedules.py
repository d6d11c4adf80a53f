"""Reminders and deadlines, kept in the database so that a restart loses none of them.

A due job is run under a lease: ``claim_schedule`` takes it for one process until ``lease_until``,
the holder renews the lease while it works (``renew_leases``) and ``finish_schedule`` marks it done
once its message was sent. A job whose holder died is due again when the lease runs out."""

from __future__ import annotations

from typing import Any

from bot.storage.connection import Connection
from bot.storage.records import ScheduleRow

COLUMNS = "id, game_id, kind, due_at, payload, done_at, created_at, seat"


def schedule_row(row: Any) -> ScheduleRow:
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
    """Schedules not yet done whose time has come and that nobody holds (of these kinds, when given),
    oldest first (ISO-8601 UTC text sorts by time)."""
    of_kinds = "" if kinds is None else f" AND kind IN ({', '.join('?' for _ in kinds)})"
    rows = await conn.fetchall(
        f"SELECT {COLUMNS} FROM schedules WHERE done_at IS NULL AND due_at <= ? "
        f"AND (lease_until IS NULL OR lease_until <= ?){of_kinds} ORDER BY due_at, id",
        (now, now, *(kinds or ())),
    )
    return [schedule_row(row) for row in rows]


async def claim_schedule(conn: Connection, schedule_id: int, owner: str, now: str, until: str) -> bool:
    """Lease the job to ``owner`` until ``until``; False when it is done or another holder's lease
    still runs. A job claimed before by a holder whose lease ran out is taken over."""
    changed = await conn.execute(
        "UPDATE schedules SET lease_owner = ?, lease_until = ? WHERE id = ? AND done_at IS NULL "
        "AND (lease_until IS NULL OR lease_until <= ?)",
        (owner, until, schedule_id, now),
    )
    return changed == 1


async def renew_leases(conn: Connection, schedule_ids: list[int], owner: str, until: str) -> int:
    """Push the leases ``owner`` still holds on these jobs to ``until``; returns how many it holds."""
    if not schedule_ids:
        return 0
    marks = ", ".join("?" for _ in schedule_ids)
    return await conn.execute(
        f"UPDATE schedules SET lease_until = ? WHERE lease_owner = ? AND done_at IS NULL AND id IN ({marks})",
        (until, owner, *schedule_ids),
    )


async def finish_schedule(
    conn: Connection, schedule_id: int, owner: str, at: str, *, clear_payload: bool = False
) -> bool:
    """The holder's job is done (False when it no longer holds it); ``clear_payload`` drops what it
    carried (a retried post's image, say), which a done row no longer needs."""
    payload = ", payload = '{}'" if clear_payload else ""
    changed = await conn.execute(
        f"UPDATE schedules SET done_at = ?{payload} WHERE id = ? AND done_at IS NULL AND lease_owner = ?",
        (at, schedule_id, owner),
    )
    return changed == 1


async def set_schedule_payload(conn: Connection, schedule_id: int, payload: str) -> None:
    await conn.execute("UPDATE schedules SET payload = ? WHERE id = ?", (payload, schedule_id))


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
