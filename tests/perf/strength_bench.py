"""Strength section (issue 22): how well the searching computer players play, and how long they think.

- Carnegie solo: the strong player against Andrew at normal and hard (win rate, mean margin; target ≥ 60 %
  wins at normal).
- Carnegie and Nipron with 4 players: one strong (or normal) seat against three easy (greedy) seats, the
  searching seat rotating with the seed (win rate, target ≥ 80 % for strong; mean final score).
- Decision time p50/p99 per level: the CPU time of every decision of those games in its process (target:
  strong ≤ 2 s p99 on one core; CPU time, because wall time on a shared machine measures the neighbours).

Long (hours of CPU for the full 50 games a figure), so it is not in the default ``make bench``: run
``make bench-strength`` or ``python -m tests.perf.strength_bench [--games N] [--jobs N]``. Games run in
worker processes; each decision is timed where it is made, so the times are per core.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engine.carnegie import GAME as CARNEGIE
from engine.carnegie.ai_search import SEARCH
from engine.core import Game, Player, Rng, play
from engine.nipron import GAME as NIPRON
from tests.perf.report import Row, machine_line, median, percentile, text_table, update_benchmarks_md

SECTION = "strength"
GAMES: dict[str, Game[Any, Any]] = {"carnegie": CARNEGIE, "nipron": NIPRON}


@dataclass(frozen=True)
class Job:
    """One seeded game: ``game`` with ``players`` seats; seat ``seed % players`` plays at ``level``, the
    others easy (in solo, the one seat against Andrew at ``difficulty``)."""

    game: str
    players: int
    level: str
    seed: int
    difficulty: str = ""


@dataclass
class Result:
    job: Job
    won: bool
    score: int
    margin: int  # own total less the best rival's
    times: list[float] = field(default_factory=list)  # seconds per decision of the searching seat


class _Timed:
    def __init__(self, player: Player, out: list[float]) -> None:
        self.player, self.out = player, out

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        t0 = time.process_time()  # CPU time: the machine is shared, and one core's work is the target
        choice = self.player.choose(game, state, seat, actions)
        self.out.append(time.process_time() - t0)
        return choice


def play_job(job: Job) -> Result:
    game = GAMES[job.game]
    options: dict[str, str] = {"tab_sides": "random"} if job.game == "carnegie" else {}
    if job.difficulty:
        options["difficulty"] = job.difficulty
    me = job.seed % job.players
    times: list[float] = []
    players: list[Player] = [game.ai(job.seed * 10 + s, "easy") for s in range(job.players)]
    players[me] = _Timed(game.ai(job.seed, job.level), times)
    final, _ = play(game, game.new_game(job.players, job.seed, options), players)
    sheet = game.score(final)
    mine = next(line for line in sheet.lines if line.seat == me)
    best_other = max(line.total for line in sheet.lines if line.seat != me)
    won = any(sheet.lines[i].seat == me for i in sheet.winners)
    return Result(job, won, mine.total, mine.total - best_other, times)


class _Explained:
    """Wraps a searching player and prints, for each decision it weighed, the candidates in words with the
    mean value each reached (own score less Andrew's at the play-outs' end), best first."""

    def __init__(self, player: Any) -> None:
        self.player = player

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        if len(actions) == 1:
            return actions[0]
        weighed = self.player.values(game, state, seat, actions)
        # what the play-out player would play, ranked in a world of its own (never the face-down cards)
        first = SEARCH.rank(game, SEARCH.determinize(state, seat, Rng(seed=state.round)), seat, actions)[0]
        choice = weighed[0][0]
        mark = ""
        if choice != first:
            mark = f" (the play-out player's first: {game.describe_action(state, seat, first)})"
        print(f"round {state.round}, {state.phase}:{mark}")
        for action, value in weighed:
            print(f"    {value:+7.1f}  {game.describe_action(state, seat, action)}")
        return choice


def explain(seed: int, difficulty: str) -> None:
    """``--explain``: one solo game of the strong player against Andrew, every weighed decision in words."""
    options = {"tab_sides": "random", "difficulty": difficulty}
    player = _Explained(CARNEGIE.ai(seed, "strong"))
    final, _ = play(CARNEGIE, CARNEGIE.new_game(1, seed, options), [player])
    for line in CARNEGIE.score(final).lines:
        print(line)


def jobs(games: int, only: str = "", difficulty: str = "") -> list[Job]:
    """The games of a run, seed by seed (a run cut short still covers every figure); normal and easy get a
    fifth as many games (their figures are decision times and a comparison). ``only`` = "solo" or "table"
    keeps the games against Andrew or the 4-player games; ``difficulty`` keeps one of Andrew's levels."""
    out: list[Job] = []
    for seed in range(games):
        if only != "table":
            levels = [difficulty] if difficulty else ["normal", "hard"]
            out += [Job("carnegie", 1, "strong", seed, d) for d in levels]
        if only != "solo":
            out += [Job(name, 4, "strong", seed) for name in GAMES]
            if seed % 5 == 0:
                out += [Job(name, 4, level, seed) for name in GAMES for level in ("normal", "easy")]
    return out


