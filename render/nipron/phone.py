"""The phone image: a portrait picture of the map and the players, posted with every scoring summary
and the final result.

A phone shows an inline image about 400 px wide, so every text here is drawn at least ``MIN_TEXT``
px tall on a ``PHONE_W`` px wide image: 11 px once shown 400 px wide, the same rule as
Carnegie's (``render.carnegie.overview.phone``). The four districts are the board's, stacked north to
south instead of in a 2 × 2 grid (the board's own drawing, so both pictures agree); below them the
scoring track as one row of spaces, then one card per player. What needs more room (action spaces and
worker rows, the Emperor's rewards, the VP track, the supply, the printed number under an influence
tile) stays on the full board, shown on demand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image

from engine.core import ScoreSheet
from engine.nipron import data
from engine.nipron.view import NipronView, PlayerView
from render.common.canvas import Canvas
from render.common.language import t
from render.common.palette import INK, INK_SOFT, PAPER, WHITE
from render.common.sprites import disc, paste
from render.nipron.board import per_game, status_parts
from render.nipron.board.map_panel import draw_map, draw_map_game
from render.nipron.board.players import place
from render.nipron.glyphs import badge, fit_line, player_marker, workers, yen
from render.nipron.icons import ICONS
from render.nipron.model import seats, totals, winners
from render.nipron.palette import (
    BLUEPRINT,
    COAL,
    GOLD,
    GOLD_FILL,
    KNOWLEDGE,
    ROW_ALT,
    SEA,
    TITLE_BAR,
    VP,
    YEN,
)

PHONE_W = 800
SHOWN_W = 400  # the width a phone shows an inline image at
SHOWN_MIN_PX = 11  # the smallest text a reader should meet at that width
MIN_TEXT = math.ceil(SHOWN_MIN_PX * PHONE_W / SHOWN_W)

GAP = 12
TITLE_H = 104
DISTRICT_H = 412  # the board's district box: title, two cities, influence and transport lines
MAP_Y0 = TITLE_H + GAP
MAP_H = 4 * DISTRICT_H + 5 * GAP
TRACK_Y0 = MAP_Y0 + MAP_H + GAP
TRACK_H = 186
PLAYERS_Y0 = TRACK_Y0 + TRACK_H + GAP
ROW_H = 128
CELL = 82


def district_box(d: int) -> tuple[float, float, float, float]:
    """District ``d`` (0-based, north first) as a full-width band."""
    y0 = MAP_Y0 + GAP + d * (DISTRICT_H + GAP)
    return (GAP, y0, PHONE_W - GAP, y0 + DISTRICT_H)


def phone_height(players: int) -> int:
    return PLAYERS_Y0 + players * ROW_H + GAP


def _build_map(view: NipronView) -> Image.Image:
    c = Canvas(PHONE_W, phone_height(view.players), PAPER, ICONS)
    c.d.rectangle((0, 0, PHONE_W, TITLE_H), fill=TITLE_BAR)
    c.d.rectangle((0, MAP_Y0, PHONE_W, MAP_Y0 + MAP_H), fill=SEA)
    draw_map_game(c, view, district_box)
    return c.image


def _title(c: Canvas, view: NipronView, rest: str) -> None:
    """``rest``: the board's status without its first part, which the head says its own way."""
    if view.over:
        head = t("Nipron · game over")
    elif view.final_seat is not None:
        head = t("Nipron · final phase")
    else:
        head = t("Nipron · scoring {n} of {last} next", n=min(view.scorings + 1, 3), last=3)
    c.fit_text(
        16, 30, head, PHONE_W - 32, MIN_TEXT + 8, fill=WHITE, bold=True, anchor="lm", min_size=MIN_TEXT
    )
    if rest:
        fit_line(c, 16, 78, rest, PHONE_W - 32, MIN_TEXT, fill=WHITE, anchor="lm", min_size=MIN_TEXT)


def _track(c: Canvas, view: NipronView) -> None:
    """The scoring track as one row: the marker's space, the golden spaces, where each scoring falls."""
    x0, y0 = GAP, TRACK_Y0
    title = t("Scoring track")
    c.panel(x0, y0, PHONE_W - GAP, y0 + TRACK_H, title, title_size=MIN_TEXT + 2)
    done = t("game over") if view.over else t("{n} of {last} scorings done", n=view.scorings, last=3)
    room = PHONE_W - 2 * GAP - 28 - c.text_width(title, MIN_TEXT + 2, True) - 20
    fit_line(
        c,
        PHONE_W - GAP - 14,
        y0 + 20,
        done,
        room,
        MIN_TEXT,
        fill=INK,
        bold=True,
        anchor="rm",
        min_size=MIN_TEXT,
    )
    pitch = (PHONE_W - 2 * GAP - 40) / data.TRACK_SPACES
    cy = y0 + 92
    for s in range(1, data.TRACK_SPACES + 1):
        x = x0 + 20 + (s - 1) * pitch
        golden = s >= data.FIRST_GOLDEN
        c.d.rounded_rectangle(
            (x + 4, cy - CELL / 2 + 8, x + pitch - 4, cy + CELL / 2 - 8),
            radius=10,
            fill=GOLD_FILL if golden else ROW_ALT,
            outline=GOLD if golden else INK_SOFT,
            width=3,
        )
        if s == view.marker:
            paste(c.image, disc(46, WHITE, INK, 0.1), x + pitch / 2, cy)
        c.text(
            x + pitch / 2,
            cy,
            str(s),
            MIN_TEXT,
            fill=INK if s == view.marker else INK_SOFT,
            bold=True,
            anchor="mm",
        )
    for space in (*data.SCORING_AT, data.TRACK_SPACES + 1):
        bx = x0 + 20 + (space - 1) * pitch
        c.d.rectangle((bx - 3, cy - CELL / 2 + 2, bx + 3, cy + CELL / 2 - 2), fill=VP)
    # what the bars and the gold mean, which the full board writes under each space
    c.text(x0 + 20, cy + 58, t("red lines: scorings"), MIN_TEXT, fill=VP, bold=True, anchor="lm")
    c.text(
        PHONE_W - GAP - 20,
        cy + 58,
        t("gold: {n} final turns each", n=3),
        MIN_TEXT,
        fill=GOLD,
        bold=True,
        anchor="rm",
    )


