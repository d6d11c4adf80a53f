"""Nipron's side of the drawing seam (``render.common.pictures.Pictures``)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ScoreSheet
from engine.core.words import msg
from engine.nipron.view import NipronView
from render.common.pictures import GamePictures, PictureSpec
from render.nipron.images import render_board, render_phone, render_player, warm_up


class NipronPictures(GamePictures[NipronView]):
    """The full board (on demand), one player's board per seat, and the phone image (map and
    players, every text legible at 400 px wide) posted with every scoring summary and the final
    result."""

    game = "Nipron"
    view_type = NipronView
    specs: tuple[PictureSpec, ...] = (
        PictureSpec("board", msg("Board")),
        PictureSpec("player", msg("Player board"), per_seat=True),
        PictureSpec("phone", msg("Map and players (phone)"), in_summaries=True),
    )

    def picture(
        self, key: str, view: NipronView, seat: int | None, names: Sequence[str], scores: ScoreSheet | None
    ) -> bytes:
        if key == "board":
            return render_board(view, names, scores)
        if key == "phone":
            return render_phone(view, names, scores)
        assert seat is not None
        return render_player(view, seat, names)

    def warm_up(self) -> None:
        warm_up()
