"""The protocol glue: who decides now (``pending``), what is legal, ``apply`` and forced steps.

Each action kind has a check (why it is illegal: message and rule, or None) and an effect applied to a
cloned state. ``legal_actions`` lists the candidates of the current phase that pass their check, so
the list and ``apply`` cannot disagree. After every action ``settle`` carries out the steps that leave
no choice (a machine with one possible factory, a consolidation step with no trade possible, the end
of a turn with nothing left to do)."""

from __future__ import annotations

from engine.core import Decision, Event, GameOver, IllegalAction, NotYourTurn
from engine.core.words import Msg, msg
from engine.nipron import data, words
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
    out_of_range,
    space_index,
)
from engine.nipron.rules import consolidate as cons
from engine.nipron.rules.choices import (
    AT_MOST,
    KIND_OF_ACTION,
    PHASE_KINDS,
    REPEATABLE,
    candidates,
    kind_possible,
    space_usable,
)
from engine.nipron.rules.common import Reason, current, ev, who
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
)
from engine.nipron.rules.tracks import can_trade, check_steps, check_trade, do_steps, do_trade
from engine.nipron.rules.transport import check_transport, do_transport
from engine.nipron.rules.turn import end_turn
from engine.nipron.state import NipronState

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
PROMPTS: dict[str, Msg] = {
    "turn": msg("take a worker from an action space, or consolidate"),
    "action": msg("choose the action of your worker's space"),
    "more": msg("repeat the action, trade blueprints, or end your turn"),
    "give": msg("choose the type of good for the contract's next delivery"),
    "place": msg("choose the influence tile and the space for it"),
    "bump": msg("the city is full: choose which lowest tile leaves"),
    "machine": msg("choose the factory for the next machine improvement"),
    "budget": msg("consolidating: trade blueprints, or take your budget"),
    "reward": msg("choose your Emperor's reward"),
    "achieve": msg("choose the achievement space for your reward tile"),
    "workforce": msg("consolidating: trade blueprints, or pay your workforce"),
}
# what a refusal says when an action does not fit the moment (the prompt above, as a sentence)
NOW: dict[str, Msg] = {
    "turn": msg("Now you take a worker from an action space, or consolidate."),
    "action": msg("Now you choose the action of your worker's space."),
    "more": msg("Now you may repeat the action, trade blueprints, or end your turn."),
    "give": msg("Now you choose the type of good for the contract's next delivery."),
    "place": msg("Now you choose the influence tile and the space for it."),
    "bump": msg("The city is full: now you choose which lowest tile leaves."),
    "machine": msg("Now you choose the factory for the next machine improvement."),
    "budget": msg("You are consolidating: now you trade blueprints, or take your budget."),
    "reward": msg("Now you choose your Emperor's reward."),
    "achieve": msg("Now you choose the achievement space for your reward tile."),
    "workforce": msg("You are consolidating: now you trade blueprints, or pay your workforce."),
}
DONE_WORD: dict[str, str] = {"more": "end", "budget": "budget", "workforce": "pay"}


def pending(state: NipronState) -> Decision:
    if state.over:
        return Decision(seats=[], kind="over", prompt=msg("the game is over"), finished=True)
    return Decision(
        seats=[state.active],
        kind=state.phase,
        prompt=PROMPTS[state.phase],
        done=DONE_WORD.get(state.phase),
    )


# --- candidates ---------------------------------------------------------------------------------


def legal_actions(state: NipronState, seat: int) -> list[Action]:
    if state.over or seat != state.active:
        return []
    # takes are listed only for usable spaces and present colours: checking them again is redundant
    return [a for a in candidates(state) if isinstance(a, Take) or check_kind(state, seat, a) is None]


# --- checks ---------------------------------------------------------------------------------------


def check(state: NipronState, seat: int, action: Action) -> Reason:
    if state.over:
        raise GameOver(msg("The game is over."), rule="§6.2")
    if seat != state.active:
        raise NotYourTurn(msg("It is seat {n}'s turn.", n=state.active + 1), rule="§4.1")
    # Before anything reads an argument as an index, a count or a price. An argument that names nothing
    # in the game is refused as such even when its kind is not possible now either: rules.md does not
    # order the two refusals [engine decision].
    reason = out_of_range(action)
    if reason is not None:
        return reason
    if action.kind not in PHASE_KINDS[state.phase]:
        return msg("That is not possible now. {now}", now=NOW[state.phase]), PHASE_RULE[state.phase]
    return check_kind(state, seat, action)


