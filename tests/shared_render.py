"""One set of render processes lent to every bot and web server a test run starts.

Each bot used to start its own processes and warm every game up in them: about 4 s of CPU per bot,
and the end-to-end tests start hundreds of bots. The product still owns its processes when run for
real (``RenderPool`` without ``processes``); here the owner is the test session.

A test that changes the environment (``RACE_SLOW_MARK``, read by the race game's pictures in the
render process) gets fresh processes started with it, as its own bot would have had; the next test
with the usual environment gets fresh ones again, so a picture such a test left hanging on purpose
never holds up another test.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from bot.service.render_processes import Modules, RenderProcesses


def _environment() -> dict[str, str]:
    # pytest names the running test in PYTEST_CURRENT_TEST: that changes with every test and no
    # render process reads it.
    return {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")}


class SharedRenderProcesses(RenderProcesses):
    def __init__(self, workers: int | None = None) -> None:
        super().__init__(workers)
        self._environment: dict[str, str] | None = None
        # How many times processes were started (a test checks they are shared).
        self.starts = 0

    def executor(self, warm: Callable[[list[Modules]], None] | None = None) -> ProcessPoolExecutor:
        environment = _environment()
        if environment != self._environment:
            self.close()
            self._environment = environment
        before = self.current
        pool = super().executor(warm)
        if pool is not before:
            self.starts += 1
        return pool
