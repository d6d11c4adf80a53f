"""Pictures are drawn in a separate render process, owned by the client (started in ``setup_hook``,
shut down in ``close``).

Drawing is mostly Python holding the GIL, so in a thread of the bot's process it slowed every
acknowledgement while a board was drawn (tests/perf bot section, 100 games: acknowledgement p99
210 ms, 395 ms while boards rendered). The event loop only waits for the bytes.

The worker is started by *spawn* (a fork of a process running discord.py's threads and aiosqlite
is not safe), so it rebuilds a game from the module names of the table of games.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot import plugins
from bot.plugins import GamePlugin
from engine.core import GameState, ScoreSheet

log = logging.getLogger(__name__)


class RenderPool:
    def __init__(self, workers: int | None = None) -> None:
        # One process on a 2-core machine: the event loop keeps the other core.
        self.workers = workers or max(1, min(2, (os.cpu_count() or 2) - 1))
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_start,
                    initargs=(os.getpid(),),
                )
            return self._pool

    def _run(self, fn: Any, *args: Any) -> Any:
        try:
            return self._executor().submit(fn, *args).result()
        except BrokenProcessPool:
            # The render process died (killed, out of memory): draw this one here, start afresh next time.
            log.exception("the render process died; drawing in the bot process")
            with self._lock:
                self._pool = None
            return fn(*args)

    async def draw(
        self,
        game: GamePlugin,
        key: str,
        state: GameState,
        seat: int | None,
        names: Sequence[str],
        scores: ScoreSheet | None,
    ) -> bytes:
        """The picture ``key`` of this game at ``state`` as PNG bytes (``seat`` for a close-up)."""
        snapshot = game.rules.dump_state(state)
        args = (game.rules_module, game.pictures_module, key, snapshot, seat, list(names), scores)
        png: bytes = await asyncio.to_thread(self._run, _draw, *args)
        return png

    async def warm_up(self, games: Sequence[GamePlugin]) -> None:
        """Start the render process and build each game's cached layers before the first picture."""
        for game in games:
            if game.pictures is None:
                continue
            try:
                await asyncio.to_thread(self._run, _warm_up, game.rules_module, game.pictures_module)
            except Exception:
                log.exception("warming up %s's pictures failed; its first picture will be slower", game.name)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


# ----------------------------------------------------------------------------- in the render process


def _worker_start(parent: int) -> None:
    # Ctrl-C in a terminal reaches the whole process group; the bot shuts the pool down itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Images may wait; acknowledgements and game moves may not: on a small machine the event loop
    # gets the CPU first.
    with contextlib.suppress(OSError):
        os.nice(10)

    def orphaned() -> None:
        # A bot killed with SIGKILL cannot stop its pool; do not outlive it.
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=orphaned, name="render-parent-watch", daemon=True).start()


def _game_here(rules_module: str, pictures_module: str | None) -> GamePlugin:
    found = plugins.loaded_from(rules_module, pictures_module)
    return found if found is not None else plugins.load(rules_module, pictures_module)


def _draw(
    rules_module: str,
    pictures_module: str | None,
    key: str,
    snapshot: str,
    seat: int | None,
    names: list[str],
    scores: ScoreSheet | None,
) -> bytes:
    game = _game_here(rules_module, pictures_module)
    if game.pictures is None:
        raise KeyError(f"{game.name} has no pictures")
    spec = next((s for s in game.pictures.specs if s.key == key), None)
    if spec is None:
        raise KeyError(f"{game.name} has no picture {key!r}")
    state = game.rules.load_state(snapshot)
    view = game.rules.view(state, seat if spec.per_seat else None)
    return game.pictures.draw(key, view, seat, names, scores)


def _warm_up(rules_module: str, pictures_module: str | None) -> None:
    game = _game_here(rules_module, pictures_module)
    if game.pictures is not None:
        game.pictures.warm_up()
