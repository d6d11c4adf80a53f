"""The Timeline: rows, Start and End tiles (static); events, used spaces, markers and gear (dynamic)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.carnegie import data
from engine.core.words import msg
from render.carnegie import glyphs
from render.carnegie.model import BoardModel
from render.carnegie.overview.layout import TIMELINE_BOX
from render.carnegie.palette import DEPT_FILL, DEPT_INK, GEAR_INK
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import HIGHLIGHT, INK_SOFT, PANEL_EDGE, WHITE, hex_rgb

TL_LABEL_W = 112
TL_CELL = 64
TL_ROW_H = 74
TL_SHORT = (msg("HR"), msg("Mgmt"), msg("Constr."), msg("R&D"))


def tl_cell_centre(row: int, pos: int) -> tuple[float, float]:
    x = TIMELINE_BOX[0] + 10 + TL_LABEL_W + pos * (TL_CELL + 8) + TL_CELL / 2
    y = TIMELINE_BOX[1] + 104 + row * TL_ROW_H
    return x, y


def draw_timeline_static(c: Canvas) -> None:
    x0, y0, x1, y1 = TIMELINE_BOX
    c.panel(x0, y0, x1, y1, t("Timeline"), title_size=24)
    for pos, label in enumerate((t("Start"), "1", "2", "3", "4", t("End"))):
        cx, _ = tl_cell_centre(0, pos)
        c.fit_text(cx, y0 + 58, label, TL_CELL, 16, fill=INK_SOFT, bold=True, anchor="mm", min_size=10)
    for row in range(4):
        cx, cy = tl_cell_centre(row, 0)
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
            x0 + 50, cy, say(TL_SHORT[row]), TL_LABEL_W - 50, 17, fill=DEPT_INK[key], bold=True, anchor="lm"
        )
        # Start tile (no event) and End tile (income + donation), R11.2.1, R11.2.2.
        c.d.rounded_rectangle(
            (cx - TL_CELL / 2, cy - TL_CELL / 2, cx + TL_CELL / 2, cy + TL_CELL / 2),
            radius=8,
            fill=hex_rgb("#EDE7DA"),
            outline=PANEL_EDGE,
            width=2,
        )
        ex, ey = tl_cell_centre(row, 5)
        c.d.rounded_rectangle(
            (ex - TL_CELL / 2, ey - TL_CELL / 2, ex + TL_CELL / 2, ey + TL_CELL / 2),
            radius=8,
            fill=hex_rgb("#EDE7DA"),
            outline=PANEL_EDGE,
            width=2,
        )
        glyphs.draw_region_badge(c, data.END_TILE[row], ex - 13, ey - 10, 34)
        glyphs.draw_donation_badge(c, ex + 14, ey + 14, 28)


def draw_timeline(c: Canvas, m: BoardModel) -> None:
    tl = m.timeline
    for row in range(4):
        for pos in range(1, 5):
            cx, cy = tl_cell_centre(row, pos)
            c.d.rounded_rectangle(
                (cx - TL_CELL / 2, cy - TL_CELL / 2, cx + TL_CELL / 2, cy + TL_CELL / 2),
                radius=8,
                fill=WHITE,
                outline=PANEL_EDGE,
                width=2,
            )
            if row < len(tl.events):
                glyphs.draw_event(c, tl.events[row][pos - 1], cx, cy, 46)
        # Used spaces are shaded: the marker has passed them.
        for pos in range(1, min(tl.positions[row], 4) + 1):
            cx, cy = tl_cell_centre(row, pos)
            shade = Image.new("RGB", (TL_CELL - 4, TL_CELL - 4), hex_rgb("#BDB6A8"))
            c.image.paste(
                shade, (round(cx - TL_CELL / 2 + 2), round(cy - TL_CELL / 2 + 2)), _shade_mask(TL_CELL - 4)
            )
    # Event space of this round.
    if tl.event_row is not None and tl.positions[tl.event_row] < 5:
        cx, cy = tl_cell_centre(tl.event_row, tl.positions[tl.event_row] + 1)
        c.d.rounded_rectangle(
            (cx - TL_CELL / 2 - 4, cy - TL_CELL / 2 - 4, cx + TL_CELL / 2 + 4, cy + TL_CELL / 2 + 4),
            radius=10,
            outline=HIGHLIGHT,
            width=5,
        )
    for row in range(4):
        pos = tl.positions[row]
        cx, cy = tl_cell_centre(row, pos)
        # The action marker sits at the top-left of its space so the event stays readable.
        mx, my = cx - TL_CELL / 2 + 14, cy - TL_CELL / 2 + 14
        flipped = tl.flipped[row]
        key = glyphs.DEPT_KEYS[row]
        fill = hex_rgb("#9A9A9A") if flipped else DEPT_INK[key]
        c.d.ellipse((mx - 16, my - 16, mx + 16, my + 16), fill=fill, outline=WHITE, width=3)
        if flipped:
            c.text(mx, my, "↓", 20, fill=WHITE, bold=True, anchor="mm")
        else:
            glyphs.dept_icon(c, row, mx, my, 20, WHITE)
    if tl.gear_row is not None:
        pos = tl.positions[tl.gear_row]
        cx, cy = tl_cell_centre(tl.gear_row, pos)
        gx = cx + TL_CELL / 2 + 4
        c.icon("gear", gx, cy + TL_CELL / 2 - 8, 34, GEAR_INK)
    x0, _, x1, y1 = TIMELINE_BOX
    # Legend: each entry takes its printed room (150, 100, 80 px) or more for a longer word; the
    # words are drawn smaller where they would not all fit.
    ly = y1 - 22
    words = (t("action marker"), t("flipped"), t("gear"), t("this round's event"))

    def advances(size: int) -> list[float]:
        return [
            max(room, 28 + c.text_width(w, size) + 8) for room, w in zip((150, 100, 80), words, strict=False)
        ]

    size = 15
    while size > 10 and x0 + 14 + sum(advances(size)) + 28 + c.text_width(words[3], size) > x1 - 14:
        size -= 1
    lx: float = x0 + 14
    step = advances(size)
    c.d.ellipse((lx, ly - 11, lx + 22, ly + 11), fill=DEPT_INK["hr"], outline=WHITE, width=2)
    c.text(lx + 28, ly, words[0], size, anchor="lm")
    lx += step[0]
    c.d.ellipse((lx, ly - 11, lx + 22, ly + 11), fill=hex_rgb("#9A9A9A"))
    c.text(lx + 11, ly, "↓", 14, fill=WHITE, bold=True, anchor="mm")
    c.text(lx + 28, ly, words[1], size, anchor="lm")
    lx += step[1]
    c.icon("gear", lx + 11, ly, 24, GEAR_INK)
    c.text(lx + 28, ly, words[2], size, anchor="lm")
    lx += step[2]
    c.d.rounded_rectangle((lx, ly - 11, lx + 22, ly + 11), radius=5, outline=HIGHLIGHT, width=4)
    c.fit_text(lx + 28, ly, words[3], x1 - lx - 42, size, anchor="lm", min_size=10, ellipsis=True)


@lru_cache(maxsize=8)
def _shade_mask(size: int) -> Image.Image:
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size - 1, size - 1), radius=7, fill=150)
    return mask
