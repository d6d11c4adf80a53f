"""Geometry of the drawn map: city centres, slot positions, and the region areas.

City positions come from ``engine.carnegie.data`` (fractions of the printed board). The regions
are not traced from anything: the land is the padded convex hull of the 32 cities, split into
regions by nearest city (a Voronoi partition), so every city sits inside its own region's colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.carnegie import data

# Aspect of the printed board the fractions refer to (x and y are fractions of width and height).
BOARD_W, BOARD_H = 3072.0, 2375.0

Pt = tuple[float, float]


@dataclass(frozen=True)
class MapFrame:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


def _raw(city: data.City) -> Pt:
    return (city.x * BOARD_W, city.y * BOARD_H)


def city_positions(
    frame: MapFrame, pad: tuple[float, float, float, float], keep_aspect: bool = True
) -> tuple[Pt, ...]:
    """Centres of the cities fitted into ``frame`` minus ``pad`` (left, top, right, bottom); without
    ``keep_aspect`` the map is stretched to fill it (the phone image's taller map)."""
    raw = [_raw(c) for c in data.CITIES]
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    bx0, bx1, by0, by1 = min(xs), max(xs), min(ys), max(ys)
    aw = frame.w - pad[0] - pad[2]
    ah = frame.h - pad[1] - pad[3]
    sx, sy = aw / (bx1 - bx0), ah / (by1 - by0)
    if keep_aspect:
        sx = sy = min(sx, sy)
    ox = frame.x0 + pad[0] + (aw - (bx1 - bx0) * sx) / 2
    oy = frame.y0 + pad[1] + (ah - (by1 - by0) * sy) / 2
    return tuple((ox + (x - bx0) * sx, oy + (y - by0) * sy) for x, y in raw)


def slot_offsets(n: int, pitch: float) -> tuple[Pt, ...]:
    """Slot centres relative to the city centre, preserving the left-to-right slot order (D-9).

    Medium cities: a triangle (middle slot raised); major cities: a zig-zag of 3 low + 2 high.
    """
    if n == 1:
        return ((0.0, 0.0),)
    if n == 3:
        return ((-pitch * 0.56, pitch * 0.42), (0.0, -pitch * 0.42), (pitch * 0.56, pitch * 0.42))
    half = pitch * 0.56
    return tuple(((i - 2) * half, pitch * 0.42 if i % 2 == 0 else -pitch * 0.42) for i in range(n))


def convex_hull(points: list[Pt]) -> list[Pt]:
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: Pt, a: Pt, b: Pt) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Pt] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Pt] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _clip(poly: list[Pt], a: float, b: float, c: float) -> list[Pt]:
    """Keep the part of ``poly`` where a*x + b*y <= c (Sutherland–Hodgman, one half-plane)."""
    out: list[Pt] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp <= 0) != (fq <= 0):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


@lru_cache(maxsize=4)
def voronoi_cells(points: tuple[Pt, ...], frame: MapFrame) -> tuple[tuple[Pt, ...], ...]:
    box = [(frame.x0, frame.y0), (frame.x1, frame.y0), (frame.x1, frame.y1), (frame.x0, frame.y1)]
    cells: list[tuple[Pt, ...]] = []
    for i, (xi, yi) in enumerate(points):
        poly = list(box)
        for j, (xj, yj) in enumerate(points):
            if i == j or not poly:
                continue
            # |p - ci|² <= |p - cj|²  <=>  2 (cj - ci) · p <= |cj|² - |ci|²
            poly = _clip(poly, 2 * (xj - xi), 2 * (yj - yi), xj * xj + yj * yj - xi * xi - yi * yi)
        cells.append(tuple(poly))
    return tuple(cells)
