"""Nipron's side of the drawing seam (``render.common.pictures.Pictures``)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.core import ScoreSheet
from engine.core.words import msg
from engine.nipron.view import NipronView
from render.common.language import DEFAULT, speaking
from render.common.pictures import PictureSpec
from render.nipron.images import render_board, render_phone, render_player, warm_up


class NipronPictures:
    """The full board (on demand), one player's board per seat, and the phone image (map and
    players, every text legible at 400 px wide) posted with every scoring summary and the final
    result."""

    specs: tuple[PictureSpec, ...] = (
        PictureSpec("board", msg("Board")),
        PictureSpec("player", msg("Player board"), per_seat=True),
        PictureSpec("phone", msg("Map and players (phone)"), in_summaries=True),
    )

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
        if key not in {spec.key for spec in self.specs}:
            raise KeyError(key)
        if not isinstance(view, NipronView):
            raise TypeError(f"Nipron draws a NipronView, not {type(view).__name__}")
        if seat is not None and not 0 <= seat < view.players:
            raise ValueError(f"seat {seat} is not in this game")
        if key == "player" and seat is None:
            raise ValueError("the player board is drawn for a seat")
        with speaking(lang):
            if key == "board":
                return render_board(view, names, scores)
            if key == "phone":
                return render_phone(view, names, scores)
            assert seat is not None
            return render_player(view, seat, names)

    def warm_up(self) -> None:
        warm_up()
