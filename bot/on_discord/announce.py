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

Summaries and final posts go to the channel, paced by the client's ``Pacer`` (``bot.on_discord.pacer``) as
round posts, as text first: their pictures are drawn by the client's render pool afterwards and
edited onto them (``bot.on_discord.pictures_after``), so that the clicker's panel and the next turn line never
wait for a picture; a post whose picture has not reached it stays marked in ``posts`` and a restart
draws it. A turn line that a player's click brought about is that click's public follow-up:
Discord does not count interaction follow-ups against the bot's global limit, so a
hand-over costs no global request. The line is then edited (a simultaneous phase) and retired
through the same interaction while its token lives (``TOKEN_LIFE`` from the click, by the bot's
clock; a token Discord ends sooner falls back to the channel); later, and for lines posted without a
click (the game's start, the bot's seats, the catch-up), through the channel, paced: the new line as
a turn line, the edits as cosmetic. An edit in a game's thread that Discord archived for idling
reopens it (``bot.on_discord.threads``); a thread a moderator locked is given up until unlocked.
The client owns one ``Announcer`` (and with it the per-game locks), created in ``setup_hook``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot import plugins
from bot.clocks.turn_clock import TurnClocks
from bot.on_discord import post_retry
from bot.on_discord.pacer import Priority, pacing, through_429s
from bot.on_discord.pictures_after import Picture, PicturesAfter, file_name
from bot.on_discord.refused import RefusedChannels
from bot.on_discord.threads import unarchiving
from bot.on_discord.views import clock_text, text
from bot.on_discord.views.common import NO_MENTIONS, LineWebhook
from bot.on_discord.views.turn_line import turn_line_view
from bot.service import narrate, once, said_events
from bot.service.bot_players import BotPlayers
from bot.service.clock import Clock
from bot.service.limits import clip
from bot.service.posts import FINAL_IN_PARENT, FINAL_POST
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.service.tables import GameStatus, Table
from bot.storage import Status
from engine.core import Event, ScoreSheet
from render.common.language import speaking, t
from render.common.pictures import summary_picture

log = logging.getLogger(__name__)

