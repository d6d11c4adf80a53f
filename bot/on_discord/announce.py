"""What the channel sees after a change: at most one public message per player decision.

- a checkpoint reached (the end of a round, a scoring) → one message: what changed since the
  checkpoint before (the game's headline events, score changes) with the game's summary picture,
  if it has one; posted once per checkpoint: the ``posts`` row is written as owed with the move
  that reached the checkpoint, and marked posted once Discord took the message (a crash in
  between posts it at the next start: ``catch_up``);
- the game ended → the final breakdown per category, with the summary picture;
- someone new must decide → one line that mentions them with a **Take my turn** button (the
  previous line loses its button); a simultaneous phase where some players finished only edits
  the line. Sub-steps of the same player post nothing: their private panel is edited instead.

Summaries and final posts are written and sent by ``bot.on_discord.results``, paced by the client's
``Pacer`` as round posts, text first: their pictures are drawn afterwards and edited onto them
(``bot.on_discord.pictures_after``), so that the clicker's panel and the next turn line never wait
for a picture; a post whose picture has not reached it stays marked in ``posts`` and a restart
draws it. A click that owes no summary has its panel redrawn beside its posts (``after_change``'s
``alongside``), in the game's order of announcements; a round-closing click's panel follows them.
A turn line that a player's click brought about is that click's public follow-up: Discord does not
count interaction follow-ups against the bot's global limit, so a hand-over costs no global request.
The line is then edited (a simultaneous phase) and retired through the same interaction while its
token lives (``TOKEN_LIFE`` from the click, by the bot's clock; a token Discord ends sooner falls back
to the channel); later, and for lines posted without a click (the game's start, the bot's seats, the
catch-up), through the channel, paced: the new line as a turn line, the edits as cosmetic
(``bot.on_discord.turn_lines``). An edit in a game's thread that Discord archived for idling reopens
it (``bot.on_discord.threads``); where Discord refuses the bot (a refused channel, a locked thread, a
guild that removed it) is ``bot.on_discord.refused``'s to remember.
The client owns one ``Announcer`` (and with it the per-game locks), created in ``setup_hook``.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

import discord

from bot.clocks.turn_clock import TurnClocks
from bot.on_discord.pictures_after import PicturesAfter
from bot.on_discord.refused import Refusals
from bot.on_discord.results import Results
from bot.on_discord.turn_lines import TurnLines, settle_unrecorded_line, update_turn_line
from bot.on_discord.views.common import LineWebhook
from bot.service import narrate
from bot.service.bot_players import BotPlayers
from bot.service.clock import Clock
from bot.service.posts import FINAL_IN_PARENT, FINAL_POST
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.service.tables import Table
from bot.service.turn_story import retired_line
from bot.storage import Status
from engine.core import Event
from render.common.language import speaking

log = logging.getLogger(__name__)

# How often the announcer looks for games that owe their channel a post (a failed turn line, …).
CATCH_UP_EVERY = 120.0


class Announcer:
    """Brings channels up to date after changes, one game at a time in this process."""

    def __init__(
        self,
        client: discord.Client,
        sessions: Sessions,
        pictures: RenderPool,
        bots: BotPlayers | None = None,
        clocks: TurnClocks | None = None,
        owns_guild: Callable[[int], bool] = lambda _: True,
        clock: Clock | None = None,
    ) -> None:
        self.client = client
        # the guilds of this process's shards: it catches up their games only
        self.owns_guild = owns_guild
        self.sessions = sessions
        self.bots = bots
        self.clocks = clocks
        self._locks: dict[int, asyncio.Lock] = {}
        # The bot's one clock, read when used: tests replace the sessions' clock after the start.
        self._lines = TurnLines(client, clock or (lambda: sessions.store.clock()))
        self.pictures_after = PicturesAfter(client, sessions, pictures)
        self.results = Results(client, sessions, self.pictures_after, clocks)
        # where Discord refuses the bot (a channel, a locked thread, a guild that removed it)
        self.refusals = Refusals(client, sessions, owns_guild)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def announcing(self, game_id: int) -> bool:
        """Whether this process is bringing the game's channel up to date now (a reader that must see
        the channel as a change left it waits for this to end)."""
        lock = self._locks.get(game_id)
        return lock is not None and lock.locked()

    @contextlib.asynccontextmanager
    async def _turn(
        self, game_id: int, alongside: Callable[[], Awaitable[None]] | None, context: contextvars.Context
    ) -> AsyncIterator[None]:
        """The game's turn to bring its channel up to date (its announcements go out in the order of
        the changes), with ``alongside`` started once that turn came and awaited before it ends: what
        goes out beside the channel's posts then can neither pass an earlier change's posts nor wait
        for this change's. It runs in ``context`` (the caller's: the clicker's language, not the game's)."""
        async with self._lock(game_id):
            beside = None
            if alongside is not None:
                beside = asyncio.create_task(_awaited(alongside), context=context)
                # Let it start before the channel's posts: its first request is sent first.
                await asyncio.sleep(0)
            try:
                yield
            except BaseException:
                if beside is not None:
                    # The channel's failure is the one to handle (a refused channel is remembered); the
                    # panel's own, if any, is only logged.
                    try:
                        await beside
                    except Exception:
                        log.info("game %s: the panel beside a failed announcement failed too", game_id)
                raise
            if beside is not None:
                await beside

    async def after_change(
        self,
        game_id: int,
        events: list[Event],
        *,
        via: LineWebhook | None = None,
        alongside: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """``_after_change`` in the game's language, whoever's click or command made the change.
        A channel that refuses a post (403) is recorded as refused (see ``catch_up``).
        ``alongside``: what the clicker is shown at the same time as the channel's posts (see
        ``_turn``), for a change that owes the channel no summary."""
        clicker = contextvars.copy_context()
        with speaking(await self.sessions.reading.game_language(game_id)):
            try:
                await self._after_change(game_id, events, via=via, alongside=alongside, context=clicker)
            except discord.Forbidden as exc:
                await self.refusals.refused(game_id, exc)
                raise
        self.pictures_after.draw_owed(game_id)

    async def _after_change(
        self,
        game_id: int,
        events: list[Event],
        *,
        via: LineWebhook | None = None,
        alongside: Callable[[], Awaitable[None]] | None = None,
        context: contextvars.Context | None = None,
    ) -> None:
        """Bring the channel up to date with the game (serialised per game in this process).
        ``via``: the follow-up webhook of the click that made the change, if a new turn line may be
        its public follow-up (a click in the game's channel).

        What is owed is read from the database, not from ``events``: the summaries and final post
        recorded with the moves that reached them and not sent yet, then the turn line of the
        current decision if it was not posted. So calling it again (a redelivery, the catch-up at
        start-up) posts nothing twice, and after a crash it posts what the crash cut off."""
        async with self._turn(game_id, alongside, context or contextvars.copy_context()):
            sessions = self.sessions
            status = await sessions.reading.status(game_id)
            stale: list[int] = []
            if self.clocks is not None:
                # Whoever decides now has their clock running from the change.
                stale = await self.clocks.banks.sync_quietly(game_id, status)
            table, progress = status.table, status.progress
            if self.refusals.shut(table.game):
                return  # nothing said there would be taken
            await self._retire_skips(table, stale)
            if progress is None:
                return
            titles = {str(e.data.get("key", "")): e for e in narrate.checkpoints(events)}
            if titles or progress.decision.finished:
                await sessions.posts.owe_posts(game_id, list(titles))
            owed = await sessions.posts.owed_posts(game_id)
            if owed:
                # Read again: a move saved since the first read may have recorded what is owed (the
                # final post, say), and its post must show the game at least as new as the record.
                status = await sessions.reading.status(game_id)
                table, progress = status.table, status.progress
                assert progress is not None
            channel = self.client.get_partial_messageable(table.game.channel_id, guild_id=table.game.guild_id)
            if await settle_unrecorded_line(sessions, self._lines, channel, table):
                status = await sessions.reading.status(game_id)
                table, progress = status.table, status.progress
                assert progress is not None
            if table.game.status is Status.ABANDONED:
                # Abandoned meanwhile: nothing more is said about it in its channel, and no live
                # button is left on its turn line.
                for key, _, _ in owed:
                    await sessions.posts.mark_posted(game_id, key, message_id=None)
                await self._lines.retire(channel, table.game.prompt_message_id)
                await sessions.posts.set_prompt(game_id, message_id=None, seats=None, since=None)
                return
            summary = False
            for key, recorded, before in owed:
                if key == FINAL_POST:
                    await self.results.final(channel, status)
                elif key == FINAL_IN_PARENT:
                    await self.results.final_in_parent(status)
                else:
                    await self.results.summary(channel, status, key, recorded, before, titles.get(key))
                    summary = True
            if progress.decision.finished:
                if table.game.prompt_message_id is not None or table.game.prompt_seats is not None:
                    told = await retired_line(sessions.reading, table)
                    await self._lines.retire(channel, table.game.prompt_message_id, told=told)
                    await sessions.posts.set_prompt(game_id, message_id=None, seats=None, since=None)
                return
            if self.bots is not None and table.ai_seats.intersection(progress.decision.seats):
                self.bots.kick(game_id, self.after_change)
            # A refused line raises (the player hears "That was saved, but I could not update the
            # messages here."); the catch-up posts it when Discord takes it.
            # Players in their quiet hours or on vacation are not pinged: their first
            # reminder comes when the quiet hours end.
            resting = await self.clocks.reading.resting(table) if self.clocks is not None else frozenset()
            await update_turn_line(
                sessions,
                self._lines,
                channel,
                status,
                force_new=summary,
                resting=resting,
                via=via,
                clocks=self.clocks.reading if self.clocks is not None else None,
            )

    async def retire_turn_line(self, table: Table) -> None:
        """An abandoned game's turn line keeps its text but loses its button."""
        async with self._lock(table.id):
            if self.clocks is not None:
                # its reminders and Skip buttons no longer apply
                await self._retire_skips(table, await self.clocks.banks.sync_quietly(table.id))
            current = (await self.sessions.reading.status(table.id)).table
            channel = self.client.get_partial_messageable(table.game.channel_id, guild_id=table.game.guild_id)
            await self._lines.retire(channel, current.game.prompt_message_id)
            await self.sessions.posts.set_prompt(table.id, message_id=None, seats=None, since=None)

    async def _retire_skips(self, table: Table, posts: list[int]) -> None:
        """An out-of-time post keeps its text but loses its Skip once the seat moved, the bot took it or
        the game ended (``TurnClocks.sync``); a post Discord refuses to edit keeps its button, and a
        click on it is refused as before."""
        channel = self.client.get_partial_messageable(table.game.channel_id, guild_id=table.game.guild_id)
        for message_id in posts:
            try:
                await self._lines.retire(channel, message_id)
            except discord.HTTPException as exc:
                log.info("game %s: the Skip of post %s stays (%s)", table.id, message_id, exc)

    async def catch_up(self) -> int:
        """Post what every game still owes its channel (summaries, final posts, turn lines of
        pending decisions): at start-up and every ``CATCH_UP_EVERY`` seconds. Returns how many
        games were looked at; one game failing does not stop the others. Games in a guild the bot
        is no longer in, and in a channel that refused the bot until its back-off ends, are not
        looked at: asking again would only be refused again."""
        games = await self.sessions.posts.games_to_catch_up(
            lambda guild_id: self.owns_guild(guild_id) and self.refusals.in_guild(guild_id),
            self.refusals.channels.waiting,
        )
        for game_id, channel_id in games:
            try:
                await self.after_change(game_id, [])
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("catching up game %s failed (%s); tried again later", game_id, type(exc).__name__)
            else:
                self.refusals.channels.took(channel_id)
        return len(games)

    async def keep_catching_up(self, every: float | None = None) -> None:
        """The bot's background task: ``catch_up`` at start-up, then periodically."""
        while True:
            try:
                await self.catch_up()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("catching up the games failed")
            await asyncio.sleep(CATCH_UP_EVERY if every is None else every)


async def _awaited(alongside: Callable[[], Awaitable[None]]) -> None:
    await alongside()
