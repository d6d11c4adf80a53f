"""Carnegie's side of the drawing seam (``render.common.pictures.Pictures``).

The bot knows only the keys below; each maps onto one of the ``render_*`` functions, so a picture
drawn through the seam has the same bytes as one drawn directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.carnegie.view import CarnegieView
from engine.core import ScoreSheet
from engine.core.words import msg
from render.carnegie.images import render_company, render_overview, render_phone, render_strip, warm_up
from render.common.pictures import GamePictures, PictureSpec


class CarnegiePictures(GamePictures[CarnegieView]):
    """The full board (on demand), one company board per seat, the players strip, and the phone
    image (map and players, every text legible at 400 px wide) posted with every round summary and
    the final result."""

    game = "Carnegie"
    view_type = CarnegieView
    specs: tuple[PictureSpec, ...] = (
        PictureSpec("board", msg("Board")),
        PictureSpec("company", msg("Company"), per_seat=True),
        PictureSpec("strip", msg("Players")),
        PictureSpec("phone", msg("Map and players (phone)"), in_summaries=True),
    )

    def picture(
        self, key: str, view: CarnegieView, seat: int | None, names: Sequence[str], scores: ScoreSheet | None
    ) -> bytes:
        if key == "board":
            return render_overview(view, names, scores)
        if key == "phone":
            return render_phone(view, names, scores)
        if key == "strip":
            return render_strip(view, names, scores)
        assert seat is not None
        return render_company(view, seat, names)

    def warm_up(self) -> None:
        warm_up()
