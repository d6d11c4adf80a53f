"""What the active player may choose in each phase: the candidates that ``legal_actions`` checks, and
whether an action space can be used at all (perform fully, §4.3)."""

from __future__ import annotations

from engine.core.words import Msg, msg
from engine.nipron import data
from engine.nipron.actions import (
    Achieve,
    Action,
    Bump,
    Consolidate,
    Export,
    Give,
    Invest,
    Machine,
    Machines,
    Put,
    Reward,
    Run,
    Sell,
    Steps,
    Take,
    Trade,
    Transport,
    Word,
    make,
    space_code,
)
from engine.nipron.rules import consolidate as cons
from engine.nipron.rules.common import current
from engine.nipron.rules.export import check_export
from engine.nipron.rules.factories import (
    check_invest,
    check_machines,
    check_run,
    machine_targets,
)
from engine.nipron.rules.market import (
    bump_choices_excluding,
    check_sell,
    good_spaces,
)
from engine.nipron.rules.tracks import check_steps
from engine.nipron.rules.transport import check_transport
from engine.nipron.state import NipronState

# The action word that performs each of the nine actions (its first repetition), §4.5.
KIND_OF_ACTION: dict[str, str] = {
    "knowledge": "knowledge",
    "production": "run",
    "export": "export",
    "invest": "invest",
    "mines": "mines",
    "machines": "machines",
    "trains": "train",
    "ships": "ship",
    "market": "sell",
}
# The actions carried out 1 to 3 times: the section that sets the limit, and what a refusal of a 4th
# time says.
AT_MOST: dict[str, tuple[Msg, str]] = {
    "production": (msg("One Production action runs at most 3 factories."), "§4.5.3"),
    "export": (msg("One Export action fulfils at most 3 contracts."), "§4.5.8"),
    "trains": (msg("One Trains action builds at most 3 trains."), "§4.5.6"),
    "ships": (msg("One Ships action builds at most 3 ships."), "§4.5.7"),
    "market": (msg("One Local Market action places at most 3 influence tiles."), "§4.5.9"),
}
REPEATABLE = frozenset(AT_MOST)
# The blueprint trade (§4.2, "at any moment of the turn" in the seed) is offered in every window the
# spec lists and between the worker and its action; it is not offered inside one repetition of an
# action (choosing a contract's goods, an influence tile's space, a machine's factory), where it could
# change nothing that repetition depends on [I, engine decision].
PHASE_KINDS: dict[str, frozenset[str]] = {
    "turn": frozenset({"trade", "take", "consolidate"}),
    "action": frozenset({"trade", *KIND_OF_ACTION.values()}),
    "more": frozenset({"trade", "end", *KIND_OF_ACTION.values()}),
    "give": frozenset({"give"}),
    "place": frozenset({"put"}),
    "bump": frozenset({"bump"}),
    "machine": frozenset({"machine"}),
    "budget": frozenset({"trade", "budget"}),
    "reward": frozenset({"trade", "reward"}),
    "achieve": frozenset({"achieve"}),
    "workforce": frozenset({"trade", "pay"}),
    "over": frozenset(),
}


def first_steps(state: NipronState, kind: str) -> list[Action]:
    """Every well-formed first step of one action kind (checked later)."""
    z = current(state)
    if kind in ("knowledge", "mines"):
        return [make(Steps, kind=kind, steps=n) for n in (1, 2, 3)]
    if kind == "run":
        return [make(Run, good=data.FACTORIES[f.tile].good) for f in z.factories]
    if kind == "invest":
        return [make(Invest, tile=t) for t in state.supply]
    if kind == "machines":
        return [make(Machines, count=n) for n in (1, 2, 3)]
    if kind in ("train", "ship"):
        return [make(Transport, kind=kind, district=d + 1) for d in range(data.DISTRICTS)]
    if kind == "export":
        return [make(Export, contract=c) for c in z.contracts]
    if kind == "sell":
        return [
            make(Sell, good=data.FACTORIES[f.tile].good, cubes=k)
            for f in z.factories
            for k in (1, 2, 3)
            if f.goods >= k
        ]
    return []


def space_actions(state: NipronState, space: int) -> list[Action]:
    return [a for name in data.ACTION_SPACES[space] for a in first_steps(state, KIND_OF_ACTION[name])]


def space_usable(state: NipronState, space: int) -> bool:
    """Perform fully (§4.3): a worker may be taken only if an action of its space is legal."""
    return any(kind_possible(state, KIND_OF_ACTION[name]) for name in data.ACTION_SPACES[space])


def kind_possible(state: NipronState, kind: str) -> bool:
    """Whether some first step of an action is legal for the active player (no actions are built)."""
    z = current(state)
    if kind in ("knowledge", "mines"):
        return check_steps(z, kind, 1) is None  # more steps cost more and need more room
    if kind == "run":
        return any(check_run(state, z, data.FACTORIES[f.tile].good) is None for f in z.factories)
    if kind == "invest":
        return z.yen >= data.INVEST_COST and any(check_invest(state, z, t) is None for t in state.supply)
    if kind == "machines":
        return check_machines(z, 1) is None
    if kind in ("train", "ship"):
        return any(check_transport(state, z, kind, d) is None for d in range(data.DISTRICTS))
    if kind == "export":
        return any(check_export(z, c) is None for c in z.contracts)
    if kind == "sell":
        return any(
            check_sell(state, z, data.FACTORIES[f.tile].good, k) is None
            for f in z.factories
            for k in (1, 2, 3)
            if f.goods >= k
        )
    return False


def candidates(state: NipronState) -> list[Action]:
    z = current(state)
    phase = state.phase
    out: list[Action] = []
    if "trade" in PHASE_KINDS[phase]:
        out += [make(Trade, track=t) for t in data.TRACKS]
    if phase == "turn":
        if len(z.workers) < data.WORKER_SPACES:
            for s in range(len(data.ACTION_SPACES)):
                colours = [c for c, n in enumerate(state.spaces[s]) if n]
                if colours and space_usable(state, s):
                    out += [make(Take, space=s + 1, colour=data.COLOURS[c]) for c in colours]
        out.append(make(Consolidate))
    elif phase == "action":
        out += space_actions(state, state.space)
    elif phase == "more":
        if state.act in REPEATABLE and state.reps < data.MAX_REPEATS:
            out += first_steps(state, KIND_OF_ACTION[state.act])
        out.append(make(Word, kind="end"))
    elif phase == "give":
        out += [make(Give, good=data.FACTORIES[f.tile].good) for f in z.factories]
    elif phase == "place":
        values = sorted(set(z.hand))
        out += [
            make(Put, value=v, space=space_code(s))
            for s in good_spaces(state, state.good, state.district)
            for v in values
        ]
    elif phase == "bump":
        out += [make(Bump, space=space_code(s)) for s in bump_choices_excluding(state, state.bump_space)]
    elif phase == "machine":
        out += [make(Machine, good=g) for g in machine_targets(z)]
    elif phase == "budget":
        out.append(make(Word, kind="budget"))
    elif phase == "reward":
        out += [make(Reward, mult=m, bonus=b) for m, b in cons.reward_choices(state, z)]
    elif phase == "achieve":
        out += [make(Achieve, space=a) for a in cons.empty_achievements(z)]
    elif phase == "workforce":
        out.append(make(Word, kind="pay"))
    return out
