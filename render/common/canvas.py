"""A thin wrapper over a Pillow RGB image with the text and panel helpers every board uses."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common.fonts import font
from render.common.palette import INK, PANEL, PANEL_EDGE, RGB
from render.common.sprites import icon, paste


class Canvas:
    def __init__(self, width: int, height: int, background: RGB) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.d = ImageDraw.Draw(self.image)

    @classmethod
    def from_image(cls, image: Image.Image) -> Canvas:
        self = cls.__new__(cls)
        self.image = image
        self.d = ImageDraw.Draw(image)
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
        return font(size, bold).getlength(s)

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
    ) -> None:
        """Draw ``s`` at the largest size ≤ ``size`` whose width fits ``max_width``."""
        while size > min_size and self.text_width(s, size, bold) > max_width:
            size -= 1
        self.text(x, y, s, size, fill, bold, anchor)

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
            self.text(x0 + 14, y0 + 8, title, title_size, bold=True)

    def icon(self, name: str, cx: float, cy: float, size: int, colour: RGB = INK) -> None:
        paste(self.image, icon(name, size, colour), cx, cy)

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

    def vp(self, cx: float, cy: float, value: int | str, size: int, colour: RGB) -> None:
        """A VP heptagon with its number."""
        self.icon("vp", cx, cy, size, colour)
        self.text(
            cx,
            cy + size * 0.04,
            str(value),
            max(9, round(size * 0.55)),
            fill=(255, 255, 255),
            bold=True,
            anchor="mm",
        )
