"""Games and their seats. Every function takes a connection inside the caller's transaction."""

from __future__ import annotations

import unicodedata
from itertools import islice
from typing import Any

from bot.storage.connection import Connection, IntegrityError
from bot.storage.records import GameRow, SeatRow, Status

_GAME_COLUMNS = (
    "id, guild_id, channel_id, game, status, options, seats_wanted, seed, version, snapshot, "
    "lobby_message_id, created_at, updated_at, ended_at, prompt_message_id, prompt_seats, waiting_since, "
    "prompt_posting, thread_wanted, parent_channel_id, language, speed"
)


# Discord's own limit on a display name (a nickname, a global name, a username): longer names can
# only come from an edited import or an old row, and would reach every text and picture.
MAX_DISPLAY_NAME = 32


# What a name must not carry into a message or a picture: control characters (Cc); the format
# characters (Cf), among them the bidirectional marks, embeddings, overrides and isolates (U+200E/F,
# U+061C, U+202A-E, U+2066-9), which reorder the rest of a line (a score line, say) around the name,
# and the zero-width and other invisible ones, which hide or fake what it says; and the line and
# paragraph separators (Zl, Zp). Letters of every script stay, Arabic and Hebrew ones too.
_UNSHOWN = frozenset({"Cc", "Cf", "Zl", "Zp"})


def bounded_name(name: str | None) -> str | None:
    """A display name as players may read it: without the characters above, and cut to
    ``MAX_DISPLAY_NAME`` characters with a visible ellipsis (None stays None). Every name a text or a
    picture shows has been through it: seats are written and read with it."""
    if name is None:
        return None
    # islice: an old row's name of 150,000 characters is read no further than just past the limit.
    kept = islice((c for c in name if unicodedata.category(c) not in _UNSHOWN), MAX_DISPLAY_NAME + 1)
    return shortened("".join(kept))


def shortened(name: str) -> str:
    """``name`` if it fits in ``MAX_DISPLAY_NAME`` characters, else its start and an ellipsis, so
    a reader sees it was cut."""
    return name if len(name) <= MAX_DISPLAY_NAME else name[: MAX_DISPLAY_NAME - 1] + "…"


# User ids of the seats the bot plays from the start: below any Discord snowflake (ids count
# milliseconds since 2015 shifted left by 22 bits).
BOT_USER_IDS = 1 << 22


class ChannelBusy(Exception):
    """The channel already has a lobby or a game in progress (the partial unique index said so)."""


def _game(row: Any) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=Status(row["status"]),
        options=row["options"],
        seats_wanted=row["seats_wanted"],
        seed=row["seed"],
        version=row["version"],
        snapshot=row["snapshot"],
        lobby_message_id=row["lobby_message_id"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        ended_at=row["ended_at"],
        prompt_message_id=row["prompt_message_id"],
        prompt_seats=row["prompt_seats"],
        waiting_since=row["waiting_since"],
        prompt_posting=row["prompt_posting"],
        thread_wanted=bool(row["thread_wanted"]),
        parent_channel_id=row["parent_channel_id"],
        language=row["language"],
        speed=row["speed"],
    )


def _seat(row: Any) -> SeatRow:
    return SeatRow(
        game_id=row["game_id"],
        user_id=row["user_id"],
        joined_seq=row["joined_seq"],
        seat=row["seat"],
        is_host=bool(row["is_host"]),
        joined_at=row["joined_at"],
        display_name=bounded_name(row["display_name"]),
        is_ai=bool(row["is_ai"]),
        ai_level=row["ai_level"],
    )


async def insert_game(
    conn: Connection,
    *,
    guild_id: int,
    channel_id: int,
    game: str,
    options: str,
    seats_wanted: int | None,
    at: str,
    thread_wanted: bool = False,
    language: str = "en",
) -> int:
    try:
        async with conn.savepoint():
            row = await conn.fetchone(
                "INSERT INTO games (guild_id, channel_id, game, status, options, seats_wanted, created_at, "
                "updated_at, thread_wanted, language) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?) "
                "RETURNING id",
                (guild_id, channel_id, game, options, seats_wanted, at, at, int(thread_wanted), language),
            )
    except IntegrityError as exc:
        if exc.column == "games.channel_id":
            raise ChannelBusy(channel_id) from exc
        raise
    assert row is not None
    return int(row[0])


