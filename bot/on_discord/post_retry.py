"""Round summaries and final posts that Discord refused, tried again later from the database.

A ``posts`` row is owed until its summary is sent, so a redelivery never posts it twice; when the
send itself fails (beyond discord.py's own retries) the post is handed over to a retry here. The
failed message (text, image, mentions, nonce) is kept as a ``schedules`` row of kind ``post_retry``,
so a restart loses no pending retry. Each attempt leases its row, sends, and only then marks it
done (``bot.service.once``): a process dying in between leaves the row to another process once the lease
runs out, which sends it again with the same nonce, so Discord keeps one message. A failure
schedules the next attempt after the next backoff delay; after the last one the post is given up
with an error log.
"""

from __future__ import annotations

import asyncio
import base64
import io
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import discord

from bot.on_discord.views import text
from bot.on_discord.views.common import NO_MENTIONS
from bot.on_discord.views.replay import final_view
from bot.service import once
from bot.service.clock import Clock
from bot.storage import Database
from bot.storage.games import get_game, mark_posted
from bot.storage.records import Status
from bot.storage.schedules import add_schedule, claim_schedule, due_schedules, finish_schedule

log = logging.getLogger(__name__)

KIND = "post_retry"
# 30 s, 2 min, 10 min, 1 h after the failure before it (four retries, then give up).
BACKOFF: tuple[float, ...] = (30.0, 120.0, 600.0, 3600.0)
# How often the background task looks for due retries.
CHECK_EVERY = 15.0


@dataclass(frozen=True)
class Post:
    """A channel message as announce.py would have sent it."""

    channel_id: int
    guild_id: int
    content: str
    png: bytes | None
    filename: str | None
    ping_players: bool
    # the same in every attempt, so that Discord keeps one message however many attempts reached it
    nonce: str
    # a game's final result carries its buttons (Rematch, Replay) in every attempt too
    final_buttons_of: int | None = None

    def payload(self, attempt: int) -> str:
        return json.dumps(
            {
                "channel_id": self.channel_id,
                "guild_id": self.guild_id,
                "content": self.content,
                "png": None if self.png is None else base64.b64encode(self.png).decode("ascii"),
                "filename": self.filename,
                "ping_players": self.ping_players,
                "nonce": self.nonce,
                "final_buttons_of": self.final_buttons_of,
                "attempt": attempt,
            }
        )

    @classmethod
    def from_payload(cls, payload: str, row_id: int) -> tuple[Post, int]:
        data = json.loads(payload)
        png = data["png"]
        post = cls(
            channel_id=int(data["channel_id"]),
            guild_id=int(data["guild_id"]),
            content=str(data["content"]),
            png=None if png is None else base64.b64decode(png),
            filename=data["filename"],
            ping_players=bool(data["ping_players"]),
            # a row kept before posts carried their nonce: its own, from its id
            nonce=data.get("nonce") or once.nonce("post retry", row_id),
            final_buttons_of=data.get("final_buttons_of"),
        )
        return post, int(data["attempt"])


Send = Callable[[Post], Awaitable[None]]


async def schedule(
    db: Database,
    game_id: int,
    post: Post,
    *,
    attempt: int,
    now: datetime,
    delays: Sequence[float] | None = None,
    posted_key: str | None = None,
    not_before: float | None = None,
) -> bool:
    """Keep ``post`` for retry number ``attempt`` (1-based); False when the retries are used up.
    ``posted_key``: the owed ``posts`` row this retry takes over (marked posted in the same
    transaction, so the post is owed by exactly one of the two). ``not_before``: seconds Discord
    said to wait (a rate limit), if longer than the backoff."""
    delays = BACKOFF if delays is None else delays
    if attempt > len(delays):
        log.error("gave up a post in game %s after %d retries", game_id, attempt - 1)
        if posted_key is not None:
            async with db.transaction() as conn:
                await mark_posted(conn, game_id, posted_key, message_id=None, at=now.isoformat())
        return False
    due = now + timedelta(seconds=max(delays[attempt - 1], not_before or 0.0))
    async with db.transaction() as conn:
        payload, at = post.payload(attempt), now.isoformat()
        await add_schedule(conn, game_id, kind=KIND, due_at=due.isoformat(), payload=payload, at=at)
        if posted_key is not None:
            await mark_posted(conn, game_id, posted_key, message_id=None, at=at)
    return True


async def run_due(
    db: Database, send: Send, *, clock: Clock, delays: Sequence[float] | None = None, owner: str = once.OWNER
) -> int:
    """Attempt every retry whose time has come; returns how many were posted."""
    now = clock()
    async with db.transaction(write=False) as conn:
        due = [row for row in await due_schedules(conn, now.isoformat()) if row.kind == KIND]
    posted = 0
    for row in due:
        async with db.transaction() as conn:
            if not await claim_schedule(conn, row.id, owner, now.isoformat(), once.lease_until(clock)):
                continue  # another process holds it
            game = await get_game(conn, row.game_id)
        if game is None or game.status is Status.ABANDONED:
            # The channel may hold another game by now: a late post of this one would confuse it.
            log.info("dropped a post retry of game %s: the game was abandoned", row.game_id)
            await _finish(db, row.id, owner, clock)
            continue
        post, attempt = Post.from_payload(row.payload, row.id)
        try:
            async with once.held(db, [row.id], clock, owner=owner):
                await send(post)
        except discord.Forbidden:
            log.error("a post in game %s was refused for good (403 Forbidden); not retried", row.game_id)
            await _finish(db, row.id, owner, clock)
            continue
        except (TimeoutError, discord.HTTPException, OSError, discord.RateLimited) as exc:
            # RateLimited (a limit longer than the client sleeps through) is no HTTPException.
            log.warning("retry %d of a post in game %s failed: %s", attempt, row.game_id, exc)
            limited = exc.retry_after if isinstance(exc, discord.RateLimited) else None
            await schedule(
                db, row.game_id, post, attempt=attempt + 1, now=clock(), delays=delays, not_before=limited
            )
            await _finish(db, row.id, owner, clock)
            continue
        # Sent: a process dying before this line leaves the row to another, whose send Discord
        # answers with this message (same nonce).
        await _finish(db, row.id, owner, clock)
        posted += 1
        log.info("retry %d of a post in game %s succeeded", attempt, row.game_id)
    return posted


async def _finish(db: Database, schedule_id: int, owner: str, clock: Clock) -> None:
    async with db.transaction() as conn:
        # The image it carried is not kept once the row is done (it was ~231 KB per post).
        await finish_schedule(conn, schedule_id, owner, clock().isoformat(), clear_payload=True)


async def keep_retrying(db: Database, send: Send, clock: Clock) -> None:
    """The bot's background task: due retries at start-up, then every ``CHECK_EVERY`` seconds."""
    while True:
        try:
            await run_due(db, send, clock=clock)
        except Exception:
            log.exception("looking for due post retries failed")
        await asyncio.sleep(CHECK_EVERY)


def channel_sender(client: discord.Client) -> Send:
    async def send(post: Post) -> None:
        channel = client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        mentions = text.PING_PLAYERS if post.ping_players else NO_MENTIONS
        view = discord.utils.MISSING if post.final_buttons_of is None else final_view(post.final_buttons_of)
        if post.png is None:
            await channel.send(post.content, allowed_mentions=mentions, nonce=post.nonce, view=view)
            return
        file = discord.File(io.BytesIO(post.png), filename=post.filename or "board.png")
        await channel.send(post.content, file=file, allowed_mentions=mentions, nonce=post.nonce, view=view)

    return send