FINAL = FINAL_POST
# How often the announcer looks for games that owe their channel a post (a failed turn line, …).
CATCH_UP_EVERY = 120.0
# What Discord answers through a token past its life (discord.py #9856; opcodes-and-status-codes).
INVALID_WEBHOOK_TOKEN = 50027


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
        self._lines = _Lines(client, clock or (lambda: sessions.store.clock()))
        # The game threads a moderator locked: nothing is sent there until they unlock them.
        self._locked: set[int] = set()
        self.pictures_after = PicturesAfter(client, sessions, pictures)
        # channels whose posts Discord refused (403): the catch-up waits out their back-off
        self.refused = RefusedChannels()

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def after_change(
        self, game_id: int, events: list[Event], *, via: LineWebhook | None = None
    ) -> None:
        """``_after_change`` in the game's language, whoever's click or command made the change.
        A channel that refuses a post (403) is recorded as refused (see ``catch_up``)."""
        with speaking(await self.sessions.reading.game_language(game_id)):
            try:
                await self._after_change(game_id, events, via=via)
            except discord.Forbidden as exc:
                # A locked game thread is given up until unlocked; any other refused channel waits
                # out a back-off.
                if not await self._give_up_if_locked(game_id) and _in_a_channel(exc):
                    await self._refused_in(game_id, exc)
                raise
        self.pictures_after.draw_owed(game_id)

    async def _refused_in(self, game_id: int, exc: discord.Forbidden) -> None:
        game = (await self.sessions.reading.status(game_id)).table.game
        wait = self.refused.refuse(game.channel_id, game.guild_id)
        log.warning(
            "game %s: Discord refuses the bot's messages in channel %s (%s %s); its posts wait %d min",
            game_id,
            game.channel_id,
            exc.status,
            exc.code,
            wait // 60,
        )

    def in_guild(self, guild_id: int) -> bool:
        """Whether the bot is (still) in the guild, as far as this process knows: once the gateway
        said which guilds of its shards it is in, a game in another one is left alone, as it is (a
        kick keeps the games; posting there is refused, and every refusal counts towards Discord's
        ban of the bot's IP). A guild of another process's shards is that process's to know."""
        if not self.client.is_ready() or not self.owns_guild(guild_id):
            return True
        return self.client.get_guild(guild_id) is not None

    def left_guild(self, guild_id: int) -> None:
        """The bot was removed from the guild: its channels' refusals no longer matter."""
        self.refused.forget_guild(guild_id)

    async def _give_up_if_locked(self, game_id: int) -> bool:
        """Refused in the game's own thread: if a moderator locked it, nothing more is sent there
        (nor retried every ``CATCH_UP_EVERY``) until it is unlocked (``thread_changed``); what the
        game owes meanwhile stays owed. Said once in the log."""
        game = (await self.sessions.reading.status(game_id)).table.game
        if game.parent_channel_id is None:
            return False
        if game.channel_id in self._locked:
            return True
        try:
            thread = await self.client.fetch_channel(game.channel_id)
        except discord.HTTPException:
            return False
        if isinstance(thread, discord.Thread) and thread.locked:
            self._locked.add(thread.id)
            log.warning(
                "game %s: a moderator locked its thread %s; nothing is posted there until it is unlocked",
                game_id,
                thread.id,
            )
            return True
        return False

    def thread_changed(self, thread_id: int, *, locked: bool) -> None:
        """Discord said a thread changed (THREAD_UPDATE): one unlocked takes the bot's posts again, and
        the catch-up brings its game up to date."""
        if not locked and thread_id in self._locked:
            self._locked.discard(thread_id)
            log.info("thread %s was unlocked: its game is posted to again", thread_id)

    async def _after_change(
        self, game_id: int, events: list[Event], *, via: LineWebhook | None = None
    ) -> None:
        """Bring the channel up to date with the game (serialised per game in this process).
        ``via``: the follow-up webhook of the click that made the change, if a new turn line may be
        its public follow-up (a click in the game's channel).

        What is owed is read from the database, not from ``events``: the summaries and final post
        recorded with the moves that reached them and not sent yet, then the turn line of the
        current decision if it was not posted. So calling it again (a redelivery, the catch-up at
        start-up) posts nothing twice, and after a crash it posts what the crash cut off."""
        async with self._lock(game_id):
            sessions = self.sessions
            status = await sessions.reading.status(game_id)
            stale: list[int] = []
            if self.clocks is not None:
                # Whoever decides now has their clock running from the change.
                stale = await self.clocks.banks.sync_quietly(game_id, status)
            table, progress = status.table, status.progress
            if not self.in_guild(table.game.guild_id):
                return  # removed from the server: nothing said there would be taken
            if table.game.channel_id in self._locked:
                return
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
                if key == FINAL:
                    await self._post_final(channel, status)
                elif key == FINAL_IN_PARENT:
                    await self._post_final_in_parent(status)
                else:
                    await self._post_summary(channel, status, key, recorded, before, titles.get(key))
                    summary = True
            if progress.decision.finished:
                if table.game.prompt_message_id is not None or table.game.prompt_seats is not None:
                    await self._lines.retire(channel, table.game.prompt_message_id)
                    await sessions.posts.set_prompt(game_id, message_id=None, seats=None, since=None)
                return
            if self.bots is not None and table.ai_seats.intersection(progress.decision.seats):
                self.bots.kick(game_id, self.after_change)
            # A refused line raises (the player hears "That was saved, but I could not update the
            # messages here."); the catch-up posts it when Discord takes it.
            # Players in their quiet hours or on vacation are not pinged: their first
            # reminder comes when the quiet hours end.
            resting = await self.clocks.reading.resting(table) if self.clocks is not None else frozenset()
            await _update_turn_line(
                sessions, self._lines, channel, status, force_new=summary, resting=resting, via=via
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
            lambda guild_id: self.owns_guild(guild_id) and self.in_guild(guild_id), self.refused.waiting
        )
        for game_id, channel_id in games:
            try:
                await self.after_change(game_id, [])
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("catching up game %s failed (%s); tried again later", game_id, type(exc).__name__)
            else:
                self.refused.took(channel_id)
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

    async def _post_summary(
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
        content = narrate.summary_text(game.title, title, events, table.said_names, sheet, before)
        if self.clocks is not None:
            content = clip(
                content + clock_text.skipped_note(table, await self.clocks.reading.skipped(table.id))
            )
        await self._send(channel, table, content, key, ping=False, picture=Picture(table, state, sheet))

    async def _post_final(self, channel: discord.PartialMessageable, status: GameStatus) -> None:
        table, progress = status.table, status.progress
        assert progress is not None
        sheet = progress.score
        content = text.score_text(table, progress) + await self._flagged(table)
        state = await self.sessions.reading.load(table.id)
        await self._send(channel, table, content, FINAL, ping=True, picture=Picture(table, state, sheet))

    async def _post_final_in_parent(self, status: GameStatus) -> None:
        """A game played in its own thread ends in its lobby's channel too: the ranked result and a
        link to the thread, without the picture (the thread has it)."""
        table, progress = status.table, status.progress
        assert progress is not None and table.game.parent_channel_id is not None
        parent = self.client.get_partial_messageable(
            table.game.parent_channel_id, guild_id=table.game.guild_id
        )
        content = text.score_text(table, progress) + await self._flagged(table)
        content += "\n" + t("The whole game: {thread}.", thread=f"<#{table.game.channel_id}>")
        await self._send(parent, table, clip(content), FINAL_IN_PARENT, ping=False)

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
    ) -> None:
        """Post the text owed as ``key``; its picture, if the game draws one, is owed from then on.

        If Discord refuses the text, the post is handed to the post retries (which then own it: it
        is no longer owed here), with its picture drawn now: a retry is one message, text and
        picture together. A post refused for missing permissions stays owed: the channel is then
        refused (``after_change``), and the catch-up posts it once the channel's back-off is over and
        a moderator gave the permission back. A rate limit longer than the client waits
        (``RateLimited``) hands the post to the retries, due when the limit ends, and the game's
        other announcements go on meanwhile."""
        if picture is not None and summary_picture(plugins.plugin(table.game.game).pictures) is None:
            picture = None
        # One nonce per owed post: sent again after a crash or by its retry, Discord keeps one message.
        post = post_retry.Post(
            channel.id, table.game.guild_id, content, None, None, ping, once.nonce("post", table.id, key)
        )
        mentions = text.PING_PLAYERS if ping else NO_MENTIONS
        try:
            with pacing(Priority.ROUND):
                message = await channel.send(content, allowed_mentions=mentions, nonce=post.nonce)
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


