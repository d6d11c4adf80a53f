"""The protocol glue: who decides now (``pending``), what is legal, ``apply`` and forced steps.

Each action kind has a check (why it is illegal: message and rule, or None) and an effect applied to a
cloned state. ``legal_actions`` lists the candidates of the current phase that pass their check, so
the list and ``apply`` cannot disagree. After every action ``settle`` carries out the steps that leave
no choice (a machine with one possible factory, a consolidation step with no trade possible, the end
of a turn with nothing left to do)."""

from __future__ import annotations

from engine.core import Decision, Event, GameOver, IllegalAction, NotYourTurn
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
    space_index,
)
from engine.nipron.rules import consolidate as cons
from engine.nipron.rules.common import Reason, current, ev
from engine.nipron.rules.export import check_export, check_give, do_export, do_give
from engine.nipron.rules.factories import (
    check_invest,
    check_machine,
    check_machines,
    check_run,
    do_invest,
    do_machine,
    do_machines,
    do_run,
    machine_targets,
    machine_to_supply,
)
from engine.nipron.rules.market import (
    bump_choices_excluding,
    check_put,
    check_sell,
    do_bump,
    do_put,
    do_sell,
    good_spaces,
)
from engine.nipron.rules.refill import refill_after_take
from engine.nipron.rules.scorings import district_scoring, move_marker
from engine.nipron.rules.tracks import can_trade, check_steps, check_trade, do_steps, do_trade
from engine.nipron.rules.transport import check_transport, do_transport
from engine.nipron.state import NOBODY, NipronState

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
REPEATABLE = frozenset({"production", "export", "trains", "ships", "market"})  # "1 to 3" actions
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
PHASE_RULE: dict[str, str] = {
    "turn": "§4.1",
    "action": "§4.3",
    "more": "§4.5",
    "give": "§4.5.8",
    "place": "§4.5.9",
    "bump": "§4.5.9",
    "machine": "§4.5.2",
    "budget": "§5",
    "reward": "§5",
    "achieve": "§5",
    "workforce": "§5",
    "over": "§6.2",
}
PROMPTS: dict[str, str] = {
    "turn": "Take a worker from an action space, or consolidate.",
    "action": "Choose the action of your worker's space.",
    "more": "Repeat the action, trade blueprints, or end your turn.",
    "give": "Choose the good type for the contract's next cube.",
    "place": "Choose the influence tile and the space for it.",
    "bump": "The city is full: choose which lowest tile leaves.",
    "machine": "Choose the factory for the next machine improvement.",
    "budget": "Consolidate: trade blueprints, or take your budget.",
    "reward": "Choose your Emperor's reward.",
    "achieve": "Choose the achievement space for your reward tile.",
    "workforce": "Consolidate: trade blueprints, or pay your workforce.",
}
DONE_WORD: dict[str, str] = {"more": "end", "budget": "budget", "workforce": "pay"}


def pending(state: NipronState) -> Decision:
    if state.over:
        return Decision(seats=[], kind="over", prompt="The game is over.", finished=True)
    return Decision(
        seats=[state.active],
        kind=state.phase,
        prompt=PROMPTS[state.phase],
        done=DONE_WORD.get(state.phase),
    )


# --- candidates ---------------------------------------------------------------------------------


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


def legal_actions(state: NipronState, seat: int) -> list[Action]:
    if state.over or seat != state.active:
        return []
    # takes are listed only for usable spaces and present colours: checking them again is redundant
    return [a for a in candidates(state) if isinstance(a, Take) or check_kind(state, seat, a) is None]


# --- checks ---------------------------------------------------------------------------------------


def check(state: NipronState, seat: int, action: Action) -> Reason:
    if state.over:
        raise GameOver("The game is over.", rule="§6.2")
    if seat != state.active:
        raise NotYourTurn(f"It is seat {state.active + 1}'s turn.", rule="§4.1")
    if action.kind not in PHASE_KINDS[state.phase]:
        return f"{PROMPTS[state.phase]} ('{action.kind}' is not possible now.)", PHASE_RULE[state.phase]
    return check_kind(state, seat, action)


