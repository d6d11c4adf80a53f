"""Places of the map said inside a sentence of the log: "placed a tile north of the West city of
District 2", "built a ship in District 4". Ukrainian, Russian and Polish need a city in the genitive
after "north of" and a district in the locative after "in", where a button's label keeps the
nominative (``words.space``, ``words.district``); so these are keys of their own, by context."""

from __future__ import annotations

from engine.core.words import Msg, msg_in
from engine.nipron import data
from engine.nipron.words import DISTRICT_WORD


def district_in(d: int) -> Msg:
    """District ``d`` (0-based) as the place where something is built: "in District 4 (south)"."""
    return msg_in("in district", "District {n} ({direction})", n=d + 1, direction=DISTRICT_WORD[d])


def _city_of(c: int) -> Msg:
    where = district_in(data.city_district(c))
    if c % 2 == 0:
        return msg_in("side of city", "the West city of {district}", district=where)
    return msg_in("side of city", "the East city of {district}", district=where)


def space_placed(index: int) -> Msg:
    """An influence space (city * 4 + side) as the place a tile goes: "north of the West city of
    District 2 (north-central)"."""
    c, side = divmod(index, 4)
    city = _city_of(c)
    return {
        "N": msg_in("tile placed", "north of {city}", city=city),
        "E": msg_in("tile placed", "east of {city}", city=city),
        "S": msg_in("tile placed", "south of {city}", city=city),
        "W": msg_in("tile placed", "west of {city}", city=city),
    }[data.SIDES[side]]