async def move_to_thread(conn: Connection, game_id: int, thread_id: int) -> None:
    """The game is played in ``thread_id`` from now on; its lobby's channel becomes the parent (and
    is free for another game)."""
    await conn.execute(
        "UPDATE games SET parent_channel_id = channel_id, channel_id = ? "
        "WHERE id = ? AND parent_channel_id IS NULL",
        (thread_id, game_id),
    )


async def game_moved_from(conn: Connection, channel_id: int) -> GameRow | None:
    """The newest game in progress that moved from this channel to its own thread."""
    rows = await conn.fetchall(
        f"SELECT {_GAME_COLUMNS} FROM games WHERE parent_channel_id = ? AND status = 'active' "
        "ORDER BY id DESC LIMIT 1",
        (channel_id,),
    )
    row = next(iter(rows), None)
    return None if row is None else _game(row)


async def lock_game(conn: Connection, game_id: int) -> None:
    """Take the game's row lock now (PostgreSQL), before reading anything that depends on it (the
    log of interactions already applied); a no-op where the transaction locks the database."""
    if conn.row_lock:
        await conn.execute(f"SELECT 1 FROM games WHERE id = ?{conn.row_lock}", (game_id,))


async def get_game(conn: Connection, game_id: int) -> GameRow | None:
    """In a write transaction on PostgreSQL, the game's row stays locked until COMMIT (``row_lock``)."""
    row = await conn.fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?{conn.row_lock}", (game_id,))
    return None if row is None else _game(row)


async def open_game_in_channel(conn: Connection, channel_id: int) -> GameRow | None:
    """The channel's lobby or game in progress, if any."""
    rows = await conn.fetchall(
        f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
        (channel_id,),
    )
    row = next(iter(rows), None)
    return None if row is None else _game(row)


async def latest_game_in_channel(conn: Connection, channel_id: int) -> GameRow | None:
    rows = await conn.fetchall(
        f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
    )
    row = next(iter(rows), None)
    return None if row is None else _game(row)


async def update_game(
    conn: Connection,
    game_id: int,
    *,
    expected_version: int,
    at: str,
    status: Status | None = None,
    seed: int | None = None,
    snapshot: str | None = None,
) -> int | None:
    """Bump the version (and set what is given) only if nobody changed the game meanwhile.

    Returns the new version, or None when ``expected_version`` is no longer current: the
    optimistic check that keeps two writers (even in two processes) from both succeeding.
    """
    sets = ["version = version + 1", "updated_at = ?"]
    params: list[Any] = [at]
    if status is not None:
        sets.append("status = ?")
        params.append(status.value)
        if not status.is_open:
            sets.append("ended_at = ?")
            params.append(at)
    if seed is not None:
        sets.append("seed = ?")
        params.append(seed)
    if snapshot is not None:
        sets.append("snapshot = ?")
        params.append(snapshot)
    changed = await conn.execute(
        f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
        (*params, game_id, expected_version),
    )
    return expected_version + 1 if changed == 1 else None


async def set_lobby_message(conn: Connection, game_id: int, message_id: int) -> None:
    """Where the lobby was posted; not a change of game state, so the version stays."""
    await conn.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id))


async def add_seat(
    conn: Connection, game_id: int, user_id: int, *, host: bool, at: str, name: str | None = None
) -> None:
    await conn.execute(
        "INSERT INTO seats (game_id, user_id, joined_seq, is_host, joined_at, display_name) "
        "VALUES (?, ?, (SELECT COALESCE(MAX(joined_seq), 0) + 1 FROM seats WHERE game_id = ?), ?, ?, ?)",
        (game_id, user_id, game_id, int(host), at, bounded_name(name)),
    )


async def set_ai(conn: Connection, game_id: int, seat: int, level: str) -> None:
    """The seat is played by the bot, at ``level``, from now on (a replaced player)."""
    await conn.execute(
        "UPDATE seats SET is_ai = 1, ai_level = ? WHERE game_id = ? AND seat = ?", (level, game_id, seat)
    )


async def set_person(conn: Connection, game_id: int, seat: int) -> None:
    """The seat's player plays it again (back after being skipped)."""
    await conn.execute(
        "UPDATE seats SET is_ai = 0, ai_level = NULL WHERE game_id = ? AND seat = ?", (game_id, seat)
    )


