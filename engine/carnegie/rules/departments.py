"""Using departments (rules.md §5.4, §5.6, §6.2, §6.3, §7): turn pools, each department's uses."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.carnegie import data, words
from engine.carnegie.actions import (
    ActionLike,
    Cand,
    parse_city,
    parse_dept,
    parse_donation,
    parse_index,
    parse_int,
)
from engine.carnegie.reconstructed import N_CELLS
from engine.carnegie.rules.common import (
    P,
    Reason,
    arrive,
    cand,
    current_seat,
    free_slot,
    gain_words,
    note,
    paid_text,
    pay,
    performer,
    receive,
    slot_choices,
    transport_income,
)
from engine.carnegie.rules.donations import donation_reason
from engine.carnegie.rules.hr import move_candidates
from engine.carnegie.state import (
    FREE,
    USED,
    CarnegieState,
    Company,
    Task,
    active_employees,
    active_in,
    cell_of,
    donation_cost,
    tab_discs,
)
from engine.core import Event, InvalidAction
from engine.core.words import join, msg, plural

UseCheck = Callable[["CarnegieState", int, "Company", tuple[str, ...]], Reason]


# Departments used through explicit "use" actions. The starting HR, R&D and Advanced Design departments
# only feed the turn's move / SP pool (R6.1.1, R6.4.1), passive ones are never used (R5.4.8).
USABLE = {data.D_TF, data.D_SP, data.D_CON, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 15}


MISSION_OPTIONS = {"$6", "2g"}  # Trade and Finance options with the mission symbol (§6.2.1)


def department_candidates(state: CarnegieState, seat: int, c: Company) -> Iterator[Cand]:
    if c.action_choice and not state.acted:
        for t in range(4):
            yield cand("choose", data.ACTION_CODES[t])
    tt = state.turn_type
    if tt == data.HR:
        yield from move_candidates(c, state.moves)
    for cell in range(N_CELLS):
        dept = c.cells[cell]
        if dept not in USABLE or data.DEPT_TYPES[dept] != tt:
            continue
        code = data.DEPT_CODES[dept]
        if dept == data.D_TF:
            for opt in ("$3", "good", "$6", "2g"):
                yield cand("use", code, opt)
        elif dept == data.D_SP:
            for tile in data.TILES:
                yield cand("use", code, str(tile.id))
        elif dept in (data.D_CON, 9, 10):
            for t in range(4):
                if tab_discs(c, t) > 0:
                    pc = data.PROJECT_CODES[t]
                    for ci, city in enumerate(data.CITIES):
                        if free_slot(state, ci, t) >= 0:
                            yield cand("use", code, pc, city.id)
        elif dept in (6, 7, 11):
            for k in (1, 2, 3):
                yield cand("use", code, str(k))
        elif dept in (1, 5):
            yield cand("use", code, "$8")
            yield cand("use", code, "moves" if dept == 1 else "3g")
        elif dept == 2:
            yield cand("use", code, "hire")
            yield cand("use", code, "moves")
        elif dept == 15:
            for dcode, *_ in data.DONATION_CELLS:
                yield cand("use", code, dcode)
        else:  # 3, 13
            yield cand("use", code)


def place_cost(c: Company, cell: int, tile: int) -> int:
    """R6.2.2: 1 good with an own employee in the cell, else 2; New Lobby 2 more (§7.4)."""
    return (1 if c.idle[cell] else 2) + (2 if tile == data.NEW_LOBBY else 0)


def check_choose(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    t = parse_index(a.args[0], data.ACTION_CODES, msg("action type"))
    if not c.action_choice:
        return (msg("You have no unused Action Choice tile (each is used once per game)."), "R5.6.3")
    if seat == state.first:
        return (
            msg("The first player cannot use an Action Choice tile: they already chose this round's action."),
            "R5.6.3",
        )
    if state.acted:
        return (
            msg("The Action Choice tile is used at the start of your turn, before you do anything else."),
            "R5.6.2",
        )
    if t == state.row:
        return (msg("The Action Choice tile gives a different action type than the round's."), "R5.6.2")
    return None


def check_use(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    dept = parse_dept(a.args[0])
    name = data.DEPT_NAMES[dept]
    cell = cell_of(c, dept)
    if cell < 0:
        return (
            msg("Your company has no {department}: you use only your own departments.", department=name),
            "R5.4.1",
        )
    if data.DEPT_TYPES[dept] != state.turn_type:
        return (
            msg(
                "{department} is a {kind} department; in this turn you use only {turn} departments.",
                department=name,
                kind=data.ACTION_TYPES[data.DEPT_TYPES[dept]],
                turn=data.ACTION_TYPES[state.turn_type],
            ),
            "R5.4.1",
        )
    if dept not in USABLE:
        if dept in (data.NEW_LOBBY, data.PROPERTY_MANAGEMENT, data.COMMUNICATIONS, data.TELEGRAPH):
            return (
                msg("{department} is passive: it works by itself and is never used.", department=name),
                "R5.4.8",
            )
        return (
            msg(
                "{department} is not used: it gives its moves or study points by itself at the start of "
                "the turn.",
                department=name,
            ),
            "R6.1.1",
        )
    if dept in state.closed_depts:
        return (
            msg(
                "{department} was already used this turn: you finish one department before starting "
                "another, and never go back to it.",
                department=name,
            ),
            "R5.4.2",
        )
    if performer(c, cell) < 0:
        return (
            msg(
                "{department} has no active employee left to use it this turn: each use needs its own "
                "standing employee.",
                department=name,
            ),
            "R5.4.3",
        )
    return USE_CHECKS[dept](state, seat, c, a.args[1:])


def need_args(args: tuple[str, ...], n: int, example: str) -> None:
    if len(args) != n:
        raise InvalidAction(msg("Write this use as '{example}'.", example=example))


def use_tf(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    need_args(args, 1, "use TF $3 | good | $6 | 2g")
    if args[0] not in ("$3", "good", "$6", "2g"):
        raise InvalidAction(msg("Trade and Finance options are $3, good, $6 (mission) and 2g (mission)."))
    return None


def use_sp(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    need_args(args, 1, "use SP <tile>")
    tile = parse_int(args[0], msg("tile"))
    if not 1 <= tile <= len(data.TILES):
        raise InvalidAction(msg("Department tiles are numbered 1–16."))
    name = data.TILES[tile - 1].name
    if c.reserved and tile != c.reserved:
        return (
            msg(
                "Your first department must be the one you reserved, {department}.",
                department=data.DEPT_NAMES[c.reserved],
            ),
            "R6.2.3",
        )
    if tile in c.cells:
        return (
            msg(
                "Your company already has {department}, and a company never has the same one twice.",
                department=name,
            ),
            "R4.4.5",
        )
    if tile != c.reserved and state.display[tile] == 0:
        return (
            msg("{department} is no longer in the display: every copy was taken.", department=name),
            "R6.2.3",
        )
    cells = [i for i in range(N_CELLS) if c.cells[i] == 0]
    if not cells:
        return (msg("Your company board has no empty space left for a new department."), "R6.2.1")
    cheapest = min(place_cost(c, i, tile) for i in cells)
    if c.goods < cheapest:
        return (
            join(
                " ",
                [
                    plural(
                        "Building {department} costs at least {n} good; you have {goods}.",
                        "Building {department} costs at least {n} goods; you have {goods}.",
                        cheapest,
                        department=name,
                        goods=c.goods,
                    ),
                    words.BUILD_COST,
                    *([msg("The New Lobby costs 2 goods more.")] if tile == data.NEW_LOBBY else []),
                ],
            ),
            "R6.2.2",
        )
    return None


def use_build(
    state: CarnegieState, seat: int, c: Company, args: tuple[str, ...], outsourcing: bool
) -> Reason:
    need_args(args, 2, "use CON <H|C|I|P> <city>")
    t = parse_index(args[0], data.PROJECT_CODES, msg("project type"))
    ci = parse_city(args[1])
    if tab_discs(c, t) == 0:
        return (
            msg(
                "Your {project} tab has no project ready to build: push it with study points first.",
                project=data.PROJECT_TYPES[t],
            ),
            "R6.3.1",
        )
    goods = data.BUILD_GOODS[t]
    if c.goods < goods:
        return (
            (
                plural(
                    "An {project} project costs {n} good; you have {goods}.",
                    "An {project} project costs {n} goods; you have {goods}.",
                    goods,
                    project=data.PROJECT_TYPES[t],
                    goods=c.goods,
                )
                if t == data.INDUSTRY
                else plural(
                    "A {project} project costs {n} good; you have {goods}.",
                    "A {project} project costs {n} goods; you have {goods}.",
                    goods,
                    project=data.PROJECT_TYPES[t],
                    goods=c.goods,
                )
            ),
            "R6.3.2",
        )
    if outsourcing and c.money + c.goods - goods < 3:
        return (msg("Construction Outsourcing costs $3 on top of the goods, and you cannot pay it."), "§7.10")
    if free_slot(state, ci, t) < 0:
        return (
            msg(
                "{city} has no free slot for a {project} project: a project goes on a free slot of its "
                "type, or on an empty small town.",
                city=data.CITIES[ci].name,
                project=data.PROJECT_TYPES[t],
            ),
            "R6.3.1",
        )
    return None


def use_con(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_build(state, seat, c, args, outsourcing=False)


def use_outsourcing(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_build(state, seat, c, args, outsourcing=True)


def use_count(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...], dept: int) -> Reason:
    need_args(args, 1, f"use {dept} <1-3>")
    k = parse_int(args[0], msg("goods"))
    if not 1 <= k <= 3:
        return (msg("Each use takes 1, 2 or 3 goods."), f"§7.{dept}")
    if dept == 11:
        if c.money < k:
            return (
                plural(
                    "Buying {n} good costs ${n} ($1 each); you have ${money}.",
                    "Buying {n} goods costs ${n} ($1 each); you have ${money}.",
                    k,
                    money=c.money,
                ),
                "§7.11",
            )
    elif c.goods < k:
        return (plural("You have only {n} good.", "You have only {n} goods.", c.goods), f"§7.{dept}")
    return None


def use_sales(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_count(state, seat, c, args, 6)


def use_logistics(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_count(state, seat, c, args, 7)


def use_supply(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_count(state, seat, c, args, 11)


def use_option(options: tuple[str, ...], example: str) -> UseCheck:
    def fn(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
        need_args(args, 1, example)
        if args[0] not in options:
            raise InvalidAction(msg("Write this use as '{example}'.", example=example))
        if args[0] == "hire" and c.supply == 0:
            return (
                msg(
                    "Your personal supply has no employee left to recruit, and a mission needs its whole "
                    "effect."
                ),
                "R5.4.6",
            )
        return None

    return fn


def use_plain(example: str) -> UseCheck:
    def fn(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
        need_args(args, 0, example)
        return None

    return fn


def use_charity(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    need_args(args, 1, "use 15 <donation code>")
    return donation_reason(state, seat, c, parse_donation(args[0]), charity=True)


USE_CHECKS: dict[int, UseCheck] = {
    data.D_TF: use_tf,
    data.D_SP: use_sp,
    data.D_CON: use_con,
    9: use_con,
    10: use_outsourcing,
    11: use_supply,
    6: use_sales,
    7: use_logistics,
    1: use_option(("$8", "moves"), "use 1 $8 | moves"),
    2: use_option(("hire", "moves"), "use 2 hire | moves"),
    3: use_plain("use 3"),
    5: use_option(("$8", "3g"), "use 5 $8 | 3g"),
    13: use_plain("use 13"),
    15: use_charity,
}


def do_choose(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """R5.6.2: the Action Choice tile goes to the box; this turn uses the declared type."""
    t = parse_index(a.args[0], data.ACTION_CODES, msg("action type"))
    c.action_choice = False
    state.turn_type = t
    turn_pools(state, c)
    note(
        events,
        "choose",
        msg(
            "{who} used the Action Choice tile: a {kind} turn instead.",
            who=P(seat),
            kind=data.ACTION_TYPES[t],
        ),
        seat,
    )


def do_use_action(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    state.acted = True
    do_use(state, seat, c, a, events)


def turn_pools(state: CarnegieState, c: Company) -> None:
    """R6.1.1: 3 moves per active HR employee; R6.4.1: 3 SP per active R&D employee, 4 per Advanced
    Design employee — counted at the start of the turn."""
    state.moves = 3 * active_in(c, cell_of(c, data.D_HR)) if state.turn_type == data.HR else 0
    state.sp = 0
    if state.turn_type == data.RND:
        state.sp = 3 * active_in(c, cell_of(c, data.D_RD))
        ad = cell_of(c, 14)
        if ad >= 0:
            state.sp += 4 * active_in(c, ad)


def begin_turn(state: CarnegieState) -> None:
    state.turn_type = state.row
    state.acted = False
    state.open_dept = 0
    state.closed_depts = []
    turn_pools(state, state.companies[current_seat(state)])


def start_departments(state: CarnegieState) -> None:
    state.phase, state.step = "departments", 0
    begin_turn(state)


def send_on_mission(state: CarnegieState, c: Company, cell: int, seat: int, region: int = -1) -> None:
    """R5.4.6: the performing employee leaves its workplace on a mission (region now, or asked next)."""
    c.staff[cell][performer(c, cell)] = FREE
    if region >= 0:
        c.missions[region] += 1
    else:
        state.tasks.insert(0, Task(kind="mission", seat=seat))


def do_use(state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event]) -> None:
    dept = parse_dept(a.args[0])
    cell = cell_of(c, dept)
    args = a.args[1:]
    if state.open_dept != dept:  # R5.4.2: starting another department closes the previous one
        if state.open_dept:
            state.closed_depts.append(state.open_dept)
        state.open_dept = dept
    name = data.DEPT_NAMES[dept]
    me = P(seat)

    def use_up() -> None:
        c.staff[cell][performer(c, cell)] = USED

    if dept == data.D_TF:
        opt = args[0]
        if opt in MISSION_OPTIONS:
            send_on_mission(state, c, cell, seat)
        else:
            use_up()
        g = {
            "$3": data.Gain(money=3),
            "good": data.Gain(goods=1),
            "$6": data.Gain(money=6),
            "2g": data.Gain(goods=2),
        }[opt]
        receive(state, seat, g)
        gained = join(" + ", gain_words(g))
        note(
            events,
            "use",
            msg(
                "{who} used Trade and Finance: +{gain}, sending the employee on a mission.",
                who=me,
                gain=gained,
            )
            if opt in MISSION_OPTIONS
            else msg("{who} used Trade and Finance: +{gain}.", who=me, gain=gained),
            seat,
            dept=dept,
        )
    elif dept == data.D_SP:
        tile = int(args[0])
        use_up()
        if c.reserved == tile:
            c.reserved = 0
        else:
            state.display[tile] -= 1
        state.tasks.insert(0, Task(kind="place", seat=seat, a=tile))
        note(
            events,
            "use",
            msg(
                "{who} used Strategic Planning to build {department}.",
                who=me,
                department=data.DEPT_NAMES[tile],
            ),
            seat,
            tile=tile,
        )
    elif dept in (data.D_CON, 9, 10):
        do_build(state, seat, c, dept, cell, args, events)
    elif dept in (6, 7, 11):
        k = int(args[0])
        use_up()
        if dept == 6:
            c.goods -= k
            c.money += 6 * k
            text = plural(
                "{who} used {department}: sold {n} good for ${money}.",
                "{who} used {department}: sold {n} goods for ${money}.",
                k,
                who=me,
                department=name,
                money=6 * k,
            )
        elif dept == 7:
            c.goods -= k
            c.money += 3 * k
            c.vp += k
            text = plural(
                "{who} used {department}: shipped {n} good for ${money} and {n} VP.",
                "{who} used {department}: shipped {n} goods for ${money} and {n} VP.",
                k,
                who=me,
                department=name,
                money=3 * k,
            )
        else:
            c.money -= k
            c.goods += k
            text = plural(
                "{who} used {department}: bought {n} good for ${n}.",
                "{who} used {department}: bought {n} goods for ${n}.",
                k,
                who=me,
                department=name,
            )
        note(events, "use", text, seat, dept=dept)
    elif dept == 1:
        send_on_mission(state, c, cell, seat)
        if args[0] == "$8":
            c.money += 8
        else:
            state.moves += 8
        note(
            events,
            "use",
            msg("{who} used Training and Partnerships: +$8, sending the employee on a mission.", who=me)
            if args[0] == "$8"
            else msg(
                "{who} used Training and Partnerships: +8 moves, sending the employee on a mission.", who=me
            ),
            seat,
            dept=dept,
        )
    elif dept == 2:
        if args[0] == "hire":
            send_on_mission(state, c, cell, seat)
            c.supply -= 1
            arrive(state, seat, 1)
            text = msg("{who} used Recruiting: 1 new employee, sending the recruiter on a mission.", who=me)
        else:
            use_up()
            state.moves += 4
            text = msg("{who} used Recruiting: +4 moves.", who=me)
        note(events, "use", text, seat, dept=dept)
    elif dept == 3:
        send_on_mission(state, c, cell, seat)
        vp = (active_employees(c) + 1) // 2  # §7.3: ceil(A / 2) after the sending
        c.vp += vp
        note(
            events,
            "use",
            msg("{who} used Safety and Quality: +{vp} VP, sending the employee on a mission.", who=me, vp=vp),
            seat,
            dept=dept,
            vp=vp,
        )
    elif dept == 5:
        send_on_mission(state, c, cell, seat)
        g = data.Gain(money=8) if args[0] == "$8" else data.Gain(goods=3)
        receive(state, seat, g)
        note(
            events,
            "use",
            msg(
                "{who} used Purchasing: +{gain}, sending the employee on a mission.",
                who=me,
                gain=join(" + ", gain_words(g)),
            ),
            seat,
            dept=dept,
        )
    elif dept == 13:
        send_on_mission(state, c, cell, seat)
        state.sp += 7
        note(
            events,
            "use",
            msg("{who} used Advanced Research: +7 study points, sending the employee on a mission.", who=me),
            seat,
            dept=dept,
        )
    elif dept == 15:
        target = parse_donation(args[0])
        cost = donation_cost(c)
        send_on_mission(state, c, cell, seat)
        conv = pay(c, cost)
        state.donation_discs[target].append(seat)
        c.donations += 1
        c.discs -= 1
        note(
            events,
            "use",
            msg(
                "{who} used Charitable Giving: donated {paid} to {donation}, sending the employee on a "
                "mission.",
                who=me,
                paid=paid_text(cost, conv),
                donation=words.donation(target),
            ),
            seat,
            dept=dept,
            cell=target,
        )


def do_build(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§6.3.1 (Construction, Engineering), §7.10 (Construction Outsourcing), R6.3.5."""
    t = parse_index(args[0], data.PROJECT_CODES, msg("project type"))
    ci = parse_city(args[1])
    city = data.CITIES[ci]
    goods = data.BUILD_GOODS[t]
    c.goods -= goods
    outsourced = ""
    if dept == 10:
        conv = pay(c, 3)
        c.staff[cell][performer(c, cell)] = USED
        outsourced = paid_text(3, conv)
    else:
        send_on_mission(state, c, cell, seat, city.region)
    k = free_slot(state, ci, t)
    state.slot_owner[k] = seat
    state.slot_project[k] = t
    if len(slot_choices(state, k)) > 1:  # R6.3.1 step 4: the player chooses among free slots of the type
        state.tasks.insert(0, Task(kind="slot", seat=seat, a=k, b=t))
    c.tab_built[t] += 1
    said = {"who": P(seat), "project": data.PROJECT_TYPES[t], "city": city.name}
    if dept == 10:
        text = plural(
            "{who} built a {project} project in {city} ({n} good and {paid})",
            "{who} built a {project} project in {city} ({n} goods and {paid})",
            goods,
            paid=outsourced,
            **said,
        )
    else:
        text = plural(
            "{who} built a {project} project in {city} ({n} good), sending the employee on a mission to the "
            "{region}",
            "{who} built a {project} project in {city} ({n} goods), sending the employee on a mission to the "
            "{region}",
            goods,
            region=data.REGIONS[city.region],
            **said,
        )
    if city.marker:
        g = transport_income(state, seat, city.region)
        receive(state, seat, g)  # R6.3.5: once, not multiplied
        text = msg("{build}; transport income +{gain}.", build=text, gain=join(" + ", gain_words(g)))
    else:
        text = msg("{build}.", build=text)
    note(events, "build", text, seat, dept=dept, city=ci, slot=k, project=t)
