"""The regions' initials on the Take Income tiles, the Health donation icons and the company board's
mission areas, from the catalogues: a Ukrainian board whose map says ЗАХІД, СЕРЕДНІЙ ЗАХІД, ПІВДЕНЬ,
СХІД marks its tiles З, СЗ, П, С, not the English W, MW, S, E."""

from __future__ import annotations

from engine.carnegie import data
from engine.core.words import Msg, msg_in
from render.common.language import say

# West, Midwest, South, East (``data.REGIONS``' order); the context keeps an initial apart from any
# other one-letter key.
_INITIALS: tuple[Msg, ...] = (
    msg_in("region initials", "W"),
    msg_in("region initials", "MW"),
    msg_in("region initials", "S"),
    msg_in("region initials", "E"),
)


def region_initials(region: int) -> str:
    """``region``'s initials in the current language ("W", "MW"; "З", "СЗ")."""
    return say(_INITIALS[region])


assert len(_INITIALS) == len(data.REGIONS)