async def _update_turn_line(
    sessions: Sessions,
    lines: _Lines,
    channel: discord.PartialMessageable,
    status: GameStatus,
    *,
    force_new: bool,
    resting: frozenset[int] = frozenset(),
    via: LineWebhook | None,
) -> None:
    table, progress = status.table, status.progress
    assert progress is not None
    humans = sorted(s for s in progress.decision.seats if s not in table.ai_seats)
    previous: list[int] = json.loads(table.game.prompt_seats) if table.game.prompt_seats else []
    if not humans:
        if previous:
            # The bot's seats decide now (in the background): whoever decides next is new again and
            # gets a line, even the one person at a table of bots, whose panel said "waiting".
            await sessions.posts.set_prompt(
                table.id, message_id=table.game.prompt_message_id, seats=[], since=table.game.waiting_since
            )
        return
    newly = [s for s in humans if s not in previous]
    if force_new or newly or table.game.prompt_message_id is None:
        pinged = newly or humans
        # A player alone with the bot's seats is not pinged on every turn: they are playing now.
        alone = len([s for s in range(len(table.seats)) if s not in table.ai_seats]) == 1
        users = (
            []
            if alone
            else [
                discord.Object(id=u)
                for u in (table.user_at(s) for s in pinged)
                if u is not None and u not in resting
            ]
        )
        mentions = discord.AllowedMentions(users=users, roles=False, everyone=False)
        content, view = text.turn_line(table, progress, humans), turn_line_view(table)
        if via is not None:
            message_id = await lines.post(via, content, view, mentions)
        else:
            with pacing(Priority.TURN):
                message_id = (await channel.send(content, view=view, allowed_mentions=mentions)).id
        await lines.retire(channel, table.game.prompt_message_id)
        if not await sessions.posts.set_prompt_unless_abandoned(
            table.id, message_id=message_id, seats=humans
        ):
            # Abandoned while the line was being posted (a move racing /game abandon): the line
            # must not stay clickable after the abandon message.
            await lines.retire(channel, message_id)
        return
    if humans != previous:
        # Someone finished a simultaneous choice: say who is still deciding, without a new ping.
        await lines.edit(
            channel, table.game.prompt_message_id, content=text.turn_line(table, progress, humans)
        )
        await sessions.posts.set_prompt(
            table.id, message_id=table.game.prompt_message_id, seats=humans, since=table.game.waiting_since
        )


