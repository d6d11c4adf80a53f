"""Human Resources moves (rules.md §6.1, also setup step 11)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.carnegie import data, words
from engine.carnegie.actions import (
    ActionLike,
    Cand,
    cell_code,
    parse_cell,
)
from engine.carnegie.reconstructed import N_CELLS
from engine.carnegie.rules.common import (
    P,
    Reason,
    adjacent,
    cand,
    context,
    leaving_choices,
    leaving_workplace,
    neighbours,
    note,
    place_name,
    price_word,
)
from engine.carnegie.state import (
    FREE,
    CarnegieState,
    Company,
    workplace_costs,
)
from engine.core import Event, InvalidAction


def move_candidates(c: Company) -> Iterator[Cand]:
    """Every move from a cell with a lying or a standing employee; a standing employee's move names the
    workplace it leaves when the occupied workplaces differ in price (R6.1.3, ``leaving_choices``)."""
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
        for nb in neighbours(cell):
            if lying:
                yield cand("move", f"{cell_code(cell)}>{cell_code(nb)}")
            for price in prices:
                yield cand("move", f"{cell_code(cell, True)}>{cell_code(nb)}", *price)


def check_move(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    if context(state) == "departments" and state.turn_type != data.HR:
        return ("Employees are moved only in a Human Resources turn (and during setup).", "R6.1.1")
    parts = a.args[0].split(">")
    if len(parts) != 2:
        raise InvalidAction(f"{a.args[0]!r}: write a move as from>to, e.g. 4,2>3,2.")
    src, standing = parse_cell(parts[0])
    dst, dst_standing = parse_cell(parts[1])
    if dst_standing:
        raise InvalidAction("A moved employee lies down: write the target cell without '*'.")
    if state.moves <= 0:
        return ("You have no employee moves left this turn.", "R6.1.1")
    if not adjacent(src, dst):
        return (
            "A move goes one space up, down, left or right on your company board, never diagonally.",
            "R6.1.2",
        )
    price = a.args[1] if len(a.args) > 1 else None
    if standing:
        return leaving_workplace(c, src, price, "R6.1.3")[1]
    if price is not None:
        raise InvalidAction("A lying employee holds no workplace: write the move without a price.")
    if c.idle[src] == 0:
        return ("No employee lies there to be moved.", "R6.1.2")
    return None


def do_move(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """R6.1.2–R6.1.3: one orthogonal step; a moved standing employee lies down, freeing the workplace the
    player chose (``leaving_workplace``)."""
    src_t, dst_t = a.args[0].split(">")
    src, standing = parse_cell(src_t)
    dst, _ = parse_cell(dst_t)
    freed = ""
    if standing:
        w, _ = leaving_workplace(c, src, a.args[1] if len(a.args) > 1 else None, "R6.1.3")
        c.staff[src][w] = FREE
        freed = f", freeing a ${workplace_costs(c.cells[src])[w]} workplace"
    else:
        c.idle[src] -= 1
    c.idle[dst] += 1
    state.moves -= 1
    state.acted = True
    if not auto:
        text = (
            f"{P(seat)} moved an employee from {place_name(c, src_t)}{freed} to {place_name(c, dst_t)} "
            f"({words.count(state.moves, 'move')} left)."
        )
        # A summary folds a turn's moves into one line per player (issue 14: HR moves are told).
        fold = {
            "one": f"{P(seat)} moved an employee",
            "many": f"{P(seat)} moved employees",
            "item": f"from {place_name(c, src_t)} to {place_name(c, dst_t)}",
        }
        note(events, "move", text, seat, fold=fold)
