"""Local Market (§4.5.9): influence tiles in one district, paid with goods, each gaining its bonus."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import msg
from engine.nipron import data, words
from engine.nipron.actions import space_code
from engine.nipron.place_words import space_placed
from engine.nipron.rules.common import Reason, did, ev, gain, who
from engine.nipron.state import NOBODY, NipronState, Zaibatsu

RULE = "§4.5.9"


def max_value(good: str, cubes: int) -> int:
    """The highest tile value allowed for that many cubes of a good (§7.6)."""
    return data.INFLUENCE_TABLE[good][cubes - 1]


def city_spaces(city: int) -> range:
    return range(city * 4, city * 4 + 4)


def tiles_around(state: NipronState, city: int) -> list[int]:
    return [s for s in city_spaces(city) if state.owners[s] != NOBODY]


def good_spaces(state: NipronState, good: str, district: int) -> list[int]:
    """Influence spaces next to a side showing ``good`` in a district (-1: any district)."""
    out = []
    for city in range(data.CITIES):
        if district >= 0 and data.city_district(city) != district:
            continue
        for side in range(4):
            if data.side_good(state.cities[city], state.rotations[city], side) == good:
                out.append(city * 4 + side)
    return out


def availability(state: NipronState, space: int, value: int) -> str | None:
    """How a tile of ``value`` may go on ``space`` (§4.5.9 availability rule): "empty", "replace",
    "bump" (a full city: an empty space for a value above the lowest there) or None."""
    city = space // 4
    around = tiles_around(state, city)
    if state.owners[space] != NOBODY:
        # (b) a lower tile of any owner is replaced [S]; [I §10.10] always allowed at the maximum.
        return "replace" if state.values[space] < value else None
    if len(around) < data.CITY_MAX_TILES[state.players]:
        return "empty"
    lowest = min(state.values[s] for s in around)
    return "bump" if value > lowest else None


def check_sell(state: NipronState, z: Zaibatsu, good: str, cubes: int) -> Reason:
    f = z.factory(good)
    if f is None or f.goods < cubes:
        return msg(
            "You need {goods} in your {good} factory.",
            goods=words.goods_of(cubes, good),
            good=words.good(good),
        ), RULE
    top = max_value(good, cubes)
    for value in set(z.hand):
        if value <= top and any(
            availability(state, s, value) for s in good_spaces(state, good, state.district)
        ):
            return None
    if state.district >= 0:
        text = msg(
            "No tile you hold (up to value {top}) can go next to {good} in {district}.",
            top=top,
            good=words.good(good),
            district=words.district(state.district),
        )
    else:
        text = msg(
            "No tile you hold (up to value {top}) can go next to {good} in any district.",
            top=top,
            good=words.good(good),
        )
    return text, RULE


def do_sell(state: NipronState, good: str, cubes: int) -> None:
    state.good = good
    state.cubes = cubes


def check_put(state: NipronState, z: Zaibatsu, value: int, space: int) -> Reason:
    if value not in z.hand:
        return msg("You hold no influence tile of value {value}.", value=value), RULE
    top = max_value(state.good, state.cubes)
    if value > top:
        return (
            msg(
                "Discarding {goods} allows a tile of at most value {top}.",
                goods=words.goods_of(state.cubes, state.good),
                top=top,
            ),
            RULE,
        )
    if space not in good_spaces(state, state.good, state.district):
        if state.district >= 0:
            text = msg(
                "The space {space} is not next to a {good} side in {district}.",
                space=words.space(space),
                good=words.good(state.good),
                district=words.district(state.district),
            )
        else:
            text = msg(
                "The space {space} is not next to a {good} side in a district.",
                space=words.space(space),
                good=words.good(state.good),
            )
        return text, RULE
    if availability(state, space, value) is None:
        return (
            msg(
                "The space {space} is not available for a tile of value {value}.",
                space=words.space(space),
                value=value,
            ),
            RULE,
        )
    return None


def remove_tile(state: NipronState, space: int, events: list[Event]) -> None:
    """A displaced tile goes back to its owner's hand; the active player's own tile may be placed again
    later in the same action, paid and rewarded again [I §10.17]."""
    owner = state.owners[space]
    value = state.values[space]
    state.zaibatsu[owner].hand.append(value)
    state.zaibatsu[owner].hand.sort()
    state.owners[space] = NOBODY
    state.values[space] = 0
    text = msg("{who}'s value-{value} tile returned to their hand.", who=who(owner), value=value)
    events.append(ev("displaced", text, owner))


def do_put(state: NipronState, seat: int, value: int, space: int, events: list[Event]) -> bool:
    """Pay the goods and place the tile; returns False when a lowest tile must still be chosen.

    The action's district (§4.5.9 "choose one district") is chosen with its first tile: the first
    ``put`` may target any district, later ones only that district [engine decision: one step less,
    same choices]."""
    z = state.zaibatsu[seat]
    how = availability(state, space, value)
    f = z.factory(state.good)
    assert f is not None and how is not None
    f.goods -= state.cubes
    z.hand.remove(value)
    state.district = data.city_district(space // 4)
    events.append(
        ev(
            "influence",
            did(
                seat,
                msg(
                    "placed a value-{value} influence tile {space} for {goods}",
                    value=value,
                    space=space_placed(space),
                    goods=words.goods_of(state.cubes, state.good),
                ),
            ),
            seat,
            True,
            space=space_code(space),
            value=value,
        )
    )
    if how == "replace":
        remove_tile(state, space, events)
    state.owners[space] = seat
    state.values[space] = value
    if how == "bump":
        choices = bump_choices_excluding(state, space)
        if len(choices) > 1:
            state.bump_space = space
            return False
        remove_tile(state, choices[0], events)
    district_bonus(state, seat, events)
    return True


def bump_choices_excluding(state: NipronState, space: int) -> list[int]:
    around = [s for s in tiles_around(state, space // 4) if s != space]
    lowest = min(state.values[s] for s in around)
    return [s for s in around if state.values[s] == lowest]


def do_bump(state: NipronState, seat: int, space: int, events: list[Event]) -> None:
    remove_tile(state, space, events)
    state.bump_space = -1
    district_bonus(state, seat, events)


def district_bonus(state: NipronState, seat: int, events: list[Event]) -> None:
    """§4.5.9 step 5: the district bonus, once per tile placed."""
    kind, amount = data.DISTRICT_BONUS[state.district]
    got = gain(state.zaibatsu[seat], kind, amount, "district bonuses")
    text = msg(
        "{who} gained the bonus of {district}: {got}.",
        who=who(seat),
        district=words.district(state.district),
        got=got,
    )
    events.append(ev("bonus", text, seat))
    state.good = ""
    state.cubes = 0
