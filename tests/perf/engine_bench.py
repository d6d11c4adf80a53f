"""Engine section: random playouts through the ``Game`` protocol only, so it measures any game.

Figures per game and player count: median / p99 of ``legal_actions``, of ``apply`` and of one
decision (``legal_actions`` + ``apply``), full random games per second and the median game time
(an untimed loop, so the per-call clock reads do not inflate it), and, on states sampled along the
games, the state's JSON size and the times of ``dump_state``, ``load_state``, ``view`` and ``score``.

Floors, measured in the same run on the same states: a JSON round trip of the state (the standard
library parsing and writing its stored text: the least any work on that state costs) for a decision,
and a decision's own ``apply`` for ``view`` (a panel shows a view after every click, so drawing the
state must not cost much more than changing it).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import Game
from tests.perf.report import Floor, Row, median, percentile

SECTION = "engine"

# Budgets from the performance issue; only games listed here get a target column.
TARGETS: dict[tuple[str, str], float] = {
    ("carnegie", "decision median"): 200.0,  # µs, legal_actions + apply
    ("carnegie", "game median 4p"): 50.0,  # ms, one random 4-player game
    ("nipron", "decision median"): 200.0,  # µs (issue 13)
    ("nipron", "game median 4p"): 50.0,  # ms (issue 13)
}

# Ratio targets (value / floor of the same run) from the performance issue, for the games players play.
DECISION_PER_JSON_ROUND_TRIP = 20.0
VIEW_PER_APPLY = 5.0
RATIO_GAMES = ("carnegie", "nipron")

MAX_STEPS = 200_000  # a runaway game is a bug, not a benchmark figure


@dataclass
class Samples:
    legal_us: list[float] = field(default_factory=list)
    apply_us: list[float] = field(default_factory=list)
    decision_us: list[float] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)


class RunawayGame(RuntimeError):
    pass


def _pick_seat(seats: list[int], rnd: random.Random) -> int:
    # Several seats may be pending at once; picking among them also varies the interleaving.
    return seats[0] if len(seats) == 1 else seats[rnd.randrange(len(seats))]


def play_random(game: Game[Any, Any], players: int, seed: int) -> int:
    """One uniformly random game, untimed per call; returns the number of actions applied."""
    rnd = random.Random(seed)
    state = game.new_game(players, seed)
    for n in range(MAX_STEPS):
        decision = game.pending(state)
        if decision.finished:
            return n
        seat = _pick_seat(decision.seats, rnd)
        actions = game.legal_actions(state, seat)
        state = game.apply(state, seat, actions[rnd.randrange(len(actions))]).state
    raise RunawayGame(f"{game.name}: no end after {MAX_STEPS} actions (seed {seed})")


def play_random_timed(game: Game[Any, Any], players: int, seed: int, out: Samples, keep_every: int) -> None:
    clock = time.perf_counter_ns
    rnd = random.Random(seed)
    state = game.new_game(players, seed)
    for n in range(MAX_STEPS):
        decision = game.pending(state)
        if decision.finished:
            out.steps.append(n)
            out.states.append(state)
            return
        seat = _pick_seat(decision.seats, rnd)
        t0 = clock()
        actions = game.legal_actions(state, seat)
        t1 = clock()
        action = actions[rnd.randrange(len(actions))]
        t2 = clock()
        state = game.apply(state, seat, action).state
        t3 = clock()
        out.legal_us.append((t1 - t0) / 1000)
        out.apply_us.append((t3 - t2) / 1000)
        out.decision_us.append((t1 - t0 + t3 - t2) / 1000)
        if n % keep_every == 0:
            out.states.append(state)
    raise RunawayGame(f"{game.name}: no end after {MAX_STEPS} actions (seed {seed})")


def _times_us(fn: Callable[[Any], object], args: list[Any]) -> list[float]:
    """The time of ``fn(arg)`` for each argument, in µs."""
    out = []
    for arg in args:
        t0 = time.perf_counter_ns()
        fn(arg)
        out.append((time.perf_counter_ns() - t0) / 1000)
    return out


@dataclass(frozen=True)
class EngineOptions:
    timed_games: int
    speed_games: int
    seed: int = 1


QUICK = EngineOptions(timed_games=3, speed_games=5)
FULL = EngineOptions(timed_games=20, speed_games=50)


def player_counts(game: Game[Any, Any]) -> list[int]:
    wanted = [2, 4]
    counts = [n for n in wanted if game.min_players <= n <= game.max_players]
    return counts or [game.min_players]


def bench_game(game: Game[Any, Any], players: int, opts: EngineOptions) -> list[Row]:
    subject = f"{game.name} {players}p"
    samples = Samples()
    for i in range(opts.timed_games):
        play_random_timed(game, players, opts.seed + i, samples, keep_every=25)

    game_ms: list[float] = []
    for i in range(opts.speed_games):
        t0 = time.perf_counter_ns()
        play_random(game, players, opts.seed + 10_000 + i)
        game_ms.append((time.perf_counter_ns() - t0) / 1e6)

    sizes = [len(game.dump_state(s).encode()) for s in samples.states]
    dump_us = _times_us(game.dump_state, samples.states)
    texts = [game.dump_state(s) for s in samples.states]
    load_us = _times_us(game.load_state, texts)
    final_sizes = sizes[-1:] if sizes else []
    json_us = _times_us(lambda text: json.dumps(json.loads(text)), texts)
    view_us = _times_us(lambda s: game.view(s, None), samples.states)
    score_us = _times_us(game.score, samples.states)

    def target(metric: str) -> float | None:
        return TARGETS.get((game.name, metric))

    ratios = game.name in RATIO_GAMES
    json_floor: Floor = {"floor": median(json_us), "floor_name": "JSON round trip of the state"}
    apply_floor: Floor = {"floor": median(samples.apply_us), "floor_name": "apply median"}

    rows = [
        Row(SECTION, subject, "legal_actions median", median(samples.legal_us), "µs"),
        Row(SECTION, subject, "legal_actions p99", percentile(samples.legal_us, 99), "µs"),
        Row(SECTION, subject, "apply median", median(samples.apply_us), "µs"),
        Row(SECTION, subject, "apply p99", percentile(samples.apply_us, 99), "µs"),
        Row(
            SECTION,
            subject,
            "legal_actions+apply median",
            median(samples.decision_us),
            "µs",
            target("decision median"),
            ratio_target=DECISION_PER_JSON_ROUND_TRIP if ratios else None,
            **json_floor,
        ),
        Row(
            SECTION,
            subject,
            "legal_actions+apply p99",
            percentile(samples.decision_us, 99),
            "µs",
            floor=percentile(json_us, 99),
            floor_name="JSON round trip p99",
        ),
        Row(SECTION, subject, "actions per game (median)", median(samples.steps), "", note="random play"),
        Row(SECTION, subject, "random game median", median(game_ms), "ms", target(f"game median {players}p")),
        Row(
            SECTION,
            subject,
            "random games per second",
            1000 * len(game_ms) / sum(game_ms) if game_ms else 0,
            "games/s",
        ),
        Row(SECTION, subject, "state JSON size max", max(sizes, default=0) / 1024, "KiB"),
        Row(SECTION, subject, "state JSON size at end", (final_sizes[0] if final_sizes else 0) / 1024, "KiB"),
        Row(SECTION, subject, "dump_state median", median(dump_us), "µs"),
        Row(SECTION, subject, "load_state median", median(load_us), "µs"),
        Row(SECTION, subject, "JSON round trip of the state median", median(json_us), "µs"),
        Row(
            SECTION,
            subject,
            "view median",
            median(view_us),
            "µs",
            ratio_target=VIEW_PER_APPLY if ratios else None,
            **apply_floor,
        ),
        Row(SECTION, subject, "score median", median(score_us), "µs"),
    ]
    return rows


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    opts = QUICK if quick else FULL
    rows: list[Row] = []
    for game in games:
        for players in player_counts(game):
            rows += bench_game(game, players, opts)
    return rows
