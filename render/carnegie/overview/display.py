"""The department display: panel and legend (static), every tile with its copies left (dynamic)."""

from __future__ import annotations

from engine.carnegie import data
from engine.core.words import money
from render.carnegie import glyphs
from render.carnegie.model import BoardModel
from render.carnegie.overview.layout import DISPLAY_BOX
from render.carnegie.palette import DEPT_FILL, DEPT_INK, PASSIVE_EDGE
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT, PANEL_EDGE, hex_rgb

DISP_HEAD = 44


def disp_tile_box(tile: data.DepartmentTile) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = DISPLAY_BOX
    idx = tile.id - 1
    col, row = idx % 4, idx // 4
    w = (x1 - x0 - 20) / 4
    h = (y1 - y0 - DISP_HEAD - 10) / 4
    bx = x0 + 10 + col * w
    by = y0 + DISP_HEAD + row * h
    return (bx + 3, by + 3, bx + w - 3, by + h - 3)


def draw_display_static(c: Canvas) -> None:
    x0, y0, x1, y1 = DISPLAY_BOX
    # The title leaves the legend its 210 px.
    c.panel(x0, y0, x1, y1)
    c.fit_text(x0 + 14, y0 + 8, t("Departments on display"), x1 - x0 - 238, 24, bold=True, min_size=12)
    # Legend: mission departments carry the mission icon, passive ones a purple frame.
    c.icon("mission", x1 - 196, y0 + 22, 22, INK)
    c.fit_text(x1 - 182, y0 + 22, t("mission"), 74, 16, fill=INK_SOFT, anchor="lm", min_size=10)
    c.d.rounded_rectangle((x1 - 104, y0 + 12, x1 - 84, y0 + 32), radius=4, outline=PASSIVE_EDGE, width=4)
    c.fit_text(x1 - 78, y0 + 22, t("passive"), 66, 16, fill=INK_SOFT, anchor="lm", min_size=10)


def draw_display(c: Canvas, m: BoardModel) -> None:
    for tile in data.TILES:
        bx0, by0, bx1, by1 = disp_tile_box(tile)
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
        c.fit_text(
            bx1 - 8,
            by0 + 20,
            f"×{count}" if count else t("gone"),
            bx1 - bx0 - 90,
            18 if count else 14,
            fill=ink,
            bold=True,
            anchor="rm",
            min_size=9,
        )
        name = say(tile.name)
        words = name.split()
        lines = [name]
        if c.text_width(name, 17, True) > bx1 - bx0 - 14 and len(words) > 1:
            # Break where the longer line is shortest.
            cut = min(
                range(1, len(words)),
                key=lambda k: max(
                    c.text_width(" ".join(words[:k]), 17, True), c.text_width(" ".join(words[k:]), 17, True)
                ),
            )
            lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        elif c.text_width(name, 10, True) > bx1 - bx0 - 14:
            # One word too long even at the smallest size ("Благотворительность"): hyphenated.
            half = (len(name) + 1) // 2
            lines = [name[:half] + "-", name[half:]]
        for li, line in enumerate(lines):
            ly = by0 + (48 if len(lines) == 1 else 40 + li * 19)
            c.fit_text(
                bx0 + 8, ly, line, bx1 - bx0 - 14, 17, fill=INK if count else ink, bold=True, anchor="lm"
            )
        costs = "  ".join(t("free") if w == 0 else say(money(w, "$")) for w in tile.workplaces) or t(
            "no desk"
        )
        c.fit_text(bx0 + 8, by1 - 14, costs, bx1 - bx0 - 40, 16, fill=INK_SOFT if count else ink, anchor="lm")
        if tile.kind == "mission":
            c.icon("mission", bx1 - 18, by1 - 16, 22, DEPT_INK[key] if count else ink)
