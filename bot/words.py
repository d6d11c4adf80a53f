"""Small pieces of the bot's own sentences, in one place so that the translation work can back
them with catalogues: a change in points, a list of names, a display name inside a message."""

from __future__ import annotations

import re

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
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def times(n: int) -> str:
    """How often something happened: "once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def counted(n: int, word: str, many: str | None = None) -> str:
    """ "1 day", "2 days", "0 hours" ("many" for the irregular plurals)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def duration(seconds: int) -> str:
    """A length of time in the two largest whole units: "2 days 3 hours", "45 minutes",
    "1 minute", "30 seconds"."""
    seconds = max(0, seconds)
    units = (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1))
    parts: list[str] = []
    for name, size in units:
        amount, seconds = divmod(seconds, size)
        if amount or parts:
            parts.append(counted(amount, name) if amount else "")
        if len([p for p in parts if p]) == 2 or (parts and not amount):
            break
    shown = [p for p in parts if p]
    return " ".join(shown) or "0 seconds"
