"""The Carnegie board overview: map, tracks, mission areas, Timeline, donations, display, players.

Everything that never changes (map, roads, empty slots, printed track and donation contents) is
drawn once per process into a cached base image; a render copies it and draws the position on top.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from engine.carnegie import data
from render.carnegie import glyphs
from render.carnegie.glyphs import REGION_KEYS, draw_owner
from render.carnegie.mapgeo import MapFrame, city_positions, convex_hull, slot_offsets, voronoi_cells
from render.carnegie.model import ANDREW, NEUTRAL, BoardModel, Owner, PlayerSummary
from render.common.canvas import Canvas
from render.common.palette import (
    DEPT_FILL,
    DEPT_INK,
    GOLD,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    MONEY,
    PANEL_EDGE,
    PAPER,
    PASSIVE_EDGE,
    REGION_FILL,
    REGION_INK,
    ROAD,
    SEA,
    VP_CITY,
    VP_END,
    WHITE,
    hex_rgb,
)
from render.common.sprites import disc, paste

W, H = 2000, 1500
TITLE_H = 64
GAP = 12

MAP_BOX = (GAP, TITLE_H + GAP, 1392, 826)
TRACK_BOX = (GAP, 838, 905, H - GAP)
PLAYER_BOX = (917, 838, 1392, H - GAP)
TIMELINE_BOX = (1404, TITLE_H + GAP, W - GAP, 500)
DONATION_BOX = (1404, 512, W - GAP, 1040)
DISPLAY_BOX = (1404, 1052, W - GAP, H - GAP)

SLOT_D = 30  # slot circle diameter
SLOT_PITCH = 36
MARKER_D = 32

LAND_EDGE = hex_rgb("#8C7B5E")
BORDER = hex_rgb("#8A7F70")
LEVEL_FILL = (hex_rgb("#E9A08A"), hex_rgb("#F2CF7A"), hex_rgb("#9FD39B"))
LEVEL_NAME = ("Cart", "Stagecoach", "Railroad")

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


# --- geometry ------------------------------------------------------------------------------------

MAP_FRAME = MapFrame(MAP_BOX[0] + 2, MAP_BOX[1] + 40, MAP_BOX[2] - 2, MAP_BOX[3] - 2)
CITY_XY = city_positions(MAP_FRAME, (112, 44, 84, 50))


def slot_centres() -> tuple[tuple[float, float], ...]:
    out: list[tuple[float, float]] = []
    for i, city in enumerate(data.CITIES):
        cx, cy = CITY_XY[i]
        for dx, dy in slot_offsets(len(city.slots), SLOT_PITCH):
            out.append((cx + dx, cy + dy))
    return tuple(out)


SLOT_XY = slot_centres()


# --- static base ---------------------------------------------------------------------------------


def _land_layer(scale: int) -> tuple[Image.Image, Image.Image]:
    """The map area at ``scale`` times size: (RGB picture, L land mask)."""
    f = MAP_FRAME
    w, h = round(f.w * scale), round(f.h * scale)
    pts = [((x - f.x0) * scale, (y - f.y0) * scale) for x, y in CITY_XY]
    local = MapFrame(0, 0, w, h)
    cells = voronoi_cells(tuple(pts), local)
    pic = Image.new("RGB", (w, h), SEA)
    d = ImageDraw.Draw(pic)
    for i, cell in enumerate(cells):
        if len(cell) >= 3:
            d.polygon(cell, fill=REGION_FILL[REGION_KEYS[data.CITIES[i].region]])
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
    return pic, mask


@lru_cache(maxsize=1)
def _map_picture() -> Image.Image:
    scale = 2
    pic, mask = _land_layer(scale)
    sea = Image.new("RGB", pic.size, SEA)
    land = Image.composite(pic, sea, mask)
    coast = mask.filter(ImageFilter.FIND_EDGES).filter(ImageFilter.MaxFilter(5))
    land.paste(LAND_EDGE, (0, 0), coast)
    w, h = round(MAP_FRAME.w), round(MAP_FRAME.h)
    return land.resize((w, h), Image.Resampling.LANCZOS)


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
        c.vp(vx, vy, city.vp, 22, VP_CITY)
    if city.link:
        # Link badge in the free top-left corner of the major-city emblem (R9.3.1).
        bx, by = cx - SLOT_PITCH * 1.12 - SLOT_D / 2 - 26, cy - SLOT_PITCH * 0.42
        c.d.rounded_rectangle(
            (bx - 21, by - 13, bx + 21, by + 13), radius=8, fill=INK, outline=WHITE, width=2
        )
        c.icon("link", bx - 7, by, 20, WHITE)
        c.text(bx + 11, by, str(city.link), 17, fill=WHITE, bold=True, anchor="mm")
    if city.marker:
        c.icon("transport", cx - SLOT_D / 2 - 4, cy + SLOT_D / 2 - 2, 15, hex_rgb("#E07B00"))


def _draw_map_static(c: Canvas) -> None:
    x0, y0, x1, y1 = MAP_BOX
    c.panel(x0, y0, x1, y1)
    c.image.paste(_map_picture(), (round(MAP_FRAME.x0), round(MAP_FRAME.y0)))
    c.d.rounded_rectangle((x0, y0, x1, y1), radius=12, outline=PANEL_EDGE, width=2)
    c.text(x0 + 14, y0 + 8, "Map", 24, bold=True)
    # Legend of slot icons.
    lx: float = x0 + 90
    for code, label in (("H", "Housing"), ("C", "Commerce"), ("I", "Industry"), ("P", "Public Infra.")):
        paste(c.image, disc(26, WHITE, INK, 0.07), lx, y0 + 22)
        glyphs.project_icon(c, code, lx, y0 + 22, 17)
        c.text(lx + 17, y0 + 22, label, 17, anchor="lm")
        lx += 34 + c.text_width(label, 17)
    lx += 6
    c.vp(lx, y0 + 22, "n", 24, VP_CITY)
    c.text(lx + 16, y0 + 22, "city VP", 17, anchor="lm")
    lx += 100
    c.icon("link", lx, y0 + 22, 22)
    c.text(lx + 16, y0 + 22, "link value", 17, anchor="lm")
    lx += 112
    c.icon("transport", lx, y0 + 22, 18, hex_rgb("#E07B00"))
    c.text(lx + 14, y0 + 22, "transport income on build", 17, anchor="lm")
    # Roads under the cities.
    for a, b in data.ROADS:
        pa, pb = CITY_XY[data.CITY_INDEX[a]], CITY_XY[data.CITY_INDEX[b]]
        c.d.line([pa, pb], fill=WHITE, width=8)
        c.d.line([pa, pb], fill=ROAD, width=4)
    # Region names, placed in open country.
    for region, (fx, fy) in enumerate(((0.205, 0.655), (0.47, 0.58), (0.44, 0.83), (0.75, 0.5))):
        px = MAP_FRAME.x0 + 0  # positions are board fractions mapped like the cities
        raw_x, raw_y = fx * 3072.0, fy * 2375.0
        px, py = _board_to_map(raw_x, raw_y)
        key = REGION_KEYS[region]
        c.text(px, py, data.REGIONS[region].upper(), 22, fill=REGION_INK[key], bold=True, anchor="mm")
    for i, city in enumerate(data.CITIES):
        _draw_city(c, i, city)


def _board_to_map(raw_x: float, raw_y: float) -> tuple[float, float]:
    """Map a board-scan pixel position with the same transform as the cities."""
    a, b = data.CITIES[0], data.CITIES[1]
    (ax, ay), (bx, _) = CITY_XY[0], CITY_XY[1]
    s = (bx - ax) / ((b.x - a.x) * 3072.0)
    return ax + (raw_x - a.x * 3072.0) * s, ay + (raw_y - a.y * 2375.0) * s


# Tracks ------------------------------------------------------------------------------------------

TRACK_ROW_H = (TRACK_BOX[3] - TRACK_BOX[1] - 48) / 4
TRACK_X0 = TRACK_BOX[0] + 128
SPACE_W = 100
SPACE_GAP = 24
MISSION_R = 76


def _track_space_box(region: int, pos: int) -> tuple[float, float, float, float]:
    y0 = TRACK_BOX[1] + 44 + region * TRACK_ROW_H
    x = TRACK_X0 + (pos - 1) * (SPACE_W + SPACE_GAP)
    return (x, y0 + 4, x + SPACE_W, y0 + TRACK_ROW_H - 8)


def _mission_centre(region: int) -> tuple[float, float]:
    _, by0, _, by1 = _track_space_box(region, 5)
    return (TRACK_BOX[2] - MISSION_R - 14, (by0 + by1) / 2)


def _draw_tracks_static(c: Canvas) -> None:
    x0, y0, x1, y1 = TRACK_BOX
    c.panel(x0, y0, x1, y1, "Transport tracks and mission areas", title_size=24)
    for region in range(4):
        key = REGION_KEYS[region]
        _, by0, _, by1 = _track_space_box(region, 1)
        cy = (by0 + by1) / 2
        c.d.rounded_rectangle(
            (x0 + 8, by0, TRACK_X0 - 8, by1),
            radius=8,
            fill=REGION_FILL[key],
            outline=REGION_INK[key],
            width=2,
        )
        c.fit_text(
            (x0 + 8 + TRACK_X0 - 8) / 2,
            cy,
            data.REGIONS[region],
            110,
            22,
            fill=REGION_INK[key],
            bold=True,
            anchor="mm",
        )
        for pos in range(1, 6):
            space = data.TRACKS[region][pos - 1]
            sx0, sy0, sx1, sy1 = _track_space_box(region, pos)
            c.d.rounded_rectangle((sx0, sy0, sx1, sy1), radius=8, fill=WHITE, outline=INK, width=2)
            # Level band on top.
            c.d.rounded_rectangle(
                (sx0 + 2, sy0 + 2, sx1 - 2, sy0 + 24), radius=6, fill=LEVEL_FILL[space.level]
            )
            label = LEVEL_NAME[space.level] + ("+" if pos == 5 else "")
            c.fit_text((sx0 + sx1) / 2, sy0 + 13, label, SPACE_W - 8, 15, bold=True, anchor="mm")
            # Income along the bottom.
            gw = glyphs.gain_width(c, space.income, 19)
            glyphs.draw_gain(c, space.income, (sx0 + sx1) / 2 - gw / 2, sy1 - 18, 19)
            if pos > 1:
                ax = sx0 - SPACE_GAP / 2
                c.icon("sp", ax, cy - 14, 22, hex_rgb("#D08A1E"))
                c.text(ax, cy + 8, str(space.cost), 18, bold=True, anchor="mt")
            if pos == 5:
                # Last-space bonus, one disc only (R2.5.2, R2.5.3).
                c.d.rounded_rectangle(
                    (sx0 + 6, sy0 + 28, sx1 - 6, sy0 + 56),
                    radius=6,
                    fill=hex_rgb("#FFF3C4"),
                    outline=GOLD,
                    width=2,
                )
                bw = glyphs.gain_width(c, space.bonus, 18) + 30
                bx = (sx0 + sx1) / 2 - bw / 2
                c.text(bx, sy0 + 42, "+", 18, bold=True, anchor="lm")
                glyphs.draw_gain(c, space.bonus, bx + 14, sy0 + 42, 18)
                c.text(bx + bw - 2, sy0 + 42, "×1", 13, fill=INK_SOFT, anchor="rm")
        mx, my = _mission_centre(region)
        c.d.ellipse(
            (mx - MISSION_R, my - MISSION_R * 0.78, mx + MISSION_R, my + MISSION_R * 0.78),
            fill=REGION_FILL[key],
            outline=REGION_INK[key],
            width=3,
        )
        c.icon("employee", mx - 40, my - MISSION_R * 0.78 + 20, 20, REGION_INK[key])
        c.text(
            mx - 28, my - MISSION_R * 0.78 + 20, "missions", 15, fill=REGION_INK[key], bold=True, anchor="lm"
        )


# Timeline ----------------------------------------------------------------------------------------

TL_LABEL_W = 112
TL_CELL = 64
TL_ROW_H = 74
TL_SHORT = ("HR", "Mgmt", "Constr.", "R&D")


def _tl_cell_centre(row: int, pos: int) -> tuple[float, float]:
    x = TIMELINE_BOX[0] + 10 + TL_LABEL_W + pos * (TL_CELL + 8) + TL_CELL / 2
    y = TIMELINE_BOX[1] + 104 + row * TL_ROW_H
    return x, y


def _draw_timeline_static(c: Canvas) -> None:
    x0, y0, x1, y1 = TIMELINE_BOX
    c.panel(x0, y0, x1, y1, "Timeline", title_size=24)
    for pos, label in enumerate(("Start", "1", "2", "3", "4", "End")):
        cx, _ = _tl_cell_centre(0, pos)
        c.text(cx, y0 + 58, label, 16, fill=INK_SOFT, bold=True, anchor="mm")
    for row in range(4):
        cx, cy = _tl_cell_centre(row, 0)
        key = glyphs.DEPT_KEYS[row]
        c.d.rounded_rectangle(
            (x0 + 8, cy - TL_ROW_H / 2 + 4, x0 + 8 + TL_LABEL_W - 6, cy + TL_ROW_H / 2 - 4),
            radius=8,
            fill=DEPT_FILL[key],
            outline=DEPT_INK[key],
            width=2,
        )
        glyphs.dept_icon(c, row, x0 + 30, cy, 30)
        c.fit_text(
            x0 + 50, cy, TL_SHORT[row], TL_LABEL_W - 50, 17, fill=DEPT_INK[key], bold=True, anchor="lm"
        )
        # Start tile (no event) and End tile (income + donation), R11.2.1, R11.2.2.
        c.d.rounded_rectangle(
            (cx - TL_CELL / 2, cy - TL_CELL / 2, cx + TL_CELL / 2, cy + TL_CELL / 2),
            radius=8,
            fill=hex_rgb("#EDE7DA"),
            outline=PANEL_EDGE,
            width=2,
        )
        ex, ey = _tl_cell_centre(row, 5)
        c.d.rounded_rectangle(
            (ex - TL_CELL / 2, ey - TL_CELL / 2, ex + TL_CELL / 2, ey + TL_CELL / 2),
            radius=8,
            fill=hex_rgb("#EDE7DA"),
            outline=PANEL_EDGE,
            width=2,
        )
        glyphs.draw_region_badge(c, data.END_TILE[row], ex - 13, ey - 10, 34)
        glyphs.draw_donation_badge(c, ex + 14, ey + 14, 28)


# Donations ---------------------------------------------------------------------------------------

DON_HEAD = 78
DON_COL_W = (DONATION_BOX[2] - DONATION_BOX[0] - 20) / 4
DON_ROW_H = (DONATION_BOX[3] - DONATION_BOX[1] - DON_HEAD - 44) / 5

# How each donation cell is drawn: (icons, VP per unit, caption). Icons: (sprite, colour key).
DON_PICTURES: dict[str, tuple[tuple[str, ...], str, str]] = {
    "EDU-HR": (("hr",), "3", "per HR dept."),
    "EDU-MGT": (("management",), "3", "per Mgmt dept."),
    "EDU-CON": (("construction",), "3", "per Constr. dept."),
    "EDU-RND": (("rnd",), "3", "per R&D dept."),
    "EDU-ALL": (("tile",), "1", "per department"),
    "RIG-INFRA": (("infrastructure",), "4", "per Infra. project"),
    "RIG-INDUSTRY": (("industry",), "3", "per Industry proj."),
    "RIG-HOUSCOM": (("housing", "commerce"), "2", "per H or C project"),
    "RIG-RAIL": (("locomotive",), "3", "per Railroad region"),
    "RIG-DONATIONS": (("donation",), "2", "per donation"),
    "WEL-7VP": ((), "7", "flat"),
    "WEL-GOODS": (("goods",), "2", "per good paid, ≤6"),
    "WEL-MONEY": (("money",), "2", "per $5 paid, ≤6"),
    "WEL-MONEYGOODS": (("money", "goods"), "4", "per $5+good, ≤3"),
    "WEL-ACTIVE": (("employee",), "1", "per active empl."),
    "HEA-EAST": (("region:3",), "2", "per project East"),
    "HEA-MIDWEST": (("region:1",), "2", "per proj. Midwest"),
    "HEA-SOUTH": (("region:2",), "2", "per project South"),
    "HEA-WEST": (("region:0",), "2", "per project West"),
    "HEA-SMALLTOWN": (("town",), "2", "per small-town proj."),
}


def _icon_colour(name: str) -> tuple[int, int, int]:
    from render.common.palette import GOODS, PROJECT_INK

    if name in PROJECT_INK:
        return PROJECT_INK[name]
    if name in DEPT_INK:
        return DEPT_INK[name]
    return {"goods": GOODS, "money": MONEY, "donation": hex_rgb("#B03060")}.get(name, INK)


def _don_cell_box(k: int) -> tuple[float, float, float, float]:
    _, col, row, _ = data.DONATION_CELLS[k]
    x = DONATION_BOX[0] + 10 + (col - 1) * DON_COL_W
    y = DONATION_BOX[1] + DON_HEAD + (row - 1) * DON_ROW_H
    return (x + 3, y + 3, x + DON_COL_W - 3, y + DON_ROW_H - 3)


def _draw_donations_static(c: Canvas) -> None:
    x0, y0, x1, y1 = DONATION_BOX
    c.panel(x0, y0, x1, y1, "Donations", title_size=24)
    for col, name in enumerate(data.DONATION_COLUMNS):
        cx = x0 + 10 + col * DON_COL_W + DON_COL_W / 2
        c.fit_text(cx, y0 + DON_HEAD - 14, name, DON_COL_W - 8, 19, bold=True, anchor="mm")
    for k, (code, _, _, _) in enumerate(data.DONATION_CELLS):
        bx0, by0, bx1, by1 = _don_cell_box(k)
        c.d.rounded_rectangle((bx0, by0, bx1, by1), radius=8, fill=WHITE, outline=PANEL_EDGE, width=2)
        icons, vp, caption = DON_PICTURES[code]
        cy = by0 + (by1 - by0) * 0.38
        ix = bx0 + 20
        step = 34 if len(icons) < 2 else 28
        for name in icons:
            if name.startswith("region:"):
                glyphs.draw_region_badge(c, int(name.split(":")[1]), ix + 2, cy, 30, income=False)
                ix += step
            elif name == "town":
                paste(c.image, disc(28, WHITE, INK, 0.09), ix + 2, cy)
                ix += step
            else:
                c.icon(name, ix + 2, cy, step - 6, _icon_colour(name))
                ix += step
        c.vp(ix + 10, cy, vp, 32, VP_END)
        c.fit_text((bx0 + bx1) / 2, by1 - 14, caption, bx1 - bx0 - 8, 15, fill=INK, anchor="mm")
    c.text(
        x0 + 14,
        y1 - 24,
        "Cost of your n-th donation: $5 × n  (Communications staffed: $3 × n)",
        16,
        fill=INK_SOFT,
        anchor="lm",
    )


# Department display ------------------------------------------------------------------------------

DISP_HEAD = 44


def _disp_tile_box(tile: data.DepartmentTile) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = DISPLAY_BOX
    idx = tile.id - 1
    col, row = idx % 4, idx // 4
    w = (x1 - x0 - 20) / 4
    h = (y1 - y0 - DISP_HEAD - 10) / 4
    bx = x0 + 10 + col * w
    by = y0 + DISP_HEAD + row * h
    return (bx + 3, by + 3, bx + w - 3, by + h - 3)


def _draw_display_static(c: Canvas) -> None:
    x0, y0, x1, y1 = DISPLAY_BOX
    c.panel(x0, y0, x1, y1, "Departments on display", title_size=24)
    # Legend: mission departments carry the mission icon, passive ones a purple frame.
    c.icon("mission", x1 - 196, y0 + 22, 22, INK)
    c.text(x1 - 182, y0 + 22, "mission", 16, fill=INK_SOFT, anchor="lm")
    c.d.rounded_rectangle((x1 - 104, y0 + 12, x1 - 84, y0 + 32), radius=4, outline=PASSIVE_EDGE, width=4)
    c.text(x1 - 78, y0 + 22, "passive", 16, fill=INK_SOFT, anchor="lm")


# --- base ----------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _base() -> Image.Image:
    c = Canvas(W, H, PAPER)
    c.d.rectangle((0, 0, W, TITLE_H), fill=hex_rgb("#2F3B4C"))
    _draw_map_static(c)
    _draw_tracks_static(c)
    _draw_timeline_static(c)
    _draw_donations_static(c)
    _draw_display_static(c)
    c.panel(*PLAYER_BOX, "Players", title_size=24)
    return c.image


# --- dynamic -------------------------------------------------------------------------------------


def _player_name(m: BoardModel, owner: Owner) -> str:
    if isinstance(owner, int):
        for p in m.players:
            if p.seat == owner:
                return p.name
    return str(owner)


def _draw_title(c: Canvas, m: BoardModel) -> None:
    if m.finished:
        status = "Game over"
        if m.winners:
            status += "  ·  winner: " + ", ".join(m.winners)
    else:
        status = f"Round {min(m.round, m.rounds)}/{m.rounds}  ·  {m.phase}"
        if m.to_act:
            status += "  ·  to act: " + ", ".join(m.to_act)
    c.text(20, TITLE_H / 2, "Carnegie", 34, fill=WHITE, bold=True, anchor="lm")
    c.fit_text(200, TITLE_H / 2, status, W - 520, 28, fill=WHITE, anchor="lm")
    if m.first_seat is not None:
        name = _player_name(m, m.first_seat)
        c.icon("locomotive", W - 300, TITLE_H / 2, 40, WHITE)
        c.fit_text(W - 272, TITLE_H / 2, f"first: {name}", 250, 24, fill=WHITE, bold=True, anchor="lm")


def _draw_slots(c: Canvas, m: BoardModel) -> None:
    for k, owner in enumerate(m.slots):
        if owner is None:
            continue
        sx, sy = SLOT_XY[k]
        paste(c.image, disc(SLOT_D, WHITE, WHITE, 0.0), sx, sy)
        draw_owner(c, owner, sx, sy, MARKER_D)


def _everyone(m: BoardModel) -> list[PlayerSummary]:
    return list(m.players) + ([m.andrew] if m.andrew else [])


def _owner_of(p: PlayerSummary, m: BoardModel) -> Owner:
    return "andrew" if (m.andrew is not None and p is m.andrew) else p.seat


def _draw_tracks(c: Canvas, m: BoardModel) -> None:
    people = _everyone(m)
    for region in range(4):
        by_pos: dict[int, list[PlayerSummary]] = {}
        for p in people:
            by_pos.setdefault(p.tracks[region], []).append(p)
        for pos, here in by_pos.items():
            sx0, sy0, sx1, sy1 = _track_space_box(region, pos)
            top = sy0 + (60 if pos == 5 else 28)
            bottom = sy1 - 34
            n = len(here)
            size = 28 if n <= 3 else 24
            step = min(size + 4, (SPACE_W - 10) / max(1, n))
            start = (sx0 + sx1) / 2 - step * (n - 1) / 2
            cy = (top + bottom) / 2
            for i, p in enumerate(here):
                draw_owner(c, _owner_of(p, m), start + i * step, cy, size)
        mx, my = _mission_centre(region)
        n = len(m.players)
        cols = 2 if n > 1 else 1
        for i, p in enumerate(m.players):
            col, row = i % cols, i // cols
            px = mx - (44 if cols == 2 else 12) + col * 66
            py = my + 6 + row * 32 - (16 if n > 2 else 0)
            count = p.missions[region]
            draw_owner(c, p.seat, px, py, 24)
            c.text(
                px + 16, py, str(count), 22, fill=INK if count else INK_SOFT, bold=bool(count), anchor="lm"
            )


def _draw_timeline(c: Canvas, m: BoardModel) -> None:
    t = m.timeline
    for row in range(4):
        for pos in range(1, 5):
            cx, cy = _tl_cell_centre(row, pos)
            c.d.rounded_rectangle(
                (cx - TL_CELL / 2, cy - TL_CELL / 2, cx + TL_CELL / 2, cy + TL_CELL / 2),
                radius=8,
                fill=WHITE,
                outline=PANEL_EDGE,
                width=2,
            )
            if row < len(t.events):
                glyphs.draw_event(c, t.events[row][pos - 1], cx, cy, 46)
        # Used spaces are shaded: the marker has passed them.
        for pos in range(1, min(t.positions[row], 4) + 1):
            cx, cy = _tl_cell_centre(row, pos)
            shade = Image.new("RGB", (TL_CELL - 4, TL_CELL - 4), hex_rgb("#BDB6A8"))
            c.image.paste(
                shade, (round(cx - TL_CELL / 2 + 2), round(cy - TL_CELL / 2 + 2)), _shade_mask(TL_CELL - 4)
            )
    # Event space of this round.
    if t.event_row is not None and t.positions[t.event_row] < 5:
        cx, cy = _tl_cell_centre(t.event_row, t.positions[t.event_row] + 1)
        c.d.rounded_rectangle(
            (cx - TL_CELL / 2 - 4, cy - TL_CELL / 2 - 4, cx + TL_CELL / 2 + 4, cy + TL_CELL / 2 + 4),
            radius=10,
            outline=HIGHLIGHT,
            width=5,
        )
    for row in range(4):
        pos = t.positions[row]
        cx, cy = _tl_cell_centre(row, pos)
        # The action marker sits at the top-left of its space so the event stays readable.
        mx, my = cx - TL_CELL / 2 + 14, cy - TL_CELL / 2 + 14
        flipped = t.flipped[row]
        key = glyphs.DEPT_KEYS[row]
        fill = hex_rgb("#9A9A9A") if flipped else DEPT_INK[key]
        c.d.ellipse((mx - 16, my - 16, mx + 16, my + 16), fill=fill, outline=WHITE, width=3)
        if flipped:
            c.text(mx, my, "↓", 20, fill=WHITE, bold=True, anchor="mm")
        else:
            glyphs.dept_icon(c, row, mx, my, 20, WHITE)
    if t.gear_row is not None:
        pos = t.positions[t.gear_row]
        cx, cy = _tl_cell_centre(t.gear_row, pos)
        gx = cx + TL_CELL / 2 + 4
        c.icon("gear", gx, cy + TL_CELL / 2 - 8, 34, hex_rgb("#6E6E6E"))
    x0, _, _, y1 = TIMELINE_BOX
    # Legend.
    ly = y1 - 22
    lx = x0 + 14
    c.d.ellipse((lx, ly - 11, lx + 22, ly + 11), fill=DEPT_INK["hr"], outline=WHITE, width=2)
    c.text(lx + 28, ly, "action marker", 15, anchor="lm")
    lx += 150
    c.d.ellipse((lx, ly - 11, lx + 22, ly + 11), fill=hex_rgb("#9A9A9A"))
    c.text(lx + 11, ly, "↓", 14, fill=WHITE, bold=True, anchor="mm")
    c.text(lx + 28, ly, "flipped", 15, anchor="lm")
    lx += 100
    c.icon("gear", lx + 11, ly, 24, hex_rgb("#6E6E6E"))
    c.text(lx + 28, ly, "gear", 15, anchor="lm")
    lx += 80
    c.d.rounded_rectangle((lx, ly - 11, lx + 22, ly + 11), radius=5, outline=HIGHLIGHT, width=4)
    c.text(lx + 28, ly, "this round's event", 15, anchor="lm")


@lru_cache(maxsize=8)
def _shade_mask(size: int) -> Image.Image:
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size - 1, size - 1), radius=7, fill=150)
    return mask


def _draw_donations(c: Canvas, m: BoardModel) -> None:
    for k, stack in enumerate(m.donations):
        if not stack:
            continue
        _, by0, bx1, by1 = _don_cell_box(k)
        for i, owner in enumerate(stack):
            # Charitable Giving stacks discs (§7.15): squeeze them into the cell's height.
            step = min(25.0, (by1 - by0 - 36) / max(1, len(stack) - 1))
            draw_owner(c, owner, bx1 - 20, by0 + 20 + i * step, 28 if len(stack) == 1 else 24)


def _draw_display(c: Canvas, m: BoardModel) -> None:
    for tile in data.TILES:
        bx0, by0, bx1, by1 = _disp_tile_box(tile)
        count = m.display.get(tile.id, 0)
        key = glyphs.DEPT_KEYS[tile.type]
        passive = tile.kind == "passive"
        if count:
            c.d.rounded_rectangle(
                (bx0, by0, bx1, by1),
                radius=8,
                fill=DEPT_FILL[key],
                outline=PASSIVE_EDGE if passive else DEPT_INK[key],
                width=4 if passive else 2,
            )
            ink = DEPT_INK[key]
        else:
            c.d.rounded_rectangle(
                (bx0, by0, bx1, by1), radius=8, fill=hex_rgb("#ECEAE4"), outline=PANEL_EDGE, width=1
            )
            ink = hex_rgb("#A7A29A")
        glyphs.dept_icon(c, tile.type, bx0 + 18, by0 + 20, 22, ink)
        c.text(bx0 + 34, by0 + 20, f"#{tile.id}", 16, fill=ink, bold=True, anchor="lm")
        c.text(
            bx1 - 8,
            by0 + 20,
            f"×{count}" if count else "gone",
            18 if count else 14,
            fill=ink,
            bold=True,
            anchor="rm",
        )
        words = tile.name.split()
        lines = [tile.name]
        if c.text_width(tile.name, 17, True) > bx1 - bx0 - 14 and len(words) > 1:
            # Break where the longer line is shortest.
            cut = min(
                range(1, len(words)),
                key=lambda k: max(
                    c.text_width(" ".join(words[:k]), 17, True), c.text_width(" ".join(words[k:]), 17, True)
                ),
            )
            lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        for li, line in enumerate(lines):
            ly = by0 + (48 if len(lines) == 1 else 40 + li * 19)
            c.fit_text(
                bx0 + 8, ly, line, bx1 - bx0 - 14, 17, fill=INK if count else ink, bold=True, anchor="lm"
            )
        costs = "  ".join("free" if w == 0 else f"${w}" for w in tile.workplaces) or "no desk"
        c.fit_text(bx0 + 8, by1 - 14, costs, bx1 - bx0 - 40, 16, fill=INK_SOFT if count else ink, anchor="lm")
        if tile.kind == "mission":
            c.icon("mission", bx1 - 18, by1 - 16, 22, DEPT_INK[key] if count else ink)


def _draw_players(
    c: Canvas, m: BoardModel, box: tuple[float, float, float, float] = PLAYER_BOX, max_row: float = 118.0
) -> None:
    x0, y0, x1, y1 = box
    people = _everyone(m)
    cols = ((m.score_label, 190), ("$", 262), ("goods", 330), ("missions", 402))
    hy = y0 + 58
    for label, cx in cols:
        c.text(x0 + cx, hy, label, 16, fill=INK_SOFT, bold=True, anchor="mm")
    row_h = min(max_row, (y1 - hy - 20) / max(1, len(people)))
    for i, p in enumerate(people):
        ry = hy + 22 + i * row_h
        cy = ry + 30
        owner = _owner_of(p, m)
        if i % 2 == 0:
            c.d.rounded_rectangle((x0 + 8, ry, x1 - 8, ry + row_h - 6), radius=8, fill=hex_rgb("#F1ECE0"))
        draw_owner(c, owner, x0 + 30, cy, 34)
        c.fit_text(x0 + 54, cy, p.name, 96, 22, bold=True, anchor="lm")
        c.vp(x0 + cols[0][1], cy, "", 46, VP_END)
        c.text(x0 + cols[0][1], cy + 2, str(p.score), 22, fill=WHITE, bold=True, anchor="mm")
        c.text(x0 + cols[1][1], cy, f"${p.money}", 24, fill=MONEY, bold=True, anchor="mm")
        c.icon("goods", x0 + cols[2][1] - 14, cy, 24, hex_rgb("#B5651D"))
        c.text(x0 + cols[2][1] + 2, cy, str(p.goods), 24, bold=True, anchor="lm")
        c.icon("employee", x0 + cols[3][1] - 16, cy, 24)
        c.text(x0 + cols[3][1] + 2, cy, str(sum(p.missions)), 24, bold=True, anchor="lm")
        # Second line: supply, discs, first player, Action Choice tile.
        ly = cy + 36
        if owner == "andrew":
            c.text(x0 + 54, ly, "solo opponent", 15, fill=INK_SOFT, anchor="lm")
            continue
        c.text(
            x0 + 54,
            ly,
            f"supply: {p.employees_supply} empl. · {p.discs_supply} discs",
            17,
            fill=INK_SOFT,
            anchor="lm",
        )
        ex = x1 - 20
        if p.action_choice:
            c.icon("action_choice", ex - 12, ly, 24, hex_rgb("#5B6B7F"))
            c.text(ex - 28, ly, "Action Choice", 16, fill=INK_SOFT, anchor="rm")
        if m.first_seat == p.seat:
            c.icon("locomotive", x1 - 30, cy, 38, INK)


def draw_overview(m: BoardModel) -> Image.Image:
    image = _base().copy()
    c = Canvas.from_image(image)
    _draw_title(c, m)
    _draw_slots(c, m)
    _draw_tracks(c, m)
    _draw_timeline(c, m)
    _draw_donations(c, m)
    _draw_display(c, m)
    _draw_players(c, m)
    _draw_owner_legend(c)
    return image


def _draw_owner_legend(c: Canvas) -> None:
    x0, _, _, y1 = PLAYER_BOX
    ly = y1 - 26
    x = x0 + 16
    draw_owner(c, NEUTRAL, x + 12, ly, 24)
    c.text(x + 30, ly, "neutral disc", 16, fill=INK_SOFT, anchor="lm")
    x += 140
    draw_owner(c, ANDREW, x + 12, ly, 24)
    c.text(x + 30, ly, "Andrew", 16, fill=INK_SOFT, anchor="lm")
    x += 104
    c.icon("locomotive", x + 14, ly, 28)
    c.text(x + 34, ly, "first player", 16, fill=INK_SOFT, anchor="lm")


def draw_strip(m: BoardModel) -> Image.Image:
    """The Players panel on its own (for a quick look without the whole board)."""
    x0, _, x1, _ = PLAYER_BOX
    rows = len(_everyone(m))
    height = round(58 + 22 + rows * 84 + 20)
    c = Canvas(x1 - x0 + 2 * GAP, height + 2 * GAP, PAPER)
    c.panel(GAP, GAP, GAP + x1 - x0, GAP + height, "Players", title_size=24)
    _draw_players(c, m, (GAP, GAP, GAP + x1 - x0, GAP + height), max_row=84.0)
    return c.image
