"""The shipped DejaVu fonts, loaded from package data.

The layout engine is pinned to BASIC: with Raqm present or absent Pillow would otherwise shape
text differently, and the same view must give the same bytes on every machine.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


# A text's drawn glyphs and where they go (Pillow's ``ImagingCore``, untyped outside Pillow).
Mask = tuple[Any, tuple[int, int]]
# Texts whose drawn glyphs are kept: a board draws the same few hundred labels in every picture.
MASKS = 4096


class _KeptMasks(ImageFont.FreeTypeFont):
    """A font that keeps the glyphs it drew (``getmask2``: the mask ``ImageDraw.text`` pastes in the ink):
    drawing text was most of a company board's own drawing. A mask depends only on the font and on
    what ``getmask2`` is given (the text, its anchor, the fraction of a pixel it starts at, ...), so a
    kept one gives the very same pixels."""

    def getmask2(self, text: str | bytes, mode: str = "", *args: Any, **kwargs: Any) -> Mask:
        if mode == "RGBA":
            # ``ImageDraw`` fills the alpha band of a colour mask in place: that one is never kept.
            return super().getmask2(text, mode, *args, **kwargs)
        frozen = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in kwargs.items()))
        return _mask(self, text, mode, args, frozen)

    def drawn(self, text: str | bytes, mode: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Mask:
        return super().getmask2(text, mode, *args, **kwargs)


@lru_cache(maxsize=MASKS)
def _mask(
    face: _KeptMasks, text: str | bytes, mode: str, args: tuple[Any, ...], frozen: tuple[tuple[str, Any], ...]
) -> Mask:
    # ``ImageDraw`` only reads a grey mask (``draw_bitmap``).
    kwargs = {k: list(v) if k == "features" and v is not None else v for k, v in frozen}
    return face.drawn(text, mode, args, kwargs)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    path = BOLD if bold else REGULAR
    return _KeptMasks(str(path), size, layout_engine=ImageFont.Layout.BASIC)
