"""The protocol glue: what is legal, ``apply`` and forced steps; who decides now is ``decisions``.

For each action verb a ``check_*`` function returns why it is illegal (message, rule id) or ``None`` and a
``do_*`` function applies a checked action to a cloned state. ``legal_actions`` lists the candidates of the
current context that pass their check, so the list and ``apply`` cannot disagree."""

from __future__ import annotations

from collections.abc import Iterator

from engine.carnegie import data
from engine.carnegie.actions import Action, ActionLike, Cand, act, cell_code, parse_int
from engine.carnegie.reconstructed import N_CELLS, TAB_SIDES
from engine.carnegie.rules.common import (
    TASK_KINDS,
    Doer,
    P,
    Reason,
    cand,
    context,
    event_of,
    leaving_choices,
    note,
    price_word,
    slot_choices,
    slot_position,
)
from engine.carnegie.rules.decisions import CONTEXT_VERBS, deciding, pending
from engine.carnegie.rules.departments import (
    check_choose,
    check_use,
    department_candidates,
    do_choose,
    do_use_action,
)
from engine.carnegie.rules.donations import check_donate
from engine.carnegie.rules.hr import check_move, do_move, move_candidates
from engine.carnegie.rules.research import check_push, check_track, do_spend_action
from engine.carnegie.rules.rounds import (
    check_activate,
    check_done,
    check_income,
    check_row,
    do_activate,
    do_donate,
    do_done,
    do_income_action,
    do_row_action,
)
from engine.carnegie.rules.setup_steps import (
    check_house,
    check_reserve,
    check_side,
    do_house,
    do_reserve,
    do_side,
)
from engine.carnegie.rules.tasks import (
    check_lobby,
    check_mission,
    check_pick,
    check_place,
    check_relocate,
    check_slot,
    do_task,
)
from engine.carnegie.state import CarnegieState, Company, workplace_costs
from engine.core import Event, GameOver, IllegalAction, InvalidAction, NotYourTurn
from engine.core.words import msg, plural, quietly

CONTEXT_RULE = {
    "pick": "R5.3.5",
    "lobby": "§7.4",
    "spend": "R6.4.11",
    "relocate": "R6.2.5",
    "mission": "R5.4.6",
    "place": "R6.2.1",
    "slot": "R6.3.1",
    "sides": "§3 step 6B",
    "house": "§3 step 10",
    "reserve": "§3 step 10",
    "setup_moves": "§3 step 11",
    "setup_activate": "§3 step 12",
    "activate": "R5.5.1",
    "select": "R5.2.1",
    "income": "R5.3.1",
    "donate": "R5.3.6",
    "departments": "R5.4.1",
    "over": "R9.1.1",
}


def candidates(state: CarnegieState, seat: int) -> Iterator[Cand]:
    ctx = context(state)
    c = state.companies[seat]
    if ctx == "pick":
        yield cand("pick", "0")
        yield cand("pick", "1")
    elif ctx == "lobby":
        for j in range(state.tasks[0].a + 1):
            yield cand("lobby", str(j))
    elif ctx in ("spend", "departments"):
        if ctx == "departments":
            yield from department_candidates(state, seat, c)
        for r in range(4):
            yield cand("track", data.REGION_CODES[r])
        for t in range(4):
            yield cand("push", data.PROJECT_CODES[t])
        yield cand("done")
    elif ctx == "relocate":
        for cell in range(N_CELLS):
            yield cand("relocate", cell_code(cell))
            leaving = leaving_choices(c, cell)
            if len(leaving) > 1:  # §7.8: name the workplace freed when the prices differ
                costs = workplace_costs(c.cells[cell])
                for w in leaving:
                    yield cand("relocate", cell_code(cell, True), price_word(costs[w]))
            elif leaving:
                yield cand("relocate", cell_code(cell, True))
        yield cand("done")
    elif ctx == "slot":
        for k in slot_choices(state, state.tasks[0].a):
            yield cand("slot", str(slot_position(k)))
    elif ctx == "mission":
        for r in range(4):
            yield cand("mission", data.REGION_CODES[r])
    elif ctx == "place":
        for cell in range(N_CELLS):
            if c.cells[cell] == 0:
                yield cand("place", cell_code(cell))
    elif ctx == "sides":
        t = state.sides_chosen[seat]
        if t < 4:
            for s in TAB_SIDES:
                yield cand("side", data.PROJECT_CODES[t], s)
    elif ctx == "house":
        for city in data.CITIES:
            if city.size != "small":
                yield cand("house", city.id)
    elif ctx == "reserve":
        for tile in data.TILES:
            yield cand("reserve", str(tile.id))
    elif ctx == "setup_moves":
        yield from move_candidates(c, state.moves)
        yield cand("done")
    elif ctx in ("setup_activate", "activate"):
        for cell in range(N_CELLS):
            if c.idle[cell] and c.cells[cell] > 0:
                yield cand("activate", cell_code(cell))
        yield cand("done")
    elif ctx == "select":
        for r in range(4):
            yield cand("row", data.ACTION_CODES[r])
    elif ctx == "income":
        region, _ = event_of(state)
        for k in range(c.missions[region], -1, -1):
            yield cand("income", str(k))
    elif ctx == "donate":
        for code, *_ in data.DONATION_CELLS:
            yield cand("donate", code)
        yield cand("done")


