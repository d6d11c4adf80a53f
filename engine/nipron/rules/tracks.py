"""Track actions: Knowledge (§4.5.4), Mines (§4.5.5) and the free blueprint trade (§4.2)."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import msg, plural
from engine.nipron import data, words
from engine.nipron.rules.common import Reason, did, ev, level, room, who
from engine.nipron.state import NipronState, Zaibatsu
from engine.nipron.words import yen

TRACK_OF = {"knowledge": "knowledge", "mines": "coal"}


def check_steps(z: Zaibatsu, kind: str, steps: int) -> Reason:
    track = TRACK_OF[kind]
    rule = "§4.5.4" if kind == "knowledge" else "§4.5.5"
    if steps > room(z, track):
        text = plural(
            "Your {track} marker has only {n} step left to the top.",
            "Your {track} marker has only {n} steps left to the top.",
            room(z, track),
            track=words.TRACK[track],
        )
        return text, rule
    cost = data.TRACK_STEP_COST[steps]
    if z.yen < cost:
        text = plural(
            "{n} step costs {cost}; you have {have}.",
            "{n} steps cost {cost}; you have {have}.",
            steps,
            cost=yen(cost),
            have=yen(z.yen),
        )
        return text, rule
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
            did(
                seat,
                plural(
                    "moved their {track} marker up {n} step for {cost} ({track} level {level})",
                    "moved their {track} marker up {n} steps for {cost} ({track} level {level})",
                    steps,
                    track=words.TRACK[track],
                    cost=yen(cost),
                    level=level(z, track),
                ),
            ),
            seat,
        )
    )


def check_trade(z: Zaibatsu, track: str) -> Reason:
    if z.blueprints < data.BLUEPRINT_TRADE:
        text = msg(
            "A trade takes {need}; you have {have}.",
            need=words.amount("bp", data.BLUEPRINT_TRADE),
            have=z.blueprints,
        )
        return text, "§4.2"
    if room(z, track) <= 0:
        return msg("Your {track} marker is already at the top.", track=words.TRACK[track]), "§4.2"
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
            msg(
                "{who} traded {blueprints} for a {track} step.",
                who=who(seat),
                blueprints=words.amount("bp", data.BLUEPRINT_TRADE),
                track=words.TRACK[track],
            ),
            seat,
            track=track,
        )
    )
