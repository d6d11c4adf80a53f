"""Markers, discs and icons drawn from code, supersampled and cached.

Markers and discs are the same for every game; icons are each game's own, given as a table of
painters (``Icons``) that shares the one sprite cache. Every sprite is drawn at ``SS`` times its
size on a transparent canvas and reduced with a fixed filter, which anti-aliases the shapes
(Pillow's polygons are not); the result is cached, so a board render only pastes ready sprites.
All coordinates below are in a unit square.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common.fonts import font
from render.common.palette import INK, RGB

SS = 4
Point = tuple[float, float]
Painter = Callable[["Pen"], None]


class Pen:
    """Draws on a supersampled square sprite using unit coordinates."""

    def __init__(self, draw: ImageDraw.ImageDraw, px: int, colour: RGB) -> None:
        self.d = draw
        self.px = px
        self.colour = colour

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.px, y * self.px)

    def w(self, width: float) -> int:
        return max(1, round(width * self.px))

    def poly(
        self, pts: Sequence[Point], fill: RGB | None = None, outline: RGB | None = None, width: float = 0.0
    ) -> None:
        xy = [self.p(x, y) for x, y in pts]
        self.d.polygon(xy, fill=fill, outline=outline, width=self.w(width) if outline else 0)

    def rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0.0,
        radius: float = 0.0,
    ) -> None:
        box = (*self.p(x0, y0), *self.p(x1, y1))
        if radius:
            self.d.rounded_rectangle(
                box,
                radius=radius * self.px,
                fill=fill,
                outline=outline,
                width=self.w(width) if outline else 0,
            )
        else:
            self.d.rectangle(box, fill=fill, outline=outline, width=self.w(width) if outline else 0)

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float | None = None,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0.0,
    ) -> None:
        ry = rx if ry is None else ry
        box = (*self.p(cx - rx, cy - ry), *self.p(cx + rx, cy + ry))
        self.d.ellipse(box, fill=fill, outline=outline, width=self.w(width) if outline else 0)

    def line(self, pts: Sequence[Point], width: float, fill: RGB | None = None) -> None:
        self.d.line(
            [self.p(x, y) for x, y in pts], fill=fill or self.colour, width=self.w(width), joint="curve"
        )

    def arc(self, cx: float, cy: float, r: float, start: float, end: float, width: float) -> None:
        box = (*self.p(cx - r, cy - r), *self.p(cx + r, cy + r))
        self.d.arc(box, start, end, fill=self.colour, width=self.w(width))

    def text(
        self, x: float, y: float, s: str, size: float, fill: RGB | None = None, bold: bool = True
    ) -> None:
        f = font(max(4, round(size * self.px)), bold)
        self.d.text(self.p(x, y), s, font=f, fill=fill or self.colour, anchor="mm")


def regular_polygon(n: int, cx: float, cy: float, r: float, rotation: float = -90.0) -> list[Point]:
    return [
        (
            cx + r * math.cos(math.radians(rotation + i * 360 / n)),
            cy + r * math.sin(math.radians(rotation + i * 360 / n)),
        )
        for i in range(n)
    ]


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5) -> list[Point]:
    pts: list[Point] = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(-90 + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# --- markers -------------------------------------------------------------------------------------

OUTLINE = 0.075


def _marker_outline(shape: str) -> list[Point] | None:
    if shape == "square":
        return [(0.12, 0.12), (0.88, 0.12), (0.88, 0.88), (0.12, 0.88)]
    if shape == "triangle":
        return [(0.5, 0.04), (0.97, 0.9), (0.03, 0.9)]
    if shape == "diamond":
        return [(0.5, 0.02), (0.98, 0.5), (0.5, 0.98), (0.02, 0.5)]
    if shape == "hexagon":
        return regular_polygon(6, 0.5, 0.5, 0.47, rotation=0)
    if shape == "star":
        return star_points(0.5, 0.53, 0.49, 0.22)
    return None


def _paint_marker(pen: Pen, shape: str, fill: RGB, edge: RGB) -> None:
    pts = _marker_outline(shape)
    if pts is None:
        pen.ellipse(0.5, 0.5, 0.46, fill=edge)
        pen.ellipse(0.5, 0.5, 0.46 - OUTLINE, fill=fill)
        return
    # An outline drawn as a fat polyline keeps its thickness on sharp corners better than
    # Pillow's polygon outline; the fill is drawn last, inset by drawing on top.
    pen.poly(pts, fill=edge)
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    shrink = 1 - OUTLINE * (2.6 if shape in ("triangle", "star") else 2.0)
    inner = [(cx + (x - cx) * shrink, cy + (y - cy) * shrink) for x, y in pts]
    pen.poly(inner, fill=fill)


def _reduce(big: Image.Image, size: int) -> Image.Image:
    return big.resize((size, size), Image.Resampling.LANCZOS)


# Keyed by the painter itself, so every game's table shares one cache and names never clash.
@lru_cache(maxsize=1024)
def icon(painter: Painter, size: int, colour: RGB = INK) -> Image.Image:
    px = size * SS
    big = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    painter(Pen(ImageDraw.Draw(big), px, colour))
    return _reduce(big, size)


@dataclass(frozen=True)
class Icons:
    """A game's icon table: painters by name, drawn in unit coordinates with ``Pen``."""

    painters: Mapping[str, Painter]

    def get(self, name: str, size: int, colour: RGB = INK) -> Image.Image:
        return icon(self.painters[name], size, colour)


NO_ICONS = Icons({})


@lru_cache(maxsize=512)
def marker(shape: str, fill: RGB, size: int, edge: RGB = INK) -> Image.Image:
    px = size * SS
    big = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    _paint_marker(Pen(ImageDraw.Draw(big), px, fill), shape, fill, edge)
    return _reduce(big, size)


@lru_cache(maxsize=256)
def disc(size: int, fill: RGB, edge: RGB = INK, edge_width: float = 0.08) -> Image.Image:
    """A plain round disc (slot backgrounds, track spaces)."""
    px = size * SS
    big = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    pen = Pen(ImageDraw.Draw(big), px, fill)
    pen.ellipse(0.5, 0.5, 0.48, fill=edge)
    pen.ellipse(0.5, 0.5, 0.48 - edge_width, fill=fill)
    return _reduce(big, size)


def paste(canvas: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    """Paste a sprite centred on (cx, cy), using its alpha as the mask."""
    x = round(cx - sprite.width / 2)
    y = round(cy - sprite.height / 2)
    canvas.paste(sprite, (x, y), sprite)
