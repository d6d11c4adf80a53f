"""The scheduler: runs the ``schedules`` table's clock jobs (reminders, out of time) when they come
due, and sweeps the games' clocks now and then (a sync the announcer missed, a game abandoned with
jobs pending). It runs in its own task and each job is a short transaction of its own, so it never
blocks an interaction; jobs live in the database, so they survive restarts, and each is claimed in a
transaction before it is delivered, so it runs once even with two processes on one database.

Post retries (``bot.on_discord.post_retry``) keep their own loop over the same table."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.clocks.time_banks import Due
from bot.clocks.turn_clock import TurnClocks
from bot.service import once

log = logging.getLogger(__name__)

# How often due jobs are looked for, and how often every game's clocks are swept.
CHECK_EVERY = 30.0
SWEEP_EVERY = 300.0

# The sweep pauses this long after each game: it is background work, and at start-up it looks at every
# open game (1,000 games, ~1 ms each) while players click again; unpaced, it held the database for a
# second and doubled the time a thousand games took to load for their panels (BENCHMARKS.md, storage).
SWEEP_PAUSE = 0.005

# A due job and its message's nonce.
Deliver = Callable[[Due, str], Awaitable[None]]


class Scheduler:
    def __init__(self, clocks: TurnClocks, deliver: Deliver) -> None:
        self.clocks = clocks
        self.deliver = deliver

    async def run_due(self) -> int:
        """Claim and deliver every due job; returns how many were delivered. One delivery failing
        (Discord down) loses that reminder, never the others."""
        delivered = 0
        for job_id, due in await self.clocks.banks.claim_due():
            try:
                async with once.held(self.clocks.banks.db, [job_id], self.clocks.banks.sessions.store.clock):
                    await self.deliver(due, once.nonce("clock job", job_id))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("game %s: a clock message could not be delivered", due.table.id)
                await self.clocks.banks.finish(job_id)
                continue
            # Said: a process dying before this line leaves the job to another, whose message Discord
            # answers with this one (same nonce).
            await self.clocks.banks.finish(job_id)
            delivered += 1
        return delivered

    async def sweep(self, pause: float = SWEEP_PAUSE) -> int:
        """Sync the clocks of every game that may need it, ``pause`` seconds apart (clicks come first);
        returns how many were looked at."""
        games = await self.clocks.banks.games_to_sweep()
        for game_id in games:
            await self.clocks.banks.sync_quietly(game_id)
            await asyncio.sleep(pause)
        return len(games)

    async def keep_running(self, every: float = CHECK_EVERY, sweep_every: float = SWEEP_EVERY) -> None:
        """The bot's background task: a sweep at start-up and every ``sweep_every`` seconds, due jobs
        every ``every`` seconds."""
        loop = asyncio.get_running_loop()
        next_sweep = loop.time()
        while True:
            try:
                if loop.time() >= next_sweep:
                    await self.sweep()
                    next_sweep = loop.time() + sweep_every
                await self.run_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("running the clock jobs failed")
            await asyncio.sleep(every)
