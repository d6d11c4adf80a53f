"""Carnegie's searching computer players (normal and strong, ``engine.core.search``): what a position is worth
against the best rival, the other plans a solo searcher weighs, and the budgets by number of players."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from engine.carnegie import solo
from engine.carnegie.ai import (
    SOLO_WEIGHTS,
    GreedyPlayer,
    SearchPolicy,
    Weights,
    evaluate,
    greedy_rank,
)
from engine.carnegie.scoring import solo_categories
from engine.carnegie.state import CarnegieState
from engine.carnegie.unseen import determinize
from engine.core import Player
from engine.core.search import Budget, Search
from engine.core.search import ai_player as core_ai_player


def margin(state: CarnegieState, seat: int) -> float:
    """What a position is worth to ``seat`` against its best rival: ``evaluate`` less the best other seat's
    (in solo, less Andrew's provisional score, R10.4: he has no resources to weigh)."""
    if state.andrew is not None:
        mine, his = solo_categories(state)
        return evaluate(state, seat, SOLO_WEIGHTS, sum(mine.values())) - sum(his.values())
    own = evaluate(state, seat)
    return own - max(evaluate(state, s) for s in range(state.players) if s != seat)


def _round(state: CarnegieState) -> int:
    """How far the game has gone, in rounds. Against Andrew, the round of the player's latest row choice
    (R10.2: the player selects the row in odd rounds, Andrew in even ones), so every play-out of a decision
    stops at the player's row choice, before anything of that round has happened. A play-out cut wherever
    its actions ran out, or as a round begins, could stop before its income or donation in one candidate and
    after it in another, and the leaf would weigh the event, not the action."""
    if state.phase == "over":
        return state.round + 1
    if state.andrew is not None and solo.andrew_selects(state):
        return state.round - 1
    return state.round


def _scaled(weights: Weights, **factors: float) -> Weights:
    scaled = {name: tuple(x * f for x in getattr(weights, name)) for name, f in factors.items()}
    return replace(weights, **scaled)


# Other plans for the solo searcher to weigh (policy switching, ``Search.alternatives``): the play-out player
# leaning towards income (missions, money, track income), towards building projects, towards departments,
# towards donations. Played throughout, each ends 1–5 VP behind ``SOLO_WEIGHTS`` (greedy games of seeds
# 2000–2019), but the search follows one only where its play-outs from the position end better.
SOLO_PLANS: tuple[Callable[[int], Player], ...] = tuple(
    partial(GreedyPlayer, weights=w, in_world=True)
    for w in (
        _scaled(SOLO_WEIGHTS, mission=3.0, money=2.0, income=2.0),
        _scaled(SOLO_WEIGHTS, built=2.0, goods=2.0),
        replace(SOLO_WEIGHTS, departments=(0.5, 3.0)),
        _scaled(SOLO_WEIGHTS, donated=4.0, money=1.5),
    )
)


def _plans(state: CarnegieState) -> Sequence[Callable[[int], Player]]:
    return SOLO_PLANS if state.andrew is not None else ()


SEARCH = Search(
    rank=greedy_rank,
    policy=SearchPolicy,
    value=margin,
    progress=_round,
    determinize=determinize,
    alternatives=_plans,
)

# Budgets by number of players (engine.core.search.Budget: candidates, worlds, rounds of rollout, action
# cap). Sized on this project's machine (BENCHMARKS.md, section strength) for strong ≤ 2 s p99 per decision
# on one core: a solo rollout to the game's end costs ~0.1 s early on, a round of four players ~0.03 s.
# Normal plays one round on (against Andrew: to the player's next row choice, one or two rounds on).
NORMAL = {n: Budget(width=3, samples=1, horizon=1, steps=30) for n in range(1, 5)}
# Solo strong weighs the play-out player's best three actions and the four ``SOLO_PLANS`` in five worlds of
# Andrew's hidden cards each (35 play-outs a decision), every play-out stopped at the same point: the
# player's row choice five or six rounds on (``_round``; at most 60 actions), or the game's end. Short
# play-outs in many worlds rather than a few long ones: a greedy line drifts further from its twin the longer
# it runs, while the leaf already counts what a company promises. Stopping them all at the same row choice
# (seventeenth session) instead of after 25 actions wherever those fell, where the leaf's reading of the
# final margin differed by 4.2 VP between the stops of one world's candidates: paired with the 25-action
# cut on normal seeds 100–174 46 wins against 44, +8.1 against +2.9 VP; hard 0–74 31 against 30, -4.3
# against -4.7 VP; p99 1.26 s (BENCHMARKS.md, section strength). Earlier: two worlds of 50 actions -> four
# of 25 (eighth session), normal 40 -> 62 % wins on seeds 0–49; four -> five worlds (thirteenth); past five,
# and with shorter play-outs, whole games lost (fourteenth). Leaf values fitted to final margins (fifteenth,
# branch ``leaf``) lost 4–5 VP a game at hard; an offset table for the 25-action cut (sixteenth, branch
# ``offsets``) was level on fresh seeds.
STRONG = {
    1: Budget(width=3, samples=5, horizon=6, steps=60, switch=True),
    2: Budget(width=4, samples=1, horizon=4, steps=45),
    3: Budget(width=4, samples=1, horizon=3, steps=45),
    4: Budget(width=4, samples=1, horizon=2, steps=45),
}


def ai_player(seed: int, level: str | None = None) -> Player:
    """Carnegie's computer player of ``level`` (``AI_LEVELS``: easy, the default, normal, strong, random)."""
    return core_ai_player("Carnegie", seed, level, GreedyPlayer, SEARCH, NORMAL, STRONG)
