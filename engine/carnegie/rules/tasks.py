"""Sub-decisions that interrupt a phase: income icon choices, New Lobby placement, mission region,
the cell of a new department, Property Management relocation."""

from __future__ import annotations

from engine.carnegie import data, words
from engine.carnegie.actions import ActionLike, parse_cell, parse_index, parse_int
from engine.carnegie.reconstructed import TABS
from engine.carnegie.rules.common import (
    P,
    Reason,
    gain_words,
    leaving_workplace,
    lobby_cell,
    note,
    receive,
    slot_choices,
    slot_position,
    slot_words,
)
from engine.carnegie.rules.management import place_cost
from engine.carnegie.rules.research import do_spend
from engine.carnegie.space_places import built_on
from engine.carnegie.state import (
    FREE,
    NO_OWNER,
    NO_PROJECT,
    CarnegieState,
    Company,
    Task,
    cell_of,
    staffed,
    workplace_costs,
)
from engine.core import Event, InvalidAction
from engine.core.words import join, msg, plural


def check_pick(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    t = state.tasks[0]
    i = parse_int(a.args[0], msg("alternatives"))
    alts = TABS[t.a][c.tab_side[t.a]][t.b].income
    if i >= len(alts):
        return (msg("That income icon offers only two alternatives: take one of them."), "R5.3.5")
    if alts[i].employees and c.supply == 0 and any(not g.employees for g in alts):
        return (
            msg("Your personal supply has no employee left to receive; take the other alternative."),
            "R5.3.5",
        )
    return None


def check_lobby(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    j = parse_int(a.args[0], msg("employees"))
    if j > state.tasks[0].a:
        return (plural("Only {n} employee arrive.", "Only {n} employees arrive.", state.tasks[0].a), "§7.4")
    return None


def check_relocate(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    src, standing = parse_cell(a.args[0])
    target = state.tasks[0].a
    price = a.args[1] if len(a.args) > 1 else None
    if standing:  # §7.8: the player chooses which workplace the employee leaves (``leaving_workplace``)
        return leaving_workplace(c, src, price, "R6.2.5")[1]
    if price is not None:
        raise InvalidAction(msg("A lying employee holds no workplace: write it without a price."))
    if c.idle[src] == 0 or src == target:
        return (
            msg(
                "No employee lies there to move into the new department (and it cannot come from the new "
                "department itself)."
            ),
            "R6.2.5",
        )
    return None


def check_slot(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    """R6.3.1 step 4 and §3 step 10: the project just placed may take any free slot of its type there."""
    slot = state.tasks[0].a
    pos = parse_int(a.args[0], msg("slot position"))
    if pos not in [slot_position(k) for k in slot_choices(state, slot)]:
        rule = "§3 step 10" if state.phase == "reserve" else "R6.3.1"
        positions = ", ".join(str(slot_position(k)) for k in slot_choices(state, slot))
        return (
            msg(
                "The project takes a free slot of its type in that city (slot {positions} from the left).",
                positions=positions,
            ),
            rule,
        )
    return None


def check_mission(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    parse_index(a.args[0], data.REGION_CODES, msg("region"))
    return None


def check_place(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    cell, _ = parse_cell(a.args[0])
    if c.cells[cell] != 0:
        return (msg("A department is built on an empty space of your company board."), "R6.2.1")
    cost = place_cost(c, cell, state.tasks[0].a)
    if c.goods < cost:
        return (
            join(
                " ",
                [
                    plural(
                        "Building there costs {n} good; you have {goods}.",
                        "Building there costs {n} goods; you have {goods}.",
                        cost,
                        goods=c.goods,
                    ),
                    words.BUILD_COST,
                    *(
                        [msg("The New Lobby costs 2 goods more.")]
                        if state.tasks[0].a == data.NEW_LOBBY
                        else []
                    ),
                ],
            ),
            "R6.2.2",
        )
    return None


def do_task(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    t = state.tasks[0]
    v = a.verb
    if v in ("track", "push"):
        do_spend(state, seat, c, a, events)
        return
    state.tasks.pop(0)
    if v == "pick":
        g = TABS[t.a][c.tab_side[t.a]][t.b].income[int(a.args[0])]
        receive(state, seat, g)
        note(
            events,
            "pick",
            msg(
                "{who} took {gain} as project income.",
                who=P(seat),
                gain=join(" + ", gain_words(g, taken=True)),
            ),
            seat,
        )
    elif v == "lobby":
        j = int(a.args[0])
        c.idle[lobby_cell(c)] += t.a - j
        c.idle[cell_of(c, data.NEW_LOBBY)] += j
        note(
            events,
            "lobby",
            plural(
                "{who} placed {n} employee in the Lobby and {new} in the New Lobby.",
                "{who} placed {n} employees in the Lobby and {new} in the New Lobby.",
                t.a - j,
                who=P(seat),
                new=j,
            ),
            seat,
        )
    elif v == "done" and t.kind == "spend":
        if t.a:
            note(
                events,
                "spend",
                plural(
                    "{who} lost {n} unspent study point.",
                    "{who} lost {n} unspent study points.",
                    t.a,
                    who=P(seat),
                ),
                seat,
            )
    elif v == "done":
        pass  # no Property Management relocation
    elif v == "relocate":
        src, standing = parse_cell(a.args[0])
        if standing:
            w, _ = leaving_workplace(c, src, a.args[1] if len(a.args) > 1 else None, "R6.2.5")
            c.staff[src][w] = FREE
        else:
            c.idle[src] -= 1
        c.idle[t.a] += 1
        note(
            events,
            "relocate",
            msg(
                "{who} moved an employee into {department} (Property Management).",
                who=P(seat),
                department=data.DEPT_NAMES[c.cells[t.a]],
            ),
            seat,
        )
    elif v == "slot":
        k = data.CITY_SLOTS[data.SLOT_CITY[t.a]][int(a.args[0]) - 1]
        if k != t.a:
            state.slot_owner[k], state.slot_project[k] = state.slot_owner[t.a], state.slot_project[t.a]
            state.slot_owner[t.a], state.slot_project[t.a] = NO_OWNER, NO_PROJECT
        note(
            events,
            "slot",
            msg("{who}'s project took the {slot}.", who=P(seat), slot=slot_words(k)),
            seat,
            slot=k,
        )
    elif v == "mission":
        r = parse_index(a.args[0], data.REGION_CODES, msg("region"))
        c.missions[r] += 1
        note(
            events,
            "mission",
            msg("{who} sent the employee on a mission to the {region}.", who=P(seat), region=data.REGIONS[r]),
            seat,
            region=r,
        )
    elif v == "place":
        cell, _ = parse_cell(a.args[0])
        tile = t.a
        cost = place_cost(c, cell, tile)
        where = built_on(c.cells, cell)
        c.goods -= cost
        c.cells[cell] = tile
        c.staff[cell] = [FREE] * len(workplace_costs(tile))
        note(
            events,
            "build_department",
            plural(
                "{who} built {department} on {place} ({n} good; {vp} VP at the end).",
                "{who} built {department} on {place} ({n} goods; {vp} VP at the end).",
                cost,
                who=P(seat),
                department=data.DEPT_NAMES[tile],
                place=where,
                vp=words.row_vp(cell),
            ),
            seat,
            tile=tile,
            cell=cell,
        )
        if staffed(c, data.PROPERTY_MANAGEMENT):
            state.tasks.insert(0, Task(kind="relocate", seat=seat, a=cell))
