"""Donation legality (rules.md §8, §7.15)."""

from __future__ import annotations

from engine.carnegie import words
from engine.carnegie.actions import (
    ActionLike,
    parse_donation,
)
from engine.carnegie.rules.common import Reason, can_pay
from engine.carnegie.state import (
    NEUTRAL,
    CarnegieState,
    Company,
    donation_cost,
)


def donation_reason(state: CarnegieState, seat: int, c: Company, cell: int, charity: bool) -> Reason:
    discs = state.donation_discs[cell]
    name = words.donation(cell)
    if charity:
        if seat in discs:
            return (
                f"You already have a disc on {name}: nobody donates twice to the same donation.",
                "§7.15",
            )
        if not any(o != NEUTRAL and o != seat for o in discs):
            return (
                f"Charitable Giving goes on top of another player's donation; {name} has none.",
                "§7.15",
            )
    elif discs:
        return (
            f"Someone has already donated to {name}: a donation goes on a free space of the table.",
            "R8.2.1",
        )
    if c.discs == 0:
        return ("No disc is left in your personal supply, and every donation needs one.", "R8.2.3")
    cost = donation_cost(c)
    if not can_pay(c, cost):
        return (
            f"Your donation costs ${cost} (each donation costs more than the one before), and you cannot "
            "pay it.",
            "R8.1.1",
        )
    return None


def check_donate(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    return donation_reason(state, seat, c, parse_donation(a.args[0]), charity=False)
