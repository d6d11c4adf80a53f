"""Render benchmark (not a test): ``python -m tests.render.bench``.

Targets (issue): overview ≤ 150 ms median and ≤ 1.5 MB; one company board ≤ 60 ms. Times include
drawing, palette reduction and PNG encoding, measured after a warm-up render (the first render of a
process also builds the cached static layer and sprites, reported separately).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

from render.carnegie import overview, render_company, render_overview, render_strip
from render.carnegie.overview import map_panel
from render.common import sprites
from tests.render.positions import NAMES, mid_game_4p

RUNS = 30


def _median_ms(fn: Callable[[], bytes], runs: int = RUNS) -> tuple[float, int]:
    times = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(fn())
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, size


def main() -> None:
    view = mid_game_4p()
    for cache in (overview._base, map_panel._map_picture, sprites.icon, sprites.marker, sprites.disc):
        cache.cache_clear()
    start = time.perf_counter()
    render_overview(view, NAMES)
    cold = (time.perf_counter() - start) * 1000
    print(f"cpus: {os.cpu_count()}")
    print(f"overview, first render of the process (builds caches): {cold:.0f} ms")
    ms, size = _median_ms(lambda: render_overview(view, NAMES))
    print(f"overview: median {ms:.1f} ms, {size / 1024:.0f} kB   (target ≤ 150 ms, ≤ 1500 kB)")
    ms, size = _median_ms(lambda: render_company(view, 2, NAMES))
    print(f"company board: median {ms:.1f} ms, {size / 1024:.0f} kB   (target ≤ 60 ms)")
    ms, size = _median_ms(lambda: render_strip(view, NAMES))
    print(f"player strip: median {ms:.1f} ms, {size / 1024:.0f} kB")


if __name__ == "__main__":
    main()
