"""Golden playthroughs for Nipron: computer players' games stored as text (the action log with the
events each action told, then the final score sheet). ``python -m tests.engine.nipron.golden.regenerate``
rewrites them; review the diff before committing. ``tests/engine/test_golden.py`` checks them."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from engine.core import Player, ScoreSheet, play
from engine.nipron import GAME
from engine.nipron.state import NipronState
from tests.engine.golden import regenerate

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Case:
    name: str
    players: int
    seed: int
    levels: tuple[str, ...]

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"


CASES = (
    Case("two_players_greedy_vs_random", 2, 3, ("easy", "random")),
    Case("three_players_greedy", 3, 5, ("easy", "easy", "easy")),
)


def new_state(case: Case) -> NipronState:
    return GAME.new_game(case.players, case.seed)


def players(case: Case) -> list[Player]:
    return [GAME.ai(case.seed * 10 + i, level) for i, level in enumerate(case.levels)]


def score_lines(sheet: ScoreSheet) -> list[str]:
    out = ["# score"]
    for line in sheet.lines:
        cats = ", ".join(f"{k} {v}" for k, v in line.categories.items() if v)
        out.append(f"# {line.name}: {line.total} VP ({cats})")
    out.append(f"# winners: {', '.join(sheet.lines[i].name for i in sheet.winners)}")
    if sheet.note:
        out.append(f"# note: {sheet.note}")
    return out


def render(case: Case) -> str:
    final, log = play(GAME, new_state(case), players(case))
    lines = [f"# Nipron {case.players} players, seed {case.seed}, {' / '.join(case.levels)}"]
    for p in log:
        lines.append(f"{p.seat}\t{p.notation}")
        lines += [f"#   {e.text}" for e in p.events if e.text]
    lines += score_lines(GAME.score(final))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(regenerate(sys.modules[__name__]))
