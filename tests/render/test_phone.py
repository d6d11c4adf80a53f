"""The phone image posted with every round (issue 18): legible at the width a phone shows it,
within the image budget, and ranked once the game is over."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable

import pytest
from PIL import Image, ImageFont

from engine.carnegie.view import CarnegieView
from engine.core import ScoreLine, ScoreSheet
from render.carnegie import phone_image, render_phone
from render.carnegie.adapter import board_model
from render.carnegie.overview import phone
from render.common import canvas
from tests.render.positions import NAMES, POSITIONS, mid_game_4p

MAX_PHONE_BYTES = 1_500_000


def _final(view: CarnegieView) -> tuple[CarnegieView, ScoreSheet]:
    lines = [
        ScoreLine(seat=s, name=NAMES[s], categories={"track": t}, total=t)
        for s, t in zip(range(view.players), (40, 55, 55, 31), strict=False)
    ]
    return view.model_copy(update={"phase": "over"}), ScoreSheet(final=True, lines=lines, winners=[1, 2])


@pytest.mark.parametrize("name", [*POSITIONS, "final-4p"])
def test_every_text_is_at_least_11_px_once_shown_400_px_wide(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every text on the phone image goes through ``Canvas`` and so through ``font``: record each size
    asked for (cold caches, so the cached map layer is drawn too) and scale it to a 400 px wide display."""
    sizes: list[int] = []
    real: Callable[[int, bool], ImageFont.FreeTypeFont] = canvas.font

    def recording(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        sizes.append(size)
        return real(size, bold)

    monkeypatch.setattr(canvas, "font", recording)
    phone._map_base.cache_clear()
    if name == "final-4p":
        view, sheet = _final(mid_game_4p())
        image = phone_image(view, NAMES, sheet)
    else:
        image = phone_image(POSITIONS[name](), NAMES)
    phone._map_base.cache_clear()
    assert len(sizes) > 60  # the 32 city names, the title, the players table
    assert image.width == phone.PHONE_W and image.height > image.width  # portrait
    assert min(sizes) * phone.SHOWN_W / image.width >= 11


def test_the_phone_image_is_a_png_within_the_image_budget() -> None:
    png = render_phone(mid_game_4p(), NAMES)
    assert len(png) <= MAX_PHONE_BYTES
    assert Image.open(io.BytesIO(png)).format == "PNG"


def test_the_final_table_is_ranked_with_tied_places_shared() -> None:
    view, sheet = _final(mid_game_4p())
    rows = board_model(view, NAMES, sheet).standings()
    assert [(place, p.name, p.score) for place, p in rows] == [
        ("1st", "Bram", 55),
        ("1st", "Chidi", 55),
        ("3rd", "Ada", 40),
        ("4th", "Dana", 31),
    ]
    # While the game runs the rows keep seat order and show no place.
    assert [(place, p.name) for place, p in board_model(mid_game_4p(), NAMES).standings()] == [
        ("", n) for n in NAMES
    ]


def test_built_discs_are_drawn_at_their_phone_slot() -> None:
    m = board_model(mid_game_4p(), NAMES)
    image = phone.draw_phone(m)
    empty = phone.draw_phone(dataclasses.replace(m, slots=(None,) * len(m.slots)))
    for k, owner in enumerate(m.slots):
        x, y = phone.PHONE_SLOT_XY[k]
        box = (round(x - 8), round(y - 8), round(x + 8), round(y + 8))
        differs = image.crop(box).tobytes() != empty.crop(box).tobytes()
        assert differs == (owner is not None), k
