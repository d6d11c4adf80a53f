"""The Emperor's reward chart: tiles left in each stack (multiplier × bonus), and the 2x tiles."""

from __future__ import annotations

from engine.core.words import money, msg
from engine.nipron import data
from engine.nipron.view import NipronView
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT
from render.nipron.board.layout import REWARDS_BOX
from render.nipron.glyphs import multiplier
from render.nipron.palette import BLUEPRINT, COAL, MUTED, ROW_ALT, YEN

ROW_WORDS = {"bp": msg("{n} blueprints", n=2), "coal": msg("{n} coal", n=2), "yen": money(5000, "¥")}
ROW_ICON = {"bp": ("blueprint", BLUEPRINT), "coal": ("coal", COAL), "yen": ("yen", YEN)}
LABEL_W = 200
CELL_W = 78
ROW_H = 36


def _col_x(i: int) -> float:
    return REWARDS_BOX[0] + 16 + LABEL_W + i * (CELL_W + 6)


def draw_rewards_static(c: Canvas) -> None:
    c.panel(*REWARDS_BOX, t("Emperor's rewards: tiles left"), title_size=26)
    y = REWARDS_BOX[1] + 56
    for i, m in enumerate(data.MULTIPLIERS):
        c.text(_col_x(i) + CELL_W / 2, y, multiplier(m), 24, bold=True, anchor="mm")
    for r, bonus in enumerate(data.REWARD_BONUSES):
        cy = y + 34 + r * (ROW_H + 4)
        name, colour = ROW_ICON[bonus]
        c.icon(name, REWARDS_BOX[0] + 34, cy, 28, colour)
        c.fit_text(
            REWARDS_BOX[0] + 56,
            cy,
            say(ROW_WORDS[bonus]),
            LABEL_W - 46,
            22,
            bold=True,
            anchor="lm",
            min_size=14,
        )
        for i in range(len(data.MULTIPLIERS)):
            x = _col_x(i)
            c.d.rounded_rectangle((x, cy - ROW_H / 2, x + CELL_W, cy + ROW_H / 2), radius=8, fill=ROW_ALT)


def draw_rewards(c: Canvas, view: NipronView) -> None:
    y = REWARDS_BOX[1] + 56
    for i, m in enumerate(data.MULTIPLIERS):
        stacks = view.rewards.get(f"{m}x", {})
        for r, bonus in enumerate(data.REWARD_BONUSES):
            cy = y + 34 + r * (ROW_H + 4)
            n = stacks.get(bonus, 0)
            c.text(
                _col_x(i) + CELL_W / 2,
                cy,
                str(n) if n else "–",
                26,
                fill=INK if n else MUTED,
                bold=True,
                anchor="mm",
            )
    c.fit_text(
        REWARDS_BOX[0] + 16,
        REWARDS_BOX[3] - 22,
        t("3 workers held: up to 2x, 4: 3x, 5: 4x, 6: 5x"),
        REWARDS_BOX[2] - REWARDS_BOX[0] - 32,
        22,
        fill=INK_SOFT,
        anchor="lm",
    )
    c.fit_text(
        REWARDS_BOX[0] + 16,
        REWARDS_BOX[3] - 52,
        t("2x tiles without bonus: {n}", n=view.multipliers),
        REWARDS_BOX[2] - REWARDS_BOX[0] - 32,
        22,
        fill=INK_SOFT,
        bold=True,
        anchor="lm",
    )
