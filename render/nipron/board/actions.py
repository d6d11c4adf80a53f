"""The five action spaces (their actions and the workers on them) and the waiting worker rows."""

from __future__ import annotations

from engine.nipron.view import NipronView
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT, WHITE
from render.nipron.board.layout import ACTIONS_BOX, GAP, ROWS_BOX
from render.nipron.glyphs import fit_line, workers
from render.nipron.initials import worker_legend
from render.nipron.palette import MUTED, ROW_ALT, TITLE_BAR

WORKER = 58
SPACES = 5


def _column(i: int) -> tuple[float, float]:
    x0, _, x1, _ = ACTIONS_BOX
    w = (x1 - x0 - (SPACES + 1) * GAP) / SPACES
    left = x0 + GAP + i * (w + GAP)
    return left, left + w


def draw_actions_static(c: Canvas) -> None:
    c.panel(*ACTIONS_BOX, t("Action spaces"), title_size=26)
    # The legend says what each worker's letter stands for, in the reader's letters.
    legend = worker_legend()
    # Right of the title; cut with "…" below Nipron's smallest readable size.
    room = ACTIONS_BOX[2] - ACTIONS_BOX[0] - 28 - c.text_width(t("Action spaces"), 26, True) - 40
    fit_line(c, ACTIONS_BOX[2] - 16, ACTIONS_BOX[1] + 22, legend, room, 22, fill=INK_SOFT, anchor="rm")
    c.panel(*ROWS_BOX)


def draw_actions(c: Canvas, view: NipronView) -> None:
    _, y0, _, y1 = ACTIONS_BOX
    top = y0 + 46
    for i, names in enumerate(view.space_actions):
        a, b = _column(i)
        c.d.rounded_rectangle((a, top, b, y1 - GAP), radius=10, fill=ROW_ALT, outline=INK_SOFT, width=2)
        c.d.ellipse((a + 8, top + 8, a + 50, top + 50), fill=TITLE_BAR)
        c.text(a + 29, top + 30, str(i + 1), 26, fill=WHITE, bold=True, anchor="mm")
        c.fit_text(
            a + 58,
            top + 18,
            say(names[0]),
            b - a - 64,
            24,
            bold=True,
            anchor="lm",
            min_size=18,
            ellipsis=True,
        )
        if len(names) > 1:
            c.fit_text(
                a + 58,
                top + 48,
                t("or {action}", action=say(names[1])),
                b - a - 64,
                24,
                bold=True,
                anchor="lm",
                min_size=18,
                ellipsis=True,
            )
        held = view.spaces[i]
        cy = top + 112
        if held:
            per_line = max(1, int((b - a - 16) // (WORKER + 6)))
            for k in range(0, len(held), per_line):
                line = held[k : k + per_line]
                width = len(line) * (WORKER + 6) - 6
                workers(c, line, (a + b) / 2 - width / 2, cy + (k // per_line) * (WORKER + 6), WORKER)
        else:
            c.text((a + b) / 2, cy, "empty", 24, fill=MUTED, bold=True, anchor="mm")


def draw_rows(c: Canvas, view: NipronView) -> None:
    x0, y0, x1, y1 = ROWS_BOX
    cy = (y0 + y1) / 2
    # "Waiting rows" on two lines, in 110 px.
    first, _, rest = t("Waiting rows").partition(" ")
    c.fit_text(x0 + 16, cy - 16, first, 110, 24, bold=True, anchor="lm", min_size=14)
    c.fit_text(x0 + 16, cy + 16, rest, 110, 24, bold=True, anchor="lm", min_size=14)
    x = x0 + 130
    size = 44
    for r, row in enumerate(view.rows):
        c.text(x, cy, f"{r + 1}", 26, fill=INK_SOFT, bold=True, anchor="lm")
        x += 24
        if row:
            x = workers(c, row, x, cy, size, gap=4) + 18
        else:
            c.text(x, cy, "–", 26, fill=MUTED, anchor="lm")
            x += 40
    bag = t("{n} in the bag", n=view.bag)
    if view.refill_pending:
        bag = t("{n} in the bag (refill pending)", n=view.bag)
    c.text(x1 - 16, cy, bag, 24, fill=INK, bold=True, anchor="rm")
