"""What a bot process makes before its first click (the modules, pydantic's schemas, the catalogues,
discord.py's caches of guilds and commands) is never garbage, yet every full collection of Python's
cyclic garbage collector scans it again, and a full collection stops every thread: the event loop
that acknowledges every game's clicks, the engine's thread and the database's. Once the client is
ready, ``freeze_when_ready`` moves it out of the collector's reach (``gc.freeze``): a full collection
then scans only what the games made since. The imports alone are ~88,000 objects, ~0.1 s a full
collection at a load of 8 on 2 cores (``BENCHMARKS.md``). Frozen objects are still freed when their
last reference goes; only a reference cycle among them would stay, and these live as long as the
process."""

from __future__ import annotations

import gc
import logging

import discord

log = logging.getLogger(__name__)


async def freeze_when_ready(client: discord.Client) -> None:
    """Once ``client`` is ready (the first time): collect what the start made and freeze the rest."""
    await client.wait_until_ready()
    gc.collect()
    gc.freeze()
    log.info("%d objects made at start-up frozen out of the garbage collector's scans", gc.get_freeze_count())
