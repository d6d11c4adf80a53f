"""Carnegie's side of the drawing seam (``render.common.pictures.Pictures``).

The bot knows only the keys below; each maps onto one of the ``render_*`` functions, so a picture
drawn through the seam has the same bytes as one drawn directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.carnegie.view import CarnegieView
from engine.core import ScoreSheet
from engine.core.words import msg
from render.carnegie.images import render_company, render_overview, render_phone, render_strip, warm_up
from render.common.language import DEFAULT, speaking
from render.common.pictures import PictureSpec


class CarnegiePictures:
    """The full board (on demand), one company board per seat, the players strip, and the phone
    image (map and players, every text legible at 400 px wide) posted with every round summary and
    the final result."""

    specs: tuple[PictureSpec, ...] = (
        PictureSpec("board", msg("Board")),
        PictureSpec("company", msg("Company"), per_seat=True),
        PictureSpec("strip", msg("Players")),
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
        if not isinstance(view, CarnegieView):
            raise TypeError(f"Carnegie draws a CarnegieView, not {type(view).__name__}")
        if seat is not None and not 0 <= seat < view.players:
            raise ValueError(f"seat {seat} is not in this game")
        if key == "company" and seat is None:
            raise ValueError("the company board is drawn for a seat")
        with speaking(lang):
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