def standings(view: NipronView, scores: ScoreSheet | None) -> list[tuple[str, PlayerView]]:
    """The players' rows: in seat order with no place while the game runs; once the final sheet is
    in, winners first, then by total, each with its place ("1st", shared by a tie)."""
    if scores is None or not scores.final:
        return [("", p) for p in view.zaibatsu]
    scored = totals(view, scores)
    won = winners(scores)
    rows = sorted(view.zaibatsu, key=lambda p: (p.seat not in won, -scored.get(p.seat, p.vp), p.seat))
    return [(place(scored, p.seat), p) for p in rows]


def _players(c: Canvas, view: NipronView, names: Sequence[str] | None, scores: ScoreSheet | None) -> None:
    people = seats(view, names)
    scored = totals(view, scores)
    won = winners(scores)
    final = scores is not None and scores.final
    for i, (rank, p) in enumerate(standings(view, scores)):
        ry = PLAYERS_Y0 + i * ROW_H
        s = people[p.seat]
        if i % 2 == 0:
            c.d.rounded_rectangle((6, ry, PHONE_W - 6, ry + ROW_H - 6), radius=10, fill=ROW_ALT)
        if view.active == p.seat:
            c.d.rounded_rectangle((6, ry, PHONE_W - 6, ry + ROW_H - 6), radius=10, outline=INK, width=3)
        cy = ry + 34
        x = 16.0
        if final:
            c.text(x, cy, rank, MIN_TEXT + 2, bold=True, anchor="lm")
            x += 56
        player_marker(c, s.style, x + 20, cy, 40)
        tag = t("to act") if view.active == p.seat else (t("winner") if p.seat in won else "")
        name_w = PHONE_W - 200 - x - 52 - (c.text_width(tag, MIN_TEXT) + 16 if tag else 0)
        fit_line(c, x + 52, cy, s.name, name_w, MIN_TEXT + 6, bold=True, anchor="lm", min_size=MIN_TEXT)
        if tag:
            c.text(
                PHONE_W - 200,
                cy,
                tag,
                MIN_TEXT,
                fill=GOLD if p.seat in won and view.active != p.seat else INK_SOFT,
                bold=True,
                anchor="rm",
            )
        # the VP track while the game runs (the sheet's provisional total counts end-game scoring
        # not yet earned); the final sheet's total once it is over
        total = scored.get(p.seat, p.vp) if final else p.vp
        label = t("{n} VP", n=total)
        badge(c, PHONE_W - 100, cy, label, MIN_TEXT + 4, GOLD if p.seat in won else VP)
        _holdings(c, p.yen, p.coal, p.blueprints, p.levels.get("knowledge", 0), p.workers, ry + 90)


def _holdings(
    c: Canvas, money: int, coal: int, blueprints: int, knowledge: int, held: Sequence[str], cy: float
) -> None:
    """Yen, coal, blueprints, knowledge level and the workers held, each after its icon."""
    x = 20.0
    for icon, text, colour in (
        ("yen", yen(money), YEN),
        ("coal", str(coal), COAL),
        ("blueprint", str(blueprints), BLUEPRINT),
        ("knowledge", t("level {n}", n=knowledge), KNOWLEDGE),
    ):
        c.icon(icon, x + 16, cy, 32, colour)
        c.text(x + 38, cy, text, MIN_TEXT + 2, fill=YEN if icon == "yen" else INK, bold=True, anchor="lm")
        x += 38 + c.text_width(text, MIN_TEXT + 2, True) + 22
    if held:
        room = int((PHONE_W - 16 - x) // 42)
        workers(c, held[:room], x, cy, 38, gap=4)
        if len(held) > room:
            c.text(PHONE_W - 16, cy, f"+{len(held) - room}", MIN_TEXT, bold=True, anchor="rm")
    else:
        c.text(x, cy, t("no workers"), MIN_TEXT, fill=INK_SOFT, anchor="lm")


def draw_phone(view: NipronView, names: Sequence[str] | None, scores: ScoreSheet | None) -> Image.Image:
    image = per_game("phone", view, _build_map).copy()
    c = Canvas.from_image(image, ICONS)
    people = seats(view, names)
    _title(c, view, status_parts(view, people, scores)[1])
    draw_map(c, view, people, district_box, covered_print=False)
    _track(c, view)
    _players(c, view, names, scores)
    return image
