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
A turn line that a player's click brought about is that click's public follow-up:
Discord does not count interaction follow-ups against the bot's global limit, so a
hand-over costs no global request. The line is then edited (a simultaneous phase) and retired
through the same interaction while its token lives (``TOKEN_LIFE`` from the click, by the bot's
clock; a token Discord ends sooner falls back to the channel); later, and for lines posted without a
click (the game's start, the bot's seats, the catch-up), through the channel, paced: the new line as
a turn line, the edits as cosmetic. An edit in a game's thread that Discord archived for idling
reopens it (``bot.on_discord.threads``); where Discord refuses the bot (a refused channel, a locked
thread, a guild that removed it) is ``bot.on_discord.refused``'s to remember.
The client owns one ``Announcer`` (and with it the per-game locks), created in ``setup_hook``.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord

from bot.clocks.clock_reading import ClockReading
from bot.clocks.turn_clock import TurnClocks
from bot.on_discord.pacer import Priority, pacing, through_429s
from bot.on_discord.pictures_after import PicturesAfter
from bot.on_discord.refused import Refusals
from bot.on_discord.results import Results
from bot.on_discord.threads import unarchiving
from bot.on_discord.views import text
from bot.on_discord.views.clock_text import line_time_left
from bot.on_discord.views.common import NO_MENTIONS, LineWebhook
from bot.on_discord.views.turn_line import turn_line_view
from bot.service import narrate
from bot.service.bot_players import BotPlayers
from bot.service.clock import Clock
from bot.service.limits import clip
from bot.service.line_choices import line_choices
from bot.service.moves import label_choices, off_loop
from bot.service.posts import FINAL_IN_PARENT, FINAL_POST
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.service.tables import GameStatus, Table
from bot.service.turn_story import retired_line, told_line
from bot.storage import Status
from engine.core import Event
from render.common.language import speaking

log = logging.getLogger(__name__)

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
            await _update_turn_line(
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


async def _update_turn_line(
    sessions: Sessions,
    lines: _Lines,
    channel: discord.PartialMessageable,
    status: GameStatus,
    *,
    force_new: bool,
    resting: frozenset[int] = frozenset(),
    via: LineWebhook | None,
    clocks: ClockReading | None = None,
) -> None:
    table, progress = status.table, status.progress

    async def asking(seats: list[int]) -> tuple[str, str]:
        """The line's text (with the time its players have left, when the game has a time limit), and
        the question it keeps once retired (the time left then would only mislead)."""
        assert progress is not None
        question = text.turn_line(table, progress, seats)
        if clocks is None:
            return question, question
        pace, times = await clocks.times(table.id)
        return clip(question + line_time_left(table, pace, times, seats)), question

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
        # A new line carries a long decision's first level of groups (``line_choices``): its labels are
        # made in the engine thread, as after a move, not on the event loop every game's clicks wait on.
        await off_loop(label_choices, progress)
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
        (content, question), view = (
            await asking(humans),
            turn_line_view(table, progress),
        )
        if via is not None:
            message_id = await lines.post(via, content, view, mentions)
        else:
            with pacing(Priority.TURN):
                message_id = (await channel.send(content, view=view, allowed_mentions=mentions)).id
        lines.asked(message_id, _plain(table, question, humans))
        lines.drawn(message_id, table.version, bool(line_choices(table, progress)))
        # The old line takes the moves it led to under its question: the thread reads as the game's log.
        told = await retired_line(sessions.reading, table)
        await lines.retire(channel, table.game.prompt_message_id, told=told)
        if not await sessions.posts.set_prompt_unless_abandoned(
            table.id, message_id=message_id, seats=humans
        ):
            # Abandoned while the line was being posted (a move racing /game abandon): the line
            # must not stay clickable after the abandon message.
            await lines.retire(channel, message_id)
        return
    message_id = table.game.prompt_message_id
    # Drawn again for the same players (a second employee to send, say), a long decision's groups are
    # left to the panel they are on: labelling ~100 journeys at every step would double the engine
    # thread's work for that turn.
    on_line = bool(line_choices(table, progress, sessions.store.offered, groups=False))
    redraw = lines.redraw_due(message_id, table.version, on_line)
    fields: dict[str, Any] = {}
    if redraw:
        # The same player goes on deciding (a second employee to activate, say): the line's buttons,
        # drawn at the version before, would only be refused; they show the choices of now.
        fields["view"] = turn_line_view(table, progress, sessions.store.offered, groups=False)
    if humans != previous:
        # Someone finished a simultaneous choice: say who is still deciding, without a new ping.
        fields["content"], question = await asking(humans)
    if fields:
        await lines.edit(channel, message_id, **fields)
    if message_id is not None and redraw:
        lines.drawn(message_id, table.version, on_line)
    if message_id is not None and "content" in fields:
        lines.asked(message_id, _plain(table, question, humans))
    if humans != previous:
        await sessions.posts.set_prompt(
            table.id, message_id=table.game.prompt_message_id, seats=humans, since=table.game.waiting_since
        )


def _plain(table: Table, content: str, seats: list[int]) -> str:
    """A turn line with its players' mentions made names: what it keeps once retired."""
    for seat in seats:
        user = table.user_at(seat)
        if user is not None:
            content = content.replace(text.mention(user), table.said_at(seat))
    return content


class _Lines:
    """The turn lines posted as a click's follow-up while that click's token lives, so that their
    edits go through it too (exempt from the global limit); any other line is edited through the
    channel, as a cosmetic edit (paced last, coalesced with a newer edit of the same line)."""

    def __init__(self, client: discord.Client, clock: Clock) -> None:
        self._client = client
        self._clock = clock
        # message id → (the webhook that posted it, until when its token is good); oldest first.
        self._by_webhook: dict[int, LineWebhook] = {}
        # message id → the question a live line asks, names for mentions (one a game: dropped at retire).
        # Only this process knows it: a line retired after a restart keeps its text and loses its button.
        self._asked: dict[int, str] = {}

        # message id → (the version its buttons were drawn at, whether it carries choices); one a game
        self._drawn: dict[int, tuple[int, bool]] = {}

    def asked(self, message_id: int, question: str) -> None:
        self._asked[message_id] = question

    def drawn(self, message_id: int, version: int, choices: bool) -> None:
        self._drawn[message_id] = (version, choices)

    def redraw_due(self, message_id: int | None, version: int, choices: bool) -> bool:
        """Whether the line's buttons are out of date at ``version``: it carried choices drawn at another
        version, or carries them now. A line drawn before a restart is redrawn once (what it carries
        is not known)."""
        if message_id is None:
            return False
        kept = self._drawn.get(message_id)
        if kept is None:
            return True
        return kept[0] != version and (kept[1] or choices)

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

    async def retire(
        self, channel: discord.PartialMessageable, message_id: int | None, *, told: str | None = None
    ) -> None:
        """The old turn line loses its button (the new line is the place to click) and keeps its text,
        or, with ``told`` (the moves it led to), its question with names for mentions and the moves."""
        question = self._asked.pop(message_id or 0, None)
        self._drawn.pop(message_id or 0, None)
        try:
            if told is None or question is None:
                await self.edit(channel, message_id, view=None)
            else:
                await self.edit(channel, message_id, view=None, content=told_line(question, told))
        except discord.NotFound:
            log.info("the old turn line %s is gone", message_id)
        self._by_webhook.pop(message_id or 0, None)
