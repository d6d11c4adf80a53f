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
from engine.core.words import msg


def donation_reason(state: CarnegieState, seat: int, c: Company, cell: int, charity: bool) -> Reason:
    discs = state.donation_discs[cell]
    name = words.donation(cell)
    if charity:
        if seat in discs:
            return (
                msg(
                    "You already have a disc on {donation}: nobody donates twice to the same donation.",
                    donation=name,
                ),
                "§7.15",
            )
        if not any(o != NEUTRAL and o != seat for o in discs):
            return (
                msg(
                    "Charitable Giving goes on top of another player's donation; {donation} has none.",
                    donation=name,
                ),
                "§7.15",
            )
    elif discs:
        return (
            msg(
                "Someone has already donated to {donation}: a donation goes on a free space of the table.",
                donation=name,
            ),
            "R8.2.1",
        )
    if c.discs == 0:
        return (msg("No disc is left in your personal supply, and every donation needs one."), "R8.2.3")
    cost = donation_cost(c)
    if not can_pay(c, cost):
        return (
            msg(
                "Your donation costs ${money} (each donation costs more than the one before), and you cannot "
                "pay it.",
                money=cost,
            ),
            "R8.1.1",
        )
    return None


def check_donate(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    return donation_reason(state, seat, c, parse_donation(a.args[0]), charity=False)
