"""Golden playthroughs (tests/engine/carnegie/golden/*.txt): stored bot games replayed two ways.

1. The stored actions, parsed from their notation, are each legal for the stored seat when played from
   the seed, and give exactly the stored final score sheet (catches rule changes).
2. The bots, replayed from their seeds, produce the stored file byte for byte (catches bot changes).

After an intended change: ``python -m tests.engine.carnegie.golden.regenerate`` and review the diff.
"""

from __future__ import annotations

import difflib

import pytest

from tests.engine.carnegie.golden.regenerate import CASES, GAME, Case, new_state, render, score_lines

HINT = "regenerate with: python -m tests.engine.carnegie.golden.regenerate (then review the diff)"


def stored(case: Case) -> tuple[list[tuple[int, str]], list[str]]:
    actions: list[tuple[int, str]] = []
    score: list[str] = []
    for line in case.path.read_text().splitlines():
        if line.startswith("# score") or score:
            score.append(line)
        elif not line.startswith("#"):
            seat, text = line.split("\t")
            actions.append((int(seat), text))
    return actions, score


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_stored_actions_replay_to_the_stored_score(case: Case) -> None:
    actions, score = stored(case)
    assert actions and score, f"{case.path} is empty; {HINT}"
    state = new_state(case)
    for n, (seat, text) in enumerate(actions, start=1):
        action = GAME.parse_action(text)
        legal = GAME.legal_actions(state, seat)
        assert action in legal, f"{case.name} action {n} ({seat} {text}) is no longer legal; {HINT}"
        state = GAME.apply(state, seat, action).state
    assert GAME.pending(state).finished, f"{case.name}: the stored log no longer ends the game; {HINT}"
    assert score_lines(GAME.score(state)) == score, HINT


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bots_reproduce_the_stored_playthrough(case: Case) -> None:
    expected = case.path.read_text()
    got = render(case)
    if got != expected:
        diff = "\n".join(
            list(difflib.unified_diff(expected.splitlines(), got.splitlines(), "stored", "now", lineterm=""))[
                :40
            ]
        )
        pytest.fail(f"{case.name} differs; {HINT}\n{diff}")