async def add_bot_seat(conn: Connection, game_id: int, *, level: str, name: str, at: str) -> None:
    """A seat the bot plays from the start (the lobby's "Add a bot"). Its user id is small (1, 2, …):
    every Discord snowflake is far larger, so no user has it, joins with it or is mentioned by it."""
    await conn.execute(
        "INSERT INTO seats (game_id, user_id, joined_seq, is_host, joined_at, display_name, is_ai, ai_level) "
        "VALUES (?, (SELECT COALESCE(MAX(user_id), 0) + 1 FROM seats WHERE game_id = ? AND user_id < ?), "
        "(SELECT COALESCE(MAX(joined_seq), 0) + 1 FROM seats WHERE game_id = ?), 0, ?, ?, 1, ?)",
        (game_id, game_id, BOT_USER_IDS, game_id, at, bounded_name(name), level),
    )


async def set_prompt(
    conn: Connection, game_id: int, *, message_id: int | None, seats: str | None, since: str | None
) -> None:
    """The public turn line; not a change of game state, so the version stays. A line being posted
    (``set_prompt_posting``) is settled by it."""
    await conn.execute(
        "UPDATE games SET prompt_message_id = ?, prompt_seats = ?, waiting_since = ?, prompt_posting = NULL "
        "WHERE id = ?",
        (message_id, seats, since, game_id),
    )


async def set_prompt_posting(conn: Connection, game_id: int, seats: str) -> None:
    """A new turn line for ``seats`` (JSON list) is about to be posted: kept until ``set_prompt``
    records it, so that a line posted but never recorded can be found after a crash."""
    await conn.execute("UPDATE games SET prompt_posting = ? WHERE id = ?", (seats, game_id))


async def record_post(conn: Connection, game_id: int, key: str, totals: str, at: str) -> bool:
    """Remember that the post ``key`` (a checkpoint's key, or "final") is owed, with the totals it
    shows (``posted_at`` stays NULL until ``mark_posted``); False when it was recorded before."""
    changed = await conn.execute(
        "INSERT INTO posts (game_id, key, ord, totals, created_at) "
        "VALUES (?, ?, (SELECT COALESCE(MAX(ord), 0) + 1 FROM posts WHERE game_id = ?), ?, ?) "
        "ON CONFLICT DO NOTHING",
        (game_id, key, game_id, totals, at),
    )
    return changed == 1


async def owed_posts(conn: Connection, game_id: int) -> list[tuple[str, str]]:
    """(key, totals) of the game's posts recorded but not yet sent, in the order they were owed."""
    rows = await conn.fetchall(
        "SELECT key, totals FROM posts WHERE game_id = ? AND posted_at IS NULL ORDER BY ord", (game_id,)
    )
    return [(str(row[0]), str(row[1])) for row in rows]


async def mark_posted(
    conn: Connection, game_id: int, key: str, *, message_id: int | None, at: str, picture_owed: bool = False
) -> bool:
    """The post was sent (or handed to the post retries); False when it was marked before.
    ``picture_owed``: its picture is still to be edited onto it."""
    changed = await conn.execute(
        "UPDATE posts SET posted_at = ?, message_id = ?, picture_owed = ? "
        "WHERE game_id = ? AND key = ? AND posted_at IS NULL",
        (at, message_id, int(picture_owed), game_id, key),
    )
    return changed == 1


async def owed_pictures(conn: Connection, game_id: int) -> list[tuple[str, int]]:
    """(key, message id) of the game's sent posts still waiting for their picture, in order."""
    rows = await conn.fetchall(
        "SELECT key, message_id FROM posts WHERE game_id = ? AND picture_owed = 1 "
        "AND message_id IS NOT NULL ORDER BY ord",
        (game_id,),
    )
    return [(str(row[0]), int(row[1])) for row in rows]


async def mark_pictured(conn: Connection, game_id: int, key: str) -> bool:
    """The post's picture reached it (or was given up); False when it had been marked before."""
    changed = await conn.execute(
        "UPDATE posts SET picture_owed = 0 WHERE game_id = ? AND key = ? AND picture_owed = 1", (game_id, key)
    )
    return changed == 1


async def game_language(conn: Connection, game_id: int) -> str:
    """The language of the game's public posts ('en' for a game that no longer exists)."""
    row = await conn.fetchone("SELECT language FROM games WHERE id = ?", (game_id,))
    return "en" if row is None else str(row["language"])


