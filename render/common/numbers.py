"""Numbers and money written the reader's way, from Babel's CLDR data: the one place that groups
digits and places a currency sign for players: ``render.common.language.say`` writes every
``Amount`` (``engine.core.words.money``/``number``) through it, in posts, panels and pictures alike.

English keeps the box's "¥6,000" and "$6". Ukrainian, Russian and Polish group with a no-break space
and Catalan with a full stop, and all four put the sign after the number ("6 000 ¥", "6.000 ¥",
"6 $"), as CLDR's currency pattern for each says. The sign is always the box's own: CLDR would
write the yen as "JPY" in Polish and the dollar as "USD" in Ukrainian, which is not what the
components show.
"""

from __future__ import annotations

import functools

from babel import Locale
from babel.numbers import format_decimal

NBSP = "\u00a0"


@functools.cache
def _sign_first(lang: str) -> bool:
    """Whether ``lang``'s currency pattern puts the sign before the number (English) or after."""
    pattern: str = Locale.parse(lang).currency_formats["standard"].pattern
    return pattern.lstrip().startswith("¤")


@functools.cache
def written(value: int, sign: str = "", lang: str = "en") -> str:
    """``value`` with ``sign`` ("", "$" or "¥") as a reader of ``lang`` writes it."""
    digits = format_decimal(abs(value), locale=lang, group_separator=True)
    minus = "-" if value < 0 else ""
    if not sign:
        return minus + digits
    return f"{minus}{sign}{digits}" if _sign_first(lang) else f"{minus}{digits}{NBSP}{sign}"
