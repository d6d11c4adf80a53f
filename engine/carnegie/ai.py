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
from functools import lru_cache
from itertools import combinations
from typing import Any

from engine.carnegie import data, rules
from engine.carnegie.actions import parse_cell
from engine.carnegie.reconstructed import N_CELLS, TABS
from engine.carnegie.rules import event_of
from engine.carnegie.rules.common import STEPS, leaving_workplace, space_event
from engine.carnegie.scoring import categories, connection_points, map_tally, solo_categories
from engine.carnegie.state import (
    FREE,
    USED,
    CarnegieState,
    Company,
    active_employees,
    active_in,
    built_departments,
    exposed_spaces,
    levels,
    workplace_costs,
)
from engine.carnegie.unseen import determinize
from engine.core import Game, Rng

# --- greedy evaluation -------------------------------------------------------------------------------------

_EPS = 1e-9


def _worth_of_lying(company: Company) -> float:
    """Inactive employees lying where a free workplace waits can be activated in Phase 4: count them (up
    to the free workplaces of their cell); employees elsewhere are worth a little less per step away from
    the nearest free workplace, which pulls HR moves towards departments."""
    if not any(company.idle):
        return 0.0
    free_cells = [cell for cell in range(N_CELLS) if company.cells[cell] > 0 and FREE in company.staff[cell]]
    if not free_cells:
        return 0.0
    total = 0.0
    for cell, n in enumerate(company.idle):
        if not n:
            continue
        if cell in free_cells:
            total += 0.8 * min(n, company.staff[cell].count(FREE))
            continue
        steps = STEPS[cell]
        dist = min(steps[f] for f in free_cells)
        total += n * max(0.0, 0.6 - 0.15 * dist)
    return total


_MAJORS = tuple(i for i, c in enumerate(data.CITIES) if c.link)


def _missing(own: frozenset[int], start: int) -> list[int]:
    """For every city, how many cities outside ``own`` a road path from ``start`` must still take (both
    ends counted): a 0-1 breadth-first search over the roads (§2.4)."""
    far = [len(data.CITIES) + 1] * len(data.CITIES)
    far[start] = 0 if start in own else 1
    queue = [start]
    while queue:
        nxt: list[int] = []
        for c in queue:
            for n in data.NEIGHBOURS[c]:
                d = far[c] + (0 if n in own else 1)
                if d < far[n]:
                    far[n] = d
                    (queue if n in own else nxt).append(n)
        queue = nxt
    return far


def network_promise(state: CarnegieState, seat: int) -> float:
    """What the player's discs promise in major-city connections (R9.3) beyond what they score now: for each
    group of major cities, the table's points at the player's present lowest level (R9.3.3), discounted by
    the cities the group still lacks (a spanning tree over road distances counted in missing cities)."""
    company = state.companies[seat]
    own = map_tally(state, seat).cities
    if not own:
        return 0.0
    at = levels(company)
    return max(0.0, _best_network(own, at) - connection_points(own, at))


# A play-out evaluates every legal action of every step, and most of them leave the player's cities and
# track levels as they were: the same few networks are weighed tens of thousands of times a decision.
@lru_cache(maxsize=1 << 14)
def _best_network(own: frozenset[int], track_levels: tuple[int, ...]) -> float:
    """The best group's discounted points for ``network_promise`` (a pure function of its arguments)."""
    far = {m: _missing(own, m) for m in _MAJORS}
    best = 0.0
    for size in (2, 3, 4):
        for group in combinations(_MAJORS, size):
            links = sum(data.CITIES[m].link for m in group)
            points = data.CONNECTION_TABLE[links][min(track_levels[data.CITIES[m].region] for m in group)]
            # Prim's tree over the group: the cities its roads still need (the start's own gap counted once)
            inside, lacking = [group[0]], 0 if group[0] in own else 1
            rest = list(group[1:])
            while rest:
                d, m = min((far[a][b] - (0 if a in own else 1), b) for a in inside for b in rest)
                lacking += max(0, d)
                inside.append(m)
                rest.remove(m)
            best = max(best, points * 0.7**lacking)
    return best


def _dollars(gain: data.Gain) -> float:
    """A rough worth in dollars of an income, to add unlike incomes up (a VP ~ $4, a good ~ $2)."""
    return gain.money + 2 * gain.goods + 4 * gain.vp + gain.sp + 3 * gain.employees


