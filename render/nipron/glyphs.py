"""Small pictures shared by the board and the player board: player markers, workers, goods chips,
influence tiles, VP badges and the words for amounts."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.words import money
from render.common.canvas import Canvas
from render.common.language import say
from render.common.palette import INK, RGB, WHITE, PlayerStyle
from render.common.sprites import disc, marker, paste
from render.nipron.initials import worker_initial
from render.nipron.palette import FALLBACK_STYLES, GOOD_FILL, GOOD_INK, GOOD_NAME, PLAYER_STYLES, WORKER


def style(colour: str, seat: int = 0) -> PlayerStyle:
    return PLAYER_STYLES.get(colour, FALLBACK_STYLES[seat % len(FALLBACK_STYLES)])


def yen(amount: int) -> str:
    return say(money(amount, "¥"))


def multiplier(m: int | str) -> str:
    """A multiplier tile's mark, "×2": the multiplication sign reads the same in every language (the
    catalogues write "множник ×2", "mnożnik ×2"), where a Latin "2x" does not."""
    return f"×{m}"


def player_marker(c: Canvas, st: PlayerStyle, cx: float, cy: float, size: int) -> None:
    paste(c.image, marker(st.shape, st.colour, size), cx, cy)


def influence_tile(c: Canvas, st: PlayerStyle, value: int, cx: float, cy: float, size: int) -> None:
    """A player's influence tile: their marker shape and colour with the value written on it."""
    player_marker(c, st, cx, cy, size)
    dy = size * 0.1 if st.shape == "triangle" else 0.0
    c.text(
        cx, cy + dy, str(value), max(14, round(size * 0.56)), fill=INK, bold=True, anchor="mm", stroke=WHITE
    )


def worker(c: Canvas, colour: str, cx: float, cy: float, size: int) -> None:
    """A worker: a disc in the worker's colour with its initial in the reader's letters."""
    fill, ink = WORKER.get(colour, (WHITE, INK))
    letter = worker_initial(colour)
    paste(c.image, disc(size, fill, INK, 0.07), cx, cy)
    # Two letters (Catalan tells blanc from blau as B and Bl) are drawn smaller only if the disc needs it.
    text_size = max(12, round(size * 0.6))
    while text_size > 12 and c.text_width(letter, text_size, True) > size * 0.8:
        text_size -= 1
    c.text(cx, cy + 1, letter, text_size, fill=ink, bold=True, anchor="mm")


def workers(c: Canvas, colours: Sequence[str], x: float, cy: float, size: int, gap: int = 6) -> float:
    """A row of workers from x; returns the x after the last one."""
    for colour in colours:
        worker(c, colour, x + size / 2, cy, size)
        x += size + gap
    return x


def good_chip(
    c: Canvas, good: str, x0: float, y0: float, x1: float, y1: float, size: int = 22, text: str | None = None
) -> None:
    """A pale chip in the good's colour with its name (cut with "…" where a language's word is longer
    than the chip: the colour says the good too)."""
    c.d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=GOOD_FILL[good], outline=GOOD_INK[good], width=2)
    c.fit_text(
        (x0 + x1) / 2,
        (y0 + y1) / 2,
        text or say(GOOD_NAME[good]),
        x1 - x0 - 8,
        size,
        fill=GOOD_INK[good],
        bold=True,
        anchor="mm",
        min_size=22,
        ellipsis=True,
    )


def fit_line(
    c: Canvas,
    x: float,
    y: float,
    s: str,
    max_width: float,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "la",
    min_size: int = 22,
) -> None:
    """``Canvas.fit_text`` at Nipron's smallest readable size, cut with "…" below it."""
    c.fit_text(x, y, s, max_width, size, fill, bold, anchor, min_size, ellipsis=True)


def badge(c: Canvas, cx: float, cy: float, text: str, size: int, fill: RGB, ink: RGB = WHITE) -> None:
    """A rounded label (VP totals, multipliers)."""
    w = c.text_width(text, size, True) + size * 0.9
    h = size * 1.5
    c.d.rounded_rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), radius=h / 2, fill=fill)
    c.text(cx, cy + 1, text, size, fill=ink, bold=True, anchor="mm")