def check_kind(state: NipronState, seat: int, a: Action) -> Reason:
    z = state.zaibatsu[seat]
    if isinstance(a, Trade):
        reason = check_trade(z, a.track)
        if reason is None and state.phase == "action" and not _usable_after_trade(state, seat, a):
            # The seed allows a trade "at any moment of the turn", but the worker is already taken
            # and its action must still be carried out in full (§4.3).
            return msg("After that trade no action of your worker's space could be carried out."), "§4.3"
        return reason
    if isinstance(a, Take):
        return check_take(state, a)
    if isinstance(a, Consolidate | Word):
        return None
    if state.phase in ("action", "more"):
        reason = check_offered(state, a.kind)
        if reason is not None:
            return reason
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
            where = words.space(space_index(a.space))
            return msg(
                "The space {space} does not hold one of the city's lowest tiles.", space=where
            ), "§4.5.9"
        return None
    if isinstance(a, Reward):
        return cons.check_reward(state, z, a.mult, a.bonus)
    if isinstance(a, Achieve):
        if a.space not in cons.empty_achievements(z):
            return msg(
                "The achievement “{achievement}” already holds a tile.",
                achievement=words.achievement(a.space),
            ), "§5"
        return None
    return None


def check_offered(state: NipronState, kind: str) -> Reason:
    """Whether an action step may be taken now: first any action of the worker's space (§4.3), then
    only further repetitions of the action chosen, as many as its own section allows."""
    if state.phase == "more" and kind == KIND_OF_ACTION[state.act]:
        if state.act in REPEATABLE and state.reps < data.MAX_REPEATS:
            return None
        if state.act in AT_MOST:
            return AT_MOST[state.act]
        # the other actions are carried out once: a second time would be a second action (§4.3 step 3)
        action = data.ACTION_NAMES[state.act]
        return msg("You have already carried out {action} this turn.", action=action), "§4.3"
    if state.phase == "action" and any(KIND_OF_ACTION[n] == kind for n in data.ACTION_SPACES[state.space]):
        return None
    if kind == "sell":
        return msg("Local Market is only on action space 5."), "§4.4"
    action = next(data.ACTION_NAMES[n] for n, k in KIND_OF_ACTION.items() if k == kind)
    return msg("Your worker's space does not offer {action} now.", action=action), "§4.3"


def _usable_after_trade(state: NipronState, seat: int, a: Trade) -> bool:
    trial = state.clone()
    do_trade(trial, seat, a.track, [])
    return space_usable(trial, trial.space)


def check_take(state: NipronState, a: Take) -> Reason:
    z = current(state)
    if len(z.workers) >= data.WORKER_SPACES:
        return msg("You hold 6 workers: you must consolidate."), "§4.3"
    if not state.spaces[a.space - 1][data.COLOURS.index(a.colour)]:
        return msg(
            "Action space {space} holds no {colour} worker.",
            space=a.space,
            colour=words.WORKER_TAKEN[a.colour],
        ), "§4.3"
    if not space_usable(state, a.space - 1):
        return msg("You could not carry out any action of space {space} in full.", space=a.space), "§4.3"
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
    announce(new, seat, events)
    return new, events


ACTION_EVENTS = frozenset(
    {"invest", "machines", "produce", "knowledge", "mines", "train", "ship", "export", "influence"}
)


def announce(state: NipronState, seat: int, events: list[Event]) -> None:
    """Join the worker taken to the first event of its action, in one sentence."""
    if not state.announce:
        return
    for e in events:
        if e.kind in ACTION_EVENTS and e.seat == seat and isinstance(e.text, Msg) and "deed" in e.text.args:
            space, colour = state.announce.split()
            e.text = msg(
                "{who} {took} and {deed}.",
                who=who(seat),
                took=took(int(space), colour),
                deed=e.text.args["deed"],
            )
            e.data["worker"] = state.announce
            state.announce = ""
            return


def took(space: int, colour: str) -> Msg:
    """ "took a blue worker from space 3", told with the action's first event."""
    if colour[:1] in "aeiou":
        return msg(
            "took an {colour} worker from space {space}", colour=words.WORKER_TAKEN[colour], space=space
        )
    return msg("took a {colour} worker from space {space}", colour=words.WORKER_TAKEN[colour], space=space)


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
        # told together with the action's first event: "{p0} took a blue worker from space 3 and built …"
        state.announce = f"{a.space} {a.colour}"
    elif isinstance(a, Consolidate):
        state.phase = "budget"
        events.append(ev("consolidate", msg("{who} consolidated.", who=who(seat)), seat))
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
            # only "end" left: no trade and no further repetition of the action
            repeat = state.act in REPEATABLE and state.reps < data.MAX_REPEATS
            if can_trade(z) or (repeat and kind_possible(state, KIND_OF_ACTION[state.act])):
                return
            end_turn(state, events, took=True)
        else:
            return
