"""Why a Construction turn offers no build: one line for the panel, so that a player pinged for a
turn with no build button knows the reason (R6.3.1–R6.3.2, R5.4.3)."""

from __future__ import annotations

from engine.carnegie import data
from engine.carnegie.rules.common import current_seat, free_slot, performer
from engine.carnegie.state import CarnegieState, tab_discs
from engine.core.words import Msg, msg, plural

# The departments whose use builds a project (R6.3): Construction, Engineering, Construction Outsourcing.
BUILDERS = (data.D_CON, 9, 10)


def why_no_build(state: CarnegieState, seat: int) -> Msg | None:
    """In the seat's own Construction turn, the reason no build is possible; None when one is, or
    when it is not that turn. The reasons are checked in the order a player would fix them."""
    found = build_blocker(state, seat)
    if found is None:
        return None
    blocker, need, have = found
    if blocker == "employee":
        # R5.4.3: each use needs a standing employee
        return msg("You cannot build now: no standing employee is left in a Construction department.")
    if blocker == "ready":
        # R6.3.1: a project is built from a tab pushed far enough
        return msg("You cannot build now: none of your project tabs has a project ready; push one first.")
    if blocker == "goods":
        # R6.3.2: a project costs 1 or 2 goods
        return plural(
            "You cannot build now: you have {have}, and your ready projects need at least {n} good.",
            "You cannot build now: you have {have}, and your ready projects need at least {n} goods.",
            need,
            have=plural("{n} good", "{n} goods", have),
        )
    return msg("You cannot build now: no city has a free slot for your ready projects.")


def built_nothing_cause(state: CarnegieState, seat: int) -> Msg | None:
    """``why_no_build`` as a round summary gives it after the seat's name, "dave built nothing (no
    goods)"; None when a build was possible."""
    found = build_blocker(state, seat)
    if found is None:
        return None
    blocker, need, have = found
    if blocker == "employee":
        return msg("no standing employee in Construction")  # R5.4.3
    if blocker == "ready":
        return msg("no project ready on a tab")  # R6.3.1
    if blocker == "goods":  # R6.3.2
        if have == 0:
            return msg("no goods")
        return plural(
            "{have}, a project needs {n} good",
            "{have}, a project needs {n} goods",
            need,
            have=plural("{n} good", "{n} goods", have),
        )
    return msg("no free slot in any city")  # R6.3.3


def build_blocker(state: CarnegieState, seat: int) -> tuple[str, int, int] | None:
    """What keeps the seat from building in its own Construction turn — "employee", "ready", "goods"
    or "slot" — with the goods the cheapest ready project needs and the goods held; None when a build
    is possible or it is not that turn."""
    if state.phase != "departments" or state.turn_type != data.CON or current_seat(state) != seat:
        return None
    c = state.companies[seat]
    cells = [cell for cell, dept in enumerate(c.cells) if dept in BUILDERS and dept not in state.closed_depts]
    if not any(performer(c, cell) >= 0 for cell in cells):
        return "employee", 0, c.goods
    ready = [t for t in range(4) if tab_discs(c, t) > 0]
    if not ready:
        return "ready", 0, c.goods
    need = min(data.BUILD_GOODS[t] for t in ready)
    if c.goods < need:
        return "goods", need, c.goods
    if not any(free_slot(state, ci, t) >= 0 for t in ready for ci in range(len(data.CITIES))):
        return "slot", need, c.goods
    return None
