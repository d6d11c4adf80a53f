"""A player's contracts and the nine achievement spaces."""

from __future__ import annotations

from engine.nipron import data
from engine.nipron.view import PlayerView
from engine.nipron.words import achievement, contract_need, contract_reward
from render.common.canvas import Canvas
from render.common.language import say, t, tn
from render.common.palette import INK, INK_SOFT, WHITE
from render.nipron.glyphs import multiplier
from render.nipron.palette import GOLD, GOLD_FILL, MUTED, VP, YEN
from render.nipron.player_board.layout import ACHIEVE_BOX, CONTRACT_BOX, GAP
from render.nipron.words import contract_steps, wrap


def _contract_box(i: int) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = CONTRACT_BOX
    n = len(data.CONTRACT_IDS)
    w = (x1 - x0 - (n + 1) * 8) / n
    x = x0 + 8 + i * (w + 8)
    return (x, y0 + 52, x + w, y1 - 10)


def _contract(c: Canvas, i: int, cid: str, fulfilled: bool) -> None:
    x, top, x1, y1 = _contract_box(i)
    w = x1 - x
    fill = (226, 226, 226) if fulfilled else WHITE
    c.d.rounded_rectangle((x, top, x1, y1), radius=10, fill=fill, outline=INK_SOFT, width=2)
    ink = MUTED if fulfilled else INK
    c.fit_text(
        x + w / 2,
        top + 30,
        say(contract_need(cid)),
        w - 10,
        30,
        fill=ink,
        bold=True,
        anchor="mm",
        min_size=22,
    )
    reward = contract_reward(cid)
    # The colour is chosen from the English words (a Msg is its English text).
    colour = MUTED if fulfilled else (VP if "VP" in reward else YEN)
    c.fit_text(x + w / 2, top + 76, say(reward), w - 10, 26, fill=colour, bold=True, anchor="mm", min_size=16)
    c.fit_text(x + w / 2, top + 112, contract_steps(cid), w - 10, 22, fill=ink, anchor="mm", min_size=14)
    if fulfilled:
        c.fit_text(
            x + w / 2, top + 140, t("done"), w - 10, 22, fill=INK_SOFT, bold=True, anchor="mm", min_size=14
        )


def draw_contracts_static(c: Canvas) -> None:
    x0, y0, x1, _ = CONTRACT_BOX
    c.panel(*CONTRACT_BOX, t("Contracts"), title_size=26)
    legend = t("2 + 1: two goods of one type and one of another · +1 money: a money-track step")
    c.fit_text(x1 - 16, y0 + 22, legend, x1 - x0 - 340, 22, fill=INK_SOFT, anchor="rm", min_size=22)
    for i, cid in enumerate(data.CONTRACT_IDS):
        _contract(c, i, cid, False)


def draw_contracts(c: Canvas, p: PlayerView) -> None:
    x0, y0, _, _ = CONTRACT_BOX
    c.text(
        x0 + 14 + c.text_width(t("Contracts"), 26, True),
        y0 + 8,
        tn(": {n} fulfilled", ": {n} fulfilled", len(p.fulfilled)),
        26,
        bold=True,
    )
    for i, cid in enumerate(data.CONTRACT_IDS):
        if cid in p.fulfilled:
            _contract(c, i, cid, True)


def _achievement_box(i: int) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = ACHIEVE_BOX
    cols = 3
    w = (x1 - x0 - (cols + 1) * GAP) / cols
    h = (y1 - y0 - 48 - 4 * GAP) / 3
    ax = x0 + GAP + (i % cols) * (w + GAP)
    ay = y0 + 48 + GAP + (i // cols) * (h + GAP)
    return (ax, ay, ax + w, ay + h)


def draw_achievements_static(c: Canvas) -> None:
    c.panel(*ACHIEVE_BOX, t("Achievements (scored at the end)"), title_size=26)
    for i, code in enumerate(data.ACHIEVEMENTS):
        ax, ay, ax1, ay1 = _achievement_box(i)
        c.d.rounded_rectangle((ax, ay, ax1, ay1), radius=10, fill=WHITE, outline=INK_SOFT, width=2)
        for k, line in enumerate(wrap(c, say(achievement(code)), ax1 - ax - 130, 22)[:3]):
            c.text(ax + 14, ay + 26 + k * 28, line, 22, anchor="lm")


def draw_achievements(c: Canvas, p: PlayerView) -> None:
    _, y0, x1, _ = ACHIEVE_BOX
    c.text(
        x1 - 16,
        y0 + 22,
        t("worth {n} VP now", n=sum(p.achievements_if_now)),
        24,
        fill=VP,
        bold=True,
        anchor="rm",
    )
    for i, code in enumerate(data.ACHIEVEMENTS):
        _, ay, ax1, ay1 = _achievement_box(i)
        mult = p.achievements[i] if i < len(p.achievements) else 0
        printed = data.ACHIEVEMENT_PRINTED.get(code, 0)
        mx = ax1 - 56
        if mult:
            c.d.rounded_rectangle(
                (mx - 40, ay + 10, mx + 40, ay + 58), radius=8, fill=GOLD_FILL, outline=GOLD, width=3
            )
            c.text(mx, ay + 34, multiplier(mult), 28, fill=INK, bold=True, anchor="mm")
        elif printed:
            c.text(mx, ay + 34, multiplier(printed), 28, fill=INK_SOFT, bold=True, anchor="mm")
        else:
            c.d.rounded_rectangle((mx - 40, ay + 10, mx + 40, ay + 58), radius=8, outline=MUTED, width=2)
            c.text(mx, ay + 34, multiplier(0), 24, fill=MUTED, anchor="mm")
        vp = p.achievements_if_now[i] if i < len(p.achievements_if_now) else 0
        c.text(mx, ay1 - 24, t("{n} VP", n=vp), 24, fill=VP if vp else MUTED, bold=True, anchor="mm")
