"""The letter on a worker, from the catalogues: a Russian board shows Б Ж О З С Ч on its workers,
under a legend in Russian, not the English W Y O G B K."""

from __future__ import annotations

from engine.core.words import Msg, join, msg, msg_in
from engine.nipron import words
from render.common.language import say, t

# Each colour's letter; the context keeps a letter apart from any other one-letter key. K is the box's
# black (B is blue).
_INITIAL: dict[str, Msg] = {
    "white": msg_in("worker initial", "W"),
    "yellow": msg_in("worker initial", "Y"),
    "orange": msg_in("worker initial", "O"),
    "green": msg_in("worker initial", "G"),
    "blue": msg_in("worker initial", "B"),
    "black": msg_in("worker initial", "K"),
}


def worker_initial(colour: str) -> str:
    """The letter on a worker of ``colour`` in the current language; "?" for an unknown colour."""
    return say(_INITIAL[colour]) if colour in _INITIAL else "?"


def worker_legend() -> str:
    """ "workers: W white, Y yellow, …" in the current language, with the letters the workers show."""
    keys = join(
        ", ", [msg("{initial} {colour}", initial=_INITIAL[c], colour=words.COLOUR[c]) for c in _INITIAL]
    )
    return t("workers: {legend}", legend=say(keys))
