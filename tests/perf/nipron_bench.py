"""Nipron's game-length figures (issue 13), which judge the [P] placeholder values: turns per game,
share of games with a level-3 factory, median and spread of final scores, for random and greedy
players at 2, 3 and 4 seats. The timings (decision and game medians, state size) are in the engine
section, measured like every game's. Section ``length`` of ``make bench``; on its own:
``python -m tests.perf.nipron_bench [--quick]``."""

from __future__ import annotations

import statistics
import sys

from engine.core import RandomPlayer, play
from engine.nipron import GAME
from engine.nipron.state import NipronState
from tests.perf.report import Row

SECTION = "length"
SUBJECT = "nipron"


def _length(final: NipronState) -> tuple[int, bool, list[int]]:
    level3 = any(f.tile.startswith(("CLOCKS", "BULBS")) for z in final.zaibatsu for f in z.factories)
    return final.turns, level3, [z.vp for z in final.zaibatsu]


def run(quick: bool = False) -> list[Row]:
    games = 6 if quick else 60
    rows: list[Row] = []
    for kind in ("random", "greedy"):
        n = max(2, games // (3 if kind == "random" else 10))
        for players in (2, 3, 4):
            turns, level3, scores = [], 0, []
            for seed in range(n):
                ais = [
                    RandomPlayer(seed * 10 + i) if kind == "random" else GAME.ai(seed * 10 + i)
                    for i in range(players)
                ]
                final, _ = play(GAME, GAME.new_game(players, seed), ais)
                t, l3, vp = _length(final)
                turns.append(t)
                level3 += l3
                scores += vp
            subject = f"{SUBJECT} {kind} {players}p ({n} games)"
            rows += [
                Row(SECTION, subject, "turns per game median", statistics.median(turns), "turns"),
                Row(SECTION, subject, "games with a level-3 factory", 100 * level3 / n, "%"),
                Row(SECTION, subject, "final VP median", statistics.median(scores), "VP"),
                Row(SECTION, subject, "final VP spread (stdev)", statistics.pstdev(scores), "VP"),
            ]
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        target = f" (target {row.target:g})" if row.target is not None else ""
        print(f"{row.section:7} {row.subject:32} {row.metric:30} {row.value:10.1f} {row.unit}{target}")
