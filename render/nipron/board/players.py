"""One compact line per player: marker and name, VP, yen, coal, blueprints, knowledge level, workers
held, and (with a score sheet) the provisional or final total and the winner."""

from __future__ import annotations

from engine.nipron.view import NipronView
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT, WHITE
from render.common.places import ordinal
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
    return ordinal(better + 1)


def draw_players(
    c: Canvas,
    view: NipronView,
    seats: list[Seat],
    totals: dict[int, int],
    winners: set[int],
    final: bool | None,
) -> None:
    x0, y0, x1, y1 = players_box(view.players)
    c.panel(x0, y0, x1, y1, t("Players"), title_size=26)
    hy = y0 + 52
    heads = (
        (VP_X, t("VP"), "mm", 90.0),
        (YEN_X + 20, t("yen"), "lm", COAL_X - YEN_X - 28.0),
        (COAL_X + 20, t("coal"), "lm", BP_X - COAL_X - 24.0),
        (BP_X, t("blueprints"), "lm", KNOW_X - BP_X + 2.0),
        (KNOW_X + 10, t("knowledge"), "lm", WORKERS_X - KNOW_X - 18.0),
        (WORKERS_X, t("workers held"), "lm", x1 - x0 - WORKERS_X - 110.0),
    )
    for hx, label, anchor, room in heads:
        c.fit_text(x0 + hx, hy, label, room, 22, fill=INK_SOFT, bold=True, anchor=anchor, min_size=12)
    if final is not None:
        head = t("final") if final else t("so far")
        c.fit_text(x0 + TOTAL_X, hy, head, 150, 22, fill=INK_SOFT, bold=True, anchor="mm", min_size=14)
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
        colour = say(s.style.name).lower()
        sub = t("to act") if view.active == p.seat else colour
        if final:
            sub = t("{place} · {colour}", place=place(totals, p.seat), colour=colour)
        c.text(x0 + NAME_X, cy + 20, sub, 22, fill=INK_SOFT, anchor="lm")
        badge(c, x0 + VP_X, cy, str(p.vp), 28, VP)
        c.icon("yen", x0 + YEN_X + 2, cy, 30, YEN)
        c.text(x0 + YEN_X + 22, cy, yen(p.yen), 28, fill=YEN, bold=True, anchor="lm")
        c.icon("coal", x0 + COAL_X + 2, cy, 30, COAL)
        c.text(x0 + COAL_X + 24, cy, str(p.coal), 28, bold=True, anchor="lm")
        c.icon("blueprint", x0 + BP_X + 16, cy, 32, BLUEPRINT)
        c.text(x0 + BP_X + 40, cy, str(p.blueprints), 28, bold=True, anchor="lm")
        c.icon("knowledge", x0 + KNOW_X + 26, cy, 34, KNOWLEDGE)
        c.fit_text(
            x0 + KNOW_X + 50,
            cy,
            t("level {n}", n=p.levels.get("knowledge", 0)),
            WORKERS_X - KNOW_X - 58,
            26,
            bold=True,
            anchor="lm",
            min_size=16,
        )
        if p.workers:
            workers(c, p.workers, x0 + WORKERS_X, cy, 38, gap=4)
        else:
            c.text(x0 + WORKERS_X, cy, t("none"), 24, fill=INK_SOFT, anchor="lm")
        if final is not None:
            total = totals.get(p.seat, p.vp)
            fill = GOLD if p.seat in winners else INK
            badge(c, x0 + TOTAL_X, cy - (10 if p.seat in winners else 0), str(total), 30, fill, WHITE)
            if p.seat in winners:
                c.fit_text(
                    x0 + TOTAL_X,
                    cy + 28,
                    t("winner"),
                    150,
                    22,
                    fill=GOLD,
                    bold=True,
                    anchor="mm",
                    min_size=14,
                )