# Transport income per returned employee (§2.5, R5.3.2), in dollars, by region and track position.
_TRANSPORT = tuple(tuple(_dollars(space.income) for space in track) for track in data.TRACKS)


def income_events(state: CarnegieState, seat: int) -> tuple[int, ...]:
    """How many Take Income events each region still has on the timeline for ``seat`` (R5.1.2: every space
    is in view): the spaces right of each row's marker, the end tiles' included (R5.3.7), less the round's
    own event space once ``seat`` has had its income from it (the marker only moves in Phase 4, R5.5.3)."""
    # Kept per game's timeline (held, so compared by identity: clones share it, it never changes after
    # setup) by what else they depend on: the markers move four times a round, and the counts are asked for
    # after every action a computer player weighs. One tuple, replaced whole (as ``scoring.map_tally``).
    global _known_events
    timeline, known = _known_events
    if state.timeline is not timeline:
        known = {}
        _known_events = (state.timeline, known)
    key = (tuple(state.markers), state.advancing, state.phase not in ("select", "income"))
    counts = known.get(key)
    if counts is None:
        counts = known[key] = _income_events(state)
    return counts


_known_events: tuple[object, dict[tuple[tuple[int, ...], int, bool], tuple[int, ...]]] = (None, {})


def _income_events(state: CarnegieState) -> tuple[int, ...]:
    counts = [0, 0, 0, 0]
    for row in range(4):
        for space in range(state.markers[row] + 1, 6):
            region, _ = space_event(state.timeline, row, space)
            if region >= 0:
                counts[region] += 1
    if state.advancing >= 0 and state.phase not in ("select", "income"):
        region, _ = event_of(state)
        if region >= 0:
            counts[region] -= 1
    return tuple(counts)


def ready_projects(company: Company) -> int:
    """Projects ready to build on the company's tabs (``tab_discs`` of every tab)."""
    return _tabs(tuple(company.tab_side), tuple(company.tab_pos), tuple(company.tab_built))[0]


def project_income(company: Company) -> float:
    """The project income (R5.3.3) in dollars: the best alternative of every emptied project space."""
    return _tabs(tuple(company.tab_side), tuple(company.tab_pos), tuple(company.tab_built))[1]


# Weighed after every action of every play-out, and tabs change seldom between them.
@lru_cache(maxsize=1 << 12)
def _tabs(sides: tuple[int, ...], positions: tuple[int, ...], built: tuple[int, ...]) -> tuple[int, float]:
    """(projects ready to build on the tabs, ``tab_discs``; the project income, ``project_income``)."""
    ready, income = 0, 0.0
    for t, (side, pos, n) in enumerate(zip(sides, positions, built, strict=True)):
        spaces = exposed_spaces(t, side, pos)
        ready += len(spaces) - n
        for i in spaces[:n]:  # emptied (``emptied_income_spaces``), in the same order
            income += _space_income(t, side, i)
    return ready, income


@lru_cache(maxsize=256)  # a few dozen project spaces, weighed for every action of every play-out
def _space_income(ptype: int, side: int, space: int) -> float:
    return max((_dollars(g) for g in TABS[ptype][side][space].income), default=0.0)


def income_promise(state: CarnegieState, seat: int) -> tuple[float, float]:
    """What the employees on missions will bring back, in dollars: each one its region's transport income at
    the present track position (R5.3.2) while the region has income events left (employees in a region with
    none left never come back), and the project income (R5.3.3) once for each region with employees out and
    an event to come."""
    company = state.companies[seat]
    if not any(company.missions):
        return 0.0, 0.0
    events = income_events(state, seat)
    projects = project_income(company)
    dollars, covered = 0.0, 0.0
    for r, n in enumerate(company.missions):
        if n and events[r]:
            dollars += min(n, events[r]) * _TRANSPORT[r][company.tracks[r] - 1]
            covered += projects
    return dollars, covered


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
    network: tuple[float, float] = (0.0, 0.0)  # multiplies ``network_promise`` (0: the easy player's choice)
    departments: tuple[float, float] = (0.0, 0.0)  # per department tile built, on top of its VP (future uses)
    donated: tuple[float, float] = (0.0, 0.0)  # per own donation disc, on top of its provisional VP (growth)
    andrew: tuple[float, float] = (0.0, 0.0)  # solo greedy only: Andrew's provisional score, subtracted
    income: tuple[float, float] = (0.0, 0.0)  # multiplies ``income_promise``'s transport dollars
    projects: tuple[float, float] = (0.0, 0.0)  # multiplies ``income_promise``'s project-income dollars


