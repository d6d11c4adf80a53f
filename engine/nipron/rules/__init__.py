"""The rules of a Nipron game in progress, one module per rulebook section.

``flow`` says who decides, checks and applies actions (``choices`` lists the candidates, ``turn``
ends a turn); ``tracks`` (§4.2, §4.5.4–5),
``factories`` (§4.5.1–3), ``transport`` (§4.5.6–7), ``export`` (§4.5.8), ``market`` (§4.5.9),
``refill`` (§4.6–4.7), ``consolidate`` (§5) and ``scorings`` (§4.8, §6.1) hold each section's
checks (why an action is illegal, naming the rule) and effects.

Event texts name players with placeholders ``{p0}`` … ``{p3}`` (seat index, also in ``Event.seat``).
"""

from engine.nipron.rules.flow import apply, check, legal_actions, pending

__all__ = ["apply", "check", "legal_actions", "pending"]
