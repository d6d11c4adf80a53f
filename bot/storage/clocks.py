"""Turn clocks: the seats' time banks, the players' own settings and the clock events.
Times are integer epoch seconds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.connection import Connection


@dataclass(frozen=True)
class SeatClock:
    game_id: int
    seat: int
    bank: int
    deciding_since: int | None
    waited: int
    out_of_time: bool
    skipped: bool
    expelled: bool
    vacation_from: int | None
    vacation_until: int | None
    vacation_days: int
    reminded_at: int | None
    out_of_time_post: int | None = None  # the message with the Skip button, while it stands


@dataclass(frozen=True)
class PlayerSettings:
    user_id: int
    timezone: str = "UTC"
    quiet_from: int | None = None
    quiet_until: int | None = None
    dm: bool = False


@dataclass(frozen=True)
class ClockEvent:
    game_id: int
    ord: int
    seat: int
    kind: str
    after_seq: int
    by_user: int
    detail: str
    at: int


def _clock(row: Any) -> SeatClock:
    return SeatClock(
        game_id=row["game_id"],
        seat=row["seat"],
        bank=row["bank"],
        deciding_since=row["deciding_since"],
        waited=row["waited"],
        out_of_time=bool(row["out_of_time"]),
        skipped=bool(row["skipped"]),
        expelled=bool(row["expelled"]),
        vacation_from=row["vacation_from"],
        vacation_until=row["vacation_until"],
        vacation_days=row["vacation_days"],
        reminded_at=row["reminded_at"],
        out_of_time_post=row["out_of_time_post"],
    )


async def game_speed(conn: Connection, game_id: int) -> str:
    row = await conn.fetchone("SELECT speed FROM games WHERE id = ?", (game_id,))
    return "none" if row is None else str(row["speed"])


async def set_speed(conn: Connection, game_id: int, speed: str) -> None:
    await conn.execute("UPDATE games SET speed = ? WHERE id = ?", (speed, game_id))


async def seat_clocks(conn: Connection, game_id: int) -> dict[int, SeatClock]:
    rows = await conn.fetchall("SELECT * FROM seat_clocks WHERE game_id = ? ORDER BY seat", (game_id,))
    return {row["seat"]: _clock(row) for row in rows}


async def add_seat_clock(conn: Connection, game_id: int, seat: int, bank: int) -> None:
    await conn.execute(
        "INSERT INTO seat_clocks (game_id, seat, bank) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id, seat) DO NOTHING",
        (game_id, seat, bank),
    )


async def update_seat_clock(conn: Connection, game_id: int, seat: int, **values: Any) -> None:
    """Set the named columns of the seat's clock (names are this module's callers', never input)."""
    assignments = ", ".join(f"{name} = ?" for name in values)
    params = [int(v) if isinstance(v, bool) else v for v in values.values()]
    await conn.execute(
        f"UPDATE seat_clocks SET {assignments} WHERE game_id = ? AND seat = ?", (*params, game_id, seat)
    )


async def settings_of(conn: Connection, user_id: int) -> PlayerSettings:
    row = await conn.fetchone("SELECT * FROM player_settings WHERE user_id = ?", (user_id,))
    if row is None:
        return PlayerSettings(user_id)
    return PlayerSettings(user_id, row["timezone"], row["quiet_from"], row["quiet_until"], bool(row["dm"]))


async def save_settings(conn: Connection, settings: PlayerSettings) -> None:
    await conn.execute(
        "INSERT INTO player_settings (user_id, timezone, quiet_from, quiet_until, dm) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET timezone = excluded.timezone, quiet_from = excluded.quiet_from, "
        "quiet_until = excluded.quiet_until, dm = excluded.dm",
        (settings.user_id, settings.timezone, settings.quiet_from, settings.quiet_until, int(settings.dm)),
    )


async def chosen_language(conn: Connection, user_id: int) -> str | None:
    """The language the player chose with /boardroom me; None: their Discord's."""
    row = await conn.fetchone("SELECT language FROM player_settings WHERE user_id = ?", (user_id,))
    return None if row is None else row["language"]


async def chosen_languages(conn: Connection) -> dict[int, str]:
    """Every player's own language choice (players who follow their Discord's are left out)."""
    rows = await conn.fetchall("SELECT user_id, language FROM player_settings WHERE language IS NOT NULL")
    return {int(row["user_id"]): str(row["language"]) for row in rows}


async def choose_language(conn: Connection, user_id: int, language: str | None) -> None:
    """Keep the player's other settings; None clears the choice."""
    await conn.execute(
        "INSERT INTO player_settings (user_id, language) VALUES (?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
        (user_id, language),
    )


async def record_event(
    conn: Connection,
    game_id: int,
    *,
    seat: int,
    kind: str,
    at: int,
    by_user: int = 0,
    detail: str = "",
) -> None:
    """A clock event, after the game's latest live action (0 before any)."""
    await conn.execute(
        "INSERT INTO clock_events (game_id, ord, seat, kind, after_seq, by_user, detail, at) VALUES "
        "(?, (SELECT COALESCE(MAX(ord), 0) + 1 FROM clock_events WHERE game_id = ?), ?, ?, "
        "(SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?), ?, ?, ?)",
        (game_id, game_id, seat, kind, game_id, by_user, detail, at),
    )


async def insert_events(conn: Connection, events: list[ClockEvent]) -> None:
    """Events read from an export, with their order (``ord``) and the actions they followed kept."""
    await conn.executemany(
        "INSERT INTO clock_events (game_id, ord, seat, kind, after_seq, by_user, detail, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(e.game_id, e.ord, e.seat, e.kind, e.after_seq, e.by_user, e.detail, e.at) for e in events],
    )


async def clock_events(conn: Connection, game_id: int) -> list[ClockEvent]:
    rows = await conn.fetchall("SELECT * FROM clock_events WHERE game_id = ? ORDER BY ord", (game_id,))
    return [
        ClockEvent(
            row["game_id"],
            row["ord"],
            row["seat"],
            row["kind"],
            row["after_seq"],
            row["by_user"],
            row["detail"],
            row["at"],
        )
        for row in rows
    ]


async def active_games_of(conn: Connection, user_id: int) -> list[int]:
    """Games in progress where the user has a seat."""
    rows = await conn.fetchall(
        "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
        "WHERE s.user_id = ? AND g.status = 'active' ORDER BY g.id",
        (user_id,),
    )
    return [row["id"] for row in rows]
