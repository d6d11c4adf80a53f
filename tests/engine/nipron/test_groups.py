"""Where a player's panel files Nipron's many similar choices (issue 18, ``engine/nipron/groups.py``): a
factory to invest in (§4.5.1) by product and level, an influence tile (§4.5.9) by the space it goes on;
taking a worker (§4.3) stays one click. Every label names what the pictures show, never a code."""

from __future__ import annotations

import random
import re

from engine.core import action_path
from engine.nipron import GAME as G
from engine.nipron import data, words
from engine.nipron.actions import Action, Invest, Put, Take, space_index
from engine.nipron.state import NipronState

CODE = re.compile(r"\b(C\d[NESW]|[A-Z]+_[A-Z])\b")


def _walk(seed: int, steps: int = 600) -> list[tuple[NipronState, int, list[Action]]]:
    """The decisions of a random seeded game: (state, seat, legal actions)."""
    rng = random.Random(seed)
    state = G.new_game(4, seed)
    seen = []
    for _ in range(steps):
        decision = G.pending(state)
        if decision.finished:
            break
        seat = decision.seats[0]
        legal = G.legal_actions(state, seat)
        seen.append((state, seat, legal))
        state = G.apply(state, seat, rng.choice(legal)).state
    return seen


def test_investments_are_filed_by_factory_and_tiles_by_space_s4_5_1_s4_5_9() -> None:
    kinds = set()
    for state, seat, legal in _walk(3) + _walk(8):
        for action in legal:
            path = action_path(G, state, seat, action)
            if isinstance(action, Invest):
                kinds.add("invest")
                assert path == (f"Invest in a {words.factory(action.tile, bonus=False)}",)
                level = data.FACTORIES[action.tile].level
                assert f"level-{level}" in path[0] and "(bonus" not in path[0]
            elif isinstance(action, Put):
                kinds.add("put")
                where = words.space(space_index(action.space), short=True)
                assert path[0].startswith(f"Place a tile {where}: +"), path
            else:
                assert path == (), action
            assert not any(CODE.search(label) for label in path), path
        # The groups of one decision: a handful of factories or spaces, each a few choices.
        groups = {action_path(G, state, seat, a) for a in legal} - {()}
        assert len(groups) <= 10, groups
    assert kinds == {"invest", "put"}


def test_taking_a_worker_stays_one_click_s4_3() -> None:
    takes = [(state, seat, a) for state, seat, legal in _walk(3) for a in legal if isinstance(a, Take)]
    assert takes
    assert all(action_path(G, state, seat, a) == () for state, seat, a in takes)
