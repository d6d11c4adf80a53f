"""Channels that refused the bot's posts (403: the bot lost Send Messages, or its view of the channel),
tried again after a back-off instead of at every catch-up.

Every refused request counts towards Discord's invalid request limit (10,000 in 10 minutes, then the
bot's IP is banned from the whole API, every server at once), and a permission does not come back by
asking again: a refused channel waits ``FIRST_WAIT``, then twice as long after each refusal, up to
``LONGEST_WAIT``, and a post it takes clears it. Kept in memory, per process: a restart tries each
refused channel once more, which is cheap, and the catch-up of that process is the only one that
posts in those channels (its shards)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

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
