"""``python -m tests.perf --profile``: where a random game spends its time.

Two views: cProfile's top functions (internal time) over random games, and the time of one decision
(``legal_actions`` + ``apply``) grouped by the action's verb (the first word of its notation) and the
decision kind, so a slow corner of the rules shows up even when the median is fine.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import time
from collections import defaultdict
from typing import Any

from engine.core import Game
from tests.perf.engine_bench import MAX_STEPS, _pick_seat


def by_decision(game: Game[Any, Any], players: int, games: int) -> str:
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    clock = time.perf_counter_ns
    for seed in range(games):
        rnd = random.Random(seed)
        state = game.new_game(players, seed)
        for _ in range(MAX_STEPS):
            decision = game.pending(state)
            if decision.finished:
                break
            seat = _pick_seat(decision.seats, rnd)
            t0 = clock()
            actions = game.legal_actions(state, seat)
            action = actions[rnd.randrange(len(actions))]
            state = game.apply(state, seat, action).state
            verb = game.format_action(action).split(" ")[0]
            times[(decision.kind, verb)].append((clock() - t0) / 1000)
    total = sum(sum(v) for v in times.values())
    lines = [f"{'share':>6} {'count':>6} {'mean µs':>8} {'max µs':>8}  decision / verb"]
    for key, v in sorted(times.items(), key=lambda kv: -sum(kv[1]))[:20]:
        share, mean = 100 * sum(v) / total, sum(v) / len(v)
        lines.append(f"{share:5.1f}% {len(v):6d} {mean:8.1f} {max(v):8.1f}  {key[0]} / {key[1]}")
    return "\n".join(lines)


def top_functions(game: Game[Any, Any], players: int, games: int, limit: int = 25) -> str:
    from tests.perf.engine_bench import play_random

    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        play_random(game, players, seed)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(limit)
    return out.getvalue()


def report(game: Game[Any, Any], players: int, quick: bool) -> str:
    games = 3 if quick else 15
    return (
        f"== {game.name} {players}p: time per decision, by kind and verb ({games} random games)\n"
        + by_decision(game, players, games)
        + f"\n\n== {game.name} {players}p: cProfile, top functions by internal time\n"
        + top_functions(game, players, games)
    )
