"""Using departments (rules.md §5.4, §5.6): the turn's pools (R6.1.1, R6.4.1), the Action Choice tile
(§5.6), which departments may be used (R5.4.1–R5.4.3, R5.4.8), and the dispatch of each use to its action
type's module: ``hr`` (§6.1), ``management`` (§6.2), ``construction`` (§6.3), ``research`` (§6.4)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.carnegie import data
from engine.carnegie.actions import ActionLike, Cand, parse_dept, parse_index
from engine.carnegie.reconstructed import N_CELLS
from engine.carnegie.rules.common import P, Reason, cand, current_seat, free_slot, need_args, note, performer
from engine.carnegie.rules.construction import do_build, use_con, use_outsourcing
from engine.carnegie.rules.hr import do_recruiting, do_safety, do_training, move_candidates
from engine.carnegie.rules.management import (
    do_purchasing,
    do_strategic_planning,
    do_trade_finance,
    do_trade_goods,
    use_logistics,
    use_sales,
    use_sp,
    use_supply,
    use_tf,
)
from engine.carnegie.rules.research import do_advanced_research, do_charity, use_charity
from engine.carnegie.state import CarnegieState, Company, active_in, cell_of, tab_discs
from engine.core import Event, InvalidAction
from engine.core.words import msg

UseCheck = Callable[["CarnegieState", int, "Company", tuple[str, ...]], Reason]
DeptUse = Callable[[CarnegieState, int, Company, int, int, tuple[str, ...], list[Event]], None]


# Departments used through explicit "use" actions. The starting HR, R&D and Advanced Design departments
# only feed the turn's move / SP pool (R6.1.1, R6.4.1), passive ones are never used (R5.4.8).
USABLE = {data.D_TF, data.D_SP, data.D_CON, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 15}


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


DEPT_USES: dict[int, DeptUse] = {
    data.D_TF: do_trade_finance,
    data.D_SP: do_strategic_planning,
    data.D_CON: do_build,
    9: do_build,
    10: do_build,
    6: do_trade_goods,
    7: do_trade_goods,
    11: do_trade_goods,
    1: do_training,
    2: do_recruiting,
    3: do_safety,
    5: do_purchasing,
    13: do_advanced_research,
    15: do_charity,
}


def do_use(state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event]) -> None:
    dept = parse_dept(a.args[0])
    cell = cell_of(c, dept)
    if state.open_dept != dept:  # R5.4.2: starting another department closes the previous one
        if state.open_dept:
            state.closed_depts.append(state.open_dept)
        state.open_dept = dept
    DEPT_USES[dept](state, seat, c, dept, cell, a.args[1:], events)
