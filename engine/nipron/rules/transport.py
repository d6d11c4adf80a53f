"""Trains (§4.5.6) and Ships (§4.5.7): one tile per repetition, each in a different district."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import msg
from engine.nipron import data, words
from engine.nipron.place_words import district_in
from engine.nipron.rules.common import Reason, did, ev, move_track
from engine.nipron.state import NipronState, Zaibatsu
from engine.nipron.words import yen


def free_spaces(state: NipronState, district: int) -> int:
    """Usable train/ship spaces left in a district (8 / 6 / 4 by player count, §3.2)."""
    used = sum(state.trains[district]) + sum(state.ships[district])
    return data.TRANSPORT_SPACES[state.players] - used


def check_transport(state: NipronState, z: Zaibatsu, kind: str, district: int) -> Reason:
    rule = "§4.5.6" if kind == "train" else "§4.5.7"
    left = z.trains if kind == "train" else z.ships
    if left <= 0:
        return msg("You have no {kind} tiles left on your board.", kind=words.TRANSPORT[kind]), rule
    if z.yen < data.TRANSPORT_COST:
        text = msg(
            "A {kind} costs {cost}; you have {have}.",
            kind=words.TRANSPORT[kind],
            cost=yen(data.TRANSPORT_COST),
            have=yen(z.yen),
        )
        return text, rule
    if str(district) in state.used:
        text = msg(
            "This action already built in {district}; each must go elsewhere.",
            district=words.district(district),
        )
        return text, rule
    if free_spaces(state, district) <= 0:
        return msg(
            "{district} has no free {kind} space.",
            district=words.district(district),
            kind=words.TRANSPORT[kind],
        ), rule
    return None


def do_transport(state: NipronState, seat: int, kind: str, district: int, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    z.yen -= data.TRANSPORT_COST
    area = "trains" if kind == "train" else "ships"
    if kind == "train":
        z.trains -= 1
        state.trains[district][seat] += 1
        taken = data.TRAINS_PER_PLAYER - z.trains
    else:
        z.ships -= 1
        state.ships[district][seat] += 1
        taken = data.SHIPS_PER_PLAYER - z.ships
    state.used.append(str(district))
    said = {
        "kind": words.TRANSPORT[kind],
        "district": district_in(district),
        "cost": yen(data.TRANSPORT_COST),
    }
    # §4.5.6 step 3: taking the tile that fully uncovers a money icon moves the money marker (P14).
    if taken in data.MONEY_ICONS[area] and move_track(z, "money", 1):
        deed = msg(
            "built a {kind} in {district} for {cost} and uncovered a money icon (+1 money step)", **said
        )
    else:
        deed = msg("built a {kind} in {district} for {cost}", **said)
    events.append(ev(kind, did(seat, deed), seat, True, district=district + 1))
