"""One set of render processes lent to every bot and web server a test run starts.

Each bot used to start its own processes and warm every game up in them: about 4 s of CPU per bot,
and the end-to-end tests start hundreds of bots. The product still owns its processes when run for
real (``RenderPool`` without ``processes``); here the owner is the test session.

A test that sets what the race game's pictures read in the render process (``RACE_SLOW_MARK``…)
gets fresh processes started with it, as its own bot would have had (warming up only the games its
bot asks for); other variables (a test's own settings) do not restart them. Such processes are
stopped when their borrower gives them back, so a picture that test left hanging on purpose (one
that never ends) neither holds up another test nor spins beside it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from bot.service.render_processes import Modules, RenderProcesses
from tests.race_pictures import READ_IN_RENDER_PROCESS


def _environment() -> dict[str, str]:
    return {name: os.environ[name] for name in READ_IN_RENDER_PROCESS if name in os.environ}


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
            # Fresh processes warm up what their borrowers ask for, not every game met so far.
            self.at_start = []
        before = self.current
        pool = super().executor(warm)
        if pool is not before:
            self.starts += 1
        return pool

    def returned(self) -> None:
        """A borrower (a bot, a web server) is done: processes started for a test's own environment
        are stopped now, not when the next borrower comes."""
        if self._environment:
            self.close()
            self._environment = None
