"""The phone image posted with every round (issue 18): legible at the width a phone shows it,
within the image budget, and ranked once the game is over."""

from __future__ import annotations

import dataclasses
import io
import itertools

import pytest
from PIL import Image

from engine.carnegie import data
from engine.carnegie.view import CarnegieView
from engine.core import ScoreLine, ScoreSheet
from render.carnegie import phone_image, render_phone
from render.carnegie.adapter import board_model
from render.carnegie.overview import phone
from render.common.fonts import font
from tests.render.font_sizes import record_font_sizes
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
    sizes = record_font_sizes(monkeypatch)
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


def test_no_city_name_on_the_phone_map_touches_another_name_an_emblem_or_a_region_name() -> None:
    """At the phone's text size the names are large for the map: each placement was chosen by hand
    (``PHONE_LABEL_SIDE``, ``NUDGE``); this keeps a later change from making two of them collide."""
    boxes: list[tuple[str, str, tuple[float, float, float, float]]] = []
    for i, city in enumerate(data.CITIES):
        lx, ly, anchor = phone.city_label(i, city)
        b = font(phone.MIN_TEXT, True).getbbox(city.name, anchor=anchor)
        boxes.append((city.id, "name", (lx + b[0] - 2, ly + b[1] - 2, lx + b[2] + 2, ly + b[3] + 2)))
        xs = [phone.PHONE_SLOT_XY[k][0] for k in data.CITY_SLOTS[i]]
        ys = [phone.PHONE_SLOT_XY[k][1] for k in data.CITY_SLOTS[i]]
        r = phone.SLOT_D / 2 + 3
        boxes.append((city.id, "emblem", (min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)))
    for region, (fx, fy) in enumerate(phone.REGION_LABEL_AT):
        x, y = fx * phone.PHONE_W, fy * phone.MAP_H + phone.MAP_Y0
        b = font(phone.MIN_TEXT + 4, True).getbbox(data.REGIONS[region].upper(), anchor="mm")
        boxes.append((data.REGIONS[region], "region", (x + b[0], y + b[1], x + b[2], y + b[3])))
    for _, _, (x0, _, x1, _) in boxes:
        assert x0 >= 0 and x1 <= phone.PHONE_W
    hits = [
        (a[0], a[1], b[0], b[1])
        for a, b in itertools.combinations(boxes, 2)
        if a[0] != b[0]
        and a[2][0] < b[2][2]
        and b[2][0] < a[2][2]
        and a[2][1] < b[2][3]
        and b[2][1] < a[2][3]
    ]
    assert hits == []
