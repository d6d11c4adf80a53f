"""Carnegie's own computer player: one-step greedy (``CarnegieGame.ai``'s default level).

It is deterministic given its seed: its randomness comes from its own ``engine.core.Rng``, never from the
game state's RNG, so a bot's choices never change the game's draws. The uniform random player and the loop
that lets computer players play (``engine.core.play``) are the core's, shared by every game.

The greedy player applies every legal action and keeps the one whose resulting state is worth most to
the acting seat: the provisional score (``scoring.categories``) plus a cheap estimate of what the
resources will still be worth (money, goods, projects ready to build, employees, track positions),
weighted by the share of the game left. Ties are broken with the player's seeded ``Rng``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.carnegie import data
from engine.carnegie.actions import parse_cell
from engine.carnegie.reconstructed import GRID_COLS, N_CELLS
from engine.carnegie.rules import event_of
from engine.carnegie.rules.common import leaving_workplace
from engine.carnegie.scoring import categories
from engine.carnegie.state import (
    FREE,
    USED,
    CarnegieState,
    Company,
    active_employees,
    active_in,
    tab_discs,
    workplace_costs,
)
from engine.core import Game, Rng

# --- greedy evaluation -------------------------------------------------------------------------------------

_EPS = 1e-9


def _worth_of_lying(company: Company) -> float:
    """Inactive employees lying where a free workplace waits can be activated in Phase 4: count them (up
    to the free workplaces of their cell); employees elsewhere are worth a little less per step away from
    the nearest free workplace, which pulls HR moves towards departments."""
    free_cells = [
        cell
        for cell in range(N_CELLS)
        if company.cells[cell] > 0 and any(w == FREE for w in company.staff[cell])
    ]
    if not free_cells:
        return 0.0
    total = 0.0
    for cell in range(N_CELLS):
        n = company.idle[cell]
        if not n:
            continue
        if cell in free_cells:
            free = sum(1 for w in company.staff[cell] if w == FREE)
            total += 0.8 * min(n, free)
            continue
        r, c = divmod(cell, GRID_COLS)
        dist = min(abs(r - fr) + abs(c - fc) for fr, fc in (divmod(f, GRID_COLS) for f in free_cells))
        total += n * max(0.0, 0.6 - 0.15 * dist)
    return total


@dataclass(frozen=True, slots=True)
class Weights:
    """VP-equivalents of resources in ``evaluate``: ``(base, extra)`` = ``base + extra × share of the game
    left`` per unit. Defaults were tuned by greedy-against-greedy matches of earlier weight sets."""

    money: tuple[float, float] = (0.12, 0.18)
    goods: tuple[float, float] = (0.3, 0.3)
    ready: tuple[float, float] = (0.5, 1.0)  # projects ready to build on the tabs
    built: tuple[float, float] = (0.5, 2.0)  # built projects (donation potential, project income)
    active: tuple[float, float] = (0.0, 1.0)  # on top of the 1 VP each already in the score
    mission: tuple[float, float] = (0.0, 0.7)
    idle: tuple[float, float] = (0.0, 0.8)
    track: tuple[float, float] = (0.0, 1.2)  # per track step above the start
    lying: tuple[float, float] = (0.0, 1.0)  # multiplies ``_worth_of_lying``


DEFAULT_WEIGHTS = Weights()


def evaluate(state: CarnegieState, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """What ``state`` is worth to ``seat`` in VP: provisional score + resources weighted by the time left."""
    company = state.companies[seat]
    score = sum(categories(state, seat).values())
    if state.phase == "over":
        return float(score)
    left = max(0.0, (data.ROUNDS - state.round + 1) / data.ROUNDS)  # 1 at the start, 0.05 in round 20

    def w(pair: tuple[float, float]) -> float:
        return pair[0] + pair[1] * left

    future = (
        w(weights.money) * company.money
        + w(weights.goods) * company.goods
        + w(weights.ready) * sum(tab_discs(company, t) for t in range(4))
        + w(weights.built) * sum(company.tab_built)
        + w(weights.active) * active_employees(company)
        + w(weights.mission) * sum(company.missions)
        + w(weights.idle) * sum(company.idle)
        + w(weights.track) * (sum(company.tracks) - 4)
        + w(weights.lying) * _worth_of_lying(company)
    )
    return score + future


_PASSIVE = frozenset({data.NEW_LOBBY, data.PROPERTY_MANAGEMENT, data.COMMUNICATIONS, data.TELEGRAPH})


def turn_potential(company: Company, action_type: int) -> float:
    """Rough VP-worth of a department turn of ``action_type``: one per active employee able to work in a
    department of that type, limited by what the turn can use (idle employees to move for HR, ready
    projects and goods for Construction)."""
    uses = 0
    for cell, dept in enumerate(company.cells):
        if dept > 0 and dept not in _PASSIVE and data.DEPT_TYPES[dept] == action_type:
            uses += active_in(company, cell)
    if action_type == data.HR:
        return 0.5 * min(uses * 1.5, sum(company.idle))
    if action_type == data.CON:
        ready = sum(tab_discs(company, t) for t in range(4))
        return 2.0 * min(uses, ready, company.goods + company.money // 3)
    if action_type == data.RND:
        return 1.2 * uses
    return 1.0 * uses


def row_value(state: CarnegieState, seat: int) -> float:
    """What the round just chosen (gear placed, ``state.row``) promises ``seat`` compared with the
    others: the department turn (R5.2.1) and the event (income from its own mission area, a donation)."""

    def own(s: int) -> float:
        company = state.companies[s]
        value = turn_potential(company, state.row)
        if state.advancing >= 0:
            region, donation = event_of(state)
            if region >= 0:
                value += 1.0 * company.missions[region]
            if donation:
                value += 0.5
        return value

    others = [own(s) for s in range(state.players) if s != seat]
    return own(seat) - 0.5 * sum(others) / max(1, len(others))


def leaving_value(state: CarnegieState, seat: int, action: object) -> float:
    """A standing employee moved out of a department whose workplaces differ in price (R6.1.3, §7.8) names
    the workplace it leaves: one step shows no difference in the score, so prefer freeing the cheaper
    workplace (the next activation pays its price, R5.5.1), and even more an employee who already worked
    this turn (the one still active can work again)."""
    verb: str = getattr(action, "verb", "")
    args: tuple[str, ...] = getattr(action, "args", ())
    if verb not in ("move", "relocate") or len(args) < 2:
        return 0.0
    company = state.companies[seat]
    cell, _ = parse_cell(args[0].split(">")[0])
    w, _ = leaving_workplace(company, cell, args[1], "")
    if w < 0:
        return 0.0
    return -0.05 * workplace_costs(company.cells[cell])[w] + (0.3 if company.staff[cell][w] == USED else 0.0)


class GreedyPlayer:
    """One-step lookahead on ``evaluate``; equal values are broken by the seeded ``Rng``."""

    def __init__(self, seed: int, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.rng = Rng(seed=seed)
        self.weights = weights

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        if len(actions) == 1:
            return actions[0]
        best: list[Any] = []
        best_value = float("-inf")
        rows = all(getattr(a, "verb", "") == "row" for a in actions)
        for action in actions:
            after = game.apply(state, seat, action).state
            value = evaluate(after, seat, self.weights)
            if rows and after.row >= 0:  # choosing the round's row: one step shows nothing of the turn
                value += row_value(after, seat)
            value += leaving_value(state, seat, action)
            if value > best_value + _EPS:
                best, best_value = [action], value
            elif value > best_value - _EPS:
                best.append(action)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]
