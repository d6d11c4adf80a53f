"""The scoring track (eight spaces, the marker, the two scoring symbols, the golden spaces) and the
VP track (every player's disc along a scale)."""

from __future__ import annotations

from engine.nipron import data
from engine.nipron.view import NipronView
from render.common.canvas import Canvas
from render.common.language import t, tn
from render.common.palette import INK, INK_SOFT, WHITE
from render.common.sprites import disc, paste
from render.nipron.board.layout import TRACK_BOX, VP_BOX
from render.nipron.glyphs import player_marker
from render.nipron.model import Seat, final_turns_left
from render.nipron.palette import GOLD, GOLD_FILL, MUTED, ROW_ALT, VP

CELL = 78
CELL_GAP = 12


def _cell_x(space: int) -> float:
    x0 = TRACK_BOX[0] + 24
    return x0 + (space - 1) * (CELL + CELL_GAP)


def draw_track_static(c: Canvas) -> None:
    c.panel(*TRACK_BOX, t("Scoring track"), title_size=26)
    y = TRACK_BOX[1] + 60
    for s in range(1, data.TRACK_SPACES + 1):
        x = _cell_x(s)
        golden = s >= data.FIRST_GOLDEN
        c.d.rounded_rectangle(
            (x, y, x + CELL, y + CELL),
            radius=10,
            fill=GOLD_FILL if golden else ROW_ALT,
            outline=GOLD if golden else INK_SOFT,
            width=3,
        )
        c.text(x + CELL / 2, y + 16, str(s), 22, fill=INK_SOFT, bold=True, anchor="mm")
    for space, number in data.SCORING_AT.items():
        gx = _cell_x(space) - CELL_GAP / 2
        c.d.rectangle((gx - 3, y - 8, gx + 3, y + CELL + 8), fill=VP)
        _scoring_label(c, gx, y + CELL, number)
    ex = _cell_x(data.TRACK_SPACES) + CELL + CELL_GAP / 2
    c.d.rectangle((ex - 3, y - 8, ex + 3, y + CELL + 8), fill=VP)
    _scoring_label(c, ex - 40, y + CELL, 3)
    gx = (_cell_x(data.FIRST_GOLDEN) + _cell_x(data.TRACK_SPACES) + CELL) / 2
    # The golden spaces' note, centred under them (as far as the panel's edge allows), and the VP
    # lines' legend in the room left of it.
    note = t("golden: {n} final turns each", n=3)
    room = 2 * (TRACK_BOX[2] - 16 - (gx - 40))
    c.fit_text(gx - 40, y + CELL + 84, note, room, 22, fill=GOLD, bold=True, anchor="mm", min_size=14)
    used = min(room, c.text_width(note, 22, True)) / 2
    legend_room = gx - 40 - used - 16 - (TRACK_BOX[0] + 16)
    c.fit_text(
        TRACK_BOX[0] + 16,
        y + CELL + 84,
        t("VP 1st/2nd/3rd"),
        legend_room,
        22,
        fill=INK_SOFT,
        anchor="lm",
        min_size=14,
    )


def _scoring_label(c: Canvas, x: float, y: float, scoring: int) -> None:
    """ "Scoring 2" and its VP for 1st/2nd/3rd, centred on ``x`` under the track (its bottom at ``y``)."""
    c.fit_text(
        x,
        y + 24,
        t("Scoring {n}", n=scoring),
        CELL + CELL_GAP + 60,
        22,
        fill=VP,
        bold=True,
        anchor="mm",
        min_size=14,
    )
    c.text(x, y + 52, _vp_line(scoring), 22, fill=INK_SOFT, bold=True, anchor="mm")


def _vp_line(scoring: int) -> str:
    return "/".join(str(v) for v in data.SCORING_VP[scoring])


def draw_track(c: Canvas, view: NipronView, seats: list[Seat]) -> None:
    y = TRACK_BOX[1] + 60
    x = _cell_x(view.marker)
    paste(c.image, disc(44, WHITE, INK, 0.1), x + CELL / 2, y + CELL / 2 + 10)
    if view.over:
        status = t("game over")
    elif view.final_seat is not None:
        status = tn("final phase: {n} turn left", "final phase: {n} turns left", final_turns_left(view))
    else:
        status = t("{n} of {last} scorings done", n=view.scorings, last=3)
    # Right of the panel's title.
    room = TRACK_BOX[2] - TRACK_BOX[0] - 30 - c.text_width(t("Scoring track"), 26, True) - 30
    c.fit_text(
        TRACK_BOX[2] - 16, TRACK_BOX[1] + 22, status, room, 22, fill=INK, bold=True, anchor="rm", min_size=14
    )


def vp_scale(view: NipronView, totals: dict[int, int]) -> int:
    top = max([*totals.values(), *(p.vp for p in view.zaibatsu), 1])
    return max(50, -(-top // 25) * 25)


def draw_vp_static(c: Canvas) -> None:
    c.panel(*VP_BOX, t("VP track"), title_size=26)


def draw_vp(c: Canvas, view: NipronView, seats: list[Seat], totals: dict[int, int]) -> None:
    x0, y0, x1, y1 = VP_BOX
    left, right = x0 + 40, x1 - 40
    top = vp_scale(view, totals)
    ly = y1 - 44
    c.d.line((left, ly, right, ly), fill=INK, width=4)
    step = 10 if top <= 100 else 25
    for v in range(0, top + 1, step):
        x = left + (right - left) * v / top
        c.d.line((x, ly - 8, x, ly + 8), fill=INK, width=3)
        c.text(x, ly + 24, str(v), 22, fill=INK_SOFT, bold=True, anchor="mm")
    # discs above the line; discs that would overlap stack upwards
    placed: list[tuple[float, int]] = []
    for p in sorted(view.zaibatsu, key=lambda p: (p.vp, p.seat)):
        x = left + (right - left) * min(p.vp, top) / top
        level = sum(1 for px, _ in placed if abs(px - x) < 34)
        placed.append((x, level))
        cy = ly - 24 - level * 34
        player_marker(c, seats[p.seat].style, x, cy, 32)
    room = x1 - x0 - 30 - c.text_width(t("VP track"), 26, True) - 30
    c.fit_text(x1 - 16, y0 + 22, t("discs show VP so far"), room, 22, fill=MUTED, anchor="rm", min_size=14)
