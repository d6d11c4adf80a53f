"""Refused round summaries and final posts are retried from the database with a bounded backoff
(30 s, 2 min, 10 min, 1 h, then given up), once each, and survive a restart."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord
import pytest

from bot.on_discord import post_retry
from bot.on_discord.post_retry import Post
from bot.service.sessions import Sessions
from bot.storage import Database, migrate, open_database
from bot.storage.schedules import due_schedules

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
POST = Post(
    channel_id=11,
    guild_id=22,
    content="Round 3 is over.",
    png=PNG,
    filename="round-03.png",
    ping_players=False,
    nonce="round-3",
)


class FlakySend:
    """Refuses the first ``failures`` sends the way discord.py reports a 503, then accepts."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.attempts = 0
        self.posted: list[Post] = []

    async def __call__(self, post: Post) -> None:
        self.attempts += 1
        if self.attempts <= self.failures:
            raise discord.DiscordServerError(_Response(), "Service Unavailable")
        self.posted.append(post)


class _Response:
    status = 503
    reason = "Service Unavailable"


async def _game(sessions: Sessions) -> int:
    table = await sessions.lobby.create_game(guild_id=22, channel_id=11, game_name="race", host_id=1)
    return table.id


async def _pending(db: Database) -> list[str]:
    async with db.transaction(write=False) as conn:
        rows = await due_schedules(conn, "9999")
    return [row.due_at for row in rows if row.kind == post_retry.KIND]


def test_the_payload_keeps_text_image_and_mentions() -> None:
    post, attempt = Post.from_payload(POST.payload(3), 1)
    assert (post, attempt) == (POST, 3)
    final = Post(1, 2, "Final scores", None, None, True, "final")
    assert Post.from_payload(final.payload(1), 2) == (final, 1)


async def test_a_retry_waits_for_its_time_then_posts_once(db: Database, sessions: Sessions) -> None:
    game_id = await _game(sessions)
    assert await post_retry.schedule(db, game_id, POST, attempt=1, now=T0)
    send = FlakySend(failures=0)
    assert await post_retry.run_due(db, send, clock=lambda: T0 + timedelta(seconds=29)) == 0
    assert send.attempts == 0
    assert await post_retry.run_due(db, send, clock=lambda: T0 + timedelta(seconds=30)) == 1
    assert send.posted == [POST]
    # Done: later runs (the periodic task, a restart) never post it again.
    assert await post_retry.run_due(db, send, clock=lambda: T0 + timedelta(days=1)) == 0
    assert send.posted == [POST] and await _pending(db) == []


async def test_failures_back_off_30s_2min_10min_1h_then_give_up(
    db: Database, sessions: Sessions, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = await _game(sessions)
    now = T0
    await post_retry.schedule(db, game_id, POST, attempt=1, now=now)
    send = FlakySend(failures=100)
    for delay in (30, 120, 600, 3600):
        assert await _pending(db) == [(now + timedelta(seconds=delay)).isoformat()]
        now += timedelta(seconds=delay)

        def clock(at: datetime = now) -> datetime:
            return at

        with caplog.at_level(logging.ERROR, logger="bot.on_discord.post_retry"):
            assert await post_retry.run_due(db, send, clock=clock) == 0
    assert send.attempts == 4
    assert await _pending(db) == []
    assert any(r.levelno == logging.ERROR and "gave up" in r.getMessage() for r in caplog.records)
    await post_retry.run_due(db, send, clock=lambda: now + timedelta(days=7))
    assert send.attempts == 4


async def test_a_retry_that_fails_once_then_succeeds_posts_exactly_once(
    db: Database, sessions: Sessions
) -> None:
    game_id = await _game(sessions)
    await post_retry.schedule(db, game_id, POST, attempt=1, now=T0)
    send = FlakySend(failures=1)
    assert await post_retry.run_due(db, send, clock=lambda: T0 + timedelta(seconds=30)) == 0
    assert await _pending(db) == [(T0 + timedelta(seconds=150)).isoformat()]
    assert await post_retry.run_due(db, send, clock=lambda: T0 + timedelta(seconds=149)) == 0
    assert await post_retry.run_due(db, send, clock=lambda: T0 + timedelta(seconds=150)) == 1
    assert send.attempts == 2 and send.posted == [POST]
    assert await post_retry.run_due(db, send, clock=lambda: T0 + timedelta(hours=5)) == 0


async def test_a_pending_retry_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "boardroom.sqlite3"
    first = await open_database(path)
    await migrate(first)
    game_id = await _game(Sessions(first, clock=lambda: T0))
    await post_retry.schedule(first, game_id, POST, attempt=2, now=T0)
    await first.close()
    again = await open_database(path)
    try:
        send = FlakySend(failures=0)
        assert await post_retry.run_due(again, send, clock=lambda: T0 + timedelta(minutes=2)) == 1
        assert send.posted == [POST]
    finally:
        await again.close()


async def test_custom_delays_are_used(db: Database, sessions: Sessions) -> None:
    game_id = await _game(sessions)
    assert await post_retry.schedule(db, game_id, POST, attempt=1, now=T0, delays=[0.5])
    assert await _pending(db) == [(T0 + timedelta(seconds=0.5)).isoformat()]
    assert not await post_retry.schedule(db, game_id, POST, attempt=2, now=T0, delays=[0.5])


async def test_two_processes_send_each_due_retry_exactly_once(
    db: Database, sessions: Sessions, database_target: str | Path
) -> None:
    """Several bot processes share one database (issue 23): each looks for due retries on its own
    connection at the same moment, and each retry is sent by exactly one of them (the claim is the
    UPDATE … WHERE done_at IS NULL in the database, not anything in a process)."""
    game_id = await _game(sessions)
    posts = [Post(11, 22, f"Round {n} is over.", None, None, False, f"round-{n}") for n in range(12)]
    for post in posts:
        assert await post_retry.schedule(db, game_id, post, attempt=1, now=T0)
    other = await open_database(database_target)  # the second process's own connection(s)
    try:
        sends = [FlakySend(0), FlakySend(0), FlakySend(0), FlakySend(0)]
        later = T0 + timedelta(minutes=5)
        counts = await asyncio.gather(
            *(
                post_retry.run_due(database, send, clock=lambda: later)
                for database, send in zip([db, other] * 2, sends, strict=True)
            )
        )
    finally:
        await other.close()
    sent = sorted(p.content for send in sends for p in send.posted)
    assert sent == sorted(p.content for p in posts) and sum(counts) == len(posts)
    assert await _pending(db) == []
