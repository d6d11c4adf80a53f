"""The printed board's words, short for a drawing: a space's bundle of resources, a region's income, a
Timeline space's events."""

from __future__ import annotations

from functools import lru_cache

from engine.carnegie import data
from engine.carnegie.rules.common import space_event
from engine.core.words import either, join, money, msg, plural


# The texts of the printed board's spaces (a few dozen bundles) are the same in every view: a view is
# built for every panel, and wording them again was a third of its cost. Keyed on ``quiet`` like the
# other caches of sentences: one left unsaid in a play-out is never a player's.
@lru_cache(maxsize=256)
def short_income(alternatives: tuple[data.Gain, ...], quiet: bool) -> str:
    return either([short_gain(g, quiet) for g in alternatives])


@lru_cache(maxsize=256)
def short_gain(g: data.Gain, quiet: bool) -> str:
    """A bundle of resources: "$3 + 1 good + 2 SP"."""
    parts: list[str] = []
    if g.money:
        parts.append(money(g.money, "$"))
    if g.goods:
        parts.append(plural("{n} good", "{n} goods", g.goods))
    if g.vp:
        parts.append(msg("{vp} VP", vp=g.vp))
    if g.sp:
        parts.append(msg("{sp} SP", sp=g.sp))
    if g.employees:
        parts.append(plural("{n} new employee", "{n} new employees", g.employees))
    return join(" + ", parts)


def event_text(row: int, space: int, timeline: list[list[int]]) -> str:
    """Event(s) of a Timeline space (1–5) of a row (R5.1.2, §11)."""
    region, donation = space_event(timeline, row, space)
    if region < 0:
        return msg("Donation")
    if donation:
        return msg("Income {region} + Donation", region=data.REGIONS[region])
    return msg("Income {region}", region=data.REGIONS[region])
