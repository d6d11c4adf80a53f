"""Human Resources moves (rules.md §6.1, also setup step 11)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.carnegie import data
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
    neighbours,
    note,
    place_name,
    standing_workplace,
)
from engine.carnegie.state import (
    FREE,
    CarnegieState,
    Company,
)
from engine.core import Event, InvalidAction


def move_candidates(c: Company) -> Iterator[Cand]:
    for cell in range(N_CELLS):
        lying = c.idle[cell] > 0
        standing = standing_workplace(c, cell) >= 0 if c.cells[cell] > 0 else False
        if not (lying or standing):
            continue
        for nb in neighbours(cell):
            if lying:
                yield cand("move", f"{cell_code(cell)}>{cell_code(nb)}")
            if standing:
                yield cand("move", f"{cell_code(cell, True)}>{cell_code(nb)}")


def check_move(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    if context(state) == "departments" and state.turn_type != data.HR:
        return ("Employees are moved in a Human Resources turn.", "R6.1.1")
    parts = a.args[0].split(">")
    if len(parts) != 2:
        raise InvalidAction(f"{a.args[0]!r}: write a move as from>to, e.g. 4,2>3,2.")
    src, standing = parse_cell(parts[0])
    dst, dst_standing = parse_cell(parts[1])
    if dst_standing:
        raise InvalidAction("A moved employee lies down: write the target cell without '*'.")
    if state.moves <= 0:
        return ("You have no employee moves left.", "R6.1.1")
    if not adjacent(src, dst):
        return ("A move goes to an orthogonally adjacent cell.", "R6.1.2")
    if standing:
        if c.cells[src] <= 0 or standing_workplace(c, src) < 0:
            return ("No movable standing employee there (the permanent employee never moves).", "R6.1.3")
    elif c.idle[src] == 0:
        return ("No lying employee in that cell.", "R6.1.2")
    return None


def do_move(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """R6.1.2–R6.1.3: one orthogonal step; a moved standing employee lies down."""
    src_t, dst_t = a.args[0].split(">")
    src, standing = parse_cell(src_t)
    dst, _ = parse_cell(dst_t)
    if standing:
        c.staff[src][standing_workplace(c, src)] = FREE
    else:
        c.idle[src] -= 1
    c.idle[dst] += 1
    state.moves -= 1
    state.acted = True
    if not auto:
        text = (
            f"{P(seat)} moved an employee from {place_name(c, src_t)} to {place_name(c, dst_t)} "
            f"({state.moves} moves left)."
        )
        note(events, "move", text, seat)
