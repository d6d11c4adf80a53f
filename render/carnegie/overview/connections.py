"""The connection-scoring table (R9.3.4), printed in the sea beside the map as on the box: the points
for joining major cities, by the links joined (rows) and the lowest track level among them (columns)."""

from __future__ import annotations

from engine.carnegie import data
from render.carnegie.overview.layout import CONNECTION_BOX
from render.carnegie.overview.tracks import LEVEL_FILL, LEVEL_NAME
from render.carnegie.palette import VP_END
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT, PANEL, PANEL_EDGE


def draw_connections_static(c: Canvas) -> None:
    x0, y0, x1, y1 = CONNECTION_BOX
    c.d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    c.fit_text(x0 + 10, y0 + 6, t("Connections (end of game)"), x1 - x0 - 12, 17, bold=True)
    c.fit_text(
        x0 + 10, y0 + 28, t("links joined × lowest level there"), x1 - x0 - 20, 14, fill=INK_SOFT, min_size=9
    )
    head_y = y0 + 58
    label_w = 62
    col_w = (x1 - x0 - 14 - label_w) / 3
    c.fit_text(
        x0 + 10 + label_w / 2,
        head_y,
        t("links"),
        label_w - 4,
        14,
        fill=INK_SOFT,
        bold=True,
        anchor="mm",
        min_size=9,
    )
    for col, name in enumerate(LEVEL_NAME):
        cx0 = x0 + 8 + label_w + col * col_w
        c.d.rounded_rectangle(
            (cx0 + 2, head_y - 10, cx0 + col_w - 2, head_y + 10), radius=5, fill=LEVEL_FILL[col]
        )
        c.fit_text(cx0 + col_w / 2, head_y, say(name), col_w - 6, 14, bold=True, anchor="mm")
    rows = sorted(data.CONNECTION_TABLE, reverse=True)
    row_h = (y1 - head_y - 16) / len(rows)
    for i, links in enumerate(rows):
        cy = head_y + 14 + row_h * (i + 0.5)
        c.icon("link", x0 + 22, cy, 20, INK)
        c.text(x0 + 40, cy, str(links), 17, bold=True, anchor="lm")
        for col, points in enumerate(data.CONNECTION_TABLE[links]):
            cx = x0 + 8 + label_w + col * col_w + col_w / 2
            c.text(
                cx,
                cy,
                t("{points} VP", points=points),
                16,
                fill=VP_END if points else INK,
                bold=True,
                anchor="mm",
            )
