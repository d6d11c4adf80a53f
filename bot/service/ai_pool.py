"""The bot's decisions are computed in a worker process of their own (not the render process: a
board waits for no computer player, and the other way round). Searching holds the GIL for up to a
few seconds per decision; in the bot's process it would delay every acknowledgement.

Started by *spawn*, like the render process, so it rebuilds a game from its module names."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.plugins import GamePlugin
from bot.service.progress import choose
from bot.service.render_pool import _game_here
from bot.service.render_processes import DECISIONS_NICE, spawned_pool

log = logging.getLogger(__name__)

# Workers one decision may go through when each dies under it: the out-of-memory killer may strike
# more than once, but a decision that kills every worker must not respawn them forever.
ATTEMPTS = 3


class AiPool:
    def __init__(self, workers: int | None = None) -> None:
        # One process on a small machine: the event loop and the render process keep the rest.
        self.workers = workers or max(1, (os.cpu_count() or 2) // 2)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        # Decisions asked and not answered yet (tests and status read it).
        self.waiting = 0

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = spawned_pool(self.workers, nice=DECISIONS_NICE)
            return self._pool

    async def warm_up(self, games: Sequence[GamePlugin]) -> None:
        """Start the worker processes and load every game's rules in them before the first decision: a
        player asking for a hint, or waiting for the bot's seat, would wait for a process to start and
        import the game first (seconds on a busy host)."""
        pool = self._executor()
        loads = [
            asyncio.wrap_future(pool.submit(_load, game.rules_module, game.pictures_module))
            for game in games
            for _ in range(self.workers)
        ]
        try:
            await asyncio.gather(*loads)
        except BrokenProcessPool:
            log.warning("the bot's worker process died while starting; the first decision starts another")

    async def choose(self, game: GamePlugin, snapshot: str, seat: int, seed: int, level: str | None) -> str:
        """The notation the game's computer player at ``level`` chooses for ``seat``."""
        args = (game.rules_module, game.pictures_module, snapshot, seat, seed, level)
        self.waiting += 1
        try:
            for attempt in range(1, ATTEMPTS + 1):
                pool = self._executor()
                try:
                    return await asyncio.wrap_future(pool.submit(_choose, *args))
                except BrokenProcessPool:
                    # The worker died (killed, out of memory) with this decision running or queued
                    # behind the one that killed it: asked again of a new worker, as a decision
                    # depends on its arguments only. A decision that kills every worker is given up.
                    if attempt == ATTEMPTS:
                        raise
                    log.warning("the bot's worker process died; asking a new one (attempt %d)", attempt + 1)
                    self._replace(pool)
            raise AssertionError("unreachable")
        finally:
            self.waiting -= 1

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Forget the broken pool, unless another decision it failed already did: every decision it
        held is told at once, and one new worker serves them all (not one pool each)."""
        with self._lock:
            if self._pool is broken:
                self._pool = None
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _load(rules_module: str, pictures_module: str | None) -> None:
    _game_here(rules_module, pictures_module)


def _choose(
    rules_module: str, pictures_module: str | None, snapshot: str, seat: int, seed: int, level: str | None
) -> str:
    return choose(_game_here(rules_module, pictures_module).rules, snapshot, seat, seed, level)
