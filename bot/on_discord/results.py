"""What a game's channel reads at its checkpoints and at its end: a round summary (the events since the
last one, score changes, skipped seats) and the final result (and its short form with a link in the
lobby's channel for a game played in a thread); each sent once, as text first, its picture owed to
``pictures_after``. A post Discord refuses goes to the post retries with its picture."""

from __future__ import annotations

import dataclasses
import logging

import discord

from bot import plugins
from bot.clocks.turn_clock import TurnClocks
from bot.on_discord import post_retry
from bot.on_discord.pacer import Priority, pacing
from bot.on_discord.pictures_after import Picture, PicturesAfter, file_name
from bot.on_discord.views import clock_text, text
from bot.on_discord.views.common import NO_MENTIONS
from bot.on_discord.views.replay import final_view
from bot.on_discord.web_links import with_game_link
from bot.service import narrate, once, said_events
from bot.service.limits import clip
from bot.service.posts import FINAL_IN_PARENT, FINAL_POST
from bot.service.sessions import Sessions
from bot.service.tables import GameStatus, Table
from engine.core import Event, ScoreSheet
from render.common.language import t
from render.common.pictures import summary_picture

log = logging.getLogger(__name__)


class Results:
    def __init__(
        self,
        client: discord.Client,
        sessions: Sessions,
        pictures_after: PicturesAfter,
        clocks: TurnClocks | None = None,
    ) -> None:
        self.client = client
        self.sessions = sessions
        self.pictures_after = pictures_after
        self.clocks = clocks

    async def summary(
        self,
        channel: discord.PartialMessageable,
        status: GameStatus,
        key: str,
        recorded: ScoreSheet | None,
        before: ScoreSheet | None,
        reached: Event | None,
    ) -> None:
        table = status.table
        game = plugins.game(table.game.game)
        state = await self.sessions.reading.load(table.id)
        # The score recorded with the move that reached the checkpoint (the game may have moved on
        # since, when this post is made after a restart).
        sheet = recorded or game.score(state)
        rows = await self.sessions.reading.live_log(table.id)
        per_action = [said_events.loads(row.events) for row in rows]
        events = narrate.events_before(per_action, key)
        if reached is None:  # posted after a restart: the checkpoint is in the log
            reached = next(
                (e for action in per_action for e in narrate.checkpoints(action) if e.data.get("key") == key),
                None,
            )
        # the title is an engine sentence (a Msg), said in the channel's language by the summary
        found = reached.data.get("title", key) if reached is not None else key
        title = found if isinstance(found, str) else key
        *earlier, content = narrate.summary_parts(game.title, title, events, table.said_names, sheet, before)
        if self.clocks is not None:
            content = clip(
                content + clock_text.skipped_note(table, await self.clocks.reading.skipped(table.id))
            )
        content = with_game_link(content, self.client, table.id)
        for part, said in enumerate(earlier):
            await self._send_part(channel, table, said, f"{key}#{part}")
        await self._send(channel, table, content, key, ping=False, picture=Picture(table, state, sheet))

    async def _send_part(
        self, channel: discord.PartialMessageable, table: Table, content: str, part: str
    ) -> None:
        """A long summary's earlier part. The summary stays owed until its last part is sent; sent again
        after a crash, each part's own nonce keeps Discord from showing it twice."""
        with pacing(Priority.ROUND):
            await channel.send(
                content, allowed_mentions=NO_MENTIONS, nonce=once.nonce("post", table.id, part)
            )

    async def final(self, channel: discord.PartialMessageable, status: GameStatus) -> None:
        table, progress = status.table, status.progress
        assert progress is not None
        sheet = progress.score
        content = text.score_text(table, progress) + await self._flagged(table)
        content = with_game_link(content, self.client, table.id)
        state = await self.sessions.reading.load(table.id)
        await self._send(
            channel,
            table,
            content,
            FINAL_POST,
            ping=True,
            picture=Picture(table, state, sheet),
            final_buttons=True,
        )

    async def final_in_parent(self, status: GameStatus) -> None:
        """A game played in its own thread ends in its lobby's channel too: the ranked result and a
        link to the thread, without the picture (the thread has it)."""
        table, progress = status.table, status.progress
        assert progress is not None and table.game.parent_channel_id is not None
        parent = self.client.get_partial_messageable(
            table.game.parent_channel_id, guild_id=table.game.guild_id
        )
        content = text.score_text(table, progress) + await self._flagged(table)
        content += "\n" + t("The whole game: {thread}.", thread=f"<#{table.game.channel_id}>")
        await self._send(
            parent, table, with_game_link(content, self.client, table.id), FINAL_IN_PARENT, ping=False
        )

    async def _flagged(self, table: Table) -> str:
        """A result with an expelled player is flagged."""
        if self.clocks is None:
            return ""
        return clock_text.flagged_note(table, await self.clocks.reading.expelled(table.id))

    async def _send(
        self,
        channel: discord.PartialMessageable,
        table: Table,
        content: str,
        key: str,
        *,
        ping: bool,
        picture: Picture | None = None,
        final_buttons: bool = False,
    ) -> None:
        """Post the text owed as ``key``; its picture, if the game draws one, is owed from then on.

        If Discord refuses the text, the post is handed to the post retries (which then own it: it
        is no longer owed here), with its picture drawn now: a retry is one message, text and
        picture together, with the final result's buttons (its chart is not retried). A post
        refused for missing permissions stays owed: the channel is then refused (``after_change``),
        and the catch-up posts it once the channel's back-off is over and a moderator gave the
        permission back. A rate limit longer than the client waits
        (``RateLimited``) hands the post to the retries, due when the limit ends, and the game's
        other announcements go on meanwhile."""
        if picture is not None and summary_picture(plugins.plugin(table.game.game).pictures) is None:
            picture = None
        # One nonce per owed post: sent again after a crash or by its retry, Discord keeps one message.
        post = post_retry.Post(
            channel.id,
            table.game.guild_id,
            content,
            None,
            None,
            ping,
            once.nonce("post", table.id, key),
            final_buttons_of=table.id if final_buttons else None,
        )
        mentions = text.PING_PLAYERS if ping else NO_MENTIONS
        try:
            with pacing(Priority.ROUND):
                view = discord.utils.MISSING if not final_buttons else final_view(table.id)
                message = await channel.send(content, allowed_mentions=mentions, nonce=post.nonce, view=view)
        except discord.Forbidden:
            log.warning(
                "a post in game %s was refused (403 Forbidden); owed until the channel takes it", table.id
            )
            raise
        except (TimeoutError, discord.HTTPException, OSError, discord.RateLimited) as exc:
            drawn = (
                None
                if picture is None
                else await self.pictures_after.picture_or_none(table, picture.state, picture.sheet)
            )
            if drawn is not None:
                post = dataclasses.replace(post, png=drawn[0], filename=file_name(key, drawn[1]))
            sessions = self.sessions
            limited = exc.retry_after if isinstance(exc, discord.RateLimited) else None
            await post_retry.schedule(
                sessions.store.db,
                table.id,
                post,
                attempt=1,
                now=sessions.store.clock(),
                posted_key=key,
                not_before=limited,
            )
            if limited is None:
                raise
            log.warning(
                "a post in game %s is rate limited for %.0f s: handed to the retries", table.id, limited
            )
            return
        if picture is not None:
            self.pictures_after.keep(table.id, key, picture)
        # Owed until here: a crash before this line posts it again at the next start.
        await self.sessions.posts.mark_posted(
            table.id, key, message_id=message.id, picture_owed=picture is not None
        )
