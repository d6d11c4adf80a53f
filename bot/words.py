"""The bot's own sentences that count things: one place for plurals, so that "1 good" and "2 goods"
come out right and the translation work can back this module with catalogues (one function a
message, never an "(s)")."""

from __future__ import annotations


def count(n: int, one: str, many: str) -> str:
    """``count(1, "point", "points")`` → "1 point"; ``count(3, …)`` → "3 points"."""
    return f"{n} {one if n == 1 else many}"


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