def legal_actions(state: CarnegieState, seat: int) -> list[Action]:
    if seat not in deciding(state):
        return []
    c = state.companies[seat]
    # candidates are generated for the current context, so only the verb's own check is needed
    return [
        act(a.verb, *a.args)
        for a in candidates(state, seat)
        if a.sure or CHECKS[a.verb](state, seat, c, a) is None
    ]


def first_legal(state: CarnegieState, seat: int, limit: int) -> list[Cand]:
    out = []
    c = state.companies[seat]
    for a in candidates(state, seat):
        if a.sure or CHECKS[a.verb](state, seat, c, a) is None:
            out.append(a)
            if len(out) >= limit:
                break
    return out


def check(state: CarnegieState, seat: int, a: ActionLike) -> Reason:
    """Why ``a`` is illegal for ``seat`` now, or None. Malformed arguments raise InvalidAction."""
    if a.verb == "convert":
        k = parse_int(a.args[0], msg("goods"))
        c = state.companies[seat]
        if k < 1 or k > c.goods:
            return (
                plural(
                    "Goods are returned for $1 each, and you have {n} good.",
                    "Goods are returned for $1 each, and you have {n} goods.",
                    c.goods,
                ),
                "R5.7.1",
            )
        return stranding(state, seat, a)
    ctx = context(state)
    if a.verb not in CONTEXT_VERBS[ctx]:
        return (
            msg("That is not possible now. The decision now: {prompt}.", prompt=pending(state).prompt),
            CONTEXT_RULE[ctx],
        )
    fn = CHECKS[a.verb]
    return fn(state, seat, state.companies[seat], a)


def stranding(state: CarnegieState, seat: int, a: ActionLike) -> Reason:
    """A conversion (R5.7.1) must not leave the seat's own pending decision without a legal action: the
    goods may be exactly what the cell chosen for a Strategic Planning department costs (R6.2.1–R6.2.2)."""
    if seat not in deciding(state):
        return None
    after = state.clone()
    do_convert(after, seat, after.companies[seat], a, [], auto=False)
    if first_legal(after, seat, 1):
        return None
    k = int(a.args[0])
    if context(state) == "place":
        return (
            plural(
                "Returning {n} good for money now would leave you unable to pay for your new department; "
                "decide it first, then return goods.",
                "Returning {n} goods for money now would leave you unable to pay for your new department; "
                "decide it first, then return goods.",
                k,
            ),
            "R6.2.2",
        )
    return (
        plural(
            "Returning {n} good for money now would leave you unable to pay for your pending decision; "
            "decide it first, then return goods.",
            "Returning {n} goods for money now would leave you unable to pay for your pending decision; "
            "decide it first, then return goods.",
            k,
        ),
        "R5.7.1",
    )


