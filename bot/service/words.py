"""Small pieces of the bot's own sentences, in the current language: a change in points, a list
of names, a count of days, a length of time, a display name inside a message."""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.core.words import listing as engine_listing
from render.common.language import say, t, tn

# Discord markdown, masked links ([text](url)) and mention syntax (<@id>): shown as typed. A heading
# or list mark counts only at the start.
_MARKUP = re.compile(r"([\\*_~`|>\[\]()<]|^[#-])")


def said(name: str) -> str:
    """A player's display name as text inside a message: its markdown, masked-link and mention
    characters escaped, so that a name can neither format a post nor hide a link in it."""
    return _MARKUP.sub(r"\\\1", name)


def signed(n: int) -> str:
    """A change in points: "+3", "−2", "±0" (a true minus sign reads better than a hyphen)."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"−{-n}"
    return "±0"


def listing(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c", in the current language."""
    return say(engine_listing(items))


def times(n: int) -> str:
    """How often something happened: "once", "twice", "3 times"."""
    if n == 1:
        return t("once")
    if n == 2:
        return t("twice")
    return tn("{n} time", "{n} times", n)


# The units of a length of time, largest first: their size and how each language counts them.
_UNITS: tuple[tuple[int, Callable[[int], str]], ...] = (
    (86400, lambda n: tn("{n} day", "{n} days", n)),
    (3600, lambda n: tn("{n} hour", "{n} hours", n)),
    (60, lambda n: tn("{n} minute", "{n} minutes", n)),
    (1, lambda n: tn("{n} second", "{n} seconds", n)),
)


def duration(seconds: int) -> str:
    """A length of time in the two largest whole units: "2 days 3 hours", "45 minutes",
    "1 minute", "30 seconds"."""
    seconds = max(0, seconds)
    parts: list[str] = []
    for size, said_as in _UNITS:
        amount, seconds = divmod(seconds, size)
        if amount or parts:
            parts.append(said_as(amount) if amount else "")
        if len([p for p in parts if p]) == 2 or (parts and not amount):
            break
    shown = [p for p in parts if p]
    return " ".join(shown) or _UNITS[-1][1](0)


def level_word(level: str) -> str:
    """A computer player's level as players read it ("easy", "strong"); an unknown one as it is."""
    words = {"easy": t("easy"), "normal": t("normal"), "strong": t("strong"), "random": t("random")}
    return words.get(level, level)
