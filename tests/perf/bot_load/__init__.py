"""Bot section: the real bot under load, through the loopback fake Discord and the real discord.py.

Processes: the bot runs as ``python -m bot`` in a CHILD process on a fresh SQLite file (exactly what
``make run`` starts, pointed at the fake by ``DISCORD_LOOPBACK``); the fake Discord and the simulated
players run in this process. So the players' and the fake's CPU is not on the bot's event loop, but
both processes share the machine's cores (the bot's CPU share is reported).

Per level (10, 100, 500 concurrent 2-player Carnegie games, one channel each), every game is opened
through Discord (``/game new``, **Join**, **Start**), then, for a fixed window, each game's players act
as fast as the bot answers: open the panel from the public turn line (**Take my turn**), click a legal
button or menu option ("Done" three times in four when a phase allows it) until the panel says the
part is done, then the next player. Measured in the window:

- acknowledgement latency: the fake's clock from creating the interaction (just before it is
  dispatched on the gateway) to receiving the bot's callback; every interaction of the window;
- the same for the interactions created while some board image was being rendered and posted
  (a round closed in any game and its summary was not posted yet): rendering must not block the loop;
- end-of-round latency: from the click that closed a round to the fake receiving the round summary
  (overview PNG drawn, uploaded, message created);
- interactions per second; the bot's REST requests per second from the fake's request log, split
  into interaction webhooks (callbacks, follow-ups and edits with the interaction token, exempt from
  the global limit) and the rest (channel messages and edits), compared with the bot's own budget
  (45/s, under Discord's 50/s global limit) in every whole second of the window;
- requests per hand-over: the global-limited requests of the window divided by its
  hand-overs (new turn lines, however posted: a change of the player to act);
- the bot process's resident memory (and peak), the memory per open game (the bot process's
  resident memory after the games were opened, less before, over the number of games) and CPU share.

Two kinds of levels: players at machine speed (10, 100, 500 games: the bot saturated, so the
end-of-round figure there is mostly queue wait, reported without a target), and players at a human
pace, one click per ``HUMAN_THINK`` seconds per game, stepped up (``HUMAN_LEVELS``, or the
``BENCH_HUMAN_GAMES`` environment variable, e.g. ``100,500,1000``), each measured: the largest level
that meets every target, with every smaller one, is the number of games one process hosts.
``BENCH_MACHINE_GAMES`` (e.g. ``100``) picks the machine-speed levels and ``BENCH_SHARDED=0`` leaves out
the two-shard level, for a shorter run on a shared machine.

Every latency is also shown against the bare round trip measured beside it (the fake asking the bot's
gateway for a heartbeat, ``Gateway.ping``): what any answer of the bot's event loop cost at that moment.

The parts: ``fake`` (the fake Discord with targeted wake-ups), ``players`` (the simulated players),
``level`` (one level: set-up, warm-up, the window), ``procs`` (the bot's processes read from
``/proc``) and ``figures`` (the window turned into report rows).
"""

from __future__ import annotations

import asyncio
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

from engine.core import Game
from tests.perf.bot_load.figures import SECTION
from tests.perf.bot_load.level import level
from tests.perf.report import Row

HUMAN_THINK = 30.0  # seconds between one game's clicks at a human pace
HUMAN_LEVELS = (100, 500, 1000)
HUMAN_WINDOW = 60.0


SHARDED_GAMES = 100


def sharded(tmp: Path) -> list[Row]:
    """The machine-speed level of 100 games on two shard processes sharing PostgreSQL (the
    acknowledgements are the figure; the two processes and the players share the same 2 cores).
    Alone: ``python -m tests.perf.bot_load --sharded`` (prints only)."""
    return asyncio.run(level(SHARDED_GAMES, 40.0, tmp, 0.0, shards=2))


def _counts(variable: str, default: tuple[int, ...]) -> tuple[int, ...]:
    """The game counts given in ``variable`` (unset: ``default``); ``0`` alone leaves those levels out."""
    given = os.environ.get(variable, "")
    if not given.strip():
        return default
    return tuple(n for n in (int(part) for part in given.split(",") if part.strip()) if n > 0)


def human_levels() -> tuple[int, ...]:
    """The human-pace levels to step through (``BENCH_HUMAN_GAMES``: comma-separated game counts)."""
    return _counts("BENCH_HUMAN_GAMES", HUMAN_LEVELS)


MACHINE_LEVELS = {10: 30.0, 100: 40.0, 500: 60.0}  # games: window s, players at machine speed


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    if not any(g.name == "carnegie" for g in games):
        return []
    logging.getLogger("discord").setLevel(logging.WARNING)
    # (games, window s, think s): machine-speed players at three sizes (the bot saturated: its
    # latencies are queueing), then the human-pace steps.
    machine = _counts("BENCH_MACHINE_GAMES", tuple(MACHINE_LEVELS))
    levels = [(10, 10.0, 0.0)] if quick else [(n, MACHINE_LEVELS.get(n, 40.0), 0.0) for n in machine]
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="boardroom-load-") as tmp:
        for n_games, window, think in levels:
            rows += asyncio.run(level(n_games, window, Path(tmp), think))
        if quick:
            return rows
        if os.environ.get("BENCH_SHARDED", "1") != "0":
            rows += sharded(Path(tmp))
        hosted, missed = 0, False
        for n_games in human_levels():
            # Every level is measured (the figures at 100 and 1,000 games are asked for either way); the
            # hosted figure is the largest level below which nothing missed.
            stepped = asyncio.run(level(n_games, HUMAN_WINDOW, Path(tmp), HUMAN_THINK))
            rows += stepped
            missed = missed or any(row.verdict == "MISSED" for row in stepped)
            if not missed:
                hosted = n_games
        rows.append(
            Row(
                SECTION,
                f"one click per ~{HUMAN_THINK:g} s per game",
                "games one process hosts with every target met (largest level tried that met them)",
                hosted,
                "games",
                note="levels " + ", ".join(str(n) for n in human_levels()),
            )
        )
    return rows