DEFAULT_WEIGHTS = Weights()
# The searching levels' weights in solo (``SearchPolicy``): fitted to the greedy player's final margins
# against Andrew at normal by ``python -m tests.perf.tune_weights`` (an evolution strategy, 48 seeded games a
# candidate, seeds from 1000, 24 generations of 12), the play-out player seeing its world's cards as in a
# search. Held-out greedy games (seeds 2000–2079 and 3000–3079): mean margin -34.9 VP with the weights before
# (fitted without the income events and project income of ``income_promise``), -28.6 with these.
SOLO_WEIGHTS = Weights(
    money=(0.160, 0.232),
    goods=(0.237, 2.464),
    ready=(0.512, 0.779),
    built=(4.743, 3.653),
    active=(0.348, 0.646),
    mission=(0.032, 0.546),
    idle=(0.173, 0.330),
    track=(0.062, 0.502),
    lying=(0.153, 1.202),
    network=(0.135, 0.155),
    departments=(0.142, 0.176),
    donated=(0.086, 0.126),
    andrew=(0.415, 0.047),
    income=(0.014, 0.312),
    projects=(0.034, 0.049),
)


def _share(state: CarnegieState) -> float:
    """The share of the game left: 1 in round 1, 0.05 in round 20."""
    return max(0.0, (data.ROUNDS - state.round + 1) / data.ROUNDS)


def _weigh(pair: tuple[float, float], state: CarnegieState) -> float:
    """``base + extra × share of the game left``."""
    return pair[0] + pair[1] * _share(state)


def evaluate(
    state: CarnegieState, seat: int, weights: Weights = DEFAULT_WEIGHTS, score: int | None = None
) -> float:
    """What ``state`` is worth to ``seat`` in VP: provisional score (``score`` when the caller has it)
    plus resources weighted by the time left."""
    company = state.companies[seat]
    if score is None:
        score = sum(categories(state, seat).values())
    if state.phase == "over":
        return float(score)

    share = _share(state)  # once, not once per weight

    def w(pair: tuple[float, float]) -> float:
        return pair[0] + pair[1] * share

    future = (
        w(weights.money) * company.money
        + w(weights.goods) * company.goods
        + w(weights.ready) * ready_projects(company)
        + w(weights.built) * sum(company.tab_built)
        + w(weights.active) * active_employees(company)
        + w(weights.mission) * sum(company.missions)
        + w(weights.idle) * sum(company.idle)
        + w(weights.track) * (sum(company.tracks) - 4)
        + w(weights.lying) * _worth_of_lying(company)
    )
    if weights.network != (0.0, 0.0):
        future += w(weights.network) * network_promise(state, seat)
    if weights.departments != (0.0, 0.0):
        future += w(weights.departments) * len(built_departments(company))
    future += w(weights.donated) * company.donations
    if any(company.missions) and (weights.income != (0.0, 0.0) or weights.projects != (0.0, 0.0)):
        dollars, projects = income_promise(state, seat)
        future += w(weights.income) * dollars + w(weights.projects) * projects
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
        ready = ready_projects(company)
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


def journey_cost(action: object) -> float:
    """A journey's moves are spent for good (R6.1.4: the pool is the turn's): a little per step, so that
    a journey that changes nothing worth having (there and back again) loses to ending the turn, and a
    shorter journey to an equal place wins."""
    if getattr(action, "verb", "") != "move":
        return 0.0
    args: tuple[str, ...] = getattr(action, "args", ())
    return -0.01 * args[0].count(">")


def greedy_values(
    game: Game[Any, Any],
    state: CarnegieState,
    seat: int,
    actions: Sequence[Any],
    weights: Weights = DEFAULT_WEIGHTS,
) -> list[float]:
    """The one-step value of each action for ``seat`` (``evaluate`` after it, plus the row's promise and
    the workplace an employee leaves, which one step does not show)."""
    rows = all(getattr(a, "verb", "") == "row" for a in actions)
    out: list[float] = []
    for action in actions:
        after, _ = rules.apply_legal(state, seat, action)  # the rules' own: no Step, no barrier, no check
        if weights.andrew != (0.0, 0.0) and after.andrew is not None:
            own, his = solo_categories(after)
            value = evaluate(after, seat, weights, sum(own.values()))
            value -= _weigh(weights.andrew, after) * sum(his.values())
        else:
            value = evaluate(after, seat, weights)
        if rows and after.row >= 0:  # choosing the round's row: one step shows nothing of the turn
            value += row_value(after, seat)
        out.append(value + leaving_value(state, seat, action) + journey_cost(action))
    return out


