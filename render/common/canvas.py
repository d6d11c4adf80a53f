"""A thin wrapper over a Pillow RGB image with the text and panel helpers every board uses.

A canvas draws icons from the table its game gives it (``Icons``), so the helpers here never need
to know which game is drawing.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common.fonts import font
from render.common.palette import INK, PANEL, PANEL_EDGE, RGB
from render.common.sprites import NO_ICONS, Icons, paste


# Fitting a label measures it at every size down to the one that fits, and a board measures the same
# few hundred labels in every picture: a sixth of a company board's drawing. A width depends only on
# the text, the size and the weight (the fonts are fixed files).
@lru_cache(maxsize=1 << 14)
def _width(s: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(s)


class Canvas:
    def __init__(self, width: int, height: int, background: RGB, icons: Icons = NO_ICONS) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.d = ImageDraw.Draw(self.image)
        self.icons = icons

    @classmethod
    def from_image(cls, image: Image.Image, icons: Icons = NO_ICONS) -> Canvas:
        self = cls.__new__(cls)
        self.image = image
        self.d = ImageDraw.Draw(image)
        self.icons = icons
        return self

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: int,
        fill: RGB = INK,
        bold: bool = False,
        anchor: str = "la",
        stroke: RGB | None = None,
    ) -> None:
        kwargs = {}
        if stroke is not None:
            kwargs = {"stroke_width": max(2, size // 8), "stroke_fill": stroke}
        self.d.text((x, y), s, font=font(size, bold), fill=fill, anchor=anchor, **kwargs)  # type: ignore[arg-type]

    def text_width(self, s: str, size: int, bold: bool = False) -> float:
        return _width(str(s), size, bold)

    def fit_text(
        self,
        x: float,
        y: float,
        s: str,
        max_width: float,
        size: int,
        fill: RGB = INK,
        bold: bool = False,
        anchor: str = "la",
        min_size: int = 10,
        ellipsis: bool = False,
        wrap_below: int | None = None,
    ) -> None:
        """Draw ``s`` at the largest size ≤ ``size`` whose width fits ``max_width``; with
        ``ellipsis``, a text still too wide at ``min_size`` is cut with "…" (long display names),
        so nothing runs into the next column. With ``wrap_below``, a text of several words that would
        be drawn smaller than that is set on two lines instead (``wrapped``), where the caller has the
        height for them."""
        if wrap_below is not None and " " in s.strip():
            one_line = size
            while one_line > wrap_below and self.text_width(s, one_line, bold) > max_width:
                one_line -= 1
            if self.text_width(s, one_line, bold) > max_width and self.wrapped(
                x, y, s, max_width, size, fill, bold, anchor, max(min_size, wrap_below)
            ):
                return
        while size > min_size and self.text_width(s, size, bold) > max_width:
            size -= 1
        if ellipsis and self.text_width(s, size, bold) > max_width:
            while s and self.text_width(s + "…", size, bold) > max_width:
                s = s[:-1]
            s = s.rstrip() + "…"
        self.text(x, y, s, size, fill, bold, anchor)

    def wrapped(
        self,
        x: float,
        y: float,
        s: str,
        max_width: float,
        size: int,
        fill: RGB,
        bold: bool,
        anchor: str,
        floor: int,
    ) -> bool:
        """``s`` on two lines (split at the space that leaves the shorter longest line), at the largest
        size ≥ ``floor`` where both fit ``max_width``, centred on ``y`` for a middle anchor and below
        it for a top one; False (nothing drawn) where even two lines do not fit at ``floor``."""
        words = s.split()
        splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
        first, second = min(splits, key=lambda p: max(self.text_width(line, size, bold) for line in p))
        while size > floor and max(self.text_width(line, size, bold) for line in (first, second)) > max_width:
            size -= 1
        if max(self.text_width(line, size, bold) for line in (first, second)) > max_width:
            return False
        step = round(size * 1.15)
        top = y - step / 2 if anchor[1:] == "m" else y
        for k, line in enumerate((first, second)):
            self.text(x, top + k * step, line, size, fill, bold, anchor)
        return True

    def panel(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        title: str | None = None,
        fill: RGB = PANEL,
        edge: RGB = PANEL_EDGE,
        title_size: int = 22,
    ) -> None:
        self.d.rounded_rectangle((x0, y0, x1, y1), radius=12, fill=fill, outline=edge, width=2)
        if title:
            # A longer word in another language is drawn smaller rather than past the panel's edge.
            self.fit_text(x0 + 14, y0 + 8, title, x1 - x0 - 28, title_size, bold=True, min_size=12)

    def icon(self, name: str, cx: float, cy: float, size: int, colour: RGB = INK) -> None:
        paste(self.image, self.icons.get(name, size, colour), cx, cy)

    def icon_value(
        self,
        name: str,
        value: str,
        x: float,
        cy: float,
        size: int,
        colour: RGB = INK,
        text_size: int | None = None,
        bold: bool = True,
        fill: RGB = INK,
    ) -> float:
        """An icon followed by a value, left-aligned at x; returns the x after the text."""
        self.icon(name, x + size / 2, cy, size, colour)
        ts = text_size or round(size * 0.8)
        self.text(x + size + 5, cy, value, ts, fill=fill, bold=bold, anchor="lm")
        return x + size + 5 + self.text_width(value, ts, bold)
