"""The factory tiles still to build (the Invest action's choice), by good: what each runs on, how much
it stores and its bonus."""

from __future__ import annotations

from engine.nipron import data
from engine.nipron.view import NipronView
from engine.nipron.words import factory_bonus
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT
from render.nipron.board.layout import GAP, Box, supply_box
from render.nipron.glyphs import fit_line, good_chip
from render.nipron.palette import COAL, GOOD_NAME, MUTED

COLS = 3
LINE = 30


def _cells(box: Box) -> list[Box]:
    x0, y0, x1, y1 = box
    w = (x1 - x0 - (COLS + 1) * GAP) / COLS
    h = (y1 - y0 - 48 - 3 * GAP) / 2
    out = []
    for i in range(len(data.GOODS)):
        cx = x0 + GAP + (i % COLS) * (w + GAP)
        cy = y0 + 48 + GAP + (i // COLS) * (h + GAP)
        out.append((cx, cy, cx + w, cy + h))
    return out


def draw_supply(c: Canvas, view: NipronView) -> None:
    box = supply_box(view.players)
    _, y0, x1, _ = box
    title = t("Factories still to build (Invest)")
    c.panel(*box, title, title_size=26)
    room = x1 - box[0] - 30 - c.text_width(title, 26, True) - 30
    legend = t("coal to run · storage · bonus when built")
    c.fit_text(x1 - 16, y0 + 22, legend, room, 22, fill=INK_SOFT, anchor="rm", min_size=14)
    left = [tile for tile in view.supply if tile in data.FACTORIES]
    for good, (cx0, cy0, cx1, _) in zip(data.GOODS, _cells(box), strict=True):
        level = data.GOOD_LEVEL[good]
        knowledge = data.KNOWLEDGE_FOR_LEVEL[level]
        label = t(
            "{good} · level {level} · knowledge {knowledge}",
            good=say(GOOD_NAME[good]),
            level=level,
            knowledge=knowledge,
        )
        good_chip(c, good, cx0, cy0, cx1, cy0 + 36, 22, text=label)
        tiles = [tile for tile in left if data.FACTORIES[tile].good == good]
        if not tiles:
            c.text(cx0 + 10, cy0 + 36 + LINE, t("none left"), 22, fill=MUTED, anchor="lm")
        for k, tile in enumerate(tiles):
            factory = data.FACTORIES[tile]
            y = cy0 + 36 + LINE * (k + 1) - 2
            c.icon("coal", cx0 + 18, y, 20, COAL)
            c.text(cx0 + 32, y, str(factory.coal), 22, bold=True, anchor="lm")
            c.d.rectangle((cx0 + 54, y - 9, cx0 + 72, y + 9), outline=INK, width=2)
            c.text(cx0 + 78, y, str(factory.storage), 22, bold=True, anchor="lm")
            fit_line(c, cx0 + 104, y, say(factory_bonus(tile)), cx1 - cx0 - 108, 22, anchor="lm")
