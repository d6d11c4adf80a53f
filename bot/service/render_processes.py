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
        # One per core: the processes run as batch work, so the event loop still gets the CPU first.
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


def spawned_pool(workers: int, then: Callable[[], None] | None = None) -> ProcessPoolExecutor:
    """Worker processes started by spawn, as batch work, ignoring Ctrl-C and ending with the bot (the
    render pool's and the computer players' pool); each runs ``then()`` (picklable) as it starts."""
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
        initargs=(os.getpid(), then),
    )


def _worker_start(parent: int, then: Callable[[], None] | None = None) -> None:
    # Ctrl-C in a terminal reaches the whole process group; the bot shuts the pool down itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Images may wait; acknowledgements and game moves may not: on a small machine the event loop
    # gets the CPU first. As batch work, which never preempts a task that wakes (the event loop), not
    # niced: at nice 10 beside other programs on a shared host a process had a tenth of a core, and a
    # hint (2 s of search) took 22 s, a picture seconds.
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))

    def orphaned() -> None:
        # A bot killed with SIGKILL cannot stop its pool; do not outlive it.
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=orphaned, name="render-parent-watch", daemon=True).start()
    if then is not None:
        then()
