"""A player's place in a final table ("1st", "2nd"…), in the current language."""

from __future__ import annotations

from render.common.language import t


def ordinal(n: int) -> str:
    """``n`` as a place: each language writes its ordinals its own way, so each small one is its own
    sentence (Catalan 1r, 2n, 3r, 4t, 5è…); the places of a table of up to five need no more."""
    if n == 1:
        return t("1st")
    if n == 2:
        return t("2nd")
    if n == 3:
        return t("3rd")
    if n == 4:
        return t("4th")
    return t("{n}th", n=n)
