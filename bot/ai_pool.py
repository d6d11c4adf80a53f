"""The bot's decisions are computed in a worker process of their own (not the render process: a
board waits for no computer player, and the other way round). Searching holds the GIL for up to a
few seconds per decision; in the bot's process it would delay every acknowledgement.

Started by *spawn*, like the render process, so it rebuilds a game from its module names."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.plugins import GamePlugin
from bot.progress import choose
from bot.render_pool import _game_here, spawned_pool

log = logging.getLogger(__name__)


class AiPool:
    def __init__(self, workers: int | None = None) -> None:
        # One process on a small machine: the event loop and the render process keep the rest.
        self.workers = workers or max(1, (os.cpu_count() or 2) // 2)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = spawned_pool(self.workers)
            return self._pool

    async def choose(self, game: GamePlugin, snapshot: str, seat: int, seed: int, level: str | None) -> str:
        """The notation the game's computer player at ``level`` chooses for ``seat``."""
        args = (game.rules_module, game.pictures_module, snapshot, seat, seed, level)
        try:
            return await asyncio.wrap_future(self._executor().submit(_choose, *args))
        except BrokenProcessPool:
            # The worker died (killed, out of memory): start afresh; this decision is asked again.
            log.exception("the bot's worker process died; starting a new one")
            with self._lock:
                self._pool = None
            return await asyncio.wrap_future(self._executor().submit(_choose, *args))

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _choose(
    rules_module: str, pictures_module: str | None, snapshot: str, seat: int, seed: int, level: str | None
) -> str:
    return choose(_game_here(rules_module, pictures_module).rules, snapshot, seat, seed, level)
