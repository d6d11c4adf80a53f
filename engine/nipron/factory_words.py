"""A player's factory named by its good inside a sentence ("placed a +1 machine on their paper
factory"): English keeps the good's lower-case word, while Ukrainian, Russian and Polish name the
factory by its title in quotes, as everywhere else («Папір», «Бумага», „Papier”); so the good has a
form of its own here, by context."""

from __future__ import annotations

from engine.core.words import Msg, msg_in

_FACTORY_OF: dict[str, Msg] = {
    "silk": msg_in("factory of", "silk"),
    "paper": msg_in("factory of", "paper"),
    "bento": msg_in("factory of", "bento"),
    "lenses": msg_in("factory of", "lenses"),
    "clocks": msg_in("factory of", "clocks"),
    "bulbs": msg_in("factory of", "bulbs"),
}


def factory_of(good: str) -> Msg:
    """``good`` as the name of the player's factory that makes it."""
    return _FACTORY_OF[good]
