"""The budget (money, coal, blueprints, machines waiting, influence tiles in hand) and the workers
held, with the Emperor's reward levels of the worker spaces (rules §5), on a player's board."""

from __future__ import annotations

from engine.nipron import data
from engine.nipron.view import PlayerView
from render.common.canvas import Canvas
from render.common.language import t, tn
from render.common.palette import INK, INK_SOFT
from render.nipron.glyphs import influence_tile, multiplier, worker, yen
from render.nipron.model import Seat
from render.nipron.palette import BLUEPRINT, COAL, GOLD, ROW_ALT, YEN
from render.nipron.player_board.layout import BUDGET_BOX, WORKERS_BOX

REWARD_LEVELS = {3: 2, 4: 3, 5: 4, 6: 5}  # worker space -> Emperor's reward multiplier (rules §5)


def draw_budget_static(c: Canvas) -> None:
    c.panel(*BUDGET_BOX, t("Budget"), title_size=26)
    x0, y0, _, _ = BUDGET_BOX
    c.text(x0 + 20, y0 + 172, t("Influence tiles:"), 22, bold=True, anchor="lm")


def draw_budget(c: Canvas, p: PlayerView, s: Seat) -> None:
    x0, y0, x1, _ = BUDGET_BOX
    y = y0 + 70
    money, coal = yen(p.yen), t("{n} coal", n=p.coal)
    blueprints = tn("{n} blueprint", "{n} blueprints", p.blueprints)
    # The three amounts share the row: smaller where their words are longer.
    size = 30
    while (
        size > 20
        and sum(40 + c.text_width(s, size, True) + 30 for s in (money, coal, blueprints)) > x1 - x0 - 20
    ):
        size -= 1
    x: float = x0 + 20
    c.icon("yen", x + 16, y, 34, YEN)
    c.text(x + 40, y, money, size, fill=YEN, bold=True, anchor="lm")
    x += 40 + c.text_width(money, size, True) + 30
    c.icon("coal", x + 16, y, 32, COAL)
    c.text(x + 40, y, coal, size, bold=True, anchor="lm")
    x += 40 + c.text_width(coal, size, True) + 30
    c.icon("blueprint", x + 18, y, 36, BLUEPRINT)
    c.text(x + 44, y, blueprints, size, bold=True, anchor="lm")
    y += 50
    c.icon("machine", x0 + 36, y, 32, INK_SOFT)
    waiting = tn("{n} machine waiting to be placed", "{n} machines waiting to be placed", p.machines)
    c.fit_text(
        x0 + 60, y, waiting, x1 - x0 - 76, 24, fill=INK if p.machines else INK_SOFT, anchor="lm", min_size=16
    )
    y += 52
    x = x0 + 20 + c.text_width(t("Influence tiles:"), 22, True) + 34
    if not p.hand:
        c.text(x - 12, y, t("none left"), 24, fill=INK_SOFT, anchor="lm")
    for v in p.hand:
        influence_tile(c, s.style, v, x, y, 44)
        x += 46


WORKER_CELL = 100


def _worker_left() -> float:
    x0, _, x1, _ = WORKERS_BOX
    return x0 + (x1 - x0 - 6 * WORKER_CELL) / 2


def draw_workers_static(c: Canvas) -> None:
    c.panel(*WORKERS_BOX, t("Workers held"), title_size=26)
    cell, left, cy = WORKER_CELL, _worker_left(), WORKERS_BOX[1] + 100
    for i in range(data.WORKER_SPACES):
        x = left + i * cell
        c.d.rounded_rectangle(
            (x + 6, cy - 40, x + cell - 6, cy + 40), radius=10, fill=ROW_ALT, outline=INK_SOFT, width=2
        )
        level = REWARD_LEVELS.get(i + 1)
        if level:
            c.text(x + cell / 2, cy + 62, multiplier(level), 24, fill=GOLD, bold=True, anchor="mm")
    c.fit_text(
        left + cell * 2 - 6,
        cy + 62,
        t("reward level"),
        cell * 2 - 6,
        22,
        fill=GOLD,
        bold=True,
        anchor="rm",
        min_size=14,
    )


def draw_workers(c: Canvas, p: PlayerView) -> None:
    x0, y0, x1, _ = WORKERS_BOX
    colours = len(set(p.workers))
    cost = t("workforce: {cost}", cost=yen(3000 * colours)) if colours else t("workforce: free")
    room = x1 - x0 - 30 - c.text_width(t("Workers held"), 26, True) - 24
    c.fit_text(x1 - 16, y0 + 22, cost, room, 22, fill=INK_SOFT, bold=True, anchor="rm", min_size=14)
    cell, left, cy = WORKER_CELL, _worker_left(), y0 + 100
    for i, colour in enumerate(p.workers[: data.WORKER_SPACES]):
        worker(c, colour, left + i * cell + cell / 2, cy, 56)
