"""The Players panel (one row per player, and Andrew), its legend, and the same panel alone as a strip."""

from __future__ import annotations

from PIL import Image

from engine.core.words import money, msg_in
from render.carnegie import glyphs
from render.carnegie.glyphs import draw_owner
from render.carnegie.icons import ICONS
from render.carnegie.model import ANDREW, NEUTRAL, BoardModel
from render.carnegie.overview.layout import GAP, PLAYER_BOX
from render.carnegie.palette import ACTION_CHOICE_INK, GOODS, MONEY, VP_END
from render.common.canvas import Canvas
from render.common.language import say, t, tn
from render.common.palette import INK, INK_SOFT, PAPER, WHITE, hex_rgb

# The players table's goods column: its own context, so a language may shorten the head (Catalan
# "merc." for mercaderies, the word Carnegie's text uses) without changing "goods" elsewhere.
GOODS_HEAD = msg_in("players column", "goods")


def draw_players_static(c: Canvas) -> None:
    c.panel(*PLAYER_BOX, t("Players"), title_size=24)


def draw_players(
    c: Canvas, m: BoardModel, box: tuple[float, float, float, float] = PLAYER_BOX, max_row: float = 118.0
) -> None:
    x0, y0, x1, y1 = box
    rows = m.standings()
    cols = ((say(m.score_label), 190), ("$", 262), (say(GOODS_HEAD), 330), (t("missions"), 402))
    hy = y0 + 58
    # A column is about 70 px wide; the last one may reach the panel's edge while it leaves the one
    # before it room. A longer word is drawn smaller.
    widths = [70.0, 70.0, 70.0, 0.0]
    goods = min(70.0, c.text_width(cols[2][0], 16, True))
    widths[3] = min(2 * (x1 - x0 - cols[3][1] - 10), 2 * (cols[3][1] - cols[2][1] - goods / 2 - 4))
    for (label, cx), width in zip(cols, widths, strict=True):
        c.fit_text(x0 + cx, hy, label, width, 16, fill=INK_SOFT, bold=True, anchor="mm", min_size=10)
    row_h = min(max_row, (y1 - hy - 20) / max(1, len(rows)))
    for i, (place, p) in enumerate(rows):
        ry = hy + 22 + i * row_h
        cy = ry + 30
        owner = m.owner_of(p)
        if i % 2 == 0:
            c.d.rounded_rectangle((x0 + 8, ry, x1 - 8, ry + row_h - 6), radius=8, fill=hex_rgb("#F1ECE0"))
        draw_owner(c, owner, x0 + 30, cy, 34)
        if place:
            # The final table is ranked: the place above the name, the rows by score.
            c.text(x0 + 54, ry + 8, place, 15, fill=INK_SOFT, bold=True, anchor="lt")
        # A long name ("Помаранчевий", a long Discord name) is cut with "…" before it gets too small.
        c.fit_text(
            x0 + 54,
            cy + (6 if place else 0),
            p.name,
            96,
            22,
            bold=True,
            anchor="lm",
            min_size=14,
            ellipsis=True,
        )
        glyphs.vp(c, x0 + cols[0][1], cy, "", 46, VP_END)
        c.text(x0 + cols[0][1], cy + 2, str(p.score), 22, fill=WHITE, bold=True, anchor="mm")
        ly = cy + 36
        if owner == ANDREW:
            # Andrew has no money, goods or employees (R10.1.2): his row shows only what he has.
            c.fit_text(
                x0 + cols[1][1] - 30,
                cy,
                t("solo opponent"),
                x1 - x0 - cols[1][1] + 10,
                16,
                fill=INK_SOFT,
                anchor="lm",
            )
            c.text(
                x0 + 54,
                ly,
                tn("supply: {n} disc", "supply: {n} discs", p.discs_supply),
                17,
                fill=INK_SOFT,
                anchor="lm",
            )
            continue
        c.text(x0 + cols[1][1], cy, say(money(p.money, "$")), 24, fill=MONEY, bold=True, anchor="mm")
        c.icon("goods", x0 + cols[2][1] - 14, cy, 24, GOODS)
        c.text(x0 + cols[2][1] + 2, cy, str(p.goods), 24, bold=True, anchor="lm")
        c.icon("employee", x0 + cols[3][1] - 16, cy, 24)
        c.text(x0 + cols[3][1] + 2, cy, str(sum(p.missions)), 24, bold=True, anchor="lm")
        # Second line: supply, discs, first player, Action Choice tile.
        ex = x1 - 20
        supply = t(
            "supply: {employees} empl. · {discs} discs", employees=p.employees_supply, discs=p.discs_supply
        )
        room = x1 - x0 - 74
        if p.action_choice:
            c.icon("action_choice", ex - 12, ly, 24, ACTION_CHOICE_INK)
            choice = t("Action Choice")
            c.fit_text(ex - 28, ly, choice, 150, 16, fill=INK_SOFT, anchor="rm", min_size=11)
            room -= min(150, c.text_width(choice, 16)) + 44
        c.fit_text(x0 + 54, ly, supply, room, 17, fill=INK_SOFT, anchor="lm", min_size=11)
        if m.first_seat == p.seat and not place:
            c.icon("locomotive", x1 - 30, cy, 38, INK)


def draw_owner_legend(c: Canvas, m: BoardModel) -> None:
    """The markers that are not a seat's, only those this game uses, and the first-player locomotive."""
    x0, _, x1, y1 = PLAYER_BOX
    ly = y1 - 26
    x = x0 + 16
    if NEUTRAL in m.slots:
        draw_owner(c, NEUTRAL, x + 12, ly, 24)
        c.fit_text(x + 30, ly, t("neutral disc"), 106, 16, fill=INK_SOFT, anchor="lm", min_size=11)
        x += 140
    if m.andrew is not None or ANDREW in m.slots:
        draw_owner(c, ANDREW, x + 12, ly, 24)
        c.text(x + 30, ly, "Andrew", 16, fill=INK_SOFT, anchor="lm")
        x += 104
    c.icon("locomotive", x + 14, ly, 28)
    c.fit_text(x + 34, ly, t("first player"), 150, 16, fill=INK_SOFT, anchor="lm", min_size=11)
    x += 34 + round(min(150, c.text_width(t("first player"), 16))) + 20
    if any(p.action_choice for p in m.players):
        # The tile's "?" beside a player's name: what holding it means (R5.6.2; R5.6.4 its 3 VP at the end).
        c.icon("action_choice", x + 12, ly, 24, ACTION_CHOICE_INK)
        legend = t("not used yet: 3 VP at the end")
        c.fit_text(x + 30, ly, legend, x1 - x - 40, 16, fill=INK_SOFT, anchor="lm", min_size=11)


def draw_strip(m: BoardModel) -> Image.Image:
    """The Players panel on its own (for a quick look without the whole board)."""
    x0, _, x1, _ = PLAYER_BOX
    rows = len(m.everyone())
    height = round(58 + 22 + rows * 84 + 20)
    c = Canvas(x1 - x0 + 2 * GAP, height + 2 * GAP, PAPER, ICONS)
    c.panel(GAP, GAP, GAP + x1 - x0, GAP + height, t("Players"), title_size=24)
    draw_players(c, m, (GAP, GAP, GAP + x1 - x0, GAP + height), max_row=84.0)
    return c.image
