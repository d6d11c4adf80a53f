"""Nipron's icons, painted in a unit square (``render.common.sprites.Pen``): coal, yen, blueprint,
knowledge, train, ship, star, machine, contract."""

from __future__ import annotations

from render.common.palette import WHITE
from render.common.sprites import Icons, Pen, star_points


def _coal(pen: Pen) -> None:
    pen.rect(0.14, 0.14, 0.86, 0.86, fill=pen.colour, radius=0.12)


def _yen(pen: Pen) -> None:
    pen.ellipse(0.5, 0.5, 0.46, fill=pen.colour)
    pen.text(0.5, 0.52, "¥", 0.62, fill=WHITE)


def _blueprint(pen: Pen) -> None:
    pen.rect(0.1, 0.18, 0.9, 0.82, fill=pen.colour, radius=0.06)
    for x in (0.3, 0.5, 0.7):
        pen.line([(x, 0.26), (x, 0.74)], 0.04, fill=WHITE)
    pen.line([(0.18, 0.5), (0.82, 0.5)], 0.04, fill=WHITE)


def _knowledge(pen: Pen) -> None:
    # an open book
    c = pen.colour
    pen.poly([(0.06, 0.22), (0.48, 0.3), (0.48, 0.86), (0.06, 0.78)], fill=c)
    pen.poly([(0.94, 0.22), (0.52, 0.3), (0.52, 0.86), (0.94, 0.78)], fill=c)


def _train(pen: Pen) -> None:
    c = pen.colour
    pen.rect(0.08, 0.3, 0.62, 0.72, fill=c, radius=0.05)
    pen.rect(0.58, 0.12, 0.9, 0.72, fill=c, radius=0.05)
    pen.rect(0.64, 0.2, 0.84, 0.4, fill=WHITE)
    pen.rect(0.16, 0.18, 0.28, 0.32, fill=c)
    for x in (0.24, 0.5, 0.76):
        pen.ellipse(x, 0.8, 0.11, fill=c)


def _ship(pen: Pen) -> None:
    c = pen.colour
    pen.poly([(0.04, 0.56), (0.96, 0.56), (0.8, 0.86), (0.18, 0.86)], fill=c)
    pen.rect(0.3, 0.3, 0.66, 0.56, fill=c)
    pen.rect(0.42, 0.1, 0.54, 0.32, fill=c)


def _star(pen: Pen) -> None:
    pen.poly(star_points(0.5, 0.54, 0.48, 0.2), fill=pen.colour)


def _machine(pen: Pen) -> None:
    c = pen.colour
    pen.ellipse(0.5, 0.5, 0.42, fill=c)
    pen.ellipse(0.5, 0.5, 0.16, fill=WHITE)
    for x, y in ((0.5, 0.06), (0.5, 0.94), (0.06, 0.5), (0.94, 0.5)):
        pen.rect(x - 0.09, y - 0.09, x + 0.09, y + 0.09, fill=c)


def _vp(pen: Pen) -> None:
    pen.ellipse(0.5, 0.5, 0.46, fill=pen.colour)


ICONS = Icons(
    {
        "coal": _coal,
        "yen": _yen,
        "blueprint": _blueprint,
        "knowledge": _knowledge,
        "train": _train,
        "ship": _ship,
        "star": _star,
        "machine": _machine,
        "vp": _vp,
    }
)
