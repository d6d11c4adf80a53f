"""The train and ship areas of a player's board: what taking tiles uncovered."""

from __future__ import annotations

from engine.nipron import data
from engine.nipron.view import PlayerView
from render.common.canvas import Canvas
from render.common.language import t, tn
from render.common.palette import INK, INK_SOFT, WHITE
from render.nipron.model import Seat
from render.nipron.palette import ROW_ALT, STAR, YEN
from render.nipron.player_board.layout import TRANSPORT_BOX

PANEL_LINE = (200, 190, 170)
AREAS = ("trains", "ships")


def _area_frame(kind: str) -> tuple[float, float, float]:
    x0, y0, x1, _ = TRANSPORT_BOX
    mid = (x0 + x1) / 2
    return (x0 + 16, y0 + 12, mid - 16) if kind == "trains" else (mid + 16, y0 + 12, x1 - 16)


def _area_cell(kind: str, k: int) -> tuple[float, float, float, float]:
    x0, y0, x1 = _area_frame(kind)
    cell = (x1 - x0) / 6
    cy = y0 + 100
    x = x0 + (k - 1) * cell
    return (x + 4, cy - 50, x + cell - 4, cy + 50)


def draw_transport_static(c: Canvas) -> None:
    x0, y0, x1, y1 = TRANSPORT_BOX
    c.panel(*TRANSPORT_BOX)
    mid = (x0 + x1) / 2
    c.d.line((mid, y0 + 12, mid, y1 - 40), fill=PANEL_LINE, width=2)
    c.icon("star", x0 + 30, y1 - 20, 24, STAR)
    c.fit_text(
        x0 + 48, y1 - 20, t("counts for an achievement"), 320, 22, fill=INK_SOFT, anchor="lm", min_size=14
    )
    c.icon("yen", x0 + 380, y1 - 20, 24, YEN)
    c.fit_text(
        x0 + 398,
        y1 - 20,
        t("gave a money-track step when uncovered"),
        x1 - x0 - 414,
        22,
        fill=INK_SOFT,
        anchor="lm",
        min_size=14,
    )
    for kind in AREAS:
        ax0, ay0, ax1 = _area_frame(kind)
        what = t("+{n} influence each", n=2) if kind == "trains" else t("{n} VP each at scorings", n=2)
        c.icon(kind[:-1], ax0 + 24, ay0 + 22, 36, INK)
        # Right of "Trains: 2 built", which is drawn per player and keeps its 230 px.
        c.fit_text(ax1, ay0 + 22, what, ax1 - ax0 - 280, 22, fill=INK_SOFT, anchor="rm", min_size=14)
        for k in range(1, 7):
            bx0, by0, bx1, by1 = _area_cell(kind, k)
            cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
            c.d.rounded_rectangle((bx0, by0, bx1, by1), radius=8, fill=ROW_ALT, outline=INK_SOFT, width=2)
            if k in data.AREA_STARS[kind]:
                c.icon("star", cx - 18, cy - 18, 30, STAR)
            if k in data.MONEY_ICONS[kind]:
                c.icon("yen", cx + 18, cy - 18, 28, YEN)
            c.fit_text(cx, cy + 26, t("open"), bx1 - bx0 - 6, 22, fill=INK_SOFT, anchor="mm", min_size=14)


def draw_transport(c: Canvas, p: PlayerView, s: Seat) -> None:
    for kind, left in (("trains", p.trains_left), ("ships", p.ships_left)):
        taken = 6 - left
        ax0, ay0, _ = _area_frame(kind)
        built = (
            tn("Trains: {n} built", "Trains: {n} built", taken)
            if kind == "trains"
            else tn("Ships: {n} built", "Ships: {n} built", taken)
        )
        c.fit_text(ax0 + 50, ay0 + 22, built, 230, 26, bold=True, anchor="lm", min_size=16)
        tile = "+2" if kind == "trains" else t("{n} VP", n=2)
        for k in range(max(1, taken + 1), 7):
            box = _area_cell(kind, k)
            c.d.rounded_rectangle(box, radius=8, fill=s.style.colour, outline=INK, width=2)
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            c.text(cx, cy, tile, 26, fill=INK, bold=True, anchor="mm", stroke=WHITE)
