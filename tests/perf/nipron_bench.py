"""Nipron benchmark rows (issue 13): ``legal_actions`` + ``apply`` median (target ≤ 200 µs), a random
4-player game median (target ≤ 50 ms), the state's JSON size, and the game-length figures that judge
the [P] values (turns per game, share of games with a level-3 factory, spread of final scores).

Run on its own: ``python -m tests.perf.nipron_bench [--quick]``. ``run(quick)`` returns ``Row``s for the
benchmark report once ``make bench`` lists the game (the harness is being moved to the bot's table of
games; this module needs nothing of it)."""

from __future__ import annotations

import statistics
import sys
import time

from engine.core import RandomPlayer, play
from engine.nipron import GAME
from engine.nipron.state import NipronState
from tests.perf.report import Row

SECTION = "engine"
SUBJECT = "nipron"


def _timed_random_game(players: int, seed: int, decisions: list[float], sizes: list[int]) -> None:
    ai = [RandomPlayer(seed * 10 + i) for i in range(players)]
    state = GAME.new_game(players, seed)
    n = 0
    while not GAME.pending(state).finished:
        seat = GAME.pending(state).seats[0]
        t0 = time.perf_counter_ns()
        actions = GAME.legal_actions(state, seat)
        action = ai[seat].choose(GAME, state, seat, actions)
        state = GAME.apply(state, seat, action).state
        decisions.append((time.perf_counter_ns() - t0) / 1e3)
        n += 1
        if n % 50 == 0:
            sizes.append(len(GAME.dump_state(state)))


def _game_ms(players: int, seed: int) -> float:
    t0 = time.perf_counter_ns()
    play(GAME, GAME.new_game(players, seed), [RandomPlayer(seed * 10 + i) for i in range(players)])
    return (time.perf_counter_ns() - t0) / 1e6


def _length(final: NipronState) -> tuple[int, bool, list[int]]:
    level3 = any(f.tile.startswith(("CLOCKS", "BULBS")) for z in final.zaibatsu for f in z.factories)
    return final.turns, level3, [z.vp for z in final.zaibatsu]


def run(quick: bool = False) -> list[Row]:
    games = 6 if quick else 60
    decisions: list[float] = []
    sizes: list[int] = []
    for seed in range(games // 3):
        _timed_random_game(4, seed, decisions, sizes)
    game_ms = [_game_ms(4, seed) for seed in range(games // 3)]
    rows = [
        Row(SECTION, SUBJECT, "decision median", statistics.median(decisions), "µs", 200.0),
        Row(SECTION, SUBJECT, "game median 4p", statistics.median(game_ms), "ms", 50.0),
        Row(SECTION, SUBJECT, "state JSON median", statistics.median(sizes), "bytes"),
    ]
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
                Row("length", subject, "turns per game median", statistics.median(turns), "turns"),
                Row("length", subject, "games with a level-3 factory", 100 * level3 / n, "%"),
                Row("length", subject, "final VP median", statistics.median(scores), "VP"),
                Row("length", subject, "final VP spread (stdev)", statistics.pstdev(scores), "VP"),
            ]
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        target = f" (target {row.target:g})" if row.target is not None else ""
        print(f"{row.section:7} {row.subject:32} {row.metric:30} {row.value:10.1f} {row.unit}{target}")
