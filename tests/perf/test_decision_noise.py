"""``python -m tests.perf.decision_noise`` (issue 22): the regret of a choice made from few worlds."""

from __future__ import annotations

import pytest

from engine.carnegie import GAME
from tests.perf.decision_noise import Sampled, regret, sample


def test_a_candidate_best_in_every_world_is_always_chosen() -> None:
    s = Sampled(1, False, ["a", "b", "a"], [[5.0] * 8, [9.0] * 8, [7.0] * 8])
    assert regret([s], 1, draws=20) == 0.0


def test_fewer_worlds_are_fooled_more_often_by_a_lucky_candidate() -> None:
    """A gamble worth 20 in half the worlds and 0 in the others (10 on average) against a sure 14: from one
    world the gamble is chosen half the time, from eight only when six or more of them were lucky."""
    gamble = [20.0 if w % 2 == 0 else 0.0 for w in range(32)]
    s = Sampled(1, False, ["sure", "gamble"], [[14.0] * 32, gamble])
    one, eight = regret([s], 1, draws=400), regret([s], 8, draws=400)
    assert one > 1.5 and eight < one / 2


def test_a_choice_needs_as_many_worlds_again_to_score_it() -> None:
    s = Sampled(1, False, ["a", "b"], [[1.0] * 4, [2.0] * 4])
    with pytest.raises(ValueError, match="at least 6"):
        regret([s], 3, draws=1)


def test_a_real_position_is_played_out_in_every_world_for_every_candidate() -> None:
    """The first decision of a solo game: solo strong's candidates, each in two worlds."""
    state = GAME.new_game(1, 905, {"tab_sides": "random", "difficulty": "normal"})
    s = sample(state, 2, 7000)
    assert s is not None and not s.row_choice and len(set(s.actions)) >= 2
    assert all(len(values) == 2 for values in s.values) and len(s.values) == len(s.actions)
    assert regret([s], 1, draws=10) >= 0.0
