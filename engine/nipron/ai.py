"""Computer players: the core's ``RandomPlayer`` and a greedy player.

The greedy player tries each legal action on a copy of the state, follows its own forced next
choice one step further when the action only opens a choice (a worker taken, cubes chosen for an
influence tile), and keeps the action whose result it values most. The valuation converts
everything to VP at the rate the spec's calibration suggests (§8: 1 VP ≈ 1 coal ≈ 1 blueprint ≈
¥2,500), plus what the position is worth at the next district scoring and at final scoring.
Deterministic: ties are broken by the player's own seeded Rng, never the game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Game, Player, Rng
from engine.core.search import Budget, Search
from engine.core.search import ai_player as core_ai_player
from engine.nipron import data
from engine.nipron.actions import Action, Take
from engine.nipron.rules.common import colours_held, level
from engine.nipron.rules.flow import apply, legal_actions
from engine.nipron.rules.scorings import district_awards
from engine.nipron.scoring import achievements_vp
from engine.nipron.state import NipronState

FOLLOW_PHASES = frozenset({"action", "place", "give", "machine", "bump"})


def value(state: NipronState, seat: int) -> float:
    """What a position is worth to ``seat``, in VP."""
    z = state.zaibatsu[seat]
    if state.over:
        best_other = max(o.vp for i, o in enumerate(state.zaibatsu) if i != seat)
        return 1000.0 + z.vp - best_other
    late = state.final_seat >= 0
    v = float(z.vp)
    # yen and coal left at a consolidation are lost, so they are worth less than their rate
    v += z.yen / 4000 + z.coal * 0.5 + z.blueprints * 0.7
    # income and levels pay back at each later consolidation
    weight = 0.6 if late else 1.6
    v += z.steps["money"] * weight * 0.5 + z.steps["coal"] * weight * 0.6
    v += level(z, "knowledge") * (0.3 if late else 0.9)
    for f in z.factories:
        t = data.FACTORIES[f.tile]
        v += (0.5 if late else 2.5) + t.level * (0.5 if late else 1.5) + f.machine * (0.3 if late else 1.2)
        v += min(f.goods, 3) * (0.3 + 0.3 * t.level)  # goods only matter once sold
    v += 1.5 * len(z.workers) - 0.5 * colours_held(z)  # progress to a reward, less workforce
    v += 0.6 * len(z.fulfilled)
    # district standing at the next scoring
    # district standing, held for every scoring still to come (tiles stay unless outbid)
    scoring = min(3, state.scorings + 1)
    remaining = 3 - state.scorings
    for d in range(data.DISTRICTS):
        award = district_awards(state, d, scoring).get(seat)
        if award:
            v += 0.6 * remaining * (award[1] + award[2])
    v += 0.8 * sum(achievements_vp(state, seat))
    v += 0.25 * sum(z.hand) / 10 if not late else 0.0
    return v


def greedy_values(state: NipronState, seat: int, actions: Sequence[Any]) -> list[tuple[Action, float]]:
    """The greedy value of each action worth telling apart: of the takes from one space, only the colour
    ``_prefer_colours`` puts first (the others differ only by workforce)."""
    out: list[tuple[Action, float]] = []
    seen_spaces: set[int] = set()
    for a in _prefer_colours(state, seat, actions):
        if isinstance(a, Take):
            if a.space in seen_spaces:
                continue
            seen_spaces.add(a.space)
        out.append((a, _score(state, seat, a)))
    return out


def greedy_rank(game: Game[Any, Any], state: NipronState, seat: int, actions: Sequence[Any]) -> list[Any]:
    """``actions`` best first by ``greedy_values`` (a stable sort: equal values keep the greedy's order)."""
    return [a for a, _ in sorted(greedy_values(state, seat, actions), key=lambda av: -av[1])]


class GreedyPlayer:
    """One step of lookahead on a copy of the state (two when the first step only opens a choice)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed=seed)

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        best: list[Action] = []
        best_value = float("-inf")
        for a, v in greedy_values(state, seat, actions):
            if v > best_value + 1e-9:
                best, best_value = [a], v
            elif abs(v - best_value) <= 1e-9:
                best.append(a)
        return best[self.rng.below(len(best))]


def _score(state: NipronState, seat: int, a: Action, depth: int = 0) -> float:
    new, _ = apply(state, seat, a)
    if not new.over and new.active == seat and new.phase in FOLLOW_PHASES and depth < 2:
        follow = legal_actions(new, seat)
        if follow:
            return max(_score(new, seat, b, depth + 1) for b in follow)
    return value(new, seat)


def _prefer_colours(state: NipronState, seat: int, actions: Sequence[Any]) -> list[Any]:
    """Takes of a colour the player already holds come first: they add no workforce cost."""
    held = {data.COLOURS[c] for c in state.zaibatsu[seat].workers}
    return sorted(actions, key=lambda a: 0 if not isinstance(a, Take) or a.colour in held else 1)


# --- search (engine.core.search) ---------------------------------------------------------------------------


def margin(state: NipronState, seat: int) -> float:
    """What a position is worth to ``seat`` against its best rival (``value`` of each)."""
    return value(state, seat) - max(value(state, s) for s in range(state.players) if s != seat)


def determinize(state: NipronState, seat: int, rng: Rng) -> NipronState:
    """A copy of ``state`` whose future draws from the bag (§4.6) come from ``rng``: the bag's colour counts
    are open, its order does not exist yet. The boxed city tile and reward tiles (§3.1) stay unseen: no
    rule reads them after setup."""
    world = state.clone()
    world.rng = Rng(seed=rng.below(1 << 62))
    return world


def _turns(state: NipronState) -> int:
    return state.turns + (1000 if state.over else 0)


SEARCH = Search(rank=greedy_rank, policy=GreedyPlayer, value=margin, progress=_turns, determinize=determinize)

# Budgets by number of players (engine.core.search.Budget: candidates, worlds, turns of rollout, action cap),
# sized for strong ≤ 2 s p99 per decision on one core of this project's machine (BENCHMARKS.md).
NORMAL = {n: Budget(width=3, samples=1, horizon=n, steps=200) for n in range(2, 5)}
STRONG = {n: Budget(width=4, samples=1, horizon=2 * n, steps=400) for n in range(2, 5)}


def ai_player(seed: int, level: str | None = None) -> Player:
    """Nipron's computer player of ``level`` (``AI_LEVELS``: easy, the default, normal, strong, random)."""
    return core_ai_player("Nipron", seed, level, GreedyPlayer, SEARCH, NORMAL, STRONG)
