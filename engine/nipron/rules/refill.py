"""Workers: bag draws and the refills of action spaces and worker rows (rules §4.6, §4.7)."""

from __future__ import annotations

from engine.core import Event, Rng
from engine.core.words import msg
from engine.nipron import data
from engine.nipron.rules.common import ev
from engine.nipron.state import NipronState


def draw(bag: list[int], rng: Rng) -> int:
    """One uniformly random worker from the bag (§0.2): returns its colour, removed from ``bag``."""
    pick = rng.below(sum(bag))
    for colour, n in enumerate(bag):
        if pick < n:
            bag[colour] -= 1
            return colour
        pick -= n
    raise AssertionError("unreachable: the pick lies within the bag")


def fill_from_bag(state: NipronState) -> bool:
    """Steps 1 and 2 of the full refill (§4.6): top up action spaces left to right to 3 workers, then
    rows top to bottom to their size [I §10.3]. Returns False if the bag ran out (§4.6 step 3)."""
    for space in state.spaces:
        while sum(space) < data.SPACE_START_WORKERS:
            if not sum(state.bag):
                return False
            space[draw(state.bag, state.rng)] += 1
    for row in state.rows:
        while sum(row) < state.row_size:
            if not sum(state.bag):
                return False
            row[draw(state.bag, state.rng)] += 1
    return True


def refill_after_take(state: NipronState, events: list[Event]) -> bool:
    """End of a take-a-worker turn (§4.6) for the space the worker came from. Returns True when the
    full refill procedure ran (the caller then moves the scoring marker, §4.6 step 2b.3)."""
    space = state.spaces[state.space]
    if sum(space):
        return False
    for i, row in enumerate(state.rows):
        if sum(row):
            # §4.6 2(a): all workers of the topmost non-empty row move onto the emptied space.
            state.spaces[state.space] = row
            state.rows[i] = [0] * len(data.COLOURS)
            events.append(
                ev(
                    "refill",
                    msg(
                        "The workers of row {row} moved onto action space {space}.",
                        row=i + 1,
                        space=state.space + 1,
                    ),
                )
            )
            return False
    # §4.6 2(b): every row is empty: the full refill procedure.
    complete = fill_from_bag(state)
    state.refill_pending = not complete
    text = msg("Every row was empty: the action spaces and rows were refilled from the bag.")
    if not complete:
        text = msg(
            "Every row was empty: the action spaces and rows were refilled from the bag. "
            "The bag ran out, so the refill is pending until workers return."
        )
    events.append(ev("refill", text, full=True, pending=not complete))
    return True


def finish_pending(state: NipronState, events: list[Event]) -> None:
    """§4.7: after workers return to the bag, repeat refill steps 1–2; the marker does not move."""
    if not state.refill_pending:
        return
    state.refill_pending = not fill_from_bag(state)
    text = msg("The pending refill was finished from the bag.")
    if state.refill_pending:
        text = msg("Part of the pending refill was drawn; the bag ran out again, so it stays pending.")
    events.append(ev("refill", text, pending=state.refill_pending))
