"""The regions' names on the phone picture's track chips, a quarter of the picture wide each: where a
language's full name does not fit at the picture's smallest text ("Середній Захід"), the catalogue
gives the short form a reader of that language would write ("Сер. Захід"), not a name cut off."""

from __future__ import annotations

from engine.carnegie import data
from engine.core.words import Msg, msg_in
from render.common.language import say

# West, Midwest, South, East (``data.REGIONS``' order).
_CHIPS: tuple[Msg, ...] = (
    msg_in("region chip", "West"),
    msg_in("region chip", "Midwest"),
    msg_in("region chip", "South"),
    msg_in("region chip", "East"),
)


def region_chip(region: int) -> str:
    """``region``'s name as its track chip says it."""
    return say(_CHIPS[region])


assert len(_CHIPS) == len(data.REGIONS)
