"""Carnegie's icons: project and department types, resources, Timeline and display marks.

Painters draw in a unit square (see ``render.common.sprites.Pen``); ``ICONS`` is the table the
Carnegie canvases draw from.
"""

from __future__ import annotations

import math

from render.common.palette import RGB, WHITE
from render.common.sprites import Icons, Pen, Point, regular_polygon


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


def _wheel(pen: Pen) -> None:
    # A cart wheel: transport income (an exclamation mark read as a warning).
    pen.ellipse(0.5, 0.5, 0.47, fill=pen.colour)
    pen.ellipse(0.5, 0.5, 0.33, fill=WHITE)
    pen.ellipse(0.5, 0.5, 0.25, fill=pen.colour)
    for a, b in (
        ((0.5, 0.25), (0.5, 0.75)),
        ((0.25, 0.5), (0.75, 0.5)),
        ((0.32, 0.32), (0.68, 0.68)),
        ((0.32, 0.68), (0.68, 0.32)),
    ):
        pen.line([a, b], 0.07, fill=WHITE)
    pen.ellipse(0.5, 0.5, 0.08, fill=WHITE)


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


ICONS = Icons(
    {
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
        "transport": _wheel,
        "tile": _tile,
        "action_choice": _action_choice,
        "cross": _cross,
        "mission": _mission,
    }
)