def worth_weighing(state: CarnegieState, seat: int, actions: Sequence[Any]) -> Sequence[Any]:
    """``actions`` as the greedy player weighs them: without the journeys (R6.1.2) that end outside a
    department when some end in one — the evaluation values a lying employee by its distance to a free
    workplace, so stopping on an empty space or in a lobby is seldom worth more than going on into a
    department — and with one of the workplaces a standing employee may leave (R6.1.3): the one
    ``leaving_value`` prefers, as the evaluation after the step is the same whichever it leaves. An HR turn
    offers ~150 journeys, each applied by the greedy player and in every step of the search's play-outs
    (the strong level's time per decision)."""
    company = state.companies[seat]

    def ends_off(action: Any) -> bool:
        if getattr(action, "verb", "") != "move":
            return False
        end, _ = parse_cell(action.args[0].rsplit(">", 1)[1])
        return company.cells[end] <= 0

    kept = [a for a in actions if not ends_off(a)]
    journeys = sum(1 for a in kept if getattr(a, "verb", "") == "move")
    return _one_leaving_choice(state, seat, kept if journeys and len(kept) < len(actions) else actions)


def _one_leaving_choice(state: CarnegieState, seat: int, actions: Sequence[Any]) -> Sequence[Any]:
    """``actions`` with, of the journeys that differ only in the workplace left (R6.1.3), the one
    ``leaving_value`` prefers, in the place of the first of them."""
    out: list[Any] = []
    where: dict[tuple[str, tuple[str, ...]], tuple[int, float]] = {}
    for action in actions:
        args: tuple[str, ...] = getattr(action, "args", ())
        if getattr(action, "verb", "") != "move" or len(args) < 2:
            out.append(action)
            continue
        key, value = (args[0], args[2:]), leaving_value(state, seat, action)
        if key not in where:
            where[key] = (len(out), value)
            out.append(action)
        elif value > where[key][1]:
            out[where[key][0]] = action
            where[key] = (where[key][0], value)
    return out if len(out) < len(actions) else actions


def greedy_rank(game: Game[Any, Any], state: CarnegieState, seat: int, actions: Sequence[Any]) -> list[Any]:
    """``actions`` best first by ``greedy_values`` (a stable sort: equal values keep the engine's order), with
    the weights the searching levels play by (``SearchPolicy``), journeys that end outside a department left
    out (``worth_weighing``)."""
    actions = worth_weighing(state, seat, actions)
    values = greedy_values(game, state, seat, actions, search_weights(state))
    return [actions[i] for i in sorted(range(len(actions)), key=lambda i: -values[i])]


class GreedyPlayer:
    """One-step lookahead on ``evaluate``; equal values are broken by the seeded ``Rng``.

    Against Andrew it looks ahead in a world of its own drawing (``determinize``): the step after a row is
    chosen, or after the last activation of a round, plays his face-down card (R10.2.1–R10.2.5), which the
    player may not read. A player that only ever plays in a searcher's world (``in_world``) skips that: its
    world was drawn already."""

    def __init__(self, seed: int, weights: Weights = DEFAULT_WEIGHTS, in_world: bool = False) -> None:
        self.rng = Rng(seed=seed)
        self.weights = weights
        self.in_world = in_world

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        actions = worth_weighing(state, seat, actions)
        if len(actions) == 1:
            return actions[0]
        if state.andrew is not None and not self.in_world:
            state = determinize(state, seat, self.rng)
        values = greedy_values(game, state, seat, actions, self.weights)
        top = max(values)
        best = [a for a, v in zip(actions, values, strict=True) if v > top - _EPS]
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]


def search_weights(state: CarnegieState) -> Weights:
    return SOLO_WEIGHTS if state.andrew is not None else DEFAULT_WEIGHTS


class SearchPolicy(GreedyPlayer):
    """The searching levels' play-out player: greedy, with ``SOLO_WEIGHTS`` against Andrew (the easy
    player's weights were tuned between greedy players and lose to him by ~60 VP)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, in_world=True)

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        self.weights = search_weights(state)
        return super().choose(game, state, seat, actions)
