"""The donation board: printed cells with their VP (static), the discs donated (dynamic)."""

from __future__ import annotations

from engine.carnegie import data
from engine.core.words import msg
from render.carnegie import glyphs
from render.carnegie.glyphs import draw_owner
from render.carnegie.model import BoardModel
from render.carnegie.overview.layout import DONATION_BOX
from render.carnegie.palette import DEPT_INK, DONATION_INK, GOODS, MONEY, PROJECT_INK, VP_END
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT, PANEL_EDGE, RGB, WHITE
from render.common.sprites import disc, paste

DON_HEAD = 78
DON_COL_W = (DONATION_BOX[2] - DONATION_BOX[0] - 20) / 4
DON_ROW_H = (DONATION_BOX[3] - DONATION_BOX[1] - DON_HEAD - 44) / 5

# How each donation cell is drawn: (icons, VP per unit, caption). Icons: (sprite, colour key).
DON_PICTURES: dict[str, tuple[tuple[str, ...], str, str]] = {
    "EDU-HR": (("hr",), "3", msg("per HR dept.")),
    "EDU-MGT": (("management",), "3", msg("per Mgmt dept.")),
    "EDU-CON": (("construction",), "3", msg("per Constr. dept.")),
    "EDU-RND": (("rnd",), "3", msg("per R&D dept.")),
    "EDU-ALL": (("tile",), "1", msg("per department")),
    "RIG-INFRA": (("infrastructure",), "4", msg("per Infra. project")),
    "RIG-INDUSTRY": (("industry",), "3", msg("per Industry proj.")),
    "RIG-HOUSCOM": (("housing", "commerce"), "2", msg("per H or C project")),
    "RIG-RAIL": (("locomotive",), "3", msg("per Railroad region")),
    "RIG-DONATIONS": (("donation",), "2", msg("per donation")),
    "WEL-7VP": ((), "7", msg("flat")),
    "WEL-GOODS": (("goods",), "2", msg("per good paid, ≤{cap}", cap=6)),
    "WEL-MONEY": (("money",), "2", msg("per ${cost} paid, ≤{cap}", cost=5, cap=6)),
    "WEL-MONEYGOODS": (("money", "goods"), "4", msg("per ${cost}+good, ≤{cap}", cost=5, cap=3)),
    "WEL-ACTIVE": (("employee",), "1", msg("per active empl.")),
    "HEA-EAST": (("region:3",), "2", msg("per project East")),
    "HEA-MIDWEST": (("region:1",), "2", msg("per proj. Midwest")),
    "HEA-SOUTH": (("region:2",), "2", msg("per project South")),
    "HEA-WEST": (("region:0",), "2", msg("per project West")),
    "HEA-SMALLTOWN": (("town",), "2", msg("per small-town proj.")),
}


def _icon_colour(name: str) -> RGB:
    if name in PROJECT_INK:
        return PROJECT_INK[name]
    if name in DEPT_INK:
        return DEPT_INK[name]
    return {"goods": GOODS, "money": MONEY, "donation": DONATION_INK}.get(name, INK)


def don_cell_box(k: int) -> tuple[float, float, float, float]:
    _, col, row, _ = data.DONATION_CELLS[k]
    x = DONATION_BOX[0] + 10 + (col - 1) * DON_COL_W
    y = DONATION_BOX[1] + DON_HEAD + (row - 1) * DON_ROW_H
    return (x + 3, y + 3, x + DON_COL_W - 3, y + DON_ROW_H - 3)


def draw_donations_static(c: Canvas) -> None:
    x0, y0, x1, y1 = DONATION_BOX
    c.panel(x0, y0, x1, y1, t("Donations"), title_size=24)
    for col, name in enumerate(data.DONATION_COLUMNS):
        cx = x0 + 10 + col * DON_COL_W + DON_COL_W / 2
        c.fit_text(cx, y0 + DON_HEAD - 14, say(name), DON_COL_W - 8, 19, bold=True, anchor="mm")
    for k, (code, _, _, _) in enumerate(data.DONATION_CELLS):
        bx0, by0, bx1, by1 = don_cell_box(k)
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
        glyphs.vp(c, ix + 10, cy, vp, 32, VP_END)
        c.fit_text(
            (bx0 + bx1) / 2,
            by1 - 14,
            say(caption),
            bx1 - bx0 - 8,
            15,
            fill=INK,
            anchor="mm",
            min_size=9,
            ellipsis=True,
            wrap_below=12,  # two lines under the icons rather than a caption too small to read
        )
    c.fit_text(
        x0 + 14,
        y1 - 24,
        t(
            "Cost of your n-th donation: ${cost} × n  (Communications staffed: ${staffed} × n)",
            cost=5,
            staffed=3,
        ),
        x1 - x0 - 28,
        16,
        fill=INK_SOFT,
        anchor="lm",
    )


def draw_donations(c: Canvas, m: BoardModel) -> None:
    for k, stack in enumerate(m.donations):
        if not stack:
            continue
        _, by0, bx1, by1 = don_cell_box(k)
        for i, owner in enumerate(stack):
            # Charitable Giving stacks discs (§7.15): squeeze them into the cell's height.
            step = min(25.0, (by1 - by0 - 36) / max(1, len(stack) - 1))
            draw_owner(c, owner, bx1 - 20, by0 + 20 + i * step, 28 if len(stack) == 1 else 24)
