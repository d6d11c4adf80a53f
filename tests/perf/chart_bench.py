"""Chart section: the final post's chart as the render process makes it (``score_chart.draw_chart``:
replay the log from the seed for the score at every checkpoint, then draw and encode), beside two
floors measured in the same run: the replay alone (``scores_by_checkpoint``), and Pillow's own PNG
encode of a blank image of the chart's size (no drawing at all)."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from PIL import Image

from bot import plugins
from bot.service.after_game.score_chart import ChartJob, draw_chart
from engine.core import Game
from engine.core.score_history import scores_by_checkpoint
from tests.after_game.games import finished
from tests.perf.report import Row, median, percentile

SECTION = "chart"
# Drawn in the render process after the result's text is posted, so nobody waits on it; the render
# pool replaces a process whose picture takes over RENDER_BUDGET (20 s). The target is the order of a
# board picture.
CHART_MEDIAN_MS = 1000.0
GAMES = (("carnegie", 2), ("carnegie", 4), ("carnegie", 1), ("nipron", 4))


def _timed(fn: Callable[[], Any], runs: int) -> list[float]:
    fn()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - t0) / 1e6)
    return times


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    runs = 3 if quick else 20
    names = {g.name for g in games}
    rows: list[Row] = []
    for name, players in GAMES:
        if name not in names:
            continue
        f = finished(name, players, 7)
        # The game's own modules, as the bot names them: a job naming other ones loads the game again
        # under its name (without its pictures, here), and the next section would find it so.
        found = plugins.plugin(name)
        job = ChartJob(
            found.rules_module,
            found.pictures_module,
            players,
            f.seed,
            json.dumps({}),
            f.moves,
            ("a", "b", "c", "d")[:players],
            "en",
        )
        subject = f"final chart, {name} {players}p ({len(f.moves)} moves)"
        chart = draw_chart(job)
        size = Image.open(io.BytesIO(chart)).size
        whole = _timed(partial(draw_chart, job), runs)
        replay = _timed(partial(scores_by_checkpoint, f.game, f.players, f.seed, None, f.moves), runs)
        blank = Image.new("RGB", size, (255, 255, 255))

        def encode(blank: Image.Image = blank) -> bytes:
            out = io.BytesIO()
            blank.save(out, format="PNG")
            return out.getvalue()

        floor = _timed(encode, runs)
        encode_name = f"Pillow's PNG encode of a blank {size[0]}×{size[1]} image"
        rows += [
            Row(
                SECTION,
                subject,
                "median (replay + draw + encode)",
                median(whole),
                "ms",
                CHART_MEDIAN_MS,
                floor=median(floor),
                floor_name=encode_name,
                note=f"the replay alone: median {median(replay):.1f} ms",
            ),
            Row(
                SECTION,
                subject,
                "p99",
                percentile(whole, 99),
                "ms",
                floor=percentile(floor, 99),
                floor_name=encode_name + ", p99",
            ),
        ]
    return rows
