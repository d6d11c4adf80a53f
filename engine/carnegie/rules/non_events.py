"""What did not happen, told as events so that a round summary names it instead of leaving players out:
"Nobody has employees in the East: no income." (R5.3.1), "carol could not pay the $15 donation." apart
from "bob chose not to donate." (R8.1.1, R8.2.1), "dave built nothing (no goods)." apart from "chose not
to build" (R6.3.1–R6.3.2, R5.4.3)."""

from __future__ import annotations

from engine.carnegie import data
from engine.carnegie.rules.common import P, can_pay, note
from engine.carnegie.state import CarnegieState, Company, donation_cost
from engine.carnegie.why_not import built_nothing_cause
from engine.core import Event
from engine.core.words import Msg, msg, plural


def no_income(state: CarnegieState, region: int, events: list[Event]) -> None:
    """R5.3.1: a Take Income event when no company has an employee on a mission in ``region``."""
    if not any(c.missions[region] for c in state.companies):
        note(
            events,
            "no_income",
            msg("Nobody has employees in the {region}: no income.", region=data.REGIONS[region]),
            None,
        )


# ``alike``: told once per player; the same words for several players make one line in a summary
# ("dave, alice and bob built nothing (no goods)."). Each is a counted sentence of one player, so that the
# joined line takes its verb's plural where a language needs one ("alice i bob no han construït res").


def _one(events: list[Event], kind: str, text: Msg, seat: int) -> None:
    note(events, kind, text, seat, alike=True)


def no_donation(state: CarnegieState, seat: int, c: Company, auto: bool, events: list[Event]) -> None:
    """A seat ending its part of a Make a Donation event without donating: taken for it when no donation
    was possible (``auto``: the rules left it nothing else), else its choice."""
    who = P(seat)
    if not auto:
        text = plural("{who} chose not to donate.", "{who} chose not to donate.", 1, who=who)
    elif c.discs == 0:  # R8.2.3
        text = plural("{who} has no disc left to donate.", "{who} have no disc left to donate.", 1, who=who)
    elif not can_pay(c, donation_cost(c)):  # R8.1.1
        text = plural(
            "{who} could not pay the ${money} donation.",
            "{who} could not pay the ${money} donation.",
            1,
            who=who,
            money=donation_cost(c),
        )
    else:  # R8.2.1: every donation space is taken
        text = plural(
            "{who} found no free donation space.", "{who} found no free donation space.", 1, who=who
        )
    _one(events, "no_donation", text, seat)


def no_build(state: CarnegieState, seat: int, events: list[Event]) -> None:
    """A seat ending its own Construction turn without building: why not, or that it chose not to."""
    if state.turn_type != data.CON or state.acted:
        return
    cause = built_nothing_cause(state, seat)
    if cause is None:
        text = plural("{who} chose not to build.", "{who} chose not to build.", 1, who=P(seat))
    else:
        text = plural(
            "{who} built nothing ({why}).", "{who} built nothing ({why}).", 1, who=P(seat), why=cause
        )
    _one(events, "no_build", text, seat)
