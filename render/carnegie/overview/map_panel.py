"""The map panel: land, regions, roads and cities (static), and the discs built on slots (dynamic).

The land is drawn once at twice the size and reduced, so coast and region borders are smooth.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.carnegie import data
from engine.core.words import msg
from render.carnegie import glyphs
from render.carnegie.glyphs import REGION_KEYS, draw_owner
from render.carnegie.mapgeo import MapFrame, convex_hull, slot_offsets, voronoi_cells
from render.carnegie.model import BoardModel
from render.carnegie.overview.layout import CITY_XY, MAP_BOX, MAP_FRAME, MARKER_D, SLOT_D, SLOT_PITCH, SLOT_XY
from render.carnegie.palette import REGION_FILL, REGION_HATCH, REGION_INK, ROAD, SEA, TRANSPORT_INK, VP_CITY
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, PANEL_EDGE, WHITE, hex_rgb
from render.common.sprites import disc, paste

LAND_EDGE = hex_rgb("#8C7B5E")
BORDER = hex_rgb("#8A7F70")
PROJECT_BADGE = 18  # the small disc naming the project built under a player's marker

# Where a city's name goes relative to its emblem, where "below" would collide with a neighbour.
LABEL_SIDE: dict[str, str] = {
    "helena": "above",
    "seattle": "above",
    "duluth": "above",
    "fargo": "above",
    "albany": "above",
    "boston": "above",
    "st-paul": "below",
    "omaha": "left",
    "reno": "below",
    "salt-lake-city": "above",
    "santa-fe": "right",
    "phoenix": "below",
    "cincinnati": "above",
    "memphis": "left",
    "pittsburgh": "above",
    "charleston": "right",
    "washington": "right",
    "el-paso": "left",
    "portland": "left",
    "boise": "above",
    "dallas": "right",
    "san-antonio": "left",
}


def _hatch(size: tuple[int, int], pattern: str, pitch: int, width: int) -> Image.Image:
    """An L mask of parallel lines over ``size``: the region's second cue (``REGION_HATCH``)."""
    w, h = size
    out = Image.new("L", size, 0)
    if pattern == "none":
        return out
    d = ImageDraw.Draw(out)
    for k in range(-h, w + h, pitch):
        if pattern == "-":
            if 0 <= k < h:
                d.line([(0, k), (w, k)], fill=255, width=width)
        elif pattern == "/":
            d.line([(k, h), (k + h, 0)], fill=255, width=width)
        else:
            d.line([(k, 0), (k + h, h)], fill=255, width=width)
    return out


