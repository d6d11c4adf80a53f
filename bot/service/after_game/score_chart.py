"""The final post's chart of a table: its points at every checkpoint, recomputed by replaying the
table's live log from its seed (``engine.core.score_history``), and the final score by category,
drawn by ``render.common.chart``. Nothing invented is stored: a chart drawn again is the same."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot import plugins
from bot.service.tables import Table
from bot.storage import ActionRow
from engine.core.score_history import replay_with_scores
from render.common.chart import chart_picture

CHART_FILE = "chart.png"


@dataclass(frozen=True)
class ChartJob:
    """What the render process needs to draw a table's chart (plain data: it is pickled)."""

    rules_module: str
    pictures_module: str | None
    players: int
    seed: int
    options: str
    moves: tuple[tuple[int, str], ...]
    names: tuple[str, ...]
    lang: str


def chart_job(table: Table, rows: Sequence[ActionRow]) -> ChartJob | None:
    """The job for a started table, None before its start."""
    if table.game.seed is None:
        return None
    found = plugins.plugin(table.game.game)
    return ChartJob(
        found.rules_module,
        found.pictures_module,
        len(table.seats),
        table.game.seed,
        table.game.options,
        tuple((row.seat, row.notation) for row in rows),
        tuple(table.names),
        table.game.language,
    )


def draw_chart(job: ChartJob) -> bytes:
    """Replay the log and draw the chart (run in the render process: replay and drawing hold the GIL)."""
    found = plugins.loaded_from(job.rules_module, job.pictures_module) or plugins.load(
        job.rules_module, job.pictures_module
    )
    game = found.rules
    options = json.loads(job.options)
    state, points = replay_with_scores(game, job.players, job.seed, options, job.moves)
    final = game.score(state)
    return chart_picture([point.sheet for point in points], final, job.names, lang=job.lang)
