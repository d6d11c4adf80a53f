"""Where Discord refuses the bot, and what the bot does about it instead of asking again: channels that
refused its posts (403: it lost Send Messages, or its view of the channel) are tried again after a
back-off instead of at every catch-up; a game thread a moderator locked is left alone until Discord
says it is unlocked; a guild that removed the bot is left alone (its games stay as they are, and go
on if the bot comes back).

Every refused request counts towards Discord's invalid request limit (10,000 in 10 minutes, then the
bot's IP is banned from the whole API, every server at once), and a permission does not come back by
asking again: a refused channel waits ``FIRST_WAIT``, then twice as long after each refusal, up to
``LONGEST_WAIT``, and a post it takes clears it. Kept in memory, per process: a restart tries each
refused channel once more, which is cheap, and the catch-up of that process is the only one that
posts in those channels (its shards)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.service.sessions import Sessions
from bot.storage import GameRow

log = logging.getLogger(__name__)

# 2 minutes (one catch-up), doubling to 6 hours: a kicked bot's server then costs a few requests a day.
FIRST_WAIT = 120.0
LONGEST_WAIT = 6 * 3600.0


@dataclass
class _Refusal:
    guild_id: int | None
    wait: float
    until: float


class RefusedChannels:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._refused: dict[int, _Refusal] = {}

    def refuse(self, channel_id: int, guild_id: int | None) -> float:
        """Discord refused a post in the channel: not again before the returned number of seconds."""
        before = self._refused.get(channel_id)
        wait = FIRST_WAIT if before is None else min(before.wait * 2, LONGEST_WAIT)
        self._refused[channel_id] = _Refusal(guild_id, wait, self._clock() + wait)
        return wait

    def waiting(self, channel_id: int) -> bool:
        """Whether the channel's back-off still runs (the catch-up leaves its games alone)."""
        refusal = self._refused.get(channel_id)
        return refusal is not None and refusal.until > self._clock()

    def took(self, channel_id: int) -> None:
        """The channel took a post again (its permissions were restored)."""
        self._refused.pop(channel_id, None)

    def forget_guild(self, guild_id: int) -> None:
        """The bot left the guild: its games are skipped as a whole, not channel by channel."""
        for channel_id in [c for c, r in self._refused.items() if r.guild_id == guild_id]:
            del self._refused[channel_id]

    def __len__(self) -> int:
        return len(self._refused)


class Refusals:
    """What Discord refuses this process's bot, as far as it knows."""

    def __init__(
        self, client: discord.Client, sessions: Sessions, owns_guild: Callable[[int], bool] = lambda _: True
    ) -> None:
        self.client = client
        self.sessions = sessions
        self.owns_guild = owns_guild
        self.channels = RefusedChannels()
        # the game threads a moderator locked: nothing is sent there until they unlock them
        self.locked: set[int] = set()

    def shut(self, game: GameRow) -> bool:
        """Whether nothing said in the game's channel would be taken now."""
        return not self.in_guild(game.guild_id) or game.channel_id in self.locked

    async def refused(self, game_id: int, exc: discord.Forbidden) -> None:
        """Discord refused a post or an edit of the game (403): a locked game thread is given up until
        unlocked; any other refused channel waits out a back-off (an interaction token's refusal says
        nothing of the channel)."""
        if not await self._give_up_if_locked(game_id) and _in_a_channel(exc):
            await self._refused_in(game_id, exc)

    async def _refused_in(self, game_id: int, exc: discord.Forbidden) -> None:
        game = (await self.sessions.reading.status(game_id)).table.game
        wait = self.channels.refuse(game.channel_id, game.guild_id)
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
        self.channels.forget_guild(guild_id)

    async def _give_up_if_locked(self, game_id: int) -> bool:
        """Refused in the game's own thread: if a moderator locked it, nothing more is sent there
        (nor retried every ``CATCH_UP_EVERY``) until it is unlocked (``thread_changed``); what the
        game owes meanwhile stays owed. Said once in the log."""
        game = (await self.sessions.reading.status(game_id)).table.game
        if game.parent_channel_id is None:
            return False
        if game.channel_id in self.locked:
            return True
        try:
            thread = await self.client.fetch_channel(game.channel_id)
        except discord.HTTPException:
            return False
        if isinstance(thread, discord.Thread) and thread.locked:
            self.locked.add(thread.id)
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
        if not locked and thread_id in self.locked:
            self.locked.discard(thread_id)
            log.info("thread %s was unlocked: its game is posted to again", thread_id)


def _in_a_channel(exc: discord.HTTPException) -> bool:
    """Whether Discord refused a channel's route (the bot's access to the channel), not an
    interaction token's (a follow-up, which needs no channel permission)."""
    url = getattr(getattr(exc, "response", None), "url", None)
    return url is not None and "/channels/" in str(url)
