"""Fit the weights of Carnegie's solo play-out player (``engine.carnegie.ai.SOLO_WEIGHTS``) to end-of-game
margins against Andrew (issue 22): an evolution strategy over the ``Weights`` pairs.

Each candidate plays the same seeded solo games (normal difficulty, tab sides random) as the greedy player
with those weights, and is worth its mean final margin (own score less Andrew's). A generation samples
``--pop`` candidates around the current mean in mirrored pairs, moves the mean to the rank-weighted best
half and shrinks the step. The games are the same for every candidate (common random numbers), so two
candidates differ by their weights alone; the tuning seeds (from 1000) are apart from the strength bench's
(from 0), which measures the result. Deterministic given its arguments; prints the best weights as Python.

``python -m tests.perf.tune_weights [--games 48] [--generations 40] [--pop 12] [--jobs 2]``
"""

from __future__ import annotations

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import astuple, fields

from engine.carnegie import GAME
from engine.carnegie.ai import SOLO_WEIGHTS, GreedyPlayer, Weights
from engine.carnegie.scoring import andrew_categories, categories
from engine.core import play

FIRST_SEED = 1000


def to_vector(w: Weights) -> list[float]:
    return [x for pair in astuple(w) for x in pair]


def to_weights(v: list[float]) -> Weights:
    return Weights(*[(v[2 * i], v[2 * i + 1]) for i in range(len(fields(Weights)))])


def margin(job: tuple[list[float], int, str]) -> float:
    vector, seed, difficulty = job
    options = {"tab_sides": "random", "difficulty": difficulty}
    # the play-out player plays in a searcher's world, where the cards it sees are the world's own
    player = GreedyPlayer(seed, to_weights(vector), in_world=True)
    final, _ = play(GAME, GAME.new_game(1, seed, options), [player])
    return float(sum(categories(final, 0).values()) - sum(andrew_categories(final).values()))


def fitness(
    pool: ProcessPoolExecutor, vectors: list[list[float]], games: int, difficulty: str
) -> list[float]:
    jobs = [(v, FIRST_SEED + s, difficulty) for v in vectors for s in range(games)]
    results = list(pool.map(margin, jobs, chunksize=4))
    return [sum(results[i * games : (i + 1) * games]) / games for i in range(len(vectors))]


def tune(games: int, generations: int, pop: int, jobs: int, sigma: float, difficulty: str) -> Weights:
    rng = random.Random(22)
    mean = to_vector(SOLO_WEIGHTS)
    scale = [max(abs(x), 0.3) for x in mean]  # steps relative to each weight's size, never below 0.3
    half = pop // 2
    ranks = [math.log(half + 0.5) - math.log(i + 1) for i in range(half)]
    ranks = [r / sum(ranks) for r in ranks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        best_v, best_f = mean, fitness(pool, [mean], games, difficulty)[0]
        print(f"start: {best_f:+.2f} VP", flush=True)
        for g in range(generations):
            noise = [[rng.gauss(0.0, 1.0) for _ in mean] for _ in range(half)]
            cands = [
                [max(0.0, m + sign * sigma * s * z) for m, s, z in zip(mean, scale, n, strict=True)]
                for n in noise
                for sign in (1, -1)
            ]
            scores = fitness(pool, cands, games, difficulty)
            order = sorted(range(len(cands)), key=lambda i: -scores[i])
            best_half = [cands[i] for i in order[:half]]
            mean = [sum(r * c[k] for r, c in zip(ranks, best_half, strict=True)) for k in range(len(mean))]
            (mean_f,) = fitness(pool, [mean], games, difficulty)
            for v, f in [(cands[order[0]], scores[order[0]]), (mean, mean_f)]:
                if f > best_f:
                    best_v, best_f = v, f
            sigma *= 0.95
            print(
                f"generation {g + 1}: best candidate {scores[order[0]]:+.2f}, mean {mean_f:+.2f}, "
                f"best so far {best_f:+.2f} VP (sigma {sigma:.3f})",
                flush=True,
            )
            print(as_python(to_weights(best_v)), flush=True)  # a run cut short keeps its best
    return to_weights(best_v)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.perf.tune_weights", description=__doc__)
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--generations", type=int, default=40)
    parser.add_argument("--pop", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sigma", type=float, default=0.3)
    parser.add_argument("--difficulty", default="normal")
    args = parser.parse_args(argv)
    best = tune(args.games, args.generations, args.pop, args.jobs, args.sigma, args.difficulty)
    print(as_python(best))
    return 0


def as_python(weights: Weights) -> str:
    named = zip(fields(Weights), astuple(weights), strict=True)
    pairs = ",\n".join(f"    {f.name}=({a:.3f}, {b:.3f})" for f, (a, b) in named)
    return f"SOLO_WEIGHTS = Weights(\n{pairs},\n)"


if __name__ == "__main__":
    raise SystemExit(main())
