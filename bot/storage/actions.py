"""The append-only action log (a trigger in the schema refuses UPDATE and DELETE)."""

from __future__ import annotations

from typing import Any

from bot.storage.connection import Connection, IntegrityError
from bot.storage.records import ActionRow


class DuplicateInteraction(Exception):
    """This Discord interaction id is already in the log (another process applied it first)."""


_COLUMNS = (
    "game_id, seq, seat, user_id, notation, interaction_id, version_after, events, created_at, barrier, "
    "by_bot"
)


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
        barrier=bool(row["barrier"]),
        by_bot=bool(row["by_bot"]),
    )


async def append_action(
    conn: Connection,
    game_id: int,
    *,
    seat: int,
    user_id: int,
    notation: str,
    interaction_id: int | None,
    version_after: int,
    events: str,
    at: str,
    barrier: bool = False,
    by_bot: bool = False,
) -> int:
    """Append the next row of the game's log; returns its seq (1, 2, …)."""
    rows = await conn.fetchall("SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?", (game_id,))
    row = next(iter(rows), None)
    assert row is not None
    seq = int(row[0])
    try:
        await conn.execute(
            f"INSERT INTO actions ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                seq,
                seat,
                user_id,
                notation,
                interaction_id,
                version_after,
                events,
                at,
                int(barrier),
                int(by_bot),
            ),
        )
    except IntegrityError as exc:
        if exc.column == "actions.interaction_id":
            raise DuplicateInteraction(interaction_id) from exc
        raise
    return seq


async def action_by_interaction(conn: Connection, interaction_id: int) -> ActionRow | None:
    rows = await conn.fetchall(f"SELECT {_COLUMNS} FROM actions WHERE interaction_id = ?", (interaction_id,))
    row = next(iter(rows), None)
    return None if row is None else _action(row)


async def list_actions(conn: Connection, game_id: int) -> list[ActionRow]:
    rows = await conn.fetchall(f"SELECT {_COLUMNS} FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
    return [_action(row) for row in rows]


async def live_actions(conn: Connection, game_id: int) -> list[ActionRow]:
    """The log minus undone actions, in seq order: what replays to the snapshot."""
    rows = await conn.fetchall(
        f"SELECT {_COLUMNS} FROM actions a WHERE game_id = ? "
        "AND NOT EXISTS (SELECT 1 FROM undos u WHERE u.game_id = a.game_id AND u.seq = a.seq) ORDER BY seq",
        (game_id,),
    )
    return [_action(row) for row in rows]


async def live_actions_after(conn: Connection, game_id: int, after: str) -> list[ActionRow]:
    """``live_actions`` saved after ``after`` (a time as the store writes it), in seq order."""
    rows = await conn.fetchall(
        f"SELECT {_COLUMNS} FROM actions a WHERE game_id = ? AND created_at > ? "
        "AND NOT EXISTS (SELECT 1 FROM undos u WHERE u.game_id = a.game_id AND u.seq = a.seq) ORDER BY seq",
        (game_id, after),
    )
    return [_action(row) for row in rows]


async def last_live_action(conn: Connection, game_id: int) -> ActionRow | None:
    rows = await conn.fetchall(
        f"SELECT {_COLUMNS} FROM actions a WHERE game_id = ? "
        "AND NOT EXISTS (SELECT 1 FROM undos u WHERE u.game_id = a.game_id AND u.seq = a.seq) "
        "ORDER BY seq DESC LIMIT 1",
        (game_id,),
    )
    row = next(iter(rows), None)
    return None if row is None else _action(row)


async def add_undo(
    conn: Connection,
    game_id: int,
    seq: int,
    *,
    user_id: int,
    interaction_id: int | None,
    version_after: int,
    at: str,
) -> None:
    try:
        await conn.execute(
            "INSERT INTO undos (game_id, seq, user_id, interaction_id, version_after, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, seq, user_id, interaction_id, version_after, at),
        )
    except IntegrityError as exc:
        if exc.column == "undos.interaction_id":
            raise DuplicateInteraction(interaction_id) from exc
        raise


async def count_undos(conn: Connection, game_id: int) -> int:
    rows = await conn.fetchall("SELECT COUNT(*) FROM undos WHERE game_id = ?", (game_id,))
    return int(next(iter(rows))[0])


async def undo_by_interaction(conn: Connection, interaction_id: int) -> int | None:
    """The seq undone by this interaction, if it was applied before."""
    rows = await conn.fetchall("SELECT seq FROM undos WHERE interaction_id = ?", (interaction_id,))
    row = next(iter(rows), None)
    return None if row is None else int(row[0])


async def seat_changed_since(conn: Connection, game_id: int, seat: int, version: int) -> bool:
    """Whether the seat acted or undid anything after ``version``, or the table changed in a way
    that is not an action (a start, a replacement): then a choice drawn at ``version`` is stale."""
    rows = await conn.fetchall(
        "SELECT EXISTS (SELECT 1 FROM actions WHERE game_id = ? AND version_after > ? AND seat = ?) "
        "OR EXISTS (SELECT 1 FROM undos u JOIN actions a ON a.game_id = u.game_id AND a.seq = u.seq "
        "WHERE u.game_id = ? AND u.version_after > ? AND a.seat = ?) "
        "OR (SELECT COUNT(DISTINCT version_after) FROM actions WHERE game_id = ? AND version_after > ?) "
        "+ (SELECT COUNT(*) FROM undos WHERE game_id = ? AND version_after > ?) "
        "< (SELECT version FROM games WHERE id = ?) - ?",
        (
            game_id,
            version,
            seat,
            game_id,
            version,
            seat,
            game_id,
            version,
            game_id,
            version,
            game_id,
            version,
        ),
    )
    row = next(iter(rows), None)
    return bool(row and row[0])


async def seat_acted_after(conn: Connection, game_id: int, seat: int, seq: int) -> bool:
    """Whether the seat logged an action after ``seq`` (taken back since or not)."""
    row = await conn.fetchone(
        "SELECT 1 FROM actions WHERE game_id = ? AND seat = ? AND seq > ? LIMIT 1", (game_id, seat, seq)
    )
    return row is not None
