"""Helpers every rules module shares: track levels, gains, VP with their floor, event texts."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.core.words import Msg, msg
from engine.nipron import data, words
from engine.nipron.state import NipronState, Zaibatsu

Reason = tuple[Msg, str] | None  # (why an action is illegal, the rule that says so), or None


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


def gain(z: Zaibatsu, kind: str, amount: int, category: str) -> Msg:
    """A bonus of yen, coal, blueprints or VP (district bonus §7.9, reward §5, contracts §4.5.8)."""
    if kind == "yen":
        z.yen += amount
    elif kind == "coal":
        z.coal += amount
    elif kind == "bp":
        z.blueprints += amount
    else:
        gain_vp(z, amount, category)
    return words.amount(kind, amount)


def good_of(tile: str) -> str:
    return data.FACTORIES[tile].good


def factory_words(tile: str) -> Msg:
    return words.factory(tile)


def who(seat: int) -> str:
    """The placeholder of a seat's name in an event text, filled in by the bot after translating."""
    return f"{{p{seat}}}"


def did(seat: int, deed: Msg) -> Msg:
    """An action's event, "{p0} built a train …": the deed is kept apart so that ``flow.announce``
    can put the worker taken before it in one sentence."""
    return msg("{who} {deed}.", who=who(seat), deed=deed)


def ev(kind: str, text: Msg, seat: int | None = None, headline: bool = False, **info: Any) -> Event:
    return Event(kind=kind, text=text, seat=seat, data=info, headline=headline)


def current(state: NipronState) -> Zaibatsu:
    return state.zaibatsu[state.active]


def colours_held(z: Zaibatsu) -> int:
    return len(set(z.workers))
