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
    """"a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def times(n: int) -> str:
    """How often something happened: "once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
