"""A stronger computer player for any game: policy rollouts over the game's own ``legal_actions``/``apply``.

For each of the few best candidate actions by a cheap policy's own ranking (``Search.rank``, the game's
greedy player), the searcher applies the action and lets every seat play on with that cheap policy until a
horizon (``Search.progress`` moved on by ``Budget.horizon``, or the game's end), then values the position
for the deciding seat (``Search.value``: provisional score plus what the resources promise, against the
rivals). Each candidate is tried in ``Budget.samples`` worlds; every candidate meets the same worlds and the
same rollout seeds, so their values differ by the action alone. The best mean wins; ties keep the cheap
policy's order. With ``Budget.switch`` the game's other players (``Search.alternatives``) also propose an
action each and play the searching seat's play-outs after it (policy switching): an action is worth its
best plan, so the searcher may follow a line its cheap policy would never start.

Hidden information is never read: each world comes from ``Search.determinize``, which copies the state and
re-randomises what the deciding seat cannot see (a solo opponent's face-down cards, the future draws of the
game's RNG) from the searcher's own seeded ``Rng``. The budget is counted in candidates, worlds and actions
played, never in time, so a decision is the same for the same seed and budget on any machine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.ai import RandomPlayer
from engine.core.errors import InvalidOptions
from engine.core.game import Game, Player
from engine.core.rng import Rng
from engine.core.words import quietly


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may search: ``width`` candidates (the cheap policy's best), ``samples`` worlds
    each, rollouts of up to ``horizon`` units of ``Search.progress`` and at most ``steps`` actions."""

    width: int
    samples: int
    horizon: int
    steps: int
    switch: bool = False  # also weigh the game's alternative players' plans (``Search.alternatives``)


@dataclass(frozen=True, slots=True)
class Search:
    """What the rollout player needs of a game.

    ``rank`` orders legal actions best first by the cheap policy (duplicates it would never tell apart may
    be dropped); ``policy(seed)`` is the cheap player who plays the rollouts; ``value(state, seat)`` is what
    a position is worth to ``seat`` (higher is better); ``progress(state)`` counts how far the game has
    gone (rounds, turns) for the horizon; ``determinize(state, seat, rng)`` is a copy of ``state`` with
    what ``seat`` cannot see drawn anew from ``rng``."""

    rank: Callable[[Game[Any, Any], Any, int, Sequence[Any]], list[Any]]
    policy: Callable[[int], Player]
    value: Callable[[Any, int], float]
    progress: Callable[[Any], int]
    determinize: Callable[[Any, int, Rng], Any]
    # Other ways to play the searching seat (policy switching): each proposes its own action and plays the
    # searching seat's play-outs after it, so a plan the cheap policy never starts is weighed too.
    # ``(state) -> players``: which ones fit the position (e.g. only against a solo opponent).
    alternatives: Callable[[Any], Sequence[Callable[[int], Player]]] = lambda state: ()


def rollout(
    game: Game[Any, Any], state: Any, policies: Sequence[Player], stop: int, search: Search, steps: int
) -> Any:
    """Play on with ``policies`` (one per seat) until ``search.progress`` reaches ``stop``, the game ends or
    ``steps`` actions were played. Where several seats decide at once the lowest acts (as ``play`` does).
    Quietly: a play-out reads states, never sentences."""
    with quietly():
        return _play_out(game, state, policies, stop, search, steps)


def _play_out(
    game: Game[Any, Any], state: Any, policies: Sequence[Player], stop: int, search: Search, steps: int
) -> Any:
    for _ in range(steps):
        if search.progress(state) >= stop:
            break
        decision = game.pending(state)
        if decision.finished or not decision.seats:
            break
        seat = min(decision.seats)
        actions = game.legal_actions(state, seat)
        state = game.apply(state, seat, policies[seat].choose(game, state, seat, actions)).state
    return state


@dataclass(frozen=True, slots=True)
class Candidates:
    """What a searching seat weighs at one decision: the plans (an action and who plays the seat after it),
    the world they were proposed in and that world's seed (the first sample's, which reuses it)."""

    plans: list[tuple[Any, Callable[[int], Player]]]
    seen: Any
    peek: int


