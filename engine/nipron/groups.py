"""Where a player's panel files a Nipron action when a decision offers more choices than its buttons hold
(``group_action`` of the engine protocol), by what a player finds on the pictures: a factory to invest in
(§4.5.1) by its product and level, then its bonus; an influence tile (§4.5.9) by the space it goes on,
then its value. Taking a worker (§4.3) stays one click: every turn offers it, up to 17 buttons side by
side, and a level more would cost every turn a click."""

from __future__ import annotations

from engine.core.words import Msg, msg
from engine.nipron import data, words
from engine.nipron.actions import Action, Invest, Put, space_index
from engine.nipron.state import NipronState


def group_action(state: NipronState, seat: int, action: Action) -> tuple[Msg, ...]:
    if isinstance(action, Invest):
        return (msg("Invest in a {factory}", factory=words.factory(action.tile, bonus=False)),)
    if isinstance(action, Put):
        s = space_index(action.space)
        kind, amount = data.DISTRICT_BONUS[data.city_district(s // 4)]  # the district's bonus (§4.5.9)
        where = words.space(s, short=True)
        return (msg("Place a tile {space}: +{bonus}", space=where, bonus=words.amount(kind, amount)),)
    return ()
