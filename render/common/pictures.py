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
  totals. Every word on the picture is in ``lang``. Raises ``KeyError`` for an unknown key and
  ``ValueError`` for a seat not in the game.
- ``warm_up()`` builds cached layers ahead of the first real picture (called once per process).

``GamePictures`` is that plumbing written once: a game names its view type and draws one checked
picture; the guards and the language are the base's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

from engine.core import ScoreSheet
from render.common.language import DEFAULT, speaking


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


def picture_named(pictures: Pictures, key: str, game: str) -> PictureSpec:
    """The picture ``key`` of ``game``; ``KeyError`` if the game draws no such picture."""
    spec = next((s for s in pictures.specs if s.key == key), None)
    if spec is None:
        raise KeyError(f"{game} has no picture {key!r}")
    return spec


class SeatedView(Protocol):
    @property
    def players(self) -> int: ...


V = TypeVar("V", bound=SeatedView)


class GamePictures(Generic[V]):
    """A game's ``Pictures`` without the plumbing: ``draw`` refuses an unknown key, a view of
    another type, a seat not in the game and a per-seat picture without a seat, then draws in
    ``lang``. A game sets ``game``, ``view_type`` and ``specs`` and writes ``picture`` and
    ``warm_up``."""

    game: str
    view_type: type[V]
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
    ) -> bytes:
        spec = picture_named(self, key, self.game)
        if not isinstance(view, self.view_type):
            raise TypeError(f"{self.game} draws a {self.view_type.__name__}, not {type(view).__name__}")
        if seat is not None and not 0 <= seat < view.players:
            raise ValueError(f"seat {seat} is not in this game")
        if spec.per_seat and seat is None:
            raise ValueError(f"{self.game}'s {key!r} picture is drawn for a seat")
        with speaking(lang):
            return self.picture(key, view, seat, names, scores)

    def picture(
        self, key: str, view: V, seat: int | None, names: Sequence[str], scores: ScoreSheet | None
    ) -> bytes:
        """Picture ``key`` of a view of this game; ``seat`` is set whenever the picture is per seat."""
        raise NotImplementedError

    def warm_up(self) -> None:
        raise NotImplementedError
