"""Rendering section: the Carnegie board overview and a company board, as the bot draws them, and
Nipron's phone image.

Times include drawing, palette reduction and PNG encoding (the bytes the bot uploads), measured after
one warm-up render; the first render of a process also builds the cached static layers and sprites and
is reported on its own (the bot pays it in a worker thread at start-up, ``BoardroomBot.warm_pictures``).

Positions: the render tests' seeded round-12 4-player position, and the end of a random 4-player game
drawn through the bot's own render pool (``RenderPool.draw``) (with the final score sheet, as the last post);
each for the full board and for the phone image posted with every round. Nipron: the phone image
posted with every scoring summary, for the render tests' seeded 4-player game just after Scoring 2
(Nipron's full board has its own benchmark, ``python -m tests.render.nipron.bench``).

Floor: Pillow making the same PNG from the same pixels (the picture decoded, then reduced to its palette
and written at the same level, ``encode_png``; Nipron maps onto its fixed palette), timed beside the
picture in the same run: what is left above it is our drawing. Target: a picture ≤ 2× its own encode.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from engine.core import Game
from tests.perf.report import Row, median, percentile

SECTION = "rendering"

OVERVIEW_MEDIAN_MS = 150.0
IMAGE_BUDGET_BYTES = 1_500_000  # the product's own budget (bot.limits.MAX_IMAGE_BYTES)
DISCORD_ATTACHMENT_LIMIT = 10 * 1024 * 1024  # 10 MiB per file by default
COMPANY_MEDIAN_MS = 60.0
PER_ENCODE = 2.0  # a picture's time / its own PNG encode's


def _timed(fn: Callable[[], bytes], runs: int) -> tuple[list[float], int]:
    fn()  # warm-up: caches of this position's shapes
    times: list[float] = []
    size = 0
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        size = max(size, len(fn()))
        times.append((time.perf_counter_ns() - t0) / 1e6)
    return times, size


def _measured(
    fn: Callable[[], bytes], runs: int, encode: Callable[[Image.Image], bytes] | None = None
) -> tuple[list[float], int, list[float]]:
    """(ms of each picture, its size, ms of each encode of its own pixels), the two taken in turn so that
    a busy moment of the shared machine weighs on both."""
    from render.common.png import encode_png

    encoder = encode or encode_png
    png = fn()  # warm-up: caches of this position's shapes
    pixels = Image.open(io.BytesIO(png)).convert("RGB")
    encoder(pixels)
    times: list[float] = []
    floor: list[float] = []
    size = 0
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        size = max(size, len(fn()))
        t1 = time.perf_counter_ns()
        encoder(pixels)
        t2 = time.perf_counter_ns()
        times.append((t1 - t0) / 1e6)
        floor.append((t2 - t1) / 1e6)
    return times, size, floor


def _rows(
    subject: str, times: list[float], size: int, median_target: float | None, floor: list[float]
) -> list[Row]:
    encode = "PNG encode of the same pixels"
    return [
        Row(
            SECTION,
            subject,
            "median",
            median(times),
            "ms",
            median_target,
            floor=median(floor),
            floor_name=encode,
            ratio_target=PER_ENCODE,
        ),
        Row(
            SECTION,
            subject,
            "p99",
            percentile(times, 99),
            "ms",
            floor=percentile(floor, 99),
            floor_name="encode p99",
        ),
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
    from render.nipron.encode import encode

    times, size, floor = _measured(lambda: render_phone(pos.public, names, pos.scores), runs, encode)
    return rows + _rows(subject, times, size, OVERVIEW_MEDIAN_MS, floor)


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
    times, size, floor = _measured(lambda: render_overview(view, NAMES), runs)
    rows += _rows("carnegie overview (round 12, 4p)", times, size, OVERVIEW_MEDIAN_MS, floor)

    times, size, floor = _measured(lambda: render_phone(view, NAMES), runs)
    rows += _rows("carnegie phone image (round 12, 4p)", times, size, OVERVIEW_MEDIAN_MS, floor)

    final = _final_state(game)
    sheet = game.score(final)
    names = list(NAMES)
    pool = RenderPool()
    carnegie = plugins.plugin("carnegie")
    try:
        # As the bot does at start: its processes are started and warm before the first picture.
        asyncio.run(pool.warm_up([carnegie]))

        def draw() -> bytes:
            return asyncio.run(pool.draw(carnegie, "board", final, None, names, sheet))

        times, size, floor = _measured(draw, runs)
        rows += _rows("carnegie overview (final, 4p, bot path)", times, size, OVERVIEW_MEDIAN_MS, floor)

        def draw_phone() -> bytes:
            return asyncio.run(pool.draw(carnegie, "phone", final, None, names, sheet))

        times, size, floor = _measured(draw_phone, runs)
        rows += _rows("carnegie phone image (final, 4p, bot path)", times, size, OVERVIEW_MEDIAN_MS, floor)
    finally:
        pool.close()

    times, size, floor = _measured(lambda: render_company(view, 2, NAMES), runs)
    rows += _rows("carnegie company board", times, size, COMPANY_MEDIAN_MS, floor)
    return rows
