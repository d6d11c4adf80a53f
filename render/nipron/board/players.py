"""One compact line per player: marker and name, VP, yen, coal, blueprints, knowledge level, workers
held, and (with a score sheet) the provisional or final total and the winner."""

from __future__ import annotations

from engine.nipron.view import NipronView
from render.common.canvas import Canvas
from render.common.palette import INK, INK_SOFT, WHITE
from render.nipron.board.layout import GAP, PLAYER_ROW, PLAYERS_Y, W, players_box
from render.nipron.glyphs import badge, fit_line, player_marker, workers, yen
from render.nipron.model import Seat
from render.nipron.palette import BLUEPRINT, COAL, GOLD, KNOWLEDGE, ROW_ALT, VP, YEN

# column centres / left edges (x offsets from the panel's left)
NAME_X = 74
VP_X = 330
YEN_X = 390
COAL_X = 560
BP_X = 640
KNOW_X = 770
WORKERS_X = 940
TOTAL_X = W - 2 * GAP - 80


def place(totals: dict[int, int], seat: int) -> str:
    better = sum(1 for v in totals.values() if v > totals.get(seat, 0))
    n = better + 1
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def draw_players(
    c: Canvas,
    view: NipronView,
    seats: list[Seat],
    totals: dict[int, int],
    winners: set[int],
    final: bool | None,
) -> None:
    x0, y0, x1, y1 = players_box(view.players)
    c.panel(x0, y0, x1, y1, "Players", title_size=26)
    hy = y0 + 52
    heads = (
        (VP_X, "VP", "mm"),
        (YEN_X + 20, "yen", "lm"),
        (COAL_X + 20, "coal", "lm"),
        (BP_X, "blueprints", "lm"),
        (KNOW_X + 10, "knowledge", "lm"),
        (WORKERS_X, "workers held", "lm"),
    )
    for hx, label, anchor in heads:
        c.text(x0 + hx, hy, label, 22, fill=INK_SOFT, bold=True, anchor=anchor)
    if final is not None:
        c.text(x0 + TOTAL_X, hy, "final" if final else "so far", 22, fill=INK_SOFT, bold=True, anchor="mm")
    rows = list(view.zaibatsu)
    if final:
        # the final board is ranked: winners first, then by total
        rows.sort(key=lambda p: (p.seat not in winners, -totals.get(p.seat, p.vp), p.seat))
    for i, p in enumerate(rows):
        ry = PLAYERS_Y + 68 + i * PLAYER_ROW
        cy = ry + PLAYER_ROW / 2 - 2
        if i % 2 == 0:
            c.d.rounded_rectangle((x0 + 8, ry, x1 - 8, ry + PLAYER_ROW - 4), radius=8, fill=ROW_ALT)
        s = seats[p.seat]
        if view.active == p.seat:
            c.d.rounded_rectangle((x0 + 8, ry, x1 - 8, ry + PLAYER_ROW - 4), radius=8, outline=INK, width=3)
        player_marker(c, s.style, x0 + 38, cy, 44)
        fit_line(c, x0 + NAME_X, cy - 12, s.name, VP_X - NAME_X - 40, 28, bold=True, anchor="lm")
        sub = "to act" if view.active == p.seat else s.style.name.lower()
        if final:
            sub = f"{place(totals, p.seat)} · {s.style.name.lower()}"
        c.text(x0 + NAME_X, cy + 20, sub, 22, fill=INK_SOFT, anchor="lm")
        badge(c, x0 + VP_X, cy, str(p.vp), 28, VP)
        c.icon("yen", x0 + YEN_X + 2, cy, 30, YEN)
        c.text(x0 + YEN_X + 22, cy, yen(p.yen), 28, fill=YEN, bold=True, anchor="lm")
        c.icon("coal", x0 + COAL_X + 2, cy, 30, COAL)
        c.text(x0 + COAL_X + 24, cy, str(p.coal), 28, bold=True, anchor="lm")
        c.icon("blueprint", x0 + BP_X + 16, cy, 32, BLUEPRINT)
        c.text(x0 + BP_X + 40, cy, str(p.blueprints), 28, bold=True, anchor="lm")
        c.icon("knowledge", x0 + KNOW_X + 26, cy, 34, KNOWLEDGE)
        c.text(x0 + KNOW_X + 50, cy, f"level {p.levels.get('knowledge', 0)}", 26, bold=True, anchor="lm")
        if p.workers:
            workers(c, p.workers, x0 + WORKERS_X, cy, 38, gap=4)
        else:
            c.text(x0 + WORKERS_X, cy, "none", 24, fill=INK_SOFT, anchor="lm")
        if final is not None:
            total = totals.get(p.seat, p.vp)
            fill = GOLD if p.seat in winners else INK
            badge(c, x0 + TOTAL_X, cy - (10 if p.seat in winners else 0), str(total), 30, fill, WHITE)
            if p.seat in winners:
                c.text(x0 + TOTAL_X, cy + 28, "winner", 22, fill=GOLD, bold=True, anchor="mm")
