"""What a bot process makes before its first click (the modules, pydantic's schemas, the catalogues,
discord.py's caches of guilds and commands) is never garbage, yet every full collection of Python's
cyclic garbage collector scans it again, and a full collection stops every thread: the event loop
that acknowledges every game's clicks, the engine's thread and the database's. Once the client is
ready, ``freeze_when_ready`` moves it out of the collector's reach (``gc.freeze``): a full collection
then scans only what the games made since. The imports alone are ~88,000 objects, ~0.1 s a full
collection at a load of 8 on 2 cores (``BENCHMARKS.md``). Frozen objects are still freed when their
last reference goes; only a reference cycle among them would stay, and these live as long as the
process.

Full collections are also made rarer (``COLLECT_AFTER``): at 1,000 games at a human pace, with the
start-up frozen, a sampling profile of the bot process found 18 % of the event loop's time inside the
collector (collections triggered by whatever allocated next: an aiohttp request, a
task). Most of a game's garbage is freed by reference counting the moment it goes; what only the
collector frees (reference cycles) waits longer, which the benchmark's memory rows show."""

from __future__ import annotations

import gc
import logging

import discord

log = logging.getLogger(__name__)

# (allocations before a young collection, young collections before a middle one, middle collections before
# a full one): Python's default (700, 10, 10) runs a full collection every 70,000 net allocations of
# container objects at most; this makes it every 10,000,000 (and a full collection still waits until a
# quarter of the long-lived objects are new since the last).
COLLECT_AFTER = (10_000, 10, 100)


async def freeze_when_ready(client: discord.Client) -> None:
    """Once ``client`` is ready (the first time): collect what the start made and freeze the rest."""
    await client.wait_until_ready()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECT_AFTER)
    log.info("%d objects made at start-up frozen out of the garbage collector's scans", gc.get_freeze_count())
    young, middle, full = gc.get_threshold()
    log.info("full collections at most every %d allocations", young * middle * full)