def _in_a_channel(exc: discord.HTTPException) -> bool:
    """Whether Discord refused a channel's route (the bot's access to the channel), not an
    interaction token's (a follow-up, which needs no channel permission)."""
    url = getattr(getattr(exc, "response", None), "url", None)
    return url is not None and "/channels/" in str(url)


class _Lines:
    """The turn lines posted as a click's follow-up while that click's token lives, so that their
    edits go through it too (exempt from the global limit); any other line is edited through the
    channel, as a cosmetic edit (paced last, coalesced with a newer edit of the same line)."""

    def __init__(self, client: discord.Client, clock: Clock) -> None:
        self._client = client
        self._clock = clock
        # message id → (the webhook that posted it, until when its token is good); oldest first.
        self._by_webhook: dict[int, LineWebhook] = {}

    async def post(
        self, via: LineWebhook, content: str, view: discord.ui.View, mentions: discord.AllowedMentions
    ) -> int:
        # A follow-up is exempt from the pacer, not from 429s: refused through discord.py's own
        # tries, the line would wait for the periodic catch-up and the clicker hear of a failure.
        message = await through_429s(
            lambda: via.webhook.send(content, view=view, allowed_mentions=mentions, wait=True)
        )
        now = self._clock()
        # Tokens expire in the order they were kept: forget the lines whose token is gone.
        for message_id, kept in list(self._by_webhook.items()):
            if kept.until > now:
                break
            del self._by_webhook[message_id]
        self._by_webhook[message.id] = via
        return message.id

    async def edit(self, channel: discord.PartialMessageable, message_id: int | None, **fields: Any) -> None:
        if message_id is None:
            return
        await unarchiving(self._client, channel.id, lambda: self._edit(channel, message_id, **fields))

    async def _edit(self, channel: discord.PartialMessageable, message_id: int, **fields: Any) -> None:
        kept = self._by_webhook.get(message_id)
        if kept is not None and kept.until > self._clock():
            try:
                await through_429s(
                    lambda: kept.webhook.edit_message(message_id, allowed_mentions=NO_MENTIONS, **fields)
                )
                return
            except discord.HTTPException as exc:
                if exc.status != 401 and exc.code != INVALID_WEBHOOK_TOKEN:
                    raise
                # Discord ended the token before the bot's count did (its clock ahead of the bot's):
                # the line is the bot's own message in the channel, which takes the edit.
                log.info("the token of turn line %s has expired; edited through the channel", message_id)
                self._by_webhook.pop(message_id, None)
        with pacing(Priority.COSMETIC, droppable=True):
            await channel.get_partial_message(message_id).edit(allowed_mentions=NO_MENTIONS, **fields)

    async def retire(self, channel: discord.PartialMessageable, message_id: int | None) -> None:
        """The old turn line keeps its text but loses its button (the new line is the place to click)."""
        try:
            await self.edit(channel, message_id, view=None)
        except discord.NotFound:
            log.info("the old turn line %s is gone", message_id)
        self._by_webhook.pop(message_id or 0, None)
