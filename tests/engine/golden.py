"""Golden playthroughs of every game: seeded computer games stored as text, one harness for all.

Each game keeps a ``golden`` package beside its tests: text files (a header, one ``seat<TAB>notation``
line per action, comment lines the game chooses, then the final score sheet from a line ``# score``)
and a ``regenerate`` module, listed in ``GAMES``, with the game's ``GAME``, its ``CASES`` (each with a
``name`` and the ``path`` of its file), ``new_state(case)``, ``render(case)`` (the whole file, played
now) and ``score_lines(sheet)``. ``tests/engine/test_golden.py`` checks every case of every game;
``python -m <its regenerate module>`` rewrites a game's files.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# Every game with golden playthroughs: add a new game's regenerate module here by hand.
GAMES: tuple[str, ...] = (
    "tests.engine.carnegie.golden.regenerate",
    "tests.engine.nipron.golden.regenerate",
)


def modules() -> list[ModuleType]:
    return [importlib.import_module(name) for name in GAMES]


def hint(module: ModuleType) -> str:
    return f"regenerate with: python -m {module.__name__} (then review the diff)"


def stored(path: Path) -> tuple[list[tuple[int, str]], list[str]]:
    """The stored ``(seat, notation)`` actions and the score sheet's lines."""
    actions: list[tuple[int, str]] = []
    score: list[str] = []
    for line in path.read_text().splitlines():
        if line.startswith("# score") or score:
            score.append(line)
        elif not line.startswith("#"):
            seat, text = line.split("\t")
            actions.append((int(seat), text))
    return actions, score


def regenerate(module: ModuleType, argv: Sequence[str] | None = None) -> int:
    """Rewrite the files of ``module``'s cases (those named in ``argv``, or all); say which changed."""
    names = set(argv if argv is not None else sys.argv[1:])
    for case in module.CASES:
        if names and case.name not in names:
            continue
        text = module.render(case)
        changed = not case.path.exists() or case.path.read_text() != text
        case.path.write_text(text)
        print(f"{'updated' if changed else 'unchanged'}: {case.path}")
    return 0
