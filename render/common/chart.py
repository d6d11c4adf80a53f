"""The final post's chart: every contestant's points at each checkpoint (a line per player) and the
final points by category (a bar per player in each category), from the scores the engine gives.

Game-independent: it reads ``ScoreSheet``s only (the points at each checkpoint come from replaying
the game's log, ``engine.core.score_history``). Each player is drawn in their colour *and* their
marker shape (``palette.PLAYER_STYLES``), on the line's points, on their bars' ends and in the
legend, so the chart reads without colour vision; a rival without a seat (Andrew) is the neutral
grey hexagon. Drawn 800 px wide with no text under 22 px, so that a phone showing it 400 px wide
still reads every word at 11 px or more. Deterministic: the same scores give the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import ScoreLine, ScoreSheet
from render.common.canvas import Canvas
from render.common.language import DEFAULT, say, speaking, t
from render.common.palette import (
    INK,
    INK_SOFT,
    NEUTRAL_STYLE,
    PANEL_EDGE,
    PAPER,
    WHITE,
    PlayerStyle,
    player_style,
)
from render.common.png import encode_png
from render.common.sprites import marker, paste

WIDTH = 800
# The smallest text drawn; at half size (a phone's 400 px) it is the 11 px the chart promises.
SMALL = 22
TITLE = 30
MARGIN = 24
PLOT_HEIGHT = 340
BAR_HEIGHT = 14
BAR_ROW = 26
LABEL_WIDTH = 230
MARKER = 18
GRID = (226, 220, 206)


@dataclass(frozen=True)
class Series:
    """One contestant: their name, style and points at each checkpoint then at the end."""

    name: str
    style: PlayerStyle
    points: list[int]
    final: ScoreLine


def _who(line: ScoreLine) -> tuple[int, int]:
    # seats first in seat order, a rival without a seat after them
    return (1, 0) if line.seat is None else (0, line.seat)


def series_of(checkpoints: Sequence[ScoreSheet], final: ScoreSheet, names: Sequence[str]) -> list[Series]:
    out = []
    for line in sorted(final.lines, key=_who):
        points = [
            next((other.total for other in sheet.lines if _who(other) == _who(line)), 0)
            for sheet in checkpoints
        ]
        if line.seat is None:
            name, style = say(line.name), NEUTRAL_STYLE
        else:
            name = names[line.seat] if line.seat < len(names) else say(line.name)
            style = player_style(line.seat)
        out.append(Series(name, style, [*points, line.total], line))
    return out


def _capital(text: str) -> str:
    # a category's name is a phrase inside sentences elsewhere ("3 for departments"); here it heads a row
    return text[:1].upper() + text[1:]


def _nice_step(top: int) -> int:
    """A round gridline step giving four to eight lines up to ``top``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 8:
            return step
    return max(1, top // 8)


def _legend(c: Canvas, series: Sequence[Series], y: int) -> int:
    """Markers and names, wrapped over as many rows as the width needs; returns the y below."""
    x = MARGIN
    for one in series:
        width = MARKER + 8 + min(c.text_width(one.name, SMALL), 220) + 24
        if x + width > WIDTH - MARGIN and x > MARGIN:
            x, y = MARGIN, y + 32
        paste(c.image, marker(one.style.shape, one.style.colour, MARKER), x + MARKER / 2, y + 13)
        c.fit_text(x + MARKER + 8, y, one.name, 220, SMALL, min_size=SMALL, ellipsis=True)
        x += int(width)
    return y + 40


def _lines(c: Canvas, series: Sequence[Series], top_y: int) -> int:
    """The points-by-checkpoint plot; returns the y below its caption."""
    count = max(len(one.points) for one in series)
    low = min(0, *(p for one in series for p in one.points))
    high = max(1, *(p for one in series for p in one.points))
    step = _nice_step(high - low)
    high = -(-high // step) * step
    low = (low // step) * step
    left, right = MARGIN + 56, WIDTH - MARGIN - 12
    top, bottom = top_y + 12, top_y + PLOT_HEIGHT

    def x_at(index: int) -> float:
        return left + (right - left) * (index / max(1, count - 1))

    def y_at(value: int) -> float:
        return bottom - (bottom - top) * (value - low) / max(1, high - low)

    for value in range(low, high + 1, step):
        y = y_at(value)
        c.d.line([(left, y), (right, y)], fill=GRID, width=2 if value == 0 else 1)
        c.text(left - 10, y, str(value), SMALL, INK_SOFT, anchor="rm")
    # every tick numbered when they fit, else every few; the last is the end of the game
    every = max(1, -(-count * 34 // (right - left)))
    for index in range(count):
        if index == count - 1 or ((index + 1) % every == 0 and count - 1 - index >= every):
            label = t("End") if index == count - 1 else str(index + 1)
            anchor = "ra" if index == count - 1 and count > 1 else "ma"
            c.text(x_at(index), bottom + 8, label, SMALL, INK_SOFT, anchor=anchor)
    for one in series:
        xy = [(x_at(i), y_at(v)) for i, v in enumerate(one.points)]
        if len(xy) > 1:
            c.d.line(xy, fill=one.style.colour, width=4, joint="curve")
    size = MARKER if count <= 24 else 12
    for one in series:
        for i, v in enumerate(one.points):
            paste(c.image, marker(one.style.shape, one.style.colour, size), x_at(i), y_at(v))
    caption = t("Points after each summary; End: the final score")
    c.fit_text(
        MARGIN, bottom + 42, caption, WIDTH - 2 * MARGIN, SMALL, INK_SOFT, min_size=SMALL, ellipsis=True
    )
    return bottom + 42 + 40


def _label(c: Canvas, text: str, middle: float, block: int) -> None:
    """A category's name left of its bars: on two lines when one is too narrow and the block is tall
    enough (a long name cut short would not say which category it is)."""
    room = LABEL_WIDTH - 12
    words = text.split()
    if c.text_width(text, SMALL) > room and len(words) > 1 and block >= 2 * BAR_ROW:
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(text) / 2))
        for line, y in ((" ".join(words[:cut]), middle - 13), (" ".join(words[cut:]), middle + 13)):
            c.fit_text(MARGIN, y, line, room, SMALL, min_size=SMALL, ellipsis=True, anchor="lm")
        return
    c.fit_text(MARGIN, middle, text, room, SMALL, min_size=SMALL, ellipsis=True, anchor="lm")


def _bars(c: Canvas, series: Sequence[Series], categories: Sequence[str], y: int) -> int:
    left, right = MARGIN + LABEL_WIDTH, WIDTH - MARGIN - 60
    values = [one.final.categories.get(name, 0) for name in categories for one in series]
    high = max(1, *values)
    low = min(0, *values)
    zero = left + (right - left) * (-low) / (high - low)
    scale = (right - left) / (high - low)
    for name in categories:
        block = len(series) * BAR_ROW
        c.d.line([(MARGIN, y - 4), (WIDTH - MARGIN, y - 4)], fill=GRID, width=1)
        _label(c, _capital(say(name)), y + block / 2, block)
        for row, one in enumerate(series):
            value = one.final.categories.get(name, 0)
            cy = y + row * BAR_ROW + BAR_ROW / 2
            end = zero + value * scale
            x0, x1 = sorted((zero, end))
            c.d.rectangle(
                [x0, cy - BAR_HEIGHT / 2, max(x1, x0 + 1), cy + BAR_HEIGHT / 2], fill=one.style.colour
            )
            paste(c.image, marker(one.style.shape, one.style.colour, MARKER), end, cy)
            c.text(max(zero, end) + MARKER / 2 + 6, cy, str(value), SMALL, INK, anchor="lm")
        y += block + 10
    return y


def chart_picture(
    checkpoints: Sequence[ScoreSheet],
    final: ScoreSheet,
    names: Sequence[str],
    *,
    lang: str = DEFAULT,
) -> bytes:
    """The chart as PNG bytes: ``checkpoints`` are the scores at each checkpoint in order (may be
    empty), ``final`` the final sheet, ``names`` the display names in seat order."""
    with speaking(lang):
        series = series_of(checkpoints, final, names)
        categories = (
            [
                name
                for name in final.lines[0].categories
                if any(one.final.categories.get(name, 0) for one in series)
            ]
            if final.lines
            else []
        )
        height = 90 + 40 * (1 + len(series) // 3) + PLOT_HEIGHT + 100 + 60
        height += sum(len(series) * BAR_ROW + 10 for _ in categories) + MARGIN
        c = Canvas(WIDTH, height, PAPER)
        c.d.rectangle([0, 0, WIDTH, height], fill=WHITE)
        c.text(MARGIN, MARGIN, t("Points through the game"), TITLE, INK, bold=True)
        y = _legend(c, series, MARGIN + 50)
        y = _lines(c, series, y)
        c.text(MARGIN, y, t("Final points by category"), TITLE - 2, INK, bold=True)
        y = _bars(c, series, categories, y + 48)
        # the height was an upper bound: cut it to what was drawn, then frame it
        done = Canvas.from_image(c.image.crop((0, 0, WIDTH, min(height, y + MARGIN))))
        done.d.rectangle([4, 4, WIDTH - 5, done.image.height - 5], outline=PANEL_EDGE, width=2)
        return encode_png(done.image)
