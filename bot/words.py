"""Small pieces of the bot's own sentences, in one place so that the translation work can back
them with catalogues: a change in points and a list of names."""

from __future__ import annotations


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
