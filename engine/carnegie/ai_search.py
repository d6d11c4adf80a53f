"""Carnegie's searching computer players (normal and strong, ``engine.core.search``): what a position is worth
against the best rival, the other plans a solo searcher weighs, and the budgets by number of players."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from engine.carnegie import data
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
    return state.round + (1 if state.phase == "over" else 0)


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
NORMAL = {n: Budget(width=3, samples=1, horizon=1, steps=30) for n in range(1, 5)}
# Solo strong weighs the play-out player's best three actions and the four ``SOLO_PLANS`` in five worlds of
# Andrew's hidden cards each (35 play-outs a decision), each play-out cut after 25 actions (~5 solo rounds)
# or at the game's end. Many short play-outs rather than a few long ones: a play-out's greedy line drifts
# further from its twin's the longer it runs, so the candidates' values differ more by the drift than by
# the action, while the leaf value already counts what a company promises (its weights lean on the share
# of the game left). Two worlds of 50 actions -> four of 25 (eighth session): normal 40 -> 62 % wins on
# seeds 0–49; hard 10 -> 36 %. Four -> five worlds, paid for by a cheaper score (thirteenth session),
# paired seed by seed: normal (seeds 100–149) 27 -> 27 wins, +0.7 VP; hard (0–49) 18 -> 20 wins, +5.1 VP;
# p99 1.3 s. Past five, whole games stop following the decision-noise test's call for more worlds: six
# worlds won 24 against 27 at normal, six of 20 actions 21 against 27 (BENCHMARKS.md, section strength,
# fourteenth session), so the next gain is more likely in the play-out player than in more play-outs. Leaf
# values fitted to final margins (fifteenth session, branch ``leaf``) lost 4–5 VP a game at hard; cut
# play-outs put on the final scale by round and phase (sixteenth session, branch ``offsets``) were level on
# fresh seeds.
STRONG = {
    1: Budget(width=3, samples=5, horizon=data.ROUNDS, steps=25, switch=True),
    2: Budget(width=4, samples=1, horizon=4, steps=45),
    3: Budget(width=4, samples=1, horizon=3, steps=45),
    4: Budget(width=4, samples=1, horizon=2, steps=45),
}


def ai_player(seed: int, level: str | None = None) -> Player:
    """Carnegie's computer player of ``level`` (``AI_LEVELS``: easy, the default, normal, strong, random)."""
    return core_ai_player("Carnegie", seed, level, GreedyPlayer, SEARCH, NORMAL, STRONG)
