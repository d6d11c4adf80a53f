"""A Construction turn with no build says why on the panel (R6.3.1–R6.3.2, R5.4.3): the reason is
given only when no build is legal, and the seeded games meet it."""

from __future__ import annotations

from typing import Any

from engine.carnegie import GAME, data
from engine.carnegie.why_not import BUILDERS, why_no_build
from engine.core import play


def builds(state: Any, seat: int) -> list[str]:
    """The seat's legal uses of a department that builds."""
    codes = {data.DEPT_CODES[d] for d in BUILDERS}
    notations = [GAME.format_action(action).split() for action in GAME.legal_actions(state, seat)]
    return [" ".join(n) for n in notations if n[:1] == ["use"] and len(n) > 1 and n[1] in codes]


def test_the_reason_is_given_exactly_when_nothing_can_be_built() -> None:
    told: list[str] = []
    for seed in (3, 7):
        state = GAME.new_game(4, seed, {"tab_sides": "random"})
        ais = [GAME.ai(seed + seat, "random") for seat in range(4)]
        while not GAME.pending(state).finished:
            seat = GAME.pending(state).seats[0]
            why = why_no_build(state, seat)
            if why is not None:
                assert builds(state, seat) == [], (seed, str(why))
                told.append(str(why))
                assert str(why) in str(GAME.glance(state, seat).note)
            state, _ = play(GAME, state, ais, max_actions=1, strict=False)
    assert told, "no Construction turn without a build in these seeded games"
    assert all(t.startswith("You cannot build now: ") for t in told)
