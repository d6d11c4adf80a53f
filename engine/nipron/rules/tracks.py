"""Track actions: Knowledge (§4.5.4), Mines (§4.5.5) and the free blueprint trade (§4.2)."""

from __future__ import annotations

from engine.core import Event
from engine.nipron import data
from engine.nipron.rules.common import Reason, ev, level, plural, room, yen
from engine.nipron.state import NipronState, Zaibatsu

TRACK_OF = {"knowledge": "knowledge", "mines": "coal"}


def check_steps(z: Zaibatsu, kind: str, steps: int) -> Reason:
    track = TRACK_OF[kind]
    rule = "§4.5.4" if kind == "knowledge" else "§4.5.5"
    if steps > room(z, track):
        return f"Your {track} marker has only {plural(room(z, track), 'step')} left to the top.", rule
    cost = data.TRACK_STEP_COST[steps]
    if z.yen < cost:
        return f"{plural(steps, 'step')} cost {yen(cost)}; you have {yen(z.yen)}.", rule
    return None


def do_steps(state: NipronState, seat: int, kind: str, steps: int, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    track = TRACK_OF[kind]
    cost = data.TRACK_STEP_COST[steps]
    z.yen -= cost
    z.steps[track] += steps
    events.append(
        ev(
            kind,
            f"{{p{seat}}} moved their {track} marker up {plural(steps, 'step')} for {yen(cost)} "
            f"({track} level {level(z, track)}).",
            seat,
        )
    )


def check_trade(z: Zaibatsu, track: str) -> Reason:
    if z.blueprints < data.BLUEPRINT_TRADE:
        return f"A trade takes {data.BLUEPRINT_TRADE} blueprints; you have {z.blueprints}.", "§4.2"
    if room(z, track) <= 0:
        return f"Your {track} marker is already at the top.", "§4.2"
    return None


def can_trade(z: Zaibatsu) -> bool:
    return any(check_trade(z, t) is None for t in data.TRACKS)


def do_trade(state: NipronState, seat: int, track: str, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    z.blueprints -= data.BLUEPRINT_TRADE
    z.steps[track] += 1
    events.append(
        ev(
            "trade",
            f"{{p{seat}}} traded {data.BLUEPRINT_TRADE} blueprints for a {track} step.",
            seat,
            track=track,
        )
    )
