"""Drawn text is kept (``render.common.fonts``): a kept text must give exactly the pixels Pillow's own font
draws, whatever was drawn before it."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from render.carnegie import render_company
from render.common import fonts
from tests.render.positions import NAMES, mid_game_4p


def _drawn(face: ImageFont.FreeTypeFont) -> bytes:
    image = Image.new("RGB", (420, 160), (250, 245, 230))
    draw = ImageDraw.Draw(image)
    # Fractional starts, anchors, a stroke and two inks: each is part of what the glyphs look like.
    for k, (x, y, anchor) in enumerate([(10.0, 10.0, "la"), (200.5, 40.25, "mm"), (410.75, 150.6, "rs")]):
        draw.text((x, y), "Żółw · Company ×3 ¼", font=face, fill=(20 * k, 40, 90), anchor=anchor)
    draw.text((30.3, 90.7), "VP 12", font=face, fill=(255, 255, 255), stroke_width=3, stroke_fill=(0, 0, 0))
    return image.tobytes()


def test_kept_glyphs_are_the_pixels_of_pillows_own_font() -> None:
    for bold, path in ((False, fonts.REGULAR), (True, fonts.BOLD)):
        plain = ImageFont.truetype(str(path), 26, layout_engine=ImageFont.Layout.BASIC)
        fonts._mask.cache_clear()
        first = _drawn(fonts.font(26, bold))
        again = _drawn(fonts.font(26, bold))
        assert fonts._mask.cache_info().hits >= 4  # the second drawing used the kept glyphs
        assert first == again == _drawn(plain)


def test_a_board_drawn_with_kept_glyphs_is_the_board_drawn_without() -> None:
    view = mid_game_4p()
    fonts._mask.cache_clear()
    cold = render_company(view, 2, NAMES)
    assert fonts._mask.cache_info().hits < fonts._mask.cache_info().misses
    warm = render_company(view, 2, NAMES)
    assert fonts._mask.cache_info().hits > 100
    assert cold == warm