def rows(results: list[Result]) -> list[Row]:
    out: list[Row] = []
    groups: dict[tuple[str, int, str, str], list[Result]] = {}
    for r in results:
        groups.setdefault((r.job.game, r.job.players, r.job.level, r.job.difficulty), []).append(r)
    for (name, players, level, difficulty), rs in groups.items():
        n = len(rs)
        if players == 1:
            subject, target = (
                f"{name} solo {level} vs Andrew ({difficulty})",
                60.0 if difficulty == "normal" else None,
            )
            out.append(Row(SECTION, subject, "mean margin", sum(r.margin for r in rs) / n, "VP"))
        else:
            subject = f"{name} {players}p one {level} vs {players - 1} easy"
            target = 80.0 if level == "strong" else None
        out.append(
            Row(
                SECTION,
                subject,
                f"win rate ({n} games)",
                100 * sum(r.won for r in rs) / n,
                "%",
                target,
                lower_is_better=False,
            )
        )
        out.append(Row(SECTION, subject, "mean final score", sum(r.score for r in rs) / n, "VP"))
        times = [t * 1000 for r in rs for t in r.times]
        out.append(Row(SECTION, subject, f"{level} decision p50", median(times), "ms"))
        out.append(
            Row(
                SECTION,
                subject,
                f"{level} decision p99",
                percentile(times, 99),
                "ms",
                2000.0 if level == "strong" else None,
            )
        )
    return out


def run(games: int, workers: int, log: Path | None, only: str = "", difficulty: str = "") -> list[Row]:
    """Play the games in ``workers`` processes; each result goes to ``log`` (JSON lines) as it comes, so
    ``--summarize`` can report a run cut short, and a run started again on the same log plays only the
    games it lacks."""
    results: list[Result] = load(log) if log is not None and log.exists() else []
    done = {r.job for r in results}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for r in pool.map(play_job, [j for j in jobs(games, only, difficulty) if j not in done]):
            j = r.job
            print(
                f"{j.game} {j.players}p {j.level} {j.difficulty} seed {j.seed}: score {r.score}, "
                f"margin {r.margin}, won {r.won}",
                flush=True,
            )
            if log is not None:
                with log.open("a") as f:
                    f.write(json.dumps(asdict(r)) + "\n")
            results.append(r)
    return rows(results)


def load(log: Path) -> list[Result]:
    out = []
    for line in log.read_text().splitlines():
        d = json.loads(line)
        out.append(Result(Job(**d.pop("job")), **d))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.perf.strength_bench", description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="seeded games per figure (default 50)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--log", type=Path, help="append each game's result to this JSON-lines file")
    parser.add_argument("--summarize", type=Path, help="only report the results in this log (a cut run)")
    parser.add_argument(
        "--only", choices=("solo", "table"), default="", help="play only the solo or the 4-player games"
    )
    parser.add_argument("--no-write", action="store_true", help="print only, leave BENCHMARKS.md alone")
    parser.add_argument("--explain", type=int, metavar="SEED", help="show one solo game's decisions in words")
    parser.add_argument("--difficulty", default="", help="only this level of Andrew (--explain: normal)")
    args = parser.parse_args(argv)
    if args.explain is not None:
        explain(args.explain, args.difficulty or "normal")
        return 0
    if args.summarize:
        results = load(args.summarize)
        measured, mode = rows(results), f"{len(results)} games from a logged run"
    else:
        measured = run(args.games, args.jobs, args.log, args.only, args.difficulty)
        mode = f"up to {args.games} games a figure"
    print(machine_line() + f"; {mode}")
    print(text_table(measured))
    if not args.no_write:
        print(f"\nwrote {update_benchmarks_md(measured, mode)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
