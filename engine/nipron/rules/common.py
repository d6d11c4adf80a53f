"""Helpers every rules module shares: track levels, gains, VP with their floor, event texts."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.nipron import data, words
from engine.nipron.state import NipronState, Zaibatsu

Reason = tuple[str, str] | None  # (why an action is illegal, the rule that says so), or None


def plural(n: int, word: str) -> str:
    """``plural(1, "step")`` -> "1 step", ``plural(2, "step")`` -> "2 steps"."""
    return words.count(n, word)


def a_an(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def yen(amount: int) -> str:
    return words.yen(amount)


def level(z: Zaibatsu, track: str) -> int:
    """The level read at a track's marker: the printed number or the nearest one below (§7.4)."""
    step = z.steps[track]
    if track == "coal":
        return data.COAL_LEVELS[step]
    if track == "knowledge":
        return data.KNOWLEDGE_LEVELS[step]
    return data.MONEY_LEVELS[step]


def room(z: Zaibatsu, track: str) -> int:
    """Steps left before the top of a track (§4.5.4: a marker never passes the top)."""
    return data.TRACK_TOP[track] - z.steps[track]


def move_track(z: Zaibatsu, track: str, n: int) -> int:
    """Move a marker up to ``n`` steps, stopping at the top; returns the steps moved."""
    moved = max(0, min(n, room(z, track)))
    z.steps[track] += moved
    return moved


def gain_vp(z: Zaibatsu, n: int, category: str) -> int:
    """Add (or lose) VP; a loss stops at the floor (§5 end, P20). Returns the change made."""
    change = max(n, data.VP_FLOOR - z.vp) if n < 0 else n
    z.vp += change
    z.vp_by[category] = z.vp_by.get(category, 0) + change
    return change


def gain(z: Zaibatsu, kind: str, amount: int, category: str) -> str:
    """A bonus of yen, coal, blueprints or VP (district bonus §7.9, reward §5, contracts §4.5.8)."""
    if kind == "yen":
        z.yen += amount
        return yen(amount)
    if kind == "coal":
        z.coal += amount
        return f"{amount} coal"
    if kind == "bp":
        z.blueprints += amount
        return words.amount("bp", amount)
    gain_vp(z, amount, category)
    return f"{amount} VP"


def good_of(tile: str) -> str:
    return data.FACTORIES[tile].good


def factory_words(tile: str) -> str:
    return words.factory(tile)


def ev(kind: str, text: str, seat: int | None = None, headline: bool = False, **info: Any) -> Event:
    return Event(kind=kind, text=text, seat=seat, data=info, headline=headline)


def current(state: NipronState) -> Zaibatsu:
    return state.zaibatsu[state.active]


def colours_held(z: Zaibatsu) -> int:
    return len(set(z.workers))
