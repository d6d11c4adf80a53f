"""The pictures of summaries and final posts, drawn after their text: the text goes out at once and the
picture, drawn by the client's render pool, is edited onto it, so that the clicker's panel and the next
turn line never wait for a picture. A post whose picture has not reached it stays marked in ``posts``
(``picture_owed``) and a restart draws it."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
import re

import discord

from bot import plugins
from bot.on_discord.pacer import Priority, pacing
from bot.service.after_game.score_chart import CHART_FILE, chart_job
from bot.service.posts import FINAL_POST
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.service.tables import Table
from engine.core import GameState, ScoreSheet
from render.common.language import speaking
from render.common.pictures import summary_picture

log = logging.getLogger(__name__)

_UNSAFE = re.compile(r"[^a-z0-9-]+")


class PicturesAfter:
    """The pictures owed to sent posts in this process, one drawing task per game."""

    def __init__(self, client: discord.Client, sessions: Sessions, pool: RenderPool) -> None:
        self.client = client
        self.sessions = sessions
        self.pool = pool
        # game id -> the pictures its sent posts wait for, with the state each shows (drawn in order)
        self._owed: dict[int, dict[str, Picture]] = {}
        self._drawing: dict[int, asyncio.Task[None]] = {}

    def keep(self, game_id: int, key: str, picture: Picture) -> None:
        """The post ``key`` was sent: its picture shows ``picture`` when it is drawn."""
        self._owed.setdefault(game_id, {})[key] = picture

    def draw_owed(self, game_id: int) -> asyncio.Task[None]:
        """Draw the pictures the game's sent posts wait for and edit them on, in a task of its own
        (one per game; one already running takes what is owed since)."""
        running = self._drawing.get(game_id)
        if running is not None and not running.done():
            return running
        task = asyncio.create_task(self._draw_pictures(game_id), name=f"pictures-{game_id}")
        self._drawing[game_id] = task
        return task

    async def drawn(self) -> None:
        """Wait until every picture owed in this process reached its post (tests, shutdown)."""
        while running := [t for t in self._drawing.values() if not t.done()]:
            await asyncio.wait(running)

    def close(self) -> None:
        """Stop drawing: what is left stays owed in the database, and the next start draws it."""
        for task in self._drawing.values():
            task.cancel()

    async def _draw_pictures(self, game_id: int) -> None:
        try:
            # In the game's language, whoever's click asked for it (the task took their context).
            with speaking(await self.sessions.reading.game_language(game_id)):
                while owed := await self.sessions.posts.owed_pictures(game_id):
                    for key, message_id in owed:
                        await self._draw_picture(game_id, key, message_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            # Left owed: the catch-up draws it later.
            log.warning("the pictures of game %s could not be drawn (%s)", game_id, type(exc).__name__)

    async def _draw_picture(self, game_id: int, key: str, message_id: int) -> None:
        """One post's picture, of the state its text was written from (the game as it is now, for a
        post sent before a restart)."""
        kept = self._owed.get(game_id, {}).get(key)
        if kept is None:
            status = await self.sessions.reading.status(game_id)
            state = await self.sessions.reading.load(game_id)
            score = status.progress.score if status.progress is not None else None
            kept = Picture(status.table, state, score)
        picture = await self.picture_or_none(kept.table, kept.state, kept.sheet)
        files = (
            []
            if picture is None
            else [discord.File(io.BytesIO(picture[0]), filename=file_name(key, picture[1]))]
        )
        if key == FINAL_POST:
            chart = await self.chart_or_none(kept.table)
            if chart is not None:
                files.append(discord.File(io.BytesIO(chart), filename=file_name(key, CHART_FILE)))
        if files:
            channel = self.client.get_partial_messageable(
                kept.table.game.channel_id, guild_id=kept.table.game.guild_id
            )
            try:
                with pacing(Priority.ROUND):
                    await channel.get_partial_message(message_id).edit(attachments=files)
            except (discord.NotFound, discord.Forbidden) as exc:
                # The post is gone or closed to the bot: its picture has nowhere to go.
                log.info("game %s: the picture of post %s was given up (%s)", game_id, key, exc)
        await self.sessions.posts.mark_pictured(game_id, key)
        self._owed.get(game_id, {}).pop(key, None)

    async def picture(
        self, table: Table, state: GameState, sheet: ScoreSheet | None
    ) -> tuple[bytes, str] | None:
        """The game's summary picture of ``state`` and its file name, if the game has one."""
        found = plugins.plugin(table.game.game)
        spec = summary_picture(found.pictures)
        if spec is None:
            return None
        png = await self.pool.draw(
            found, spec.key, state, None, table.names, sheet, game_id=table.id, lang=table.game.language
        )
        return png, f"{spec.key}.png"

    async def chart_or_none(self, table: Table) -> bytes | None:
        """The final post's chart (points by checkpoint, by category), or none when it cannot be
        drawn: the result and its board picture are posted without it."""
        try:
            job = chart_job(table, await self.sessions.reading.live_log(table.id))
            return None if job is None else await self.pool.chart(job)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("the chart of game %s could not be drawn (%s)", table.id, type(exc).__name__)
            return None

    async def picture_or_none(
        self, table: Table, state: GameState, sheet: ScoreSheet | None
    ) -> tuple[bytes, str] | None:
        """The picture, or none when it cannot be drawn: the text is still posted (once)."""
        try:
            return await self.picture(table, state, sheet)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning(
                "the picture of game %s could not be drawn (%s); posting the text",
                table.id,
                type(exc).__name__,
            )
            return None


@dataclasses.dataclass(frozen=True)
class Picture:
    """What a post's picture shows: the game as its text was written."""

    table: Table
    state: GameState
    sheet: ScoreSheet | None


def file_name(key: str, name: str) -> str:
    """ "round-09-board.png": the checkpoint's key names the file (keys come from the engine)."""
    return f"{_UNSAFE.sub('-', key.lower())}-{name}"
