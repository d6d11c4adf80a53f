"""Rendering section: the Carnegie board overview and a company board, as the bot draws them, and
Nipron's phone image.

Times include drawing, palette reduction and PNG encoding (the bytes the bot uploads), measured after
one warm-up render; the first render of a process also builds the cached static layers and sprites and
is reported on its own (the bot pays it in a worker thread at start-up, ``bot.on_discord.client._warm_up``).

Positions: the render tests' seeded round-12 4-player position, and the end of a random 4-player game
drawn through the bot's own render pool (``RenderPool.draw``) (with the final score sheet, as the last post);
each for the full board and for the phone image posted with every round. Nipron: the phone image
posted with every scoring summary, for the render tests' seeded 4-player game just after Scoring 2
(Nipron's full board has its own benchmark, ``python -m tests.render.nipron.bench``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from engine.core import Game
from tests.perf.report import Row, median, percentile

SECTION = "rendering"

OVERVIEW_MEDIAN_MS = 150.0
IMAGE_BUDGET_BYTES = 1_500_000  # the product's own budget (bot.limits.MAX_IMAGE_BYTES)
DISCORD_ATTACHMENT_LIMIT = 10 * 1024 * 1024  # 10 MiB per file by default
COMPANY_MEDIAN_MS = 60.0


def _timed(fn: Callable[[], bytes], runs: int) -> tuple[list[float], int]:
    fn()  # warm-up: caches of this position's shapes
    times: list[float] = []
    size = 0
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        size = max(size, len(fn()))
        times.append((time.perf_counter_ns() - t0) / 1e6)
    return times, size


def _rows(subject: str, times: list[float], size: int, median_target: float | None) -> list[Row]:
    return [
        Row(SECTION, subject, "median", median(times), "ms", median_target),
        Row(SECTION, subject, "p99", percentile(times, 99), "ms"),
        Row(SECTION, subject, "PNG size", size / 1e6, "MB", IMAGE_BUDGET_BYTES / 1e6),
        Row(
            SECTION,
            subject,
            "PNG size vs Discord attachment limit",
            100 * size / DISCORD_ATTACHMENT_LIMIT,
            "% of 10 MiB",
            100.0,
        ),
    ]


def _final_state(game: Game[Any, Any]) -> Any:
    import random

    rnd = random.Random(4)
    state = game.new_game(4, 4)
    while not (decision := game.pending(state)).finished:
        seat = decision.seats[rnd.randrange(len(decision.seats))]
        actions = game.legal_actions(state, seat)
        state = game.apply(state, seat, actions[rnd.randrange(len(actions))]).state
    return state


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    rows: list[Row] = []
    if any(g.name == "carnegie" for g in games):
        rows += _carnegie(games, quick)
    if any(g.name == "nipron" for g in games):
        rows += _nipron(quick)
    return rows


def _nipron(quick: bool) -> list[Row]:
    from render.common import sprites
    from render.nipron import board, render_phone
    from tests.render.nipron.positions import GOLDEN, NAMES, Position

    runs = 5 if quick else 40
    players, seed, stop = GOLDEN["scoring2-4p"]
    pos = Position(players, seed, stop)
    names = NAMES[:players]
    board.clear_caches()
    for cache in (sprites.icon, sprites.marker, sprites.disc):
        cache.cache_clear()
    t0 = time.perf_counter_ns()
    render_phone(pos.public, names, pos.scores)
    cold_ms = (time.perf_counter_ns() - t0) / 1e6
    subject = "nipron phone image (after scoring 2, 4p)"
    rows = [Row(SECTION, subject, "first render of a process (builds caches)", cold_ms, "ms")]
    times, size = _timed(lambda: render_phone(pos.public, names, pos.scores), runs)
    return rows + _rows(subject, times, size, OVERVIEW_MEDIAN_MS)


def _carnegie(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from bot import plugins
    from bot.service.render_pool import RenderPool
    from render.carnegie import overview, render_company, render_overview, render_phone
    from render.common import sprites
    from tests.render.positions import NAMES, mid_game_4p

    runs = 5 if quick else 40
    game = next(g for g in games if g.name == "carnegie")
    view = mid_game_4p()
    for cache in (
        overview._base,
        overview.map_panel._map_picture,
        overview.phone._map_base,
        sprites.icon,
        sprites.marker,
        sprites.disc,
    ):
        cache.cache_clear()
    t0 = time.perf_counter_ns()
    render_overview(view, NAMES)
    cold_ms = (time.perf_counter_ns() - t0) / 1e6

    rows = [Row(SECTION, "carnegie overview", "first render of a process (builds caches)", cold_ms, "ms")]
    times, size = _timed(lambda: render_overview(view, NAMES), runs)
    rows += _rows("carnegie overview (round 12, 4p)", times, size, OVERVIEW_MEDIAN_MS)

    times, size = _timed(lambda: render_phone(view, NAMES), runs)
    rows += _rows("carnegie phone image (round 12, 4p)", times, size, OVERVIEW_MEDIAN_MS)

    final = _final_state(game)
    sheet = game.score(final)
    names = list(NAMES)
    pool = RenderPool()
    carnegie = plugins.plugin("carnegie")
    try:

        def draw() -> bytes:
            return asyncio.run(pool.draw(carnegie, "board", final, None, names, sheet))

        times, size = _timed(draw, runs)
        rows += _rows("carnegie overview (final, 4p, bot path)", times, size, OVERVIEW_MEDIAN_MS)

        def draw_phone() -> bytes:
            return asyncio.run(pool.draw(carnegie, "phone", final, None, names, sheet))

        times, size = _timed(draw_phone, runs)
        rows += _rows("carnegie phone image (final, 4p, bot path)", times, size, OVERVIEW_MEDIAN_MS)
    finally:
        pool.close()

    times, size = _timed(lambda: render_company(view, 2, NAMES), runs)
    rows += _rows("carnegie company board", times, size, COMPANY_MEDIAN_MS)
    return rows
