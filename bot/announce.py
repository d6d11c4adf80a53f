"""What the channel sees after a change: at most one public message per player decision.

- a checkpoint reached (the end of a round, a scoring) → one message: what changed since the
  checkpoint before (the game's headline events, score changes) with the game's summary picture,
  if it has one; posted once per checkpoint (the ``posts`` table guards redeliveries);
- the game ended → the final breakdown per category, with the summary picture;
- someone new must decide → one line that mentions them with a **Take my turn** button (the
  previous line loses its button); a simultaneous phase where some players finished only edits
  the line. Sub-steps of the same player post nothing: their private panel is edited instead.

Public messages go to the channel (not interaction follow-ups, whose tokens expire after 15
minutes); pictures are drawn by the client's render pool after the interaction was acknowledged.
The client owns one ``Announcer`` (and with it the per-game locks), created in ``setup_hook``.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import re
from collections.abc import AsyncIterator

import discord

from bot import narrate, plugins, post_retry
from bot.render_pool import RenderPool
from bot.sessions import Sessions
from bot.storage import Status
from bot.tables import GameStatus, Table
from bot.views import text
from bot.views.common import NO_MENTIONS
from bot.views.turn import turn_line_view
from engine.core import Event, GameState, ScoreSheet, StaleState
from render.common.pictures import summary_picture

log = logging.getLogger(__name__)

FINAL = "final"
_UNSAFE = re.compile(r"[^a-z0-9-]+")


class Announcer:
    """Brings channels up to date after changes, one game at a time in this process."""

    def __init__(self, client: discord.Client, sessions: Sessions, pictures: RenderPool) -> None:
        self.client = client
        self.sessions = sessions
        self.pictures = pictures
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def after_change(self, game_id: int, events: list[Event]) -> None:
        """Bring the channel up to date with the game (serialised per game in this process)."""
        async with self._lock(game_id):
            sessions = self.sessions
            status = await sessions.status(game_id)
            table, progress = status.table, status.progress
            if progress is None:
                return
            channel = self.client.get_partial_messageable(table.game.channel_id, guild_id=table.game.guild_id)
            if table.game.status is Status.ABANDONED:
                # A change that raced the abandon: no new turn line, and no live button left.
                await _retire_line(channel, table.game.prompt_message_id)
                await sessions.set_prompt(game_id, message_id=None, seats=None, since=None)
                return
            summary = False
            # Every checkpoint this change reached (one action can reach several when nobody had
            # anything to decide in between).
            for reached in narrate.checkpoints(events):
                summary = await self._post_summary(channel, status, reached) or summary
            if progress.decision.finished:
                await self._post_final(channel, status)
                await _retire_line(channel, table.game.prompt_message_id)
                await sessions.set_prompt(game_id, message_id=None, seats=None, since=None)
                return
            await _update_turn_line(sessions, channel, status, force_new=summary)

    async def retire_turn_line(self, table: Table) -> None:
        """An abandoned game's turn line keeps its text but loses its button."""
        async with self._lock(table.id):
            current = (await self.sessions.status(table.id)).table
            channel = self.client.get_partial_messageable(table.game.channel_id, guild_id=table.game.guild_id)
            await _retire_line(channel, current.game.prompt_message_id)
            await self.sessions.set_prompt(table.id, message_id=None, seats=None, since=None)

    async def picture(
        self, table: Table, state: GameState, sheet: ScoreSheet | None
    ) -> tuple[bytes, str] | None:
        """The game's summary picture of ``state`` and its file name, if the game has one."""
        found = plugins.plugin(table.game.game)
        spec = summary_picture(found.pictures)
        if spec is None:
            return None
        png = await self.pictures.draw(found, spec.key, state, None, table.names, sheet)
        return png, f"{spec.key}.png"

    async def _post_summary(
        self, channel: discord.PartialMessageable, status: GameStatus, reached: Event
    ) -> bool:
        table = status.table
        key = str(reached.data.get("key", ""))
        game = plugins.game(table.game.game)
        state = await self.sessions.load(table.id)
        sheet = game.score(state)
        try:
            before = await self.sessions.record_post(table.id, key, sheet)
        except StaleState:
            return False  # summarised already (a redelivered interaction, or a restart mid-post)
        rows = await self.sessions.live_log(table.id)
        per_action = [[Event.model_validate(e) for e in json.loads(row.events)] for row in rows]
        events = narrate.events_before(per_action, key)
        title = str(reached.data.get("title", key))
        content = narrate.summary_text(game.title, title, events, table.names, sheet, before)
        await self._send(channel, table, content, await self.picture(table, state, sheet), key, ping=False)
        return True

    async def _post_final(self, channel: discord.PartialMessageable, status: GameStatus) -> None:
        table, progress = status.table, status.progress
        assert progress is not None
        sheet = progress.score
        try:
            # The final post happens once, whatever delivered the last action.
            await self.sessions.record_post(
                table.id, FINAL, sheet or ScoreSheet(final=True, lines=[], winners=[])
            )
        except StaleState:
            return
        content = text.score_text(table, progress)
        state = await self.sessions.load(table.id)
        await self._send(channel, table, content, await self.picture(table, state, sheet), FINAL, ping=True)

    async def _send(
        self,
        channel: discord.PartialMessageable,
        table: Table,
        content: str,
        picture: tuple[bytes, str] | None,
        key: str,
        *,
        ping: bool,
    ) -> None:
        png, name = picture if picture is not None else (None, None)
        if name is not None:
            # "round-09-board.png": the checkpoint's key names the file (keys come from the engine).
            name = f"{_UNSAFE.sub('-', key.lower())}-{name}"
        post = post_retry.Post(table.game.channel_id, table.game.guild_id, content, png, name, ping)
        mentions = text.PING_PLAYERS if ping else NO_MENTIONS
        async with _retry_on_failure(self.sessions, table.id, post):
            if png is None or name is None:
                await channel.send(content, allowed_mentions=mentions)
            else:
                await channel.send(
                    content, file=discord.File(io.BytesIO(png), filename=name), allowed_mentions=mentions
                )


@contextlib.asynccontextmanager
async def _retry_on_failure(sessions: Sessions, game_id: int, post: post_retry.Post) -> AsyncIterator[None]:
    """``posts`` already says this post was made: if Discord refuses it, keep it for a later retry."""
    try:
        yield
    except (TimeoutError, discord.HTTPException, OSError):
        await post_retry.schedule(sessions.db, game_id, post, attempt=1, now=sessions.clock())
        raise


async def _update_turn_line(
    sessions: Sessions, channel: discord.PartialMessageable, status: GameStatus, *, force_new: bool
) -> None:
    table, progress = status.table, status.progress
    assert progress is not None
    humans = sorted(s for s in progress.decision.seats if s not in table.ai_seats)
    previous: list[int] = json.loads(table.game.prompt_seats) if table.game.prompt_seats else []
    if not humans:
        return
    newly = [s for s in humans if s not in previous]
    if force_new or newly or table.game.prompt_message_id is None:
        pinged = newly or humans
        # A player alone with the bot's seats is not pinged on every turn: they are playing now.
        alone = len([s for s in range(len(table.seats)) if s not in table.ai_seats]) == 1
        users = (
            []
            if alone
            else [discord.Object(id=u) for u in (table.user_at(s) for s in pinged) if u is not None]
        )
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
