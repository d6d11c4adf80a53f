"""Nipron render benchmark (not a test): ``python -m tests.render.nipron.bench``.

Targets (issue 15): board ≤ 150 ms median and ≤ 1.5 MB. Times include drawing, palette reduction and
PNG encoding, after a warm-up render (the first render of a process also builds the cached base layer
and sprites, reported separately).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

from render.common import sprites
from render.nipron import board, player_board, render_board, render_player
from tests.render.nipron.positions import NAMES, Position, after_scoring, start

RUNS = 30


def _median_ms(fn: Callable[[], bytes], runs: int = RUNS) -> tuple[float, float, int]:
    """Median wall-clock and CPU milliseconds (the CPU time tells a busy machine from a slow render)."""
    wall, cpu = [], []
    size = 0
    for _ in range(runs):
        t, p = time.perf_counter(), time.process_time()
        size = len(fn())
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - p)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000, size


def main() -> None:
    print(f"cpus: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    for label, players, stop in (
        ("start 2p", 2, start),
        ("after scoring 1, 3p", 3, after_scoring(1)),
        ("after scoring 2, 4p", 4, after_scoring(2)),
        ("end 4p", 4, None),
    ):
        pos = Position(players, 7, stop)
        names = NAMES[:players]
        board.clear_caches()
        player_board._base.cache_clear()
        for cache in (sprites.icon, sprites.marker, sprites.disc):
            cache.cache_clear()
        t = time.perf_counter()
        render_board(pos.public, names, pos.scores)
        cold = (time.perf_counter() - t) * 1000
        ms, cpu, size = _median_ms(lambda: render_board(pos.public, names, pos.scores))  # noqa: B023
        print(f"{label}: board first {cold:.0f} ms, median {ms:.1f} ms (cpu {cpu:.1f}), {size / 1024:.0f} kB")
        ms, cpu, size = _median_ms(lambda: render_player(pos.own[0], 0, names))  # noqa: B023
        print(f"{label}: player board median {ms:.1f} ms (cpu {cpu:.1f}), {size / 1024:.0f} kB")


if __name__ == "__main__":
    main()
