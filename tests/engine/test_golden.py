"""Golden playthroughs (``tests/engine/golden.py``; the files in each game's ``golden`` folder): stored
computer games replayed two ways, for every game.

1. The stored actions, parsed from their notation, are each legal for the stored seat when played from
   the seed, and give exactly the stored final score sheet (catches rule changes).
2. The computer players, replayed from their seeds, produce the stored file byte for byte (catches changes
   to the players or to the texts the file keeps).

After an intended change: ``python -m tests.engine.<game>.golden.regenerate`` and review the diff.
"""

from __future__ import annotations

import difflib
from types import ModuleType
from typing import Any

import pytest

from tests.engine.golden import hint, modules, stored

CASES = [
    pytest.param(module, case, id=f"{module.GAME.name}-{case.name}")
    for module in modules()
    for case in module.CASES
]


@pytest.mark.parametrize(("golden", "case"), CASES)
def test_stored_actions_replay_to_the_stored_score(golden: ModuleType, case: Any) -> None:
    game, how = golden.GAME, hint(golden)
    actions, score = stored(case.path)
    assert actions and score, f"{case.path} is empty; {how}"
    state = golden.new_state(case)
    for n, (seat, text) in enumerate(actions, start=1):
        action = game.parse_action(text)
        assert action in game.legal_actions(state, seat), (
            f"{case.name} action {n} ({seat} {text}) is no longer legal; {how}"
        )
        state = game.apply(state, seat, action).state
    assert game.pending(state).finished, f"{case.name}: the stored log no longer ends the game; {how}"
    assert golden.score_lines(game.score(state)) == score, how


@pytest.mark.parametrize(("golden", "case"), CASES)
def test_players_reproduce_the_stored_playthrough(golden: ModuleType, case: Any) -> None:
    expected = case.path.read_text()
    got = golden.render(case)
    if got != expected:
        diff = difflib.unified_diff(expected.splitlines(), got.splitlines(), "stored", "now", lineterm="")
        pytest.fail(f"{case.name} differs; {hint(golden)}\n" + "\n".join(list(diff)[:40]))
