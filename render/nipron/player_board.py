"""One player's board, close up: budget and influence tiles in hand, workers held, the coal, money
and knowledge tracks, factories (good, level, coal to run, storage and goods, machine, bonus), the
train and ship areas (what taking tiles uncovered), contracts and the nine achievement spaces."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from engine.core.words import msg
from engine.nipron import data
from engine.nipron.view import FactoryView, NipronView, PlayerView
from engine.nipron.words import achievement, contract_need, contract_reward, factory_bonus
from render.common.canvas import Canvas
from render.common.language import current, say, t, tn
from render.common.palette import INK, INK_SOFT, PAPER, RGB, WHITE
from render.common.sprites import marker, paste
from render.nipron.glyphs import badge, fit_line, good_chip, influence_tile, player_marker, worker, yen
from render.nipron.icons import ICONS
from render.nipron.model import Seat, seats
from render.nipron.palette import (
    BLUEPRINT,
    COAL,
    GOLD,
    GOLD_FILL,
    GOOD_NAME,
    KNOWLEDGE,
    MUTED,
    ROW_ALT,
    STAR,
    TITLE_BAR,
    VP,
    YEN,
)
from render.nipron.words import contract_steps, wrap

W = 1400
H = 1960
GAP = 12
TITLE_H = 76
BUDGET_BOX = (GAP, 88, 700, 300)
WORKERS_BOX = (712, 88, W - GAP, 300)
TRACKS_BOX = (GAP, 312, W - GAP, 640)
FACTORY_BOX = (GAP, 652, W - GAP, 1092)
TRANSPORT_BOX = (GAP, 1104, W - GAP, 1312)
CONTRACT_BOX = (GAP, 1324, W - GAP, 1540)
ACHIEVE_BOX = (GAP, 1552, W - GAP, H - GAP)
REWARD_LEVELS = {3: 2, 4: 3, 5: 4, 6: 5}  # worker space -> Emperor's reward multiplier (rules §5)


def _budget_static(c: Canvas) -> None:
    c.panel(*BUDGET_BOX, t("Budget"), title_size=26)
    x0, y0, _, _ = BUDGET_BOX
    c.text(x0 + 20, y0 + 172, t("Influence tiles:"), 22, bold=True, anchor="lm")


def _budget(c: Canvas, p: PlayerView, s: Seat) -> None:
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


def _workers_static(c: Canvas) -> None:
    c.panel(*WORKERS_BOX, t("Workers held"), title_size=26)
    cell, left, cy = WORKER_CELL, _worker_left(), WORKERS_BOX[1] + 100
    for i in range(data.WORKER_SPACES):
        x = left + i * cell
        c.d.rounded_rectangle(
            (x + 6, cy - 40, x + cell - 6, cy + 40), radius=10, fill=ROW_ALT, outline=INK_SOFT, width=2
        )
        level = REWARD_LEVELS.get(i + 1)
        if level:
            c.text(x + cell / 2, cy + 62, f"{level}x", 24, fill=GOLD, bold=True, anchor="mm")
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


def _workers(c: Canvas, p: PlayerView) -> None:
    x0, y0, x1, _ = WORKERS_BOX
    colours = len(set(p.workers))
    cost = t("workforce: {cost}", cost=yen(3000 * colours)) if colours else t("workforce: free")
    room = x1 - x0 - 30 - c.text_width(t("Workers held"), 26, True) - 24
    c.fit_text(x1 - 16, y0 + 22, cost, room, 22, fill=INK_SOFT, bold=True, anchor="rm", min_size=14)
    cell, left, cy = WORKER_CELL, _worker_left(), y0 + 100
    for i, colour in enumerate(p.workers[: data.WORKER_SPACES]):
        worker(c, colour, left + i * cell + cell / 2, cy, 56)


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


def _tracks_static(c: Canvas) -> None:
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


def _tracks(c: Canvas, p: PlayerView, s: Seat) -> None:
    lv = p.levels
    subs = {
        "coal": t("gets {n} coal", n=lv.get("coal", 0)),
        "money": t("gets {money}", money=yen(lv.get("money", 0))),
        "knowledge": t("level {n}", n=lv.get("knowledge", 0)),
    }
    for track in TRACKS:
        track.draw(c, subs[track.key], p.steps.get(track.key, 0), s)


def _factory(c: Canvas, f: FactoryView, x0: float, y0: float, x1: float, y1: float) -> None:
    c.d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=WHITE, outline=INK_SOFT, width=2)
    good_chip(
        c,
        f.good,
        x0 + 6,
        y0 + 6,
        x1 - 6,
        y0 + 50,
        26,
        text=t("{good} · level {level}", good=say(GOOD_NAME[f.good]), level=f.level),
    )
    y = y0 + 80
    c.icon("coal", x0 + 24, y, 26, COAL)
    c.text(x0 + 44, y, t("runs on {n}", n=f.coal), 24, bold=True, anchor="lm")
    if f.machine:
        label = t("+{n} machine", n=f.machine)
        badge(c, x1 - 16 - (c.text_width(label, 22, True) + 20) / 2, y, label, 22, INK)
    else:
        c.text(x1 - 16, y, t("no machine"), 22, fill=INK_SOFT, anchor="rm")
    y += 44
    goods = t("goods")
    c.text(x0 + 16, y, goods, 22, fill=INK_SOFT, bold=True, anchor="lm")
    # The storage boxes start after the word (100 px in English).
    bx = x0 + max(100, 24 + c.text_width(goods, 22, True))
    box = 30
    for k in range(f.storage):
        x = bx + k * (box + 8)
        fill = COAL if k < f.goods else ROW_ALT
        c.d.rectangle((x, y - box / 2, x + box, y + box / 2), fill=fill, outline=INK, width=2)
    c.text(bx + f.storage * (box + 8) + 6, y, f"{f.goods}/{f.storage}", 24, bold=True, anchor="lm")
    y += 42
    c.fit_text(
        x0 + 16,
        y,
        t("bonus: {bonus}", bonus=say(factory_bonus(f.tile))),
        x1 - x0 - 28,
        22,
        fill=INK_SOFT,
        anchor="lm",
        min_size=16,
        ellipsis=True,
    )


def _factory_slots() -> list[tuple[float, float, float, float]]:
    x0, y0, x1, y1 = FACTORY_BOX
    cols, rows = 3, 2
    w = (x1 - x0 - (cols + 1) * GAP) / cols
    h = (y1 - y0 - 48 - (rows + 1) * GAP) / rows
    out = []
    for i in range(cols * rows):
        fx = x0 + GAP + (i % cols) * (w + GAP)
        fy = y0 + 48 + GAP + (i // cols) * (h + GAP)
        out.append((fx, fy, fx + w, fy + h))
    return out


def _factories_static(c: Canvas) -> None:
    _, y0, x1, _ = FACTORY_BOX
    x0 = FACTORY_BOX[0]
    c.panel(*FACTORY_BOX, t("Factories"), title_size=26)
    # The title's count "(3)" follows it: the legend keeps 80 px clear of it.
    room = x1 - x0 - 30 - c.text_width(t("Factories"), 26, True) - 80
    legend = t("bonus: gained once, when the factory was built")
    c.fit_text(x1 - 16, y0 + 22, legend, room, 22, fill=INK_SOFT, anchor="rm", min_size=14)
    for fx, fy, fx1, fy1 in _factory_slots():
        c.d.rounded_rectangle((fx, fy, fx1, fy1), radius=10, outline=MUTED, width=2)
        c.text((fx + fx1) / 2, (fy + fy1) / 2, t("no factory"), 24, fill=MUTED, anchor="mm")


def _factories(c: Canvas, p: PlayerView) -> None:
    x0, y0, _, _ = FACTORY_BOX
    c.text(
        x0 + 14 + c.text_width(t("Factories"), 26, True) + 10, y0 + 8, f"({len(p.factories)})", 26, bold=True
    )
    order = sorted(
        p.factories, key=lambda f: (f.level, data.GOODS.index(f.good) if f.good in data.GOODS else 9)
    )
    for f, box in zip(order, _factory_slots(), strict=False):
        _factory(c, f, *box)


AREAS = ("trains", "ships")


def _area_frame(kind: str) -> tuple[float, float, float]:
    x0, y0, x1, _ = TRANSPORT_BOX
    mid = (x0 + x1) / 2
    return (x0 + 16, y0 + 12, mid - 16) if kind == "trains" else (mid + 16, y0 + 12, x1 - 16)


def _area_cell(kind: str, k: int) -> tuple[float, float, float, float]:
    x0, y0, x1 = _area_frame(kind)
    cell = (x1 - x0) / 6
    cy = y0 + 100
    x = x0 + (k - 1) * cell
    return (x + 4, cy - 50, x + cell - 4, cy + 50)


def _transport_static(c: Canvas) -> None:
    x0, y0, x1, y1 = TRANSPORT_BOX
    c.panel(*TRANSPORT_BOX)
    mid = (x0 + x1) / 2
    c.d.line((mid, y0 + 12, mid, y1 - 40), fill=PANEL_LINE, width=2)
    c.icon("star", x0 + 30, y1 - 20, 24, STAR)
    c.fit_text(
        x0 + 48, y1 - 20, t("counts for an achievement"), 320, 22, fill=INK_SOFT, anchor="lm", min_size=14
    )
    c.icon("yen", x0 + 380, y1 - 20, 24, YEN)
    c.fit_text(
        x0 + 398,
        y1 - 20,
        t("gave a money-track step when uncovered"),
        x1 - x0 - 414,
        22,
        fill=INK_SOFT,
        anchor="lm",
        min_size=14,
    )
    for kind in AREAS:
        ax0, ay0, ax1 = _area_frame(kind)
        what = t("+{n} influence each", n=2) if kind == "trains" else t("{n} VP each at scorings", n=2)
        c.icon(kind[:-1], ax0 + 24, ay0 + 22, 36, INK)
        # Right of "Trains: 2 built", which is drawn per player and keeps its 230 px.
        c.fit_text(ax1, ay0 + 22, what, ax1 - ax0 - 280, 22, fill=INK_SOFT, anchor="rm", min_size=14)
        for k in range(1, 7):
            bx0, by0, bx1, by1 = _area_cell(kind, k)
            cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
            c.d.rounded_rectangle((bx0, by0, bx1, by1), radius=8, fill=ROW_ALT, outline=INK_SOFT, width=2)
            if k in data.AREA_STARS[kind]:
                c.icon("star", cx - 18, cy - 18, 30, STAR)
            if k in data.MONEY_ICONS[kind]:
                c.icon("yen", cx + 18, cy - 18, 28, YEN)
            c.fit_text(cx, cy + 26, t("open"), bx1 - bx0 - 6, 22, fill=INK_SOFT, anchor="mm", min_size=14)


def _transport(c: Canvas, p: PlayerView, s: Seat) -> None:
    for kind, left in (("trains", p.trains_left), ("ships", p.ships_left)):
        taken = 6 - left
        ax0, ay0, _ = _area_frame(kind)
        built = t("Trains: {n} built", n=taken) if kind == "trains" else t("Ships: {n} built", n=taken)
        c.fit_text(ax0 + 50, ay0 + 22, built, 230, 26, bold=True, anchor="lm", min_size=16)
        tile = "+2" if kind == "trains" else t("{n} VP", n=2)
        for k in range(max(1, taken + 1), 7):
            box = _area_cell(kind, k)
            c.d.rounded_rectangle(box, radius=8, fill=s.style.colour, outline=INK, width=2)
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            c.text(cx, cy, tile, 26, fill=INK, bold=True, anchor="mm", stroke=WHITE)


PANEL_LINE = (200, 190, 170)


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


def _contracts_static(c: Canvas) -> None:
    x0, y0, x1, _ = CONTRACT_BOX
    c.panel(*CONTRACT_BOX, t("Contracts"), title_size=26)
    legend = t("2 + 1: two goods of one type and one of another · +1 money: a money-track step")
    c.fit_text(x1 - 16, y0 + 22, legend, x1 - x0 - 340, 22, fill=INK_SOFT, anchor="rm", min_size=22)
    for i, cid in enumerate(data.CONTRACT_IDS):
        _contract(c, i, cid, False)


def _contracts(c: Canvas, p: PlayerView) -> None:
    x0, y0, _, _ = CONTRACT_BOX
    c.text(
        x0 + 14 + c.text_width(t("Contracts"), 26, True),
        y0 + 8,
        t(": {n} fulfilled", n=len(p.fulfilled)),
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


def _achievements_static(c: Canvas) -> None:
    c.panel(*ACHIEVE_BOX, t("Achievements (scored at the end)"), title_size=26)
    for i, code in enumerate(data.ACHIEVEMENTS):
        ax, ay, ax1, ay1 = _achievement_box(i)
        c.d.rounded_rectangle((ax, ay, ax1, ay1), radius=10, fill=WHITE, outline=INK_SOFT, width=2)
        for k, line in enumerate(wrap(c, say(achievement(code)), ax1 - ax - 130, 22)[:3]):
            c.text(ax + 14, ay + 26 + k * 28, line, 22, anchor="lm")


def _achievements(c: Canvas, p: PlayerView) -> None:
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
            c.text(mx, ay + 34, f"{mult}x", 28, fill=INK, bold=True, anchor="mm")
        elif printed:
            c.text(mx, ay + 34, f"{printed}x", 28, fill=INK_SOFT, bold=True, anchor="mm")
        else:
            c.d.rounded_rectangle((mx - 40, ay + 10, mx + 40, ay + 58), radius=8, outline=MUTED, width=2)
            c.text(mx, ay + 34, "0x", 24, fill=MUTED, anchor="mm")
        vp = p.achievements_if_now[i] if i < len(p.achievements_if_now) else 0
        c.text(mx, ay1 - 24, t("{n} VP", n=vp), 24, fill=VP if vp else MUTED, bold=True, anchor="mm")


# One base per language drawn in (its printed words are in it).
@lru_cache(maxsize=5)
def _base(lang: str) -> Image.Image:
    """Everything that is the same on every player's board, drawn once per process."""
    c = Canvas(W, H, PAPER, ICONS)
    c.d.rectangle((0, 0, W, TITLE_H), fill=TITLE_BAR)
    _budget_static(c)
    _workers_static(c)
    _tracks_static(c)
    _factories_static(c)
    _transport_static(c)
    _contracts_static(c)
    _achievements_static(c)
    return c.image


def draw_player_board(view: NipronView, seat: int, names: Sequence[str] | None) -> Image.Image:
    c = Canvas.from_image(_base(current()).copy(), ICONS)
    people = seats(view, names)
    s = people[seat]
    p = view.zaibatsu[seat]
    player_marker(c, s.style, 44, TITLE_H / 2, 50)
    title = t("{name}'s zaibatsu ({colour})", name=s.name, colour=say(s.style.name).lower())
    fit_line(c, 84, TITLE_H / 2, title, W - 360, 34, fill=WHITE, bold=True, anchor="lm")
    badge(c, W - 110, TITLE_H / 2, t("{n} VP", n=p.vp), 30, VP)
    if view.active == seat and not view.over:
        c.text(W - 200, TITLE_H / 2, t("to act"), 26, fill=WHITE, bold=True, anchor="rm")
    _budget(c, p, s)
    _workers(c, p)
    _tracks(c, p, s)
    _factories(c, p)
    _transport(c, p, s)
    _contracts(c, p)
    _achievements(c, p)
    return c.image
