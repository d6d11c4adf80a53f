"""Setup decisions (rules.md §3 steps 6B and 10): tab sides, the Housing disc, the reserved tile."""

from __future__ import annotations

from engine.carnegie import data
from engine.carnegie.actions import (
    ActionLike,
    parse_city,
    parse_index,
    parse_int,
)
from engine.carnegie.reconstructed import TAB_SIDES
from engine.carnegie.rules.common import P, Reason, free_slot, note, slot_choices
from engine.carnegie.state import (
    CarnegieState,
    Company,
    Task,
)
from engine.core import Event
from engine.core.words import join, msg


def check_side(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    if state.done[seat]:
        return (msg("You have already chosen the sides of all four project tabs."), "§3 step 6B")
    t = parse_index(a.args[0], data.PROJECT_CODES, msg("project type"))
    parse_index(a.args[1], TAB_SIDES, msg("tab side"))
    nxt = state.sides_chosen[seat]
    if t != nxt:
        return (
            msg(
                "Tab sides are chosen in order (Housing, Commerce, Industry, Public Infrastructure): the "
                "{project} tab is next.",
                project=data.PROJECT_TYPES[nxt],
            ),
            "§3 step 6B",
        )
    return None


def check_house(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    ci = parse_city(a.args[0])
    if data.CITIES[ci].size == "small":
        return (
            msg("Your first Housing project goes to a medium or major city, not a small town."),
            "§3 step 10",
        )
    if free_slot(state, ci, data.HOUSING) < 0 or data.CITIES[ci].size == "small":
        return (
            msg("{city} has no free Housing slot for your first Housing project.", city=data.CITIES[ci].name),
            "§3 step 10",
        )
    return None


def check_reserve(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    tile = parse_int(a.args[0], msg("tile"))
    if not 1 <= tile <= len(data.TILES) or state.display[tile] == 0:
        return (
            msg("That department tile is not in the display: you reserve one of those shown."),
            "§3 step 10",
        )
    return None


def do_side(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """§3 step 6B: the side of one project tab (H, C, I, P in this order)."""
    t = parse_index(a.args[0], data.PROJECT_CODES, msg("project type"))
    c.tab_side[t] = parse_index(a.args[1], TAB_SIDES, msg("tab side"))
    state.sides_chosen[seat] += 1
    if state.sides_chosen[seat] == 4:
        state.done[seat] = True
        sides = join(
            ", ",
            [
                msg("{project} {side}", project=name, side=TAB_SIDES[x])
                for name, x in zip(data.PROJECT_TYPES, c.tab_side, strict=True)
            ],
        )
        note(
            events,
            "sides",
            msg("{who} chose the sides of their project tabs: {sides}.", who=P(seat), sides=sides),
            seat,
        )
    if all(state.done):
        state.phase, state.step, state.done = "house", 0, [False] * state.players


def do_house(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """§3 step 10a: the Housing-tab disc goes to a free Housing slot of a medium or major city, revealing the
    tab's first space; with two free Housing slots there (New Orleans) the player picks one next ("slot")."""
    ci = parse_city(a.args[0])
    k = free_slot(state, ci, data.HOUSING)
    state.slot_owner[k] = seat
    state.slot_project[k] = data.HOUSING
    if len(slot_choices(state, k)) > 1:
        state.tasks.insert(0, Task(kind="slot", seat=seat, a=k, b=data.HOUSING))
    c.tab_built[data.HOUSING] = 1
    state.phase = "reserve"
    note(
        events,
        "house",
        msg("{who} placed a Housing project in {city}.", who=P(seat), city=data.CITIES[ci].name),
        seat,
        city=ci,
    )


def do_reserve(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """§3 step 10b and R3.1: the reserved tile leaves the display."""
    tile = int(a.args[0])
    state.display[tile] -= 1
    c.reserved = tile
    note(
        events,
        "reserve",
        msg("{who} reserved {department}.", who=P(seat), department=data.DEPT_NAMES[tile]),
        seat,
        tile=tile,
    )
    state.step += 1
    if state.step < state.players:
        state.phase = "house"
    else:
        state.phase, state.step, state.moves = "setup_moves", 0, data.SETUP_MOVES
        state.acted = False
