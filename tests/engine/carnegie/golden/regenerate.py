"""Golden playthroughs of Carnegie: ``python -m tests.engine.carnegie.golden.regenerate``.

Each case is a seeded game between the engine's bots. Its text file holds a header (players, seed,
options, bots), one line per action (``seat<TAB>notation``) and the final score sheet per category.
``tests/engine/test_golden.py`` replays the stored actions through the engine and replays the bots, and
compares both with the file (``tests/engine/golden.py``).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.carnegie import GAME
from engine.carnegie.ai import GreedyPlayer
from engine.carnegie.state import CarnegieState
from engine.core import Played, Player, RandomPlayer, Rng, ScoreSheet, play
from tests.engine.golden import regenerate

HERE = Path(__file__).resolve().parent
BOTS = {"greedy": GreedyPlayer, "random": RandomPlayer}


@dataclass(frozen=True)
class Case:
    name: str
    seed: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, str], ...] = ()

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"

    def players(self) -> list[Player]:
        return [BOTS[kind](self.seed * 100 + seat) for seat, kind in enumerate(self.bots)]


CASES: tuple[Case, ...] = (
    Case(
        "two_players_greedy_vs_random", seed=11, bots=("greedy", "random"), options=(("tab_sides", "random"),)
    ),
    Case("three_players_greedy", seed=23, bots=("greedy", "greedy", "greedy")),
    Case(
        "four_players_mixed",
        seed=42,
        bots=("random", "greedy", "random", "greedy"),
        options=(("beginner", "yes"),),
    ),
    Case("solo_greedy_against_andrew", seed=5, bots=("greedy",), options=(("difficulty", "hard"),)),
)


def score_lines(sheet: ScoreSheet) -> list[str]:
    out = [f"# score (final={sheet.final})"]
    for line in sheet.lines:
        cats = ", ".join(f"{k}={v}" for k, v in line.categories.items())
        out.append(f"seat {line.seat}: total={line.total}; {cats}")
    out.append("winners: " + " ".join(str(s) for s in sheet.winners))
    return out


def header_lines(case: Case) -> list[str]:
    return [
        f"# golden playthrough {case.name}",
        f"# players={len(case.bots)} seed={case.seed} "
        f"options={json.dumps(dict(case.options), sort_keys=True)}",
        "# bots=" + ",".join(case.bots),
        "# regenerate: python -m tests.engine.carnegie.golden.regenerate",
    ]


def new_state(case: Case) -> CarnegieState:
    return GAME.new_game(len(case.bots), case.seed, dict(case.options))


def play_case(case: Case) -> tuple[CarnegieState, list[Played]]:
    return play(GAME, new_state(case), case.players(), seat_rng=Rng(seed=case.seed))


def render(case: Case) -> str:
    final, log = play_case(case)
    lines = header_lines(case)
    lines += [f"{m.seat}\t{m.notation}" for m in log]
    lines += score_lines(GAME.score(final))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(regenerate(sys.modules[__name__]))