def land_layer(frame: MapFrame, cities: tuple[tuple[float, float], ...], scale: int) -> Image.Image:
    """The map's land at ``scale`` times the size of ``frame`` (cities at ``cities``), reduced to the
    frame's size: regions coloured and hatched, borders between regions, the coast, the sea around."""
    w, h = round(frame.w * scale), round(frame.h * scale)
    pts = [((x - frame.x0) * scale, (y - frame.y0) * scale) for x, y in cities]
    local = MapFrame(0, 0, w, h)
    cells = voronoi_cells(tuple(pts), local)
    pic = Image.new("RGB", (w, h), SEA)
    d = ImageDraw.Draw(pic)
    for region, key in enumerate(REGION_KEYS):
        area = Image.new("L", (w, h), 0)
        ad = ImageDraw.Draw(area)
        for i, cell in enumerate(cells):
            if len(cell) >= 3 and data.CITIES[i].region == region:
                d.polygon(cell, fill=REGION_FILL[key])
                ad.polygon(cell, fill=255)
        lines = _hatch((w, h), REGION_HATCH[key], 14 * scale, max(1, round(1.5 * scale)))
        pic.paste(REGION_INK[key], (0, 0), ImageChops.multiply(area, lines.point(lambda v: v * 45 // 100)))
    # Region borders: Voronoi edges between cells of different regions.
    for i, cell in enumerate(cells):
        xi, yi = pts[i]
        for a, b in zip(cell, cell[1:] + cell[:1], strict=True):
            for j, (xj, yj) in enumerate(pts):
                if data.CITIES[j].region == data.CITIES[i].region or j < i:
                    continue
                on = all(
                    abs(
                        ((p[0] - xi) ** 2 + (p[1] - yi) ** 2) ** 0.5
                        - ((p[0] - xj) ** 2 + (p[1] - yj) ** 2) ** 0.5
                    )
                    < 0.5
                    for p in (a, b)
                )
                if on:
                    d.line([a, b], fill=BORDER, width=3 * scale)
    mask = Image.new("L", (w, h), 0)
    md = ImageDraw.Draw(mask)
    hull = convex_hull(pts)
    pad = 46 * scale
    md.polygon(hull, fill=255)
    md.line(hull + hull[:1], fill=255, width=round(2 * pad), joint="curve")
    for x, y in hull:
        md.ellipse((x - pad, y - pad, x + pad, y + pad), fill=255)
    sea = Image.new("RGB", pic.size, SEA)
    land = Image.composite(pic, sea, mask)
    coast = mask.filter(ImageFilter.FIND_EDGES).filter(ImageFilter.MaxFilter(5))
    land.paste(LAND_EDGE, (0, 0), coast)
    return land.resize((round(frame.w), round(frame.h)), Image.Resampling.LANCZOS)


# The slot legend's project names, as printed on the board's legend.
PROJECT_NAMES = (msg("Housing"), msg("Commerce"), msg("Industry"), msg("Public Infra."))


@lru_cache(maxsize=1)
def _map_picture() -> Image.Image:
    return land_layer(MAP_FRAME, CITY_XY, 2)


def _label_anchor(city: data.City, i: int) -> tuple[float, float, str]:
    cx, cy = CITY_XY[i]
    n = len(city.slots)
    half_h = SLOT_D / 2 + (SLOT_PITCH * 0.42 if n > 1 else 0)
    half_w = SLOT_D / 2 + (SLOT_PITCH * 0.56 * (2 if n == 5 else 1) if n > 1 else 0)
    side = LABEL_SIDE.get(city.id, "below")
    if side == "above":
        return cx, cy - half_h - 2, "md"
    if side == "left":
        return cx - half_w - 4, cy, "rm"
    if side == "right":
        return cx + half_w + 4, cy, "lm"
    return cx, cy + half_h + 2, "ma"


def _draw_city(c: Canvas, i: int, city: data.City) -> None:
    cx, cy = CITY_XY[i]
    n = len(city.slots)
    if n > 1:
        offs = slot_offsets(n, SLOT_PITCH)
        xs = [cx + dx for dx, _ in offs]
        ys = [cy + dy for _, dy in offs]
        pad = SLOT_D / 2 + 4
        c.d.rounded_rectangle(
            (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad),
            radius=SLOT_D // 2 + 4,
            fill=REGION_INK[REGION_KEYS[city.region]],
            outline=INK,
            width=2,
        )
    for k in data.CITY_SLOTS[i]:
        sx, sy = SLOT_XY[k]
        paste(c.image, disc(SLOT_D, WHITE, INK, 0.07), sx, sy)
        glyphs.project_icon(c, data.SLOT_TYPE[k], sx, sy, 20)
    # Name, VP heptagon, link badge, transport-income marker.
    lx, ly, anchor = _label_anchor(city, i)
    c.text(lx, ly, city.name, 19, fill=INK, bold=True, anchor=anchor, stroke=WHITE)
    if city.vp:
        vx = cx + (SLOT_D / 2 + 9 if n == 1 else SLOT_PITCH * 0.56 * (2 if n == 5 else 1) + SLOT_D / 2 + 6)
        vy = cy + (-14 if n == 1 else SLOT_PITCH * 0.42)
        if LABEL_SIDE.get(city.id) == "right":
            vx, vy = cx - vx + cx, vy
        glyphs.vp(c, vx, vy, city.vp, 22, VP_CITY)
    if city.link:
        # Link badge in the free top-left corner of the major-city emblem (R9.3.1).
        bx, by = cx - SLOT_PITCH * 1.12 - SLOT_D / 2 - 26, cy - SLOT_PITCH * 0.42
        c.d.rounded_rectangle(
            (bx - 21, by - 13, bx + 21, by + 13), radius=8, fill=INK, outline=WHITE, width=2
        )
        c.icon("link", bx - 7, by, 20, WHITE)
        c.text(bx + 11, by, str(city.link), 17, fill=WHITE, bold=True, anchor="mm")
    if city.marker:
        c.icon("transport", cx - SLOT_D / 2 - 4, cy + SLOT_D / 2 - 2, 15, TRANSPORT_INK)


def draw_map_static(c: Canvas) -> None:
    x0, y0, x1, y1 = MAP_BOX
    c.panel(x0, y0, x1, y1)
    c.image.paste(_map_picture(), (round(MAP_FRAME.x0), round(MAP_FRAME.y0)))
    c.d.rounded_rectangle((x0, y0, x1, y1), radius=12, outline=PANEL_EDGE, width=2)
    title = t("Map")
    c.text(x0 + 14, y0 + 8, title, 24, bold=True)
    # Legend of slot icons, drawn smaller where its words are longer than the panel is wide.
    start = x0 + max(90, 14 + c.text_width(title, 24, True) + 16)
    projects = [(code, say(label)) for code, label in zip("HCIP", PROJECT_NAMES, strict=True)]
    city_vp, link, transport = t("city VP"), t("link value"), t("transport income on build")

    def legend(size: int, draw: bool) -> float:
        lx: float = start
        for code, label in projects:
            if draw:
                paste(c.image, disc(26, WHITE, INK, 0.07), lx, y0 + 22)
                glyphs.project_icon(c, code, lx, y0 + 22, 17)
                c.text(lx + 17, y0 + 22, label, size, anchor="lm")
            lx += 34 + c.text_width(label, size)
        lx += 6
        if draw:
            glyphs.vp(c, lx, y0 + 22, "n", 24, VP_CITY)
            c.text(lx + 16, y0 + 22, city_vp, size, anchor="lm")
        lx += max(100, 30 + c.text_width(city_vp, size))
        if draw:
            c.icon("link", lx, y0 + 22, 22)
            c.text(lx + 16, y0 + 22, link, size, anchor="lm")
        lx += max(112, 30 + c.text_width(link, size))
        if draw:
            c.icon("transport", lx, y0 + 22, 18, TRANSPORT_INK)
            c.text(lx + 14, y0 + 22, transport, size, anchor="lm")
        return lx + 14 + c.text_width(transport, size)

    size = 17
    while size > 10 and legend(size, False) > x1 - 14:
        size -= 1
    legend(size, True)
    # Roads under the cities.
    for a, b in data.ROADS:
        pa, pb = CITY_XY[data.CITY_INDEX[a]], CITY_XY[data.CITY_INDEX[b]]
        c.d.line([pa, pb], fill=WHITE, width=8)
        c.d.line([pa, pb], fill=ROAD, width=4)
    # Region names, placed in open country.
    for region, (fx, fy) in enumerate(((0.205, 0.655), (0.47, 0.58), (0.44, 0.83), (0.75, 0.5))):
        # Positions are fractions of the printed board, mapped like the cities.
        raw_x, raw_y = fx * 3072.0, fy * 2375.0
        px, py = _board_to_map(raw_x, raw_y)
        key = REGION_KEYS[region]
        c.text(
            px,
            py,
            say(data.REGIONS[region]).upper(),
            22,
            fill=REGION_INK[key],
            bold=True,
            anchor="mm",
            stroke=WHITE,
        )
    for i, city in enumerate(data.CITIES):
        _draw_city(c, i, city)


def _board_to_map(raw_x: float, raw_y: float) -> tuple[float, float]:
    """Map a board-scan pixel position with the same transform as the cities."""
    a, b = data.CITIES[0], data.CITIES[1]
    (ax, ay), (bx, _) = CITY_XY[0], CITY_XY[1]
    s = (bx - ax) / ((b.x - a.x) * 3072.0)
    return ax + (raw_x - a.x * 3072.0) * s, ay + (raw_y - a.y * 2375.0) * s


def draw_slots(c: Canvas, m: BoardModel) -> None:
    for k, owner in enumerate(m.slots):
        if owner is None:
            continue
        sx, sy = SLOT_XY[k]
        paste(c.image, disc(SLOT_D, WHITE, WHITE, 0.0), sx, sy)
        draw_owner(c, owner, sx, sy, MARKER_D)
        # The disc covers the slot's printed type: show the project built there beside it (R6.3.4).
        built = m.slot_projects[k] if k < len(m.slot_projects) else None
        code = built or (data.SLOT_TYPE[k] if data.SLOT_TYPE[k] != "T" else None)
        if code is not None:
            paste(c.image, disc(PROJECT_BADGE, WHITE, INK, 0.08), sx + 12, sy + 12)
            glyphs.project_icon(c, code, sx + 12, sy + 12, PROJECT_BADGE - 6)
