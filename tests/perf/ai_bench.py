"""AI section: the Carnegie bots' speed and strength (games that have an ``engine.<name>.ai`` module with
``GreedyPlayer``/``RandomPlayer``/``play_game``; other games are skipped).

Figures: greedy decision time (median, p99), a full greedy-vs-random 2-player game, and the greedy
player's win rate against random over many seeds (the test suite checks 20 seeds; this runs more).
"""

from __future__ import annotations

import time
from typing import Any

from engine.core import Game, play
from tests.perf.report import Row, median, percentile

SECTION = "ai"


def _has_greedy_and_random(game: Game[Any, Any]) -> bool:
    return {"easy", "random"} <= set(game.ai_levels)


class _Timed:
    """Wraps a player and records how long each choice takes."""

    def __init__(self, player: Any, out: list[float]) -> None:
        self.player, self.out = player, out

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Any) -> Any:
        t0 = time.perf_counter_ns()
        choice = self.player.choose(game, state, seat, actions)
        self.out.append((time.perf_counter_ns() - t0) / 1e6)
        return choice


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    rows: list[Row] = []
    n_games = 6 if quick else 100
    for game in games:
        if not _has_greedy_and_random(game) or not game.min_players <= 2 <= game.max_players:
            continue
        subject = f"{game.name} 2p greedy vs random"
        decide_ms: list[float] = []
        game_ms: list[float] = []
        wins = ties = 0
        for seed in range(n_games):
            greedy_seat = seed % 2
            players: list[Any] = [game.ai(seed + 100, "random"), game.ai(seed + 100, "random")]
            players[greedy_seat] = _Timed(game.ai(seed, "easy"), decide_ms)
            t0 = time.perf_counter_ns()
            final, _ = play(game, game.new_game(2, seed), players)
            game_ms.append((time.perf_counter_ns() - t0) / 1e6)
            totals = [line.total for line in game.score(final).lines]
            wins += totals[greedy_seat] > totals[1 - greedy_seat]
            ties += totals[0] == totals[1]
        rows += [
            Row(SECTION, subject, "greedy decision median", median(decide_ms), "ms"),
            Row(SECTION, subject, "greedy decision p99", percentile(decide_ms, 99), "ms"),
            Row(SECTION, subject, "game median", median(game_ms), "ms"),
            Row(
                SECTION,
                subject,
                f"greedy win rate ({n_games} games, {ties} ties)",
                100 * wins / n_games,
                "%",
                80.0,
                lower_is_better=False,
            ),
        ]
    return rows
