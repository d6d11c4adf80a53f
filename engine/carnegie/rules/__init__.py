"""The rules of a Carnegie game in progress, one module per rulebook chapter.

Every decision is one small step (rules.md §3 steps 6B and 10–12, §5, §6, §7, §8): ``decisions`` says
who decides and what they are asked; ``flow`` what is legal, and applies actions; ``setup_steps``,
``rounds``, ``departments`` (with one module for each action type: ``hr``, ``management``,
``construction``, ``research``), ``donations`` and ``tasks`` hold each chapter's checks (``check_*``:
why an action is illegal, naming the rule) and effects (``do_*``).

Event texts name players with placeholders ``{p0}`` … ``{p3}`` (seat index, also in ``Event.seat``);
the bot puts the players' names in their place.
"""

from engine.carnegie.rules.common import (
    cheapest_free,
    context,
    current_seat,
    event_of,
    gain_words,
    order,
    transport_income,
)
from engine.carnegie.rules.decisions import deciding, pending
from engine.carnegie.rules.departments import begin_turn
from engine.carnegie.rules.flow import advance, apply, apply_legal, check, legal_actions
from engine.carnegie.rules.management import place_cost

__all__ = [
    "advance",
    "apply",
    "apply_legal",
    "begin_turn",
    "cheapest_free",
    "check",
    "context",
    "current_seat",
    "deciding",
    "event_of",
    "gain_words",
    "legal_actions",
    "order",
    "pending",
    "place_cost",
    "transport_income",
]
