"""The drawing side of the game seam: which pictures a game draws and how to get one as PNG bytes.

A game's render package exposes ``PICTURES``, an object of the ``Pictures`` protocol. The bot
never reads a game's view: it asks the game's rules for the view (``Game.view``) and hands it,
unopened, to ``draw``. Drawing is pure and deterministic (the same view gives the same bytes).

- ``specs`` lists the pictures: ``per_seat`` ones show one seat's close-up (the bot offers
  them as ``/game player``), the others are public; ``in_summaries`` marks the one posted with
  every checkpoint summary and the final result (at most one), which may be a phone-sized
  picture; the first public one is the full board, shown on demand (the Board button,
  ``/game board`` without a picture named).
- ``draw(key, view, seat, names, scores, lang=...)``: ``view`` is ``Game.view(state, seat)`` for a
  per-seat picture and ``Game.view(state, None)`` otherwise; ``names`` are the players' display
  names in seat order; ``scores`` the provisional or final ``ScoreSheet`` when the picture shows
  totals. Raises ``KeyError`` for an unknown key and ``ValueError`` for a seat not in the game.
- ``warm_up()`` builds cached layers ahead of the first real picture (called once per process).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pydantic import BaseModel

from engine.core import ScoreSheet
from render.common.language import DEFAULT


@dataclass(frozen=True)
class PictureSpec:
    key: str
    # A Msg (``msg("Board")``): the bot says it in the reader's language.
    title: str
    per_seat: bool = False
    in_summaries: bool = False


class Pictures(Protocol):
    specs: tuple[PictureSpec, ...]

    def draw(
        self,
        key: str,
        view: BaseModel,
        seat: int | None,
        names: Sequence[str],
        scores: ScoreSheet | None,
        *,
        lang: str = DEFAULT,
    ) -> bytes: ...

    def warm_up(self) -> None: ...


def summary_picture(pictures: Pictures | None) -> PictureSpec | None:
    """The picture posted with summaries and the final result, if the game has one."""
    if pictures is None:
        return None
    return next((spec for spec in pictures.specs if spec.in_summaries), None)


def board_picture(pictures: Pictures | None) -> PictureSpec | None:
    """The full board shown on demand: the game's first public picture, if it has one."""
    if pictures is None:
        return None
    return next((spec for spec in pictures.specs if not spec.per_seat), None)


def seat_picture(pictures: Pictures | None) -> PictureSpec | None:
    """The per-seat close-up, if the game has one."""
    if pictures is None:
        return None
    return next((spec for spec in pictures.specs if spec.per_seat), None)
