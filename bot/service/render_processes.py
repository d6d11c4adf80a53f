"""The processes a ``RenderPool`` draws in, and the games warmed up in them.

A bot owns its processes: started with the first picture or warm-up, killed when it closes. Another
owner may lend them instead (``RenderPool(processes=...)``): closing that pool leaves them running for
the next borrower, already started and warm, which is what the end-to-end tests do with the dozens of
bots they start (starting a process and warming every game up cost each bot about 4 s of CPU).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.synchronize import Barrier

# Seconds a process waits at a warm-up for the others (``meet``): as long as starting one may take.
MEETING_PATIENCE = 120.0

# In a render process: the barrier every process of its pool meets at after a warm-up.
_meeting: Barrier | None = None


class RenderProcesses:
    def __init__(self, workers: int | None = None) -> None:
        # One per core: the processes run as batch work, so the event loop still gets the CPU first.
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None
        self._meeting: Barrier | None = None
        # The games (their rules and pictures modules) warmed up in the current processes.
        self.warmed: set[tuple[str, str | None]] = set()

    @property
    def current(self) -> ProcessPoolExecutor | None:
        """The processes running now, if any."""
        return self._pool

    def executor(self) -> ProcessPoolExecutor:
        """The current processes, started if need be (a fresh start has nothing warmed up)."""
        if self._pool is None:
            self._meeting = multiprocessing.get_context("spawn").Barrier(self.workers)
            self._pool = spawned_pool(self.workers, self._meeting)
            self.warmed = set()
        return self._pool

    def met(self) -> None:
        """After a warm-up of every process: a meeting given up (a process busy or slow past
        ``MEETING_PATIENCE``) is made ready for the next warm-up."""
        if self._meeting is not None and self._meeting.broken:
            self._meeting.reset()

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


def spawned_pool(workers: int, meeting: Barrier | None = None) -> ProcessPoolExecutor:
    """Worker processes started by spawn, as batch work, ignoring Ctrl-C and ending with the bot (the render
    pool's and the computer players' pool); ``meeting``: the barrier of ``meet``."""
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
        initargs=(os.getpid(), meeting),
    )


def meet() -> None:
    """In a render process, after a warm-up: wait until every process of the pool has done the same.
    Each of the pool's processes then takes exactly one of the warm-ups handed out together, so every
    one is warm, not only the first to be free (a picture in a cold process built every cached layer
    first: over the render budget on a busy host)."""
    if _meeting is None:
        return
    with contextlib.suppress(threading.BrokenBarrierError):
        _meeting.wait(MEETING_PATIENCE)


def _worker_start(parent: int, meeting: Barrier | None = None) -> None:
    global _meeting
    _meeting = meeting
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