def check_kind(state: NipronState, seat: int, a: Action) -> Reason:
    z = state.zaibatsu[seat]
    if isinstance(a, Trade):
        reason = check_trade(z, a.track)
        if reason is None and state.phase == "action" and not _usable_after_trade(state, seat, a):
            # The seed allows a trade "at any moment of the turn", but the worker is already taken
            # and its action must still be carried out in full (§4.3).
            return "After that trade no action of your worker's space could be carried out.", "§4.3"
        return reason
    if isinstance(a, Take):
        return check_take(state, a)
    if isinstance(a, Consolidate | Word):
        return None
    if state.phase in ("action", "more"):
        wanted = state.act if state.phase == "more" else None
        allowed = (
            ([KIND_OF_ACTION[wanted]] if wanted in REPEATABLE and state.reps < data.MAX_REPEATS else [])
            if wanted is not None
            else [KIND_OF_ACTION[n] for n in data.ACTION_SPACES[state.space]]
        )
        if a.kind not in allowed:
            if a.kind == "sell":
                return "Local Market is only on action space 5.", "§4.4"
            return f"Your worker's space does not offer '{a.kind}' now.", "§4.3"
    if isinstance(a, Steps):
        return check_steps(z, a.kind, a.steps)
    if isinstance(a, Run):
        return check_run(state, z, a.good)
    if isinstance(a, Invest):
        return check_invest(state, z, a.tile)
    if isinstance(a, Machines):
        return check_machines(z, a.count)
    if isinstance(a, Machine):
        return check_machine(state, z, a.good)
    if isinstance(a, Transport):
        return check_transport(state, z, a.kind, a.district - 1)
    if isinstance(a, Export):
        return check_export(z, a.contract)
    if isinstance(a, Give):
        return check_give(state, z, a.good)
    if isinstance(a, Sell):
        return check_sell(state, z, a.good, a.cubes)
    if isinstance(a, Put):
        return check_put(state, z, a.value, space_index(a.space))
    if isinstance(a, Bump):
        if space_index(a.space) not in bump_choices_excluding(state, state.bump_space):
            return f"{a.space} does not hold one of the lowest tiles around that city.", "§4.5.9"
        return None
    if isinstance(a, Reward):
        return cons.check_reward(state, z, a.mult, a.bonus)
    if isinstance(a, Achieve):
        if a.space not in cons.empty_achievements(z):
            return f"Achievement space {a.space} already holds a tile.", "§5"
        return None
    return None


def _usable_after_trade(state: NipronState, seat: int, a: Trade) -> bool:
    trial = state.clone()
    do_trade(trial, seat, a.track, [])
    return space_usable(trial, trial.space)


def check_take(state: NipronState, a: Take) -> Reason:
    z = current(state)
    if len(z.workers) >= data.WORKER_SPACES:
        return "You hold 6 workers: you must consolidate.", "§4.3"
    if not state.spaces[a.space - 1][data.COLOURS.index(a.colour)]:
        return f"Action space {a.space} holds no {a.colour} worker.", "§4.3"
    if not space_usable(state, a.space - 1):
        return f"You could not carry out any action of space {a.space} in full.", "§4.3"
    return None


# --- apply ----------------------------------------------------------------------------------------


def apply(state: NipronState, seat: int, action: Action) -> tuple[NipronState, list[Event]]:
    reason = check(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason[0], rule=reason[1])
    new = state.clone()
    events: list[Event] = []
    do(new, seat, action, events)
    settle(new, events)
    return new, events


