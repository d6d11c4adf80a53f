"""Markers and icons drawn from code, supersampled and cached.

Every sprite is drawn at ``SS`` times its size on a transparent canvas and reduced with a fixed
filter, which anti-aliases the shapes (Pillow's polygons are not); the result is cached, so a
board render only pastes ready sprites. All coordinates below are in a unit square.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common.fonts import font
from render.common.palette import INK, RGB, WHITE

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


# --- icons ---------------------------------------------------------------------------------------


def _house(pen: Pen) -> None:
    c = pen.colour
    pen.poly(
        [(0.5, 0.08), (0.94, 0.48), (0.82, 0.48), (0.82, 0.92), (0.18, 0.92), (0.18, 0.48), (0.06, 0.48)],
        fill=c,
    )
    pen.rect(0.42, 0.62, 0.58, 0.92, fill=WHITE)


def _dollar(pen: Pen) -> None:
    pen.text(0.5, 0.52, "$", 0.95)


def _factory(pen: Pen) -> None:
    c = pen.colour
    pen.poly(
        [
            (0.06, 0.92),
            (0.06, 0.45),
            (0.3, 0.6),
            (0.3, 0.45),
            (0.54, 0.6),
            (0.54, 0.45),
            (0.7, 0.55),
            (0.7, 0.1),
            (0.86, 0.1),
            (0.86, 0.55),
            (0.94, 0.55),
            (0.94, 0.92),
        ],
        fill=c,
    )
    for x in (0.16, 0.38, 0.6):
        pen.rect(x, 0.7, x + 0.1, 0.8, fill=WHITE)


def _bridge(pen: Pen) -> None:
    c = pen.colour
    pen.rect(0.04, 0.36, 0.96, 0.48, fill=c)
    pen.arc(0.5, 0.86, 0.36, 180, 360, 0.09)
    for x in (0.1, 0.86):
        pen.rect(x, 0.36, x + 0.06, 0.9, fill=c)
    for x in (0.3, 0.5, 0.7):
        pen.line([(x, 0.48), (x, 0.56 if x != 0.5 else 0.5)], 0.05)


def _person(pen: Pen, cx: float, top: float, scale: float, fill: RGB) -> None:
    pen.ellipse(cx, top + 0.14 * scale, 0.13 * scale, fill=fill)
    pen.poly(
        [
            (cx - 0.22 * scale, top + 0.62 * scale),
            (cx - 0.17 * scale, top + 0.34 * scale),
            (cx + 0.17 * scale, top + 0.34 * scale),
            (cx + 0.22 * scale, top + 0.62 * scale),
        ],
        fill=fill,
    )


def _hr(pen: Pen) -> None:
    _person(pen, 0.5, 0.04, 1.0, pen.colour)
    pen.line([(0.14, 0.82), (0.86, 0.82)], 0.07)
    pen.poly([(0.04, 0.82), (0.2, 0.7), (0.2, 0.94)], fill=pen.colour)
    pen.poly([(0.96, 0.82), (0.8, 0.7), (0.8, 0.94)], fill=pen.colour)


def _management(pen: Pen) -> None:
    c = pen.colour
    pen.rect(0.33, 0.06, 0.67, 0.32, fill=c)
    pen.line([(0.5, 0.32), (0.5, 0.5)], 0.06)
    pen.line([(0.2, 0.5), (0.8, 0.5)], 0.06)
    pen.line([(0.2, 0.5), (0.2, 0.64)], 0.06)
    pen.line([(0.8, 0.5), (0.8, 0.64)], 0.06)
    pen.rect(0.04, 0.64, 0.36, 0.92, fill=c)
    pen.rect(0.64, 0.64, 0.96, 0.92, fill=c)


def _construction(pen: Pen) -> None:
    c = pen.colour
    pen.rect(0.06, 0.45, 0.3, 0.94, fill=c)
    pen.rect(0.36, 0.12, 0.62, 0.94, fill=c)
    pen.rect(0.68, 0.32, 0.94, 0.94, fill=c)
    for y in (0.22, 0.4, 0.58, 0.76):
        pen.rect(0.44, y, 0.54, y + 0.08, fill=WHITE)


def _rnd(pen: Pen) -> None:
    c = pen.colour
    pen.poly([(0.38, 0.06), (0.62, 0.06), (0.62, 0.38), (0.92, 0.9), (0.08, 0.9), (0.38, 0.38)], fill=c)
    pen.ellipse(0.45, 0.7, 0.07, fill=WHITE)
    pen.ellipse(0.6, 0.6, 0.05, fill=WHITE)


def _heart(pen: Pen) -> None:
    c = pen.colour
    pen.ellipse(0.31, 0.36, 0.23, fill=c)
    pen.ellipse(0.69, 0.36, 0.23, fill=c)
    pen.poly([(0.1, 0.46), (0.9, 0.46), (0.5, 0.92)], fill=c)


def _money(pen: Pen) -> None:
    pen.rect(0.02, 0.2, 0.98, 0.8, fill=pen.colour, radius=0.08)
    pen.rect(0.1, 0.28, 0.9, 0.72, outline=WHITE, width=0.04, radius=0.05)
    pen.text(0.5, 0.5, "$", 0.45, fill=WHITE)


def _goods(pen: Pen) -> None:
    c = pen.colour
    top = [(0.5, 0.06), (0.92, 0.26), (0.5, 0.46), (0.08, 0.26)]
    left = [(0.08, 0.26), (0.5, 0.46), (0.5, 0.96), (0.08, 0.74)]
    right = [(0.5, 0.46), (0.92, 0.26), (0.92, 0.74), (0.5, 0.96)]
    lighter = tuple(min(255, v + 70) for v in c)
    darker = tuple(max(0, v - 40) for v in c)
    pen.poly(top, fill=(lighter[0], lighter[1], lighter[2]))
    pen.poly(left, fill=c)
    pen.poly(right, fill=(darker[0], darker[1], darker[2]))


def _employee(pen: Pen) -> None:
    c = pen.colour
    pen.ellipse(0.5, 0.2, 0.16, fill=c)
    pen.poly(
        [
            (0.5, 0.3),
            (0.94, 0.5),
            (0.86, 0.6),
            (0.68, 0.54),
            (0.8, 0.96),
            (0.56, 0.96),
            (0.5, 0.78),
            (0.44, 0.96),
            (0.2, 0.96),
            (0.32, 0.54),
            (0.14, 0.6),
            (0.06, 0.5),
        ],
        fill=c,
    )


def _employee_lying(pen: Pen) -> None:
    c = pen.colour
    pen.ellipse(0.14, 0.5, 0.13, fill=c)
    pen.rect(0.3, 0.3, 0.74, 0.7, fill=c, radius=0.12)
    pen.rect(0.26, 0.16, 0.5, 0.28, fill=c, radius=0.05)
    pen.rect(0.26, 0.72, 0.5, 0.84, fill=c, radius=0.05)
    pen.rect(0.7, 0.32, 0.98, 0.47, fill=c, radius=0.06)
    pen.rect(0.7, 0.53, 0.98, 0.68, fill=c, radius=0.06)


def _gear(pen: Pen) -> None:
    c = pen.colour
    pts: list[Point] = []
    teeth = 8
    for i in range(teeth * 4):
        a = math.radians(i * 360 / (teeth * 4))
        r = 0.48 if (i % 4) in (1, 2) else 0.36
        pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    pen.poly(pts, fill=c)
    pen.ellipse(0.5, 0.5, 0.14, fill=WHITE)


def _locomotive(pen: Pen) -> None:
    c = pen.colour
    pen.rect(0.06, 0.36, 0.62, 0.72, fill=c, radius=0.06)
    pen.rect(0.62, 0.16, 0.94, 0.72, fill=c)
    pen.rect(0.7, 0.24, 0.86, 0.4, fill=WHITE)
    pen.rect(0.14, 0.14, 0.26, 0.36, fill=c)
    pen.poly([(0.06, 0.72), (0.0, 0.88), (0.14, 0.72)], fill=c)
    for x, r in ((0.24, 0.11), (0.46, 0.11), (0.78, 0.14)):
        pen.ellipse(x, 0.82, r, fill=c)
        pen.ellipse(x, 0.82, r * 0.4, fill=WHITE)


def _bulb(pen: Pen) -> None:
    c = pen.colour
    pen.ellipse(0.5, 0.4, 0.32, fill=c)
    pen.rect(0.36, 0.62, 0.64, 0.9, fill=c, radius=0.04)
    pen.line([(0.36, 0.74), (0.64, 0.74)], 0.04, fill=WHITE)
    pen.text(0.5, 0.4, "SP", 0.26, fill=WHITE)


def _heptagon(pen: Pen) -> None:
    pen.poly(regular_polygon(7, 0.5, 0.52, 0.48), fill=pen.colour)


def _link(pen: Pen) -> None:
    pen.d.rounded_rectangle(
        (*pen.p(0.04, 0.3), *pen.p(0.6, 0.7)), radius=0.2 * pen.px, outline=pen.colour, width=pen.w(0.11)
    )
    pen.d.rounded_rectangle(
        (*pen.p(0.4, 0.3), *pen.p(0.96, 0.7)), radius=0.2 * pen.px, outline=pen.colour, width=pen.w(0.11)
    )


def _bang(pen: Pen) -> None:
    pen.ellipse(0.5, 0.5, 0.47, fill=pen.colour)
    pen.text(0.5, 0.52, "!", 0.7, fill=WHITE)


def _tile(pen: Pen) -> None:
    pen.rect(0.08, 0.14, 0.92, 0.86, fill=pen.colour, radius=0.1)
    pen.line([(0.24, 0.5), (0.76, 0.5)], 0.08, fill=WHITE)
    pen.poly([(0.82, 0.5), (0.64, 0.34), (0.64, 0.66)], fill=WHITE)


def _action_choice(pen: Pen) -> None:
    pen.rect(0.04, 0.04, 0.96, 0.96, fill=pen.colour, radius=0.14)
    pen.text(0.5, 0.52, "?", 0.72, fill=WHITE)


def _cross(pen: Pen) -> None:
    pen.line([(0.15, 0.15), (0.85, 0.85)], 0.16)
    pen.line([(0.85, 0.15), (0.15, 0.85)], 0.16)


def _mission(pen: Pen) -> None:
    pen.ellipse(0.5, 0.5, 0.47, outline=pen.colour, width=0.08)
    _person(pen, 0.5, 0.2, 0.75, pen.colour)


ICONS: dict[str, Painter] = {
    "housing": _house,
    "commerce": _dollar,
    "industry": _factory,
    "infrastructure": _bridge,
    "hr": _hr,
    "management": _management,
    "construction": _construction,
    "rnd": _rnd,
    "donation": _heart,
    "money": _money,
    "goods": _goods,
    "employee": _employee,
    "employee_lying": _employee_lying,
    "gear": _gear,
    "locomotive": _locomotive,
    "sp": _bulb,
    "vp": _heptagon,
    "link": _link,
    "transport": _bang,
    "tile": _tile,
    "action_choice": _action_choice,
    "cross": _cross,
    "mission": _mission,
}


def _reduce(big: Image.Image, size: int) -> Image.Image:
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1024)
def icon(name: str, size: int, colour: RGB = INK) -> Image.Image:
    px = size * SS
    big = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    ICONS[name](Pen(ImageDraw.Draw(big), px, colour))
    return _reduce(big, size)


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