class RolloutPlayer:
    """The searching player (see the module's docstring); deterministic given ``seed`` and ``budget``."""

    def __init__(self, seed: int, search: Search, budgets: Mapping[int, Budget]) -> None:
        self.rng = Rng(seed=seed)
        self.search = search
        self.budgets = budgets  # by number of players: a round of four costs four times a solo round

    def candidates(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Candidates:
        """The plans to weigh: the cheap policy after each of its best ``budget.width`` actions, and every
        alternative player after its own choice."""
        budget = self.budgets[state.players]
        # The candidates are ranked and proposed in a world, never in ``state`` itself: the cheap policy's
        # one step may uncover what the seat cannot see (a solo opponent's face-down card acts as soon as
        # the row is chosen, a refill draws from the bag). It is the world the first sample would draw
        # (the searcher's next number, read without drawing it), so a decision with nothing to weigh draws
        # nothing, and without proposals to draw for, the first sample reuses it.
        peek = Rng(seed=self.rng.seed, draws=self.rng.draws).below(1 << 62)
        seen = self.search.determinize(state, seat, Rng(seed=peek))
        plans: list[tuple[Any, Callable[[int], Player]]] = [
            (a, self.search.policy) for a in self.search.rank(game, seen, seat, actions)[: budget.width]
        ]
        if budget.switch:
            for make in self.search.alternatives(state):
                proposal = make(self.rng.below(1 << 30)).choose(game, seen, seat, actions)
                plans.append((proposal, make))
        return Candidates(plans, seen, peek)

    def play_outs(self, game: Game[Any, Any], state: Any, seat: int, candidates: Candidates) -> list[float]:
        """Every plan's value in the searcher's next world of ``state`` (the same world and rollout seeds for
        all, so their values differ by the plan alone)."""
        budget = self.budgets[state.players]
        stop = self.search.progress(state) + budget.horizon
        world_seed = self.rng.below(1 << 62)
        world = (
            candidates.seen
            if world_seed == candidates.peek
            else self.search.determinize(state, seat, Rng(seed=world_seed))
        )
        values = []
        for action, make in candidates.plans:
            policies = [self.search.policy(world_seed + s) for s in range(state.players)]
            policies[seat] = make(world_seed + seat)
            after = game.apply(world, seat, action).state
            end = rollout(game, after, policies, stop, self.search, budget.steps)
            values.append(self.search.value(end, seat))
        return values

    def values(
        self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]
    ) -> list[tuple[Any, float]]:
        """The candidates searched, best first, with their mean value over ``budget.samples`` worlds (what
        ``choose`` and a hint show). An action proposed twice is worth its better plan."""
        budget = self.budgets[state.players]
        candidates = self.candidates(game, state, seat, actions)
        plans = candidates.plans
        if all(a == plans[0][0] for a, _ in plans):  # nothing to weigh
            return [(a, 0.0) for a, _ in plans[:1]]
        totals = [0.0] * len(plans)
        for _ in range(budget.samples):
            for i, value in enumerate(self.play_outs(game, state, seat, candidates)):
                totals[i] += value
        # each action once, where it was first proposed (actions need not be hashable, only comparable)
        best: list[tuple[Any, float]] = []
        for (action, _), total in zip(plans, totals, strict=True):
            mean = total / budget.samples
            k = next((k for k, (a, _) in enumerate(best) if a == action), len(best))
            if k == len(best):
                best.append((action, mean))
            elif mean > best[k][1]:
                best[k] = (action, mean)
        # a stable sort keeps the cheap policy's order among equal values
        return sorted(best, key=lambda pair: -pair[1])

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        if len(actions) == 1:
            return actions[0]
        return self.values(game, state, seat, actions)[0][0]


# A game's computer players: easy is its one-step greedy player, normal and strong search with rollouts,
# random keeps tests and picture reviews moving fast. easy is the default (first): it answers at once, for a
# caller that names no level; the bot names the level itself (a host picks each added seat's, and a replaced
# or skipped seat plays at strong, ``bot.service.progress.REPLACEMENT_LEVEL``), deciding in worker processes.
AI_LEVELS: tuple[str, ...] = ("easy", "normal", "strong", "random")


def ai_player(
    title: str,
    seed: int,
    level: str | None,
    greedy: Callable[[int], Player],
    search: Search,
    normal: Mapping[int, Budget],
    strong: Mapping[int, Budget],
) -> Player:
    """The computer player of ``level`` (``AI_LEVELS``; None is the default) for a game called ``title``."""
    match level or AI_LEVELS[0]:
        case "easy":
            return greedy(seed)
        case "normal":
            return RolloutPlayer(seed, search, normal)
        case "strong":
            return RolloutPlayer(seed, search, strong)
        case "random":
            return RandomPlayer(seed)
        case other:
            raise InvalidOptions(f"Unknown {title} computer level {other!r} (known: {', '.join(AI_LEVELS)}).")
