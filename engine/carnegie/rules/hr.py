"""Human Resources (rules.md §6.1, also setup step 11): moves, and the uses of the HR departments
Training and Partnerships (§7.1), Recruiting (§7.2) and Safety and Quality (§7.3)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from engine.carnegie import data
from engine.carnegie.actions import ActionLike, Cand, cell_code, parse_cell
from engine.carnegie.reconstructed import GRID_COLS, N_CELLS
from engine.carnegie.rules.common import (
    STEPS,
    P,
    Reason,
    adjacent,
    arrive,
    context,
    leaving_choices,
    leaving_workplace,
    note,
    place_name,
    price_word,
    send_on_mission,
    use_up,
)
from engine.carnegie.state import FREE, CarnegieState, Company, active_employees, workplace_costs
from engine.core import Event, InvalidAction
from engine.core.words import join, msg, plural


def move_candidates(c: Company, moves: int) -> Iterator[Cand]:
    """Every journey of one employee within the ``moves`` left: from a cell with a lying or a standing
    employee to any other cell at most ``moves`` steps away, along one shortest route (R6.1.2: the same
    employee may be moved several times and may pass through any cell, so only where it ends differs).
    A standing employee's journey names the workplace it leaves when the occupied workplaces differ in
    price (R6.1.3, ``leaving_choices``). Each is ``sure``: ``check_move`` asks nothing these choices do not
    already settle (an HR turn or setup, moves enough, orthogonal steps, an employee to move, the price
    named exactly when the prices differ); an HR turn lists ~150 of them at every step of a play-out."""
    for cell in range(N_CELLS):
        lying = c.idle[cell] > 0
        leaving = leaving_choices(c, cell) if c.cells[cell] > 0 else []
        if not (lying or leaving):
            continue
        prices: list[tuple[str, ...]] = []
        if len(leaving) > 1:
            costs = workplace_costs(c.cells[cell])
            prices = [(price_word(costs[w]),) for w in leaving]
        elif leaving:
            prices = [()]
        # Departments first (where an employee can be activated), then the Lobby and empty spaces.
        for dst in sorted(range(N_CELLS), key=lambda d: c.cells[d] <= 0):
            if dst == cell or STEPS[cell][dst] > moves:
                continue
            hops = _hops(cell, dst)
            if lying:
                yield Cand("move", (f"{cell_code(cell)}>{hops}",), True)
            for price in prices:
                yield Cand("move", (f"{cell_code(cell, True)}>{hops}", *price), True)


@cache  # N_CELLS² journeys at most, listed for every HR step of every play-out
def _hops(src: int, dst: int) -> str:
    """The cells of ``route`` in the notation, ``"3,2>2,2"``."""
    return ">".join(cell_code(h) for h in route(src, dst))


def route(src: int, dst: int) -> list[int]:
    """The cells a journey from ``src`` to ``dst`` steps on after ``src``: along the row first, then the
    column (R6.1.2: every cell may be passed through, so any shortest route ends the same)."""
    r, col = divmod(src, GRID_COLS)
    rd, cd = divmod(dst, GRID_COLS)
    hops: list[int] = []
    while col != cd:
        col += 1 if cd > col else -1
        hops.append(r * GRID_COLS + col)
    while r != rd:
        r += 1 if rd > r else -1
        hops.append(r * GRID_COLS + col)
    return hops


def journey(text: str) -> list[str]:
    """The cells of a move's notation, ``"4,2>3,2>2,2"`` -> ``["4,2", "3,2", "2,2"]`` (R6.1.2: one step
    between each two)."""
    cells = text.split(">")
    if len(cells) < 2:
        raise InvalidAction(
            msg("{text}: write a move as from>to, e.g. 4,2>3,2 (or from>via>to).", text=repr(text))
        )
    return cells


def check_move(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    if context(state) == "departments" and state.turn_type != data.HR:
        return (msg("Employees are moved only in a Human Resources turn (and during setup)."), "R6.1.1")
    cells = journey(a.args[0])
    src, standing = parse_cell(cells[0])
    steps = [parse_cell(t) for t in cells[1:]]
    if any(st for _, st in steps):
        raise InvalidAction(msg("A moved employee lies down: write the cells after the first without '*'."))
    if state.moves <= 0:
        return (msg("You have no employee moves left this turn."), "R6.1.1")
    if len(steps) > state.moves:
        return (
            msg(
                "That journey takes {journey}; you have {left} left this turn.",
                journey=plural("{n} move", "{n} moves", len(steps)),
                left=plural("{n} move", "{n} moves", state.moves),
            ),
            "R6.1.4",
        )
    at = src
    for dst, _ in steps:
        if not adjacent(at, dst):
            return (
                msg("A move goes one space up, down, left or right on your company board, never diagonally."),
                "R6.1.2",
            )
        at = dst
    price = a.args[1] if len(a.args) > 1 else None
    if standing:
        return leaving_workplace(c, src, price, "R6.1.3")[1]
    if price is not None:
        raise InvalidAction(msg("A lying employee holds no workplace: write the move without a price."))
    if c.idle[src] == 0:
        return (msg("No employee lies there to be moved."), "R6.1.2")
    return None


def do_move(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """R6.1.2–R6.1.3: one employee's journey, one orthogonal step per move; a moved standing employee lies
    down, freeing the workplace the player chose (``leaving_workplace``)."""
    cells = journey(a.args[0])
    src, standing = parse_cell(cells[0])
    dst, _ = parse_cell(cells[-1])
    start = place_name(c, cells[0])
    if standing:
        w, _ = leaving_workplace(c, src, a.args[1] if len(a.args) > 1 else None, "R6.1.3")
        c.staff[src][w] = FREE
        start = msg(
            "{place}, freeing a ${price} workplace", place=start, price=workplace_costs(c.cells[src])[w]
        )
    else:
        c.idle[src] -= 1
    c.idle[dst] += 1
    state.moves -= len(cells) - 1
    state.acted = True
    if not auto:
        # Each move is told: the spaces passed through, then where the employee ends (R6.1.2).
        left = plural("{n} move left", "{n} moves left", state.moves)
        end = place_name(c, cells[-1])
        if len(cells) > 2:
            via = join("", [msg(" through {place}", place=place_name(c, t)) for t in cells[1:-1]])
            text = msg(
                "{who} moved an employee from {start}{via} to {end} ({spent}, {left}).",
                who=P(seat),
                start=start,
                via=via,
                end=end,
                spent=plural("{n} move", "{n} moves", len(cells) - 1),
                left=left,
            )
        else:
            text = msg(
                "{who} moved an employee from {start} to {end} ({left}).",
                who=P(seat),
                start=start,
                end=end,
                left=left,
            )
        # A summary folds a turn's moves into one line per player (HR moves are told).
        fold = {
            "one": msg("{who} moved an employee", who=P(seat)),
            "many": msg("{who} moved employees", who=P(seat)),
            "item": msg("from {start} to {end}", start=place_name(c, cells[0]), end=place_name(c, cells[-1])),
        }
        note(events, "move", text, seat, fold=fold)


def do_training(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§7.1 Training and Partnerships: $8 or 8 moves, sending the employee on a mission."""
    send_on_mission(state, c, cell, seat)
    if args[0] == "$8":
        c.money += 8
    else:
        state.moves += 8
    me = P(seat)
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


def do_recruiting(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§7.2 Recruiting: a new employee sending the recruiter on a mission (R5.4.6), or 4 moves."""
    me = P(seat)
    if args[0] == "hire":
        send_on_mission(state, c, cell, seat)
        c.supply -= 1
        arrive(state, seat, 1)
        text = msg("{who} used Recruiting: 1 new employee, sending the recruiter on a mission.", who=me)
    else:
        use_up(c, cell)
        state.moves += 4
        text = msg("{who} used Recruiting: +4 moves.", who=me)
    note(events, "use", text, seat, dept=dept)


def do_safety(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§7.3 Safety and Quality: VP for the active employees, sending the employee on a mission."""
    send_on_mission(state, c, cell, seat)
    vp = (active_employees(c) + 1) // 2  # §7.3: ceil(A / 2) after the sending
    c.vp += vp
    note(
        events,
        "use",
        msg(
            "{who} used Safety and Quality: +{vp} VP, sending the employee on a mission.", who=P(seat), vp=vp
        ),
        seat,
        dept=dept,
        vp=vp,
    )
