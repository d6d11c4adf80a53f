"""A player's factories: good, level, coal to run, storage and goods, machine, bonus."""

from __future__ import annotations

from engine.nipron import data
from engine.nipron.view import FactoryView, PlayerView
from engine.nipron.words import factory_bonus
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT, WHITE
from render.nipron.glyphs import badge, good_chip
from render.nipron.palette import COAL, GOOD_NAME, MUTED, ROW_ALT
from render.nipron.player_board.layout import FACTORY_BOX, GAP


def _factory(c: Canvas, f: FactoryView, x0: float, y0: float, x1: float, y1: float) -> None:
    c.d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=WHITE, outline=INK_SOFT, width=2)
    good_chip(
        c,
        f.good,
        x0 + 6,
        y0 + 6,
        x1 - 6,
        y0 + 50,
        26,
        text=t("{good} · level {level}", good=say(GOOD_NAME[f.good]), level=f.level),
    )
    y = y0 + 80
    c.icon("coal", x0 + 24, y, 26, COAL)
    c.text(x0 + 44, y, t("runs on {n}", n=f.coal), 24, bold=True, anchor="lm")
    if f.machine:
        label = t("+{n} machine", n=f.machine)
        badge(c, x1 - 16 - (c.text_width(label, 22, True) + 20) / 2, y, label, 22, INK)
    else:
        c.text(x1 - 16, y, t("no machine"), 22, fill=INK_SOFT, anchor="rm")
    y += 44
    goods = t("goods")
    c.text(x0 + 16, y, goods, 22, fill=INK_SOFT, bold=True, anchor="lm")
    # The storage boxes start after the word (100 px in English).
    bx = x0 + max(100, 24 + c.text_width(goods, 22, True))
    box = 30
    for k in range(f.storage):
        x = bx + k * (box + 8)
        fill = COAL if k < f.goods else ROW_ALT
        c.d.rectangle((x, y - box / 2, x + box, y + box / 2), fill=fill, outline=INK, width=2)
    c.text(bx + f.storage * (box + 8) + 6, y, f"{f.goods}/{f.storage}", 24, bold=True, anchor="lm")
    y += 42
    c.fit_text(
        x0 + 16,
        y,
        t("bonus: {bonus}", bonus=say(factory_bonus(f.tile))),
        x1 - x0 - 28,
        22,
        fill=INK_SOFT,
        anchor="lm",
        min_size=16,
        ellipsis=True,
    )


def _factory_slots() -> list[tuple[float, float, float, float]]:
    x0, y0, x1, y1 = FACTORY_BOX
    cols, rows = 3, 2
    w = (x1 - x0 - (cols + 1) * GAP) / cols
    h = (y1 - y0 - 48 - (rows + 1) * GAP) / rows
    out = []
    for i in range(cols * rows):
        fx = x0 + GAP + (i % cols) * (w + GAP)
        fy = y0 + 48 + GAP + (i // cols) * (h + GAP)
        out.append((fx, fy, fx + w, fy + h))
    return out


def draw_factories_static(c: Canvas) -> None:
    _, y0, x1, _ = FACTORY_BOX
    x0 = FACTORY_BOX[0]
    c.panel(*FACTORY_BOX, t("Factories"), title_size=26)
    # The title's count "(3)" follows it: the legend keeps 80 px clear of it.
    room = x1 - x0 - 30 - c.text_width(t("Factories"), 26, True) - 80
    legend = t("bonus: gained once, when the factory was built")
    c.fit_text(x1 - 16, y0 + 22, legend, room, 22, fill=INK_SOFT, anchor="rm", min_size=14)
    for fx, fy, fx1, fy1 in _factory_slots():
        c.d.rounded_rectangle((fx, fy, fx1, fy1), radius=10, outline=MUTED, width=2)
        c.text((fx + fx1) / 2, (fy + fy1) / 2, t("no factory"), 24, fill=MUTED, anchor="mm")


def draw_factories(c: Canvas, p: PlayerView) -> None:
    x0, y0, _, _ = FACTORY_BOX
    c.text(
        x0 + 14 + c.text_width(t("Factories"), 26, True) + 10, y0 + 8, f"({len(p.factories)})", 26, bold=True
    )
    order = sorted(
        p.factories, key=lambda f: (f.level, data.GOODS.index(f.good) if f.good in data.GOODS else 9)
    )
    for f, box in zip(order, _factory_slots(), strict=False):
        _factory(c, f, *box)
