"""The text sizes a picture asks for, for the phone images' legibility tests (issue 18)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import ImageFont

from render.common import canvas, fonts


def record_font_sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every text drawn through ``Canvas`` goes through ``font``: from now on each size asked for is
    appended to the list returned (clear the picture's cached layers first to see their text too)."""
    sizes: list[int] = []
    real: Callable[[int, bool], ImageFont.FreeTypeFont] = fonts.font

    def recording(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        sizes.append(size)
        return real(size, bold)

    monkeypatch.setattr(canvas, "font", recording)
    return sizes