def do(state: NipronState, seat: int, a: Action, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    if isinstance(a, Trade):
        do_trade(state, seat, a.track, events)
    elif isinstance(a, Take):
        colour = data.COLOURS.index(a.colour)
        state.spaces[a.space - 1][colour] -= 1
        z.workers.append(colour)
        state.space = a.space - 1
        state.phase = "action"
        events.append(
            ev("take", f"{{p{seat}}} took a {a.colour} worker from space {a.space}.", seat, space=a.space)
        )
    elif isinstance(a, Consolidate):
        state.phase = "budget"
        events.append(ev("consolidate", f"{{p{seat}}} consolidated.", seat))
    elif isinstance(a, Word):
        if a.kind == "end":
            end_turn(state, events, took=True)
        elif a.kind == "budget":
            cons.do_budget(state, seat, events)
            state.phase = "reward"
        else:
            cons.do_workforce(state, seat, events)
            end_turn(state, events, took=False)
    elif isinstance(a, Reward):
        cons.do_reward(state, seat, a.mult, a.bonus, events)
        state.phase = "achieve"
    elif isinstance(a, Achieve):
        cons.do_achieve(state, seat, a.space, events)
        state.phase = "workforce"
    else:
        do_action_step(state, seat, a, events)


def do_action_step(state: NipronState, seat: int, a: Action, events: list[Event]) -> None:
    """A step of one of the nine actions (§4.5)."""
    for name, kind in KIND_OF_ACTION.items():
        if kind == a.kind:
            if state.act != name:
                state.act = name
                state.reps = 0
            break
    state.phase = "more"
    if isinstance(a, Steps):
        do_steps(state, seat, a.kind, a.steps, events)
        state.reps = 1
    elif isinstance(a, Run):
        do_run(state, seat, a.good, events)
        state.reps += 1
    elif isinstance(a, Invest):
        do_invest(state, seat, a.tile, events)
        state.reps = 1
    elif isinstance(a, Machines):
        do_machines(state, seat, a.count, events)
        state.reps = 1
        state.phase = "machine"
    elif isinstance(a, Machine):
        do_machine(state, seat, a.good, events)
        state.phase = "machine"
    elif isinstance(a, Transport):
        do_transport(state, seat, a.kind, a.district - 1, events)
        state.reps += 1
    elif isinstance(a, Export):
        do_export(state, seat, a.contract)
        state.reps += 1
        state.phase = "give"
    elif isinstance(a, Give):
        do_give(state, seat, a.good, events)
        state.phase = "give" if state.contract else "more"
    elif isinstance(a, Sell):
        do_sell(state, a.good, a.cubes)
        state.reps += 1
        state.phase = "place"
    elif isinstance(a, Put):
        placed = do_put(state, seat, a.value, space_index(a.space), events)
        state.phase = "more" if placed else "bump"
    elif isinstance(a, Bump):
        do_bump(state, seat, space_index(a.space), events)


def settle(state: NipronState, events: list[Event]) -> None:
    """Carry out the steps that leave the active player no choice."""
    while not state.over:
        z = current(state)
        seat = state.active
        phase = state.phase
        if phase == "machine":
            if state.todo == 0:
                state.phase = "more"
                continue
            targets = machine_targets(z)
            if not targets:
                machine_to_supply(state, seat, events)
            elif len(targets) == 1:
                do_machine(state, seat, targets[0], events)
            else:
                return
        elif phase == "give":
            options = [
                data.FACTORIES[f.tile].good
                for f in z.factories
                if check_give(state, z, data.FACTORIES[f.tile].good) is None
            ]
            if len(options) != 1:
                return
            do_give(state, seat, options[0], events)
            state.phase = "give" if state.contract else "more"
        elif phase == "achieve":
            empty = cons.empty_achievements(z)
            if len(empty) > 1:
                return
            if empty:
                cons.do_achieve(state, seat, empty[0], events)
            else:
                cons.discard_reward(state, seat, events)
            state.phase = "workforce"
        elif phase == "budget":
            if can_trade(z):
                return
            cons.do_budget(state, seat, events)
            state.phase = "reward"
        elif phase == "reward":
            choices = cons.reward_choices(state, z)
            if not choices:
                state.phase = "workforce"
            elif len(choices) == 1 and not can_trade(z):
                cons.do_reward(state, seat, *choices[0], events)
                state.phase = "achieve"
            else:
                return
        elif phase == "workforce":
            if can_trade(z):
                return
            cons.do_workforce(state, seat, events)
            end_turn(state, events, took=False)
        elif phase == "more":
            if len(legal_actions(state, seat)) > 1:
                return
            end_turn(state, events, took=True)
        else:
            return


def end_turn(state: NipronState, events: list[Event], took: bool) -> None:
    """The end of a turn: refill (§4.6), the marker and its triggers (§4.8), the final rounds."""
    seat = state.active
    final_before = state.final_seat != NOBODY
    if took and refill_after_take(state, events):
        if final_before:
            # [I §4.8] in the final phase a full refill does not move the marker.
            events.append(ev("marker", "Final phase: the scoring marker does not move on a refill."))
        else:
            move_marker(state, seat, events)
    state.turns += 1
    state.last_seat = seat
    state.space, state.act, state.reps, state.used = -1, "", 0, []
    state.todo, state.district, state.good, state.cubes = 0, -1, "", 0
    if final_before and seat == state.final_seat:
        state.final_rounds += 1
        if state.final_rounds == data.FINAL_TURNS:
            end_game(state, events)
            return
        state.marker += 1
        events.append(
            ev(
                "marker",
                f"Final round {state.final_rounds} is over: the marker moved to space {state.marker}.",
                marker=state.marker,
            )
        )
    state.active = (seat + 1) % state.players
    state.phase = "turn"


def end_game(state: NipronState, events: list[Event]) -> None:
    """§4.8 / §6.2: after the 3rd final round, Scoring 3 and then final scoring end the game."""
    from engine.nipron.scoring import final_scoring, score

    district_scoring(state, 3, events)
    final_scoring(state, events)
    state.over = True
    state.phase = "over"
    sheet = score(state)
    winner = sheet.lines[sheet.winners[0]]
    events.append(
        ev("over", f"The game is over: {{p{winner.seat}}} wins with {winner.total} VP.", winner.seat, True)
    )
