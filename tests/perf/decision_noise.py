"""How much a Carnegie solo strong decision loses to the luck of its few worlds (issue 22's search budget).

Whole games tell a better budget from a worse one only after hours (a game's margin varies by ~20 VP, so 50
paired games have a standard error of 2–5 VP); this tells in minutes where a budget's play-outs are wasted.
At positions of greedy solo games against Andrew (every ``--every``-th decision with a choice), each
candidate of solo strong's budget (the play-out player's best actions and the plans' proposals) is played
out in ``--worlds`` worlds of Andrew's hidden cards by the search's own ``RolloutPlayer``. Then, many
times over, the worlds are split in two: a choice made from ``k`` worlds of the first half is scored
against the values of the second half (regret: how much less the chosen action is worth than the best, in
VP of the search's own value). The ninth session of 26 Nov found 0.68 VP a decision with four worlds, 0.47
with eight, and the row choice the noisiest (BENCHMARKS.md, section strength).

    python -m tests.perf.decision_noise [--seeds 905,906] [--every 7] [--worlds 32]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from engine.carnegie import GAME
from engine.carnegie.ai_search import SEARCH, STRONG
from engine.carnegie.state import CarnegieState
from engine.core.search import RolloutPlayer


@dataclass(frozen=True)
class Sampled:
    """One position's candidates (as words; an action may come twice, by different plans) and each one's
    value in every world."""

    round: int
    row_choice: bool
    actions: list[str]
    values: list[list[float]]  # [candidate][world]


def positions(seeds: Sequence[int], every: int) -> list[CarnegieState]:
    """Every ``every``-th decision with a choice of greedy solo games at normal, one game per seed."""
    out = []
    for seed in seeds:
        state = GAME.new_game(1, seed, {"tab_sides": "random", "difficulty": "normal"})
        easy = GAME.ai(seed * 10, "easy")
        choices = 0
        while not GAME.pending(state).finished:
            actions = GAME.legal_actions(state, 0)
            if len(actions) > 1:
                choices += 1
                if choices % every == 0:
                    out.append(state)
            state = GAME.apply(state, 0, easy.choose(GAME, state, 0, actions)).state
    return out


def sample(state: CarnegieState, worlds: int, seed: int) -> Sampled | None:
    """The values of solo strong's candidates at ``state`` in ``worlds`` worlds, drawn as the search draws
    them (None: nothing to weigh)."""
    player = RolloutPlayer(seed, SEARCH, STRONG)
    actions = GAME.legal_actions(state, 0)
    candidates = player.candidates(GAME, state, 0, actions)
    if all(a == candidates.plans[0][0] for a, _ in candidates.plans):
        return None
    by_world = [player.play_outs(GAME, state, 0, candidates) for _ in range(worlds)]
    row_choice = all(a.verb == "row" for a in actions)
    names = [GAME.format_action(a) for a, _ in candidates.plans]
    return Sampled(state.round, row_choice, names, [list(values) for values in zip(*by_world, strict=True)])


def _worth(s: Sampled, worlds: Sequence[int]) -> dict[str, float]:
    """Each action's mean over ``worlds`` at its best plan."""
    worth: dict[str, float] = {}
    for action, values in zip(s.actions, s.values, strict=True):
        mean = sum(values[w] for w in worlds) / len(worlds)
        worth[action] = max(worth.get(action, mean), mean)
    return worth


def regret(sampled: Sequence[Sampled], k: int, draws: int, seed: int = 1) -> float:
    """The mean regret of choosing from ``k`` worlds (drawn from one half of each position's worlds), scored
    by the other half's means; ``draws`` splits per position."""
    rng = random.Random(seed)
    losses = []
    for s in sampled:
        count = len(s.values[0])
        if 2 * k > count:
            raise ValueError(f"{k} worlds to choose from need at least {2 * k} sampled (got {count}).")
        for _ in range(draws):
            order = list(range(count))
            rng.shuffle(order)
            truth = _worth(s, order[count // 2 :])
            choice = _worth(s, order[:k])
            chosen = max(choice, key=lambda action: choice[action])  # the first best, as the search's sort
            losses.append(max(truth.values()) - truth[chosen])
    return statistics.mean(losses)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="905,906", help="greedy games to take positions from")
    parser.add_argument("--every", type=int, default=7, help="every n-th decision with a choice")
    parser.add_argument("--worlds", type=int, default=32, help="worlds per position (even; half score)")
    parser.add_argument("--draws", type=int, default=100, help="splits of the worlds per position")
    args = parser.parse_args(argv)
    sampled = []
    for i, state in enumerate(positions([int(s) for s in args.seeds.split(",")], args.every)):
        s = sample(state, args.worlds, 7000 + i)
        if s is not None:
            sampled.append(s)
            print(f"round {s.round}: {len(set(s.actions))} actions weighed", flush=True)
    rows = [s for s in sampled if s.row_choice]
    ks = [k for k in (1, 2, 4, 8, 16) if 2 * k <= args.worlds]
    print(
        f"{len(sampled)} positions ({len(rows)} row choices); regret in VP a decision by worlds chosen from:"
    )
    for k in ks:
        at_rows = f", at the row choice {regret(rows, k, args.draws):.2f}" if rows else ""
        print(f"  {k:2d} world{'s' if k > 1 else ''}: {regret(sampled, k, args.draws):.2f}{at_rows}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
