"""What the channel sees after a change: at most one public message per player decision.

- a round closed → one message: the board overview and what changed (income, projects,
  donations, score changes), posted once per round (``round_posts`` guards redeliveries);
- the game ended → the final breakdown per category and the final board;
- someone new must decide → one line that mentions them with a **Take my turn** button (the
  previous line loses its button); a simultaneous phase where some players finished only edits
  the line. Sub-steps of the same player post nothing: their private panel is edited instead.

Public messages go to the channel (not interaction follow-ups, whose tokens expire after 15
minutes), and images are drawn in a worker thread after the interaction was acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import weakref
from collections.abc import AsyncIterator

import discord

from bot import post_retry, present
from bot.sessions import GameStatus, Sessions
from bot.views import text
from bot.views.common import NO_MENTIONS
from engine.core import Event, StaleState, get_game

log = logging.getLogger(__name__)

# Per client (a lock belongs to one event loop; tests run several bots one after another).
_locks: weakref.WeakKeyDictionary[discord.Client, dict[int, asyncio.Lock]] = weakref.WeakKeyDictionary()


def _lock(client: discord.Client, game_id: int) -> asyncio.Lock:
    locks = _locks.setdefault(client, {})
    lock = locks.get(game_id)
    if lock is None:
        lock = locks[game_id] = asyncio.Lock()
    return lock


def _sessions(client: discord.Client) -> Sessions:
    sessions = getattr(client, "sessions", None)
    if not isinstance(sessions, Sessions):
        raise RuntimeError("the client has no sessions service")
    return sessions


async def after_change(client: discord.Client, game_id: int, events: list[Event]) -> None:
    """Bring the channel up to date with the game (serialised per game in this process)."""
    async with _lock(client, game_id):
        sessions = _sessions(client)
        status = await sessions.status(game_id)
        table, progress = status.table, status.progress
        if progress is None:
            return
        channel = client.get_partial_messageable(table.game.channel_id, guild_id=table.game.guild_id)
        summary = False
        if present.has_images(table.game.game):
            # Every round this change closed (the last action of a game can close round 19 too,
            # when nobody had anything to decide in round 20).
            for closed in present.finished_rounds(events):
                summary = await _post_round_summary(sessions, channel, status, closed) or summary
        if progress.decision.finished:
            await _post_final(sessions, channel, status)
            await _retire_line(channel, table.game.prompt_message_id)
            await sessions.set_prompt(game_id, message_id=None, seats=None, since=None)
            return
        await _update_turn_line(sessions, channel, status, force_new=summary)


async def _post_round_summary(
    sessions: Sessions, channel: discord.PartialMessageable, status: GameStatus, round_no: int
) -> bool:
    table = status.table
    game = get_game(table.game.game)
    state = await sessions.load(table.id)
    sheet = game.score(state)
    totals = [line.total for line in sheet.lines]
    try:
        before = await sessions.record_round(table.id, round_no, totals)
    except StaleState:
        return False  # summarised already (a redelivered interaction, or a restart mid-post)
    rows = await sessions.live_log(table.id)
    per_action = [[Event.model_validate(e) for e in json.loads(row.events)] for row in rows]
    events = present.round_events(per_action, round_no)
    scored = [(present.line_name(line.seat, line.name, table.names), line.total) for line in sheet.lines]
    content = present.summary_text(game.title, round_no, events, table.names, scored, before)
    png = await asyncio.to_thread(present.board_png, game.name, state, table.names, sheet)
    name = f"round-{round_no:02d}.png"
    post = post_retry.Post(table.game.channel_id, table.game.guild_id, content, png, name, False)
    async with _retry_on_failure(sessions, table.id, post):
        await channel.send(
            content,
            file=discord.File(io.BytesIO(png), filename=name),
            allowed_mentions=NO_MENTIONS,
        )
    return True


@contextlib.asynccontextmanager
async def _retry_on_failure(sessions: Sessions, game_id: int, post: post_retry.Post) -> AsyncIterator[None]:
    """``round_posts`` already says this post was made: if Discord refuses it, keep it for a later retry."""
    try:
        yield
    except (TimeoutError, discord.HTTPException, OSError):
        await post_retry.schedule(sessions.db, game_id, post, attempt=1, now=sessions.clock())
        raise


async def _post_final(sessions: Sessions, channel: discord.PartialMessageable, status: GameStatus) -> None:
    table, progress = status.table, status.progress
    assert progress is not None
    game = get_game(table.game.game)
    sheet = progress.score
    totals = [line.total for line in sheet.lines] if sheet else []
    try:
        # The final post happens once, whatever delivered the last action.
        await sessions.record_round(table.id, 10_000, totals)
    except StaleState:
        return
    content = text.score_text(table, progress)
    if not present.has_images(game.name):
        post = post_retry.Post(table.game.channel_id, table.game.guild_id, content, None, None, True)
        async with _retry_on_failure(sessions, table.id, post):
            await channel.send(content, allowed_mentions=text.PING_PLAYERS)
        return
    state = await sessions.load(table.id)
    png = await asyncio.to_thread(present.board_png, game.name, state, table.names, sheet)
    post = post_retry.Post(table.game.channel_id, table.game.guild_id, content, png, "final-board.png", True)
    async with _retry_on_failure(sessions, table.id, post):
        await channel.send(
            content,
            file=discord.File(io.BytesIO(png), filename="final-board.png"),
            allowed_mentions=text.PING_PLAYERS,
        )


async def _update_turn_line(
    sessions: Sessions, channel: discord.PartialMessageable, status: GameStatus, *, force_new: bool
) -> None:
    from bot.views.turn import turn_line_view

    table, progress = status.table, status.progress
    assert progress is not None
    humans = sorted(s for s in progress.decision.seats if s not in table.ai_seats)
    previous: list[int] = json.loads(table.game.prompt_seats) if table.game.prompt_seats else []
    if not humans:
        return
    newly = [s for s in humans if s not in previous]
    if force_new or newly or table.game.prompt_message_id is None:
        pinged = newly or humans
        users = [discord.Object(id=u) for u in (table.user_at(s) for s in pinged) if u is not None]
        message = await channel.send(
            text.turn_line(table, progress, humans),
            view=turn_line_view(table),
            allowed_mentions=discord.AllowedMentions(users=users, roles=False, everyone=False),
        )
        await _retire_line(channel, table.game.prompt_message_id)
        await sessions.set_prompt(table.id, message_id=message.id, seats=humans, since=sessions.now())
        return
    if humans != previous:
        # Someone finished a simultaneous choice: say who is still deciding, without a new ping.
        await channel.get_partial_message(table.game.prompt_message_id).edit(
            content=text.turn_line(table, progress, humans), allowed_mentions=NO_MENTIONS
        )
        await sessions.set_prompt(
            table.id, message_id=table.game.prompt_message_id, seats=humans, since=table.game.waiting_since
        )


async def _retire_line(channel: discord.PartialMessageable, message_id: int | None) -> None:
    """The old turn line keeps its text but loses its button (the new line is the place to click)."""
    if message_id is None:
        return
    try:
        await channel.get_partial_message(message_id).edit(view=None)
    except discord.NotFound:
        log.info("the old turn line %s is gone", message_id)
