"""The transport tracks and mission areas: printed spaces (static), discs and mission counts (dynamic)."""

from __future__ import annotations

from engine.carnegie import data
from engine.core.words import msg
from render.carnegie import glyphs
from render.carnegie.glyphs import REGION_KEYS, draw_owner
from render.carnegie.model import BoardModel, PlayerSummary
from render.carnegie.overview.layout import TRACK_BOX
from render.carnegie.palette import GOLD, REGION_FILL, REGION_INK, SP
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT, WHITE, hex_rgb

LEVEL_FILL = (hex_rgb("#E9A08A"), hex_rgb("#F2CF7A"), hex_rgb("#9FD39B"))
LEVEL_NAME = (msg("Cart"), msg("Stagecoach"), msg("Railroad"))
TRACK_ROW_H = (TRACK_BOX[3] - TRACK_BOX[1] - 48) / 4
TRACK_X0 = TRACK_BOX[0] + 128
SPACE_W = 100
SPACE_GAP = 24
MISSION_R = 76


def track_space_box(region: int, pos: int) -> tuple[float, float, float, float]:
    y0 = TRACK_BOX[1] + 44 + region * TRACK_ROW_H
    x = TRACK_X0 + (pos - 1) * (SPACE_W + SPACE_GAP)
    return (x, y0 + 4, x + SPACE_W, y0 + TRACK_ROW_H - 8)


def mission_centre(region: int) -> tuple[float, float]:
    _, by0, _, by1 = track_space_box(region, 5)
    return (TRACK_BOX[2] - MISSION_R - 14, (by0 + by1) / 2)


# The legend's smallest size: the title gives way to it first.
LEGEND_FLOOR = 14


def draw_tracks_static(c: Canvas) -> None:
    x0, y0, x1, y1 = TRACK_BOX
    title = t("Transport tracks and mission areas")
    # Legend of the track's own badges: the study points to move on, the one-off bonus of space 5. The
    # title takes the room the legend leaves at its smallest readable size, so the two never overlap.
    study, first = t("study points to move on"), t("×1: first disc only")
    legend_w = 14 + c.text_width(study, LEGEND_FLOOR) + 20 + c.text_width(first, LEGEND_FLOOR)
    c.panel(x0, y0, x1, y1)
    title_room = x1 - x0 - 28 - legend_w - 24
    c.fit_text(x0 + 14, y0 + 8, title, title_room, 24, bold=True, min_size=16, ellipsis=True)
    lx = x0 + 14 + min(c.text_width(title, 24, True), title_room) + 24
    size = 16
    while size > 10 and lx + 14 + c.text_width(study, size) + 20 + c.text_width(first, size) > x1 - 14:
        size -= 1
    c.icon("sp", lx, y0 + 22, 20, SP)
    c.text(lx + 14, y0 + 22, study, size, fill=INK_SOFT, anchor="lm")
    lx += 14 + c.text_width(study, size) + 20
    c.text(lx, y0 + 22, first, size, fill=INK_SOFT, anchor="lm")
    for region in range(4):
        key = REGION_KEYS[region]
        _, by0, _, by1 = track_space_box(region, 1)
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
            say(data.REGIONS[region]),
            110,
            22,
            fill=INK,
            bold=True,
            anchor="mm",
            wrap_below=16,  # "Середній Захід" on two lines rather than shrunk
        )
        for pos in range(1, 6):
            space = data.TRACKS[region][pos - 1]
            sx0, sy0, sx1, sy1 = track_space_box(region, pos)
            c.d.rounded_rectangle((sx0, sy0, sx1, sy1), radius=8, fill=WHITE, outline=INK, width=2)
            # Level band on top.
            c.d.rounded_rectangle(
                (sx0 + 2, sy0 + 2, sx1 - 2, sy0 + 24), radius=6, fill=LEVEL_FILL[space.level]
            )
            label = say(LEVEL_NAME[space.level]) + ("+" if pos == 5 else "")
            c.fit_text((sx0 + sx1) / 2, sy0 + 13, label, SPACE_W - 8, 15, bold=True, anchor="mm")
            # Income along the bottom.
            gw = glyphs.gain_width(c, space.income, 19)
            glyphs.draw_gain(c, space.income, (sx0 + sx1) / 2 - gw / 2, sy1 - 18, 19)
            if pos > 1:
                ax = sx0 - SPACE_GAP / 2
                c.icon("sp", ax, cy - 14, 22, SP)
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
        mx, my = mission_centre(region)
        c.d.ellipse(
            (mx - MISSION_R, my - MISSION_R * 0.78, mx + MISSION_R, my + MISSION_R * 0.78),
            fill=REGION_FILL[key],
            outline=REGION_INK[key],
            width=3,
        )
        c.icon("employee", mx - 40, my - MISSION_R * 0.78 + 20, 20, INK)
        c.fit_text(
            mx - 28,
            my - MISSION_R * 0.78 + 20,
            t("missions"),
            MISSION_R + 20,
            15,
            bold=True,
            anchor="lm",
            min_size=10,
        )


def draw_tracks(c: Canvas, m: BoardModel) -> None:
    people = m.everyone()
    for region in range(4):
        by_pos: dict[int, list[PlayerSummary]] = {}
        for p in people:
            by_pos.setdefault(p.tracks[region], []).append(p)
        for pos, here in by_pos.items():
            sx0, sy0, sx1, sy1 = track_space_box(region, pos)
            top = sy0 + (60 if pos == 5 else 28)
            bottom = sy1 - 34
            n = len(here)
            size = 28 if n <= 3 else 24
            step = min(size + 4, (SPACE_W - 10) / max(1, n))
            start = (sx0 + sx1) / 2 - step * (n - 1) / 2
            cy = (top + bottom) / 2
            for i, p in enumerate(here):
                draw_owner(c, m.owner_of(p), start + i * step, cy, size)
        mx, my = mission_centre(region)
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
