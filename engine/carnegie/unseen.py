"""What a Carnegie player cannot see, drawn anew for a computer player's lookahead: Andrew's face-down cards
(R10.1.6, R10.2.1). Everything else in Carnegie is open, and the game's RNG is not used after setup."""

from __future__ import annotations

from engine.carnegie import data, solo
from engine.carnegie.state import CarnegieState
from engine.core import Rng


def determinize(state: CarnegieState, seat: int, rng: Rng) -> CarnegieState:
    """A copy of ``state`` where Andrew's face-down cards (R10.1.6, R10.2.1) are drawn anew from the cards
    the player has not seen, keeping what the player knows: how many Normal and Advanced cards remain and
    the backs in view (the current card's until revealed, the next card's). Everything else in Carnegie is
    open, and the game's RNG is not used after setup."""
    a = state.andrew
    if a is None:
        return state
    world = state.clone()
    w = solo.andrew_of(world)
    normal, advanced = solo.DIFFICULTIES[a.difficulty]
    seen = {card for pile in a.piles for card in pile}
    hidden_current = bool(a.current) and not a.revealed
    if a.current and a.revealed:
        seen.add(a.current)
    slots = len(a.deck) + hidden_current
    # Backs in view: the current card's (when face down) and the top card of the deck's (R10.2.1).
    backs = ([solo.back(a.current)] if hidden_current else []) + ([solo.back(a.deck[0])] if a.deck else [])
    pools = {
        "N": rng.shuffled([c.id for c in data.NORMAL_CARDS if c.id not in seen]),
        "A": rng.shuffled([c.id for c in solo.ADVANCED_CARDS if c.id not in seen]),
    }
    left = {
        "N": normal - sum(c.startswith("N") for c in seen),
        "A": advanced - sum(c.startswith("A") for c in seen),
    }
    cards: list[str] = []
    for shown in backs:
        kind = "A" if shown == "?" else "N"
        match = [c for c in pools[kind] if solo.back(c) == shown]
        card = match[0] if match else pools[kind][0]
        pools[kind].remove(card)
        left[kind] -= 1
        cards.append(card)
    rest = pools["N"][: max(0, left["N"])] + pools["A"][: max(0, left["A"])]
    cards += rng.shuffled(rest)
    cards = cards[:slots]
    if hidden_current:
        w.current = cards.pop(0)
    w.deck = cards
    return world