async def game_status(conn: Connection, game_id: int) -> Status | None:
    rows = await conn.fetchall("SELECT status FROM games WHERE id = ?", (game_id,))
    row = next(iter(rows), None)
    return None if row is None else Status(row[0])


async def active_game_ids(conn: Connection) -> list[int]:
    """Every game in progress, by id."""
    rows = await conn.fetchall("SELECT id FROM games WHERE status = 'active' ORDER BY id")
    return [int(row[0]) for row in rows]


# A game whose summary or final post is not sent yet, or was sent without its picture.
OWING_A_POST = "id IN (SELECT game_id FROM posts WHERE posted_at IS NULL OR picture_owed = 1)"


async def games_in_play(conn: Connection) -> list[str]:
    """The names of the games with a lobby open, a game in progress or a post owed (what will need
    pictures soon), by name."""
    rows = await conn.fetchall(
        f"SELECT DISTINCT game FROM games WHERE status IN ('lobby', 'active') OR {OWING_A_POST} ORDER BY game"
    )
    return [str(row[0]) for row in rows]


async def games_to_catch_up(conn: Connection) -> list[tuple[int, int, int]]:
    """(id, guild id, channel id) of every game in progress and every game owing a post, by id."""
    rows = await conn.fetchall(
        f"SELECT id, guild_id, channel_id FROM games WHERE status = 'active' OR {OWING_A_POST} ORDER BY id"
    )
    return [(int(row[0]), int(row[1]), int(row[2])) for row in rows]


async def totals_before(conn: Connection, game_id: int, key: str) -> str | None:
    """The totals of the post made just before ``key`` (None for the first)."""
    rows = await conn.fetchall(
        "SELECT totals FROM posts WHERE game_id = ? "
        "AND ord < (SELECT ord FROM posts WHERE game_id = ? AND key = ?) ORDER BY ord DESC LIMIT 1",
        (game_id, game_id, key),
    )
    row = next(iter(rows), None)
    return None if row is None else str(row[0])


async def remove_seat(conn: Connection, game_id: int, user_id: int) -> None:
    await conn.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))


async def set_host(conn: Connection, game_id: int, user_id: int) -> None:
    await conn.execute(
        "UPDATE seats SET is_host = CASE WHEN user_id = ? THEN 1 ELSE 0 END WHERE game_id = ?",
        (user_id, game_id),
    )


async def list_seats(conn: Connection, game_id: int) -> list[SeatRow]:
    """Seats in seat order once the game started, in join order before."""
    rows = await conn.fetchall(
        "SELECT game_id, user_id, joined_seq, seat, is_host, joined_at, display_name, is_ai, ai_level "
        "FROM seats WHERE game_id = ? "
        "ORDER BY seat IS NULL, seat, joined_seq",
        (game_id,),
    )
    return [_seat(row) for row in rows]


async def assign_seats(conn: Connection, game_id: int, user_ids: list[int]) -> None:
    """Give seat numbers 0..n-1 in the order given (done once, at start)."""
    for number, user_id in enumerate(user_ids):
        await conn.execute(
            "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?", (number, game_id, user_id)
        )


async def record_hint(conn: Connection, game_id: int, *, seat: int, user_id: int, at: str) -> None:
    """A player asked for a hint, after the game's latest live action."""
    await conn.execute(
        "INSERT INTO hints (game_id, after_seq, seat, user_id, created_at) VALUES (?, "
        "(SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?), ?, ?, ?)",
        (game_id, game_id, seat, user_id, at),
    )


async def hints(conn: Connection, game_id: int) -> list[tuple[int, int]]:
    """(after_seq, seat) of every hint asked in the game, oldest first (``rowid``: SQLite's own
    column; PostgreSQL's table has one of that name that counts the same way)."""
    rows = await conn.fetchall(
        "SELECT after_seq, seat FROM hints WHERE game_id = ? ORDER BY rowid", (game_id,)
    )
    return [(int(row[0]), int(row[1])) for row in rows]


async def games_in_progress_in_guild(conn: Connection, guild_id: int, limit: int) -> list[GameRow]:
    """A guild's games in progress, the one moved last first (the local table's games to resume)."""
    rows = await conn.fetchall(
        f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status = 'active' "
        "ORDER BY updated_at DESC, id DESC LIMIT ?",
        (guild_id, limit),
    )
    return [_game(row) for row in rows]