CHECKS = {
    "pick": check_pick,
    "lobby": check_lobby,
    "track": check_track,
    "push": check_push,
    "done": check_done,
    "relocate": check_relocate,
    "mission": check_mission,
    "place": check_place,
    "slot": check_slot,
    "side": check_side,
    "house": check_house,
    "reserve": check_reserve,
    "move": check_move,
    "activate": check_activate,
    "row": check_row,
    "income": check_income,
    "donate": check_donate,
    "choose": check_choose,
    "use": check_use,
}


def apply(state: CarnegieState, seat: int, a: Action) -> tuple[CarnegieState, list[Event]]:
    if state.phase == "over":
        raise GameOver(msg("The game is over: it ends after round 20."), rule="R9.1.1")
    if not 0 <= seat < state.players:
        raise NotYourTurn(msg("There is no seat {seat}.", seat=seat))
    if a.verb not in CHECKS and a.verb != "convert":
        raise InvalidAction(
            msg("{verb} is not a Carnegie action: pick one of the choices offered.", verb=repr(a.verb))
        )
    if a.verb != "convert" and seat not in deciding(state):
        raise NotYourTurn(
            msg("It is not your decision now. Waiting for: {prompt}.", prompt=pending(state).prompt),
            rule=CONTEXT_RULE[context(state)],
        )
    reason = check(state, seat, a)
    if reason:
        raise IllegalAction(reason[0], rule=reason[1])
    return apply_legal(state, seat, a)


def apply_legal(state: CarnegieState, seat: int, a: ActionLike) -> tuple[CarnegieState, list[Event]]:
    """``apply`` without its checks, for an action of ``legal_actions(state, seat)`` (a computer player's
    one-step look-ahead applies every one of them: checking them again is a tenth of its time)."""
    new = state.clone()
    events: list[Event] = []
    do_action(new, seat, a, events, auto=False)
    advance(new, events)
    return new, events


# Contexts that always offer at least two actions (4 rows, 4 regions, 2 sides, several cities/tiles).
ALWAYS_A_CHOICE = frozenset({"select", "sides", "house", "reserve", "mission"})


def advance(state: CarnegieState, events: list[Event]) -> None:
    """Resolve forced steps: a decision with exactly one legal action (skipping a player with nothing to
    do, dropping study points nothing can be bought with) is taken automatically — except ending a turn
    in which the player has already acted [DEC: they end it themselves after seeing the result]."""
    for _ in range(500):
        seats = deciding(state)
        if state.phase == "over" and not state.tasks:  # pending(state).finished
            return
        forced = False
        ctx = context(state)
        if ctx in ALWAYS_A_CHOICE:
            return
        if ctx in ("departments", "setup_moves") and state.acted:
            return  # a player who has acted ends the turn themselves, after seeing the result
        for seat in seats:
            with quietly():  # whether one action is forced: the refusals are not read
                legal = first_legal(state, seat, 2)
            if len(legal) == 1:
                do_action(state, seat, legal[0], events, auto=True)
                forced = True
                break
        if not forced:
            return
    raise RuntimeError("Carnegie engine: forced steps did not settle")


def do_action(state: CarnegieState, seat: int, a: ActionLike, events: list[Event], auto: bool) -> None:
    c = state.companies[seat]
    if a.verb != "convert" and context(state) in TASK_KINDS:
        do_task(state, seat, c, a, events, auto)
        return
    DOERS[a.verb](state, seat, c, a, events, auto)


def do_convert(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """R5.7.1: goods to money at $1 each, at any moment."""
    k = int(a.args[0])
    c.goods -= k
    c.money += k
    note(
        events,
        "convert",
        plural("{who} returned {n} good for ${n}.", "{who} returned {n} goods for ${n}.", k, who=P(seat)),
        seat,
        goods=k,
    )


DOERS: dict[str, Doer] = {
    "convert": do_convert,
    "side": do_side,
    "house": do_house,
    "reserve": do_reserve,
    "move": do_move,
    "activate": do_activate,
    "done": do_done,
    "row": do_row_action,
    "income": do_income_action,
    "donate": do_donate,
    "choose": do_choose,
    "track": do_spend_action,
    "push": do_spend_action,
    "use": do_use_action,
}
