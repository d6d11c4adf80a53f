"""The coal, money and knowledge tracks of a player's board."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.words import msg
from engine.nipron import data
from engine.nipron.view import PlayerView
from render.common.canvas import Canvas
from render.common.language import say, t
from render.common.palette import INK, INK_SOFT, RGB
from render.common.sprites import marker, paste
from render.nipron.glyphs import yen
from render.nipron.model import Seat
from render.nipron.palette import COAL, GOLD_FILL, KNOWLEDGE, ROW_ALT, STAR, YEN
from render.nipron.player_board.layout import TRACKS_BOX


class Track:
    def __init__(
        self, key: str, title: str, colour: RGB, printed: Sequence[str], stars: frozenset[int], y: float
    ) -> None:
        self.key, self.title, self.colour, self.printed, self.stars, self.y = (
            key,
            title,
            colour,
            printed,
            stars,
            y,
        )
        x0, _, x1, _ = TRACKS_BOX
        self.left = x0 + 230
        self.cell = min(80.0, (x1 - 16 - self.left) / len(printed))

    def cell_box(self, i: int) -> tuple[float, float, float, float]:
        x = self.left + i * self.cell
        return (x + 3, self.y - 36, x + self.cell - 3, self.y + 36)

    def draw_cell(self, c: Canvas, i: int, here: bool) -> None:
        c.d.rounded_rectangle(
            self.cell_box(i),
            radius=8,
            fill=GOLD_FILL if i in self.stars else ROW_ALT,
            outline=INK if here else INK_SOFT,
            width=4 if here else 1,
        )
        x = self.left + i * self.cell
        if i in self.stars:
            c.icon("star", x + self.cell - 18, self.y - 22, 22, STAR)
        label = self.printed[i]
        if here:
            c.text(x + self.cell / 2, self.y - 18, label, 22, bold=True, anchor="mm")
        else:
            c.text(x + self.cell / 2, self.y + 4, label, 24, bold=True, anchor="mm")

    def draw_static(self, c: Canvas) -> None:
        x0 = TRACKS_BOX[0]
        c.icon(self.key if self.key != "money" else "yen", x0 + 34, self.y, 36, self.colour)
        c.fit_text(
            x0 + 60,
            self.y - 16,
            say(self.title),
            self.left - x0 - 66,
            26,
            fill=self.colour,
            bold=True,
            anchor="lm",
            min_size=16,
        )
        for i in range(len(self.printed)):
            self.draw_cell(c, i, False)

    def draw(self, c: Canvas, sub: str, step: int, s: Seat) -> None:
        c.fit_text(
            TRACKS_BOX[0] + 60,
            self.y + 18,
            sub,
            self.left - TRACKS_BOX[0] - 66,
            22,
            fill=INK_SOFT,
            anchor="lm",
            min_size=14,
        )
        step = max(0, min(step, len(self.printed) - 1))
        self.draw_cell(c, step, True)
        x = self.left + step * self.cell
        paste(c.image, marker(s.style.shape, s.style.colour, 36), x + self.cell / 2, self.y + 14)


def _printed(name: str) -> tuple[int | None, ...]:
    from engine.nipron import placeholders

    value: tuple[int | None, ...] = getattr(placeholders, name)
    return value


TY = TRACKS_BOX[1] + 92


TRACKS = (
    Track(
        "coal",
        msg("Coal"),
        COAL,
        [str(v) if v is not None else "" for v in _printed("COAL_PRINTED")],
        data.COAL_STARS,
        TY,
    ),
    Track("money", msg("Money"), YEN, [str(v // 1000) for v in data.MONEY_LEVELS], frozenset(), TY + 92),
    Track(
        "knowledge",
        msg("Knowledge"),
        KNOWLEDGE,
        [str(v) if v is not None else "" for v in _printed("KNOWLEDGE_PRINTED")],
        data.KNOWLEDGE_STARS,
        TY + 184,
    ),
)


def draw_tracks_static(c: Canvas) -> None:
    title = t("Tracks (★ counts for achievements)")
    c.panel(*TRACKS_BOX, title, title_size=26)
    room = TRACKS_BOX[2] - TRACKS_BOX[0] - 30 - c.text_width(title, 26, True) - 24
    c.fit_text(
        TRACKS_BOX[2] - 16,
        TRACKS_BOX[1] + 22,
        t("money in ¥1,000s"),
        room,
        22,
        fill=INK_SOFT,
        anchor="rm",
        min_size=14,
    )
    for track in TRACKS:
        track.draw_static(c)


def draw_tracks(c: Canvas, p: PlayerView, s: Seat) -> None:
    lv = p.levels
    subs = {
        "coal": t("gets {n} coal", n=lv.get("coal", 0)),
        "money": t("gets {money}", money=yen(lv.get("money", 0))),
        "knowledge": t("level {n}", n=lv.get("knowledge", 0)),
    }
    for track in TRACKS:
        track.draw(c, subs[track.key], p.steps.get(track.key, 0), s)
