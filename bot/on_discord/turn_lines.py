"""The turn line: posted when someone new must decide (with their mention and the decision's buttons or
menu), edited while the same players go on deciding, and retired, with the moves it led to under its
question, when the next line is posted. A line posted as a click's follow-up is edited through that
click's token while it lives (exempt from the global limit); any other, through the channel, paced."""

from __future__ import annotations

import json
import logging
import re
import uuid
from typing import Any

import discord

from bot.clocks.clock_reading import ClockReading
from bot.on_discord.pacer import Priority, pacing, through_429s
from bot.on_discord.threads import unarchiving
from bot.on_discord.views import ids, text
from bot.on_discord.views.clock_text import line_time_left
from bot.on_discord.views.common import NO_MENTIONS, LineWebhook
from bot.on_discord.views.turn_line import turn_line_view
from bot.service import once
from bot.service.clock import Clock
from bot.service.limits import clip
from bot.service.line_choices import line_choices
from bot.service.moves import label_choices, off_loop
from bot.service.sessions import Sessions
from bot.service.tables import GameStatus, Table
from bot.service.turn_story import retired_line, told_line

log = logging.getLogger(__name__)

# What Discord answers through a token past its life (discord.py #9856; opcodes-and-status-codes).
INVALID_WEBHOOK_TOKEN = 50027
# How many of the channel's newest messages are read for a line posted but not recorded (one history
# call): it was posted just before the process died, so it is among the newest unless the channel
# took a hundred messages while the bot was down.
RECENT_MESSAGES = 100
_TURN_ID = re.compile(ids.TURN_TEMPLATE)


async def update_turn_line(
    sessions: Sessions,
    lines: TurnLines,
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
        # Kept first: a line Discord makes whose id never reaches the database (the process dies, the
        # answer is lost) is found by ``settle_unrecorded_line`` at the game's next change or catch-up.
        await sessions.posts.set_prompt_posting(table.id, humans)
        if via is not None:
            message_id = await lines.post(via, content, view, mentions)
        else:
            # Sent again by discord.py after a lost answer, the line is made once. The nonce is this
            # post's own (a line posted again, after a moderator deleted the last, is a new message);
            # after a crash, the settling above finds the line, not the nonce.
            nonce = once.nonce("line", table.id, uuid.uuid4().hex)
            with pacing(Priority.TURN):
                message_id = (
                    await channel.send(content, view=view, allowed_mentions=mentions, nonce=nonce)
                ).id
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


async def settle_unrecorded_line(
    sessions: Sessions, lines: TurnLines, channel: discord.PartialMessageable, table: Table
) -> bool:
    """A new turn line whose post began and was never recorded (``prompt_posting``): the process
    died between Discord making it and the bot recording it, or Discord's answer never came. Found
    among the channel's newest messages, after the recorded line, the newest line of this game still
    carrying its buttons becomes the game's line, for the seats it was posted for; any other, and
    the line recorded before, lose their buttons, so that one line in the channel can be clicked.
    None found: the post never happened, and the recorded line stays. True when the recorded line
    changed (the caller reads the game again)."""
    posting = table.game.prompt_posting
    if posting is None:
        return False
    recorded = table.game.prompt_message_id
    since = recorded or table.game.lobby_message_id or 0
    me = lines.user_id
    try:
        found = [
            message.id
            async for message in channel.history(limit=RECENT_MESSAGES)
            if message.id > since and message.author.id == me and _is_line_of(message, table.id)
        ]
    except discord.HTTPException as exc:
        # Unreadable (the permission taken away, say): the recorded line goes on as before.
        log.warning("game %s: could not look for an unrecorded turn line (%s)", table.id, exc)
        found = []
    if not found:
        await sessions.posts.set_prompt(
            table.id,
            message_id=recorded,
            seats=json.loads(table.game.prompt_seats) if table.game.prompt_seats else None,
            since=table.game.waiting_since,
        )
        return False
    kept = max(found)
    log.info("game %s: turn line %s was posted but not recorded; it is the game's line now", table.id, kept)
    for message_id in [recorded, *found]:
        if message_id != kept:
            await lines.retire(channel, message_id)
    await sessions.posts.set_prompt(
        table.id, message_id=kept, seats=json.loads(posting), since=sessions.store.now()
    )
    return True


def _is_line_of(message: discord.Message, game_id: int) -> bool:
    """Whether the message carries the **Take my turn** button of this game (a live turn line)."""
    for row in message.components:
        for item in getattr(row, "children", ()):
            match = _TURN_ID.fullmatch(getattr(item, "custom_id", None) or "")
            if match is not None and int(match["game"]) == game_id:
                return True
    return False


def _plain(table: Table, content: str, seats: list[int]) -> str:
    """A turn line with its players' mentions made names: what it keeps once retired."""
    for seat in seats:
        user = table.user_at(seat)
        if user is not None:
            content = content.replace(text.mention(user), table.said_at(seat))
    return content


class TurnLines:
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

    @property
    def user_id(self) -> int | None:
        """The bot's own user, the author of every line (None before login)."""
        return self._client.user.id if self._client.user is not None else None

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
