"""The race test game with a computer player that thinks until the test lets it (``GAME``; loaded by
module name, also in the bot's spawned worker process).

Its player marks each decision it starts with a file ``thinking-<pid>-<n>`` in the directory named by
``BOARDROOM_TEST_GATE`` and answers only once a file ``open`` exists there, then marks it
``decided-<pid>-<n>``. So a test can hold every bot decision in the worker, see which process
is thinking (to kill it mid-decision), and tell which processes decided, without timing anything.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.core import Game, Player
from tests.race_game import RaceGame

GATE_ENV = "BOARDROOM_TEST_GATE"
# A worker left waiting (a test that failed before opening the gate) gives up after this long and
# answers, so it never outlives its test by much.
_BACKSTOP = 60.0
_decisions = itertools.count()


def gate() -> Path:
    return Path(os.environ[GATE_ENV])


def open_gate(where: Path) -> None:
    (where / "open").touch()


def pids(where: Path, mark: str) -> set[int]:
    """The processes that started (``thinking``) or finished (``decided``) a decision."""
    return {int(p.name.split("-")[1]) for p in where.glob(f"{mark}-*")}


class GatedPlayer:
    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        where, n = gate(), next(_decisions)
        (where / f"thinking-{os.getpid()}-{n}").touch()
        deadline = time.monotonic() + _BACKSTOP
        while not (where / "open").exists() and time.monotonic() < deadline:
            time.sleep(0.005)
        (where / f"decided-{os.getpid()}-{n}").touch()
        return actions[0]


class GatedRace(RaceGame):
    name = "gated_race"
    title = "Gated race (test game)"

    def ai(self, seed: int, level: str | None = None) -> Player:
        super().ai(seed, level)  # the same levels as the race
        return GatedPlayer()


GAME = GatedRace()
