"""The processes a ``RenderPool`` draws in, and the games warmed up in them.

A bot owns its processes: started with the first picture or warm-up, killed when it closes. Another
owner may lend them instead (``RenderPool(processes=...)``): closing that pool leaves them running for
the next borrower, already started and warm, which is what the end-to-end tests do with the dozens of
bots they start (starting a process and warming every game up cost each bot about 4 s of CPU).
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

# A game as a render process loads it: its rules and pictures modules.
Modules = tuple[str, str | None]


class RenderProcesses:
    def __init__(self, workers: int | None = None) -> None:
        # One per core: the processes run niced, as batch work, so the event loop gets the CPU first.
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None
        # The games warmed up in the current processes.
        self.warmed: set[Modules] = set()
        # The games every process warms up as it starts, before it takes a picture, and those the
        # current processes started with.
        self.at_start: list[Modules] = []
        self.started_with: frozenset[Modules] = frozenset()

    @property
    def current(self) -> ProcessPoolExecutor | None:
        """The processes running now, if any."""
        return self._pool

    def executor(self, warm: Callable[[list[Modules]], None] | None = None) -> ProcessPoolExecutor:
        """The current processes, started if need be (a fresh start has nothing warmed up); a new
        process runs ``warm(at_start)`` as it starts: every process is warm before its first picture,
        not only the first one free (a picture in a cold process built every cached layer inside
        its budget, and a busy host gave it up)."""
        if self._pool is None:
            then = functools.partial(warm, list(self.at_start)) if warm is not None else None
            self._pool = spawned_pool(self.workers, then)
            self.started_with = frozenset(self.at_start) if warm is not None else frozenset()
            self.warmed = set()
        return self._pool

    def replace(self, pool: ProcessPoolExecutor) -> None:
        """Kill ``pool`` (a picture over its budget, or a process that died); the next ``executor``
        starts fresh ones. A pool replaced already is only killed again."""
        if self._pool is pool:
            self._pool = None
        stop(pool)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            stop(pool)


def stop(pool: ProcessPoolExecutor) -> None:
    # The executor cannot cancel a running call; killing its processes fails the calls in flight
    # (BrokenProcessPool) and lets the executor's own thread end instead of waiting for them. A pool
    # stopped already (the bot closing while a warm-up fails) has no processes left to kill.
    for process in list((pool._processes or {}).values()):
        with contextlib.suppress(OSError, ValueError):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)


# How far below the bot's event loop its helper processes run (``os.nice``). Acknowledgements may not
# wait: Discord shows "This interaction failed" after 3 s. Pictures may: they are edited onto posts
# already made. The computer players' decisions sit between: a player waits for a hint or for the bot's
# seat, but not with a deadline. Beside two busy programs (load 5 on 2 cores) a hint's 2 s of search
# took 22 s at nice 10, 7.5 s at 5 and 2.5 s at 0; with the pictures at 0, two shard processes starting
# up acknowledged a burst of clicks 2.7 s late.
PICTURES_NICE = 10
DECISIONS_NICE = 5


def spawned_pool(
    workers: int, then: Callable[[], None] | None = None, *, nice: int = PICTURES_NICE
) -> ProcessPoolExecutor:
    """Worker processes started by spawn, as batch work ``nice`` below the bot, ignoring Ctrl-C and
    ending with the bot (the render pool's and the computer players' pool); each runs ``then()``
    (picklable) as it starts."""
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
        initargs=(os.getpid(), then, nice),
    )


def _worker_start(parent: int, then: Callable[[], None] | None, nice: int) -> None:
    # Ctrl-C in a terminal reaches the whole process group; the bot shuts the pool down itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # As batch work, it never preempts a task that wakes (the event loop).
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    with contextlib.suppress(OSError):
        os.nice(nice)

    def orphaned() -> None:
        # A bot killed with SIGKILL cannot stop its pool; do not outlive it.
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=orphaned, name="render-parent-watch", daemon=True).start()
    if then is not None:
        then()
