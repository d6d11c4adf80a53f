"""One player's board, close up: budget and influence tiles in hand, workers held, the coal, money
and knowledge tracks, factories (good, level, coal to run, storage and goods, machine, bonus), the
train and ship areas (what taking tiles uncovered), contracts and the nine achievement spaces."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.nipron import data
from engine.nipron.view import FactoryView, NipronView, PlayerView
from render.common.canvas import Canvas
from render.common.palette import INK, INK_SOFT, PAPER, WHITE
from render.common.sprites import marker, paste
from render.nipron.glyphs import badge, good_chip, influence_tile, player_marker, worker, yen
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
from render.nipron.words import (
    ACHIEVEMENT_WORDS,
    contract_need,
    contract_reward,
    contract_steps,
    factory_bonus,
    wrap,
)

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


def _budget(c: Canvas, p: PlayerView, s: Seat) -> None:
    x0, y0, _, _ = BUDGET_BOX
    c.panel(*BUDGET_BOX, "Budget", title_size=26)
    y = y0 + 70
    x: float = x0 + 20
    c.icon("yen", x + 16, y, 34, YEN)
    c.text(x + 40, y, yen(p.yen), 30, fill=YEN, bold=True, anchor="lm")
    x += 40 + c.text_width(yen(p.yen), 30, True) + 30
    c.icon("coal", x + 16, y, 32, COAL)
    c.text(x + 40, y, f"{p.coal} coal", 30, bold=True, anchor="lm")
    x += 40 + c.text_width(f"{p.coal} coal", 30, True) + 30
    c.icon("blueprint", x + 18, y, 36, BLUEPRINT)
    bp = f"{p.blueprints} blueprint" + ("" if p.blueprints == 1 else "s")
    c.text(x + 44, y, bp, 30, bold=True, anchor="lm")
    y += 50
    c.icon("machine", x0 + 36, y, 32, INK_SOFT)
    waiting = f"{p.machines} machine{'' if p.machines == 1 else 's'} waiting to be placed"
    c.text(x0 + 60, y, waiting, 24, fill=INK if p.machines else INK_SOFT, anchor="lm")
    y += 52
    c.text(x0 + 20, y, "Influence tiles:", 22, bold=True, anchor="lm")
    x = x0 + 20 + c.text_width("Influence tiles:", 22, True) + 34
    if not p.hand:
        c.text(x - 12, y, "none left", 24, fill=INK_SOFT, anchor="lm")
    for v in p.hand:
        influence_tile(c, s.style, v, x, y, 44)
        x += 46


def _workers(c: Canvas, p: PlayerView) -> None:
    x0, y0, x1, _ = WORKERS_BOX
    c.panel(*WORKERS_BOX, "Workers held", title_size=26)
    colours = len(set(p.workers))
    cost = f"workforce: {yen(3000 * colours)}" if colours else "workforce: free"
    c.text(x1 - 16, y0 + 22, cost, 22, fill=INK_SOFT, bold=True, anchor="rm")
    cell = 100
    left = x0 + (x1 - x0 - 6 * cell) / 2
    cy = y0 + 100
    for i in range(data.WORKER_SPACES):
        x = left + i * cell
        c.d.rounded_rectangle(
            (x + 6, cy - 40, x + cell - 6, cy + 40), radius=10, fill=ROW_ALT, outline=INK_SOFT, width=2
        )
        if i < len(p.workers):
            worker(c, p.workers[i], x + cell / 2, cy, 56)
        level = REWARD_LEVELS.get(i + 1)
        if level:
            c.text(x + cell / 2, cy + 62, f"{level}x", 24, fill=GOLD, bold=True, anchor="mm")
    c.text(left + cell * 2 - 6, cy + 62, "reward level", 22, fill=GOLD, bold=True, anchor="rm")


def _track(
    c: Canvas,
    y: float,
    title: str,
    sub: str,
    colour: tuple[int, int, int],
    icon: str,
    printed: Sequence[str],
    stars: frozenset[int],
    step: int,
    s: Seat,
) -> None:
    x0, _, x1, _ = TRACKS_BOX
    c.icon(icon, x0 + 34, y, 36, colour)
    c.text(x0 + 60, y - 16, title, 26, fill=colour, bold=True, anchor="lm")
    c.text(x0 + 60, y + 18, sub, 22, fill=INK_SOFT, anchor="lm")
    left = x0 + 230
    cell = min(80.0, (x1 - 16 - left) / len(printed))
    for i, label in enumerate(printed):
        x = left + i * cell
        here = i == step
        c.d.rounded_rectangle(
            (x + 3, y - 36, x + cell - 3, y + 36),
            radius=8,
            fill=GOLD_FILL if i in stars else ROW_ALT,
            outline=INK if here else INK_SOFT,
            width=4 if here else 1,
        )
        if i in stars:
            c.icon("star", x + cell - 18, y - 22, 22, STAR)
        if here:
            paste(c.image, marker(s.style.shape, s.style.colour, 36), x + cell / 2, y + 14)
            c.text(x + cell / 2, y - 18, label, 22, bold=True, anchor="mm")
        else:
            c.text(x + cell / 2, y + 4, label, 24, fill=INK if label else MUTED, bold=True, anchor="mm")


def _tracks(c: Canvas, p: PlayerView, s: Seat) -> None:
    c.panel(*TRACKS_BOX, "Tracks (★ counts for achievements)", title_size=26)
    y = TRACKS_BOX[1] + 92
    coal = [str(v) if v is not None else "" for v in _printed("COAL_PRINTED")]
    money = [str(v // 1000) for v in data.MONEY_LEVELS]
    know = [str(v) if v is not None else "" for v in _printed("KNOWLEDGE_PRINTED")]
    lv = p.levels
    _track(
        c,
        y,
        "Coal",
        f"gets {lv.get('coal', 0)} coal",
        COAL,
        "coal",
        coal,
        data.COAL_STARS,
        p.steps.get("coal", 0),
        s,
    )
    _track(
        c,
        y + 92,
        "Money",
        f"gets {yen(lv.get('money', 0))}",
        YEN,
        "yen",
        money,
        frozenset(),
        p.steps.get("money", 0),
        s,
    )
    _track(
        c,
        y + 184,
        "Knowledge",
        f"level {lv.get('knowledge', 0)}",
        KNOWLEDGE,
        "knowledge",
        know,
        data.KNOWLEDGE_STARS,
        p.steps.get("knowledge", 0),
        s,
    )
    c.text(TRACKS_BOX[2] - 16, TRACKS_BOX[1] + 22, "money in ¥1,000s", 22, fill=INK_SOFT, anchor="rm")


def _printed(name: str) -> tuple[int | None, ...]:
    from engine.nipron import placeholders

    value: tuple[int | None, ...] = getattr(placeholders, name)
    return value


def _factory(c: Canvas, f: FactoryView, x0: float, y0: float, x1: float, y1: float) -> None:
    c.d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=WHITE, outline=INK_SOFT, width=2)
    good_chip(c, f.good, x0 + 6, y0 + 6, x1 - 6, y0 + 50, 26, text=f"{GOOD_NAME[f.good]} · level {f.level}")
    y = y0 + 80
    c.icon("coal", x0 + 24, y, 26, COAL)
    c.text(x0 + 44, y, f"runs on {f.coal}", 24, bold=True, anchor="lm")
    if f.machine:
        badge(c, x1 - 70, y, f"+{f.machine} machine", 22, INK)
    else:
        c.text(x1 - 16, y, "no machine", 22, fill=INK_SOFT, anchor="rm")
    y += 44
    c.text(x0 + 16, y, "goods", 22, fill=INK_SOFT, bold=True, anchor="lm")
    bx = x0 + 100
    box = 30
    for k in range(f.storage):
        x = bx + k * (box + 8)
        filled = k < f.goods
        c.d.rectangle(
            (x, y - box / 2, x + box, y + box / 2), fill=COAL if filled else ROW_ALT, outline=INK, width=2
        )
    c.text(bx + f.storage * (box + 8) + 6, y, f"{f.goods}/{f.storage}", 24, bold=True, anchor="lm")
    y += 42
    bonus = factory_bonus(f.tile)
    c.fit_text(x0 + 16, y, f"bonus: {bonus}", x1 - x0 - 28, 22, fill=INK_SOFT, anchor="lm", min_size=20)


def _factories(c: Canvas, p: PlayerView) -> None:
    x0, y0, x1, y1 = FACTORY_BOX
    c.panel(*FACTORY_BOX, f"Factories ({len(p.factories)})", title_size=26)
    c.text(x1 - 16, y0 + 22, "bonus: gained once, when the factory was built", 22, fill=INK_SOFT, anchor="rm")
    cols, rows = 3, 2
    w = (x1 - x0 - (cols + 1) * GAP) / cols
    h = (y1 - y0 - 48 - (rows + 1) * GAP) / rows
    order = sorted(
        p.factories, key=lambda f: (f.level, data.GOODS.index(f.good) if f.good in data.GOODS else 9)
    )
    for i in range(cols * rows):
        fx = x0 + GAP + (i % cols) * (w + GAP)
        fy = y0 + 48 + GAP + (i // cols) * (h + GAP)
        if i < len(order):
            _factory(c, order[i], fx, fy, fx + w, fy + h)
        else:
            c.d.rounded_rectangle((fx, fy, fx + w, fy + h), radius=10, outline=MUTED, width=2)
            c.text(fx + w / 2, fy + h / 2, "no factory", 24, fill=MUTED, anchor="mm")


def _area(c: Canvas, kind: str, left: int, x0: float, y0: float, x1: float, s: Seat) -> None:
    taken = 6 - left
    name = "Trains" if kind == "trains" else "Ships"
    tile = "+2" if kind == "trains" else "2 VP"
    what = "+2 influence each" if kind == "trains" else "2 VP each at scorings"
    c.icon(kind[:-1], x0 + 24, y0 + 22, 36, INK)
    c.text(x0 + 50, y0 + 22, f"{name}: {taken} built", 26, bold=True, anchor="lm")
    c.text(x1, y0 + 22, what, 22, fill=INK_SOFT, anchor="rm")
    cell = (x1 - x0) / 6
    cy = y0 + 100
    for k in range(1, 7):
        x = x0 + (k - 1) * cell
        box = (x + 4, cy - 50, x + cell - 4, cy + 50)
        if k <= taken:
            c.d.rounded_rectangle(box, radius=8, fill=ROW_ALT, outline=INK_SOFT, width=2)
            if k in data.AREA_STARS[kind]:
                c.icon("star", x + cell / 2 - 18, cy - 18, 30, STAR)
            if k in data.MONEY_ICONS[kind]:
                c.icon("yen", x + cell / 2 + 18, cy - 18, 28, YEN)
            c.text(x + cell / 2, cy + 26, "open", 22, fill=INK_SOFT, anchor="mm")
        else:
            c.d.rounded_rectangle(box, radius=8, fill=s.style.colour, outline=INK, width=2)
            c.text(x + cell / 2, cy, tile, 26, fill=INK, bold=True, anchor="mm", stroke=WHITE)


def _transport(c: Canvas, p: PlayerView, s: Seat) -> None:
    x0, y0, x1, y1 = TRANSPORT_BOX
    c.panel(*TRANSPORT_BOX)
    mid = (x0 + x1) / 2
    _area(c, "trains", p.trains_left, x0 + 16, y0 + 12, mid - 16, s)
    _area(c, "ships", p.ships_left, mid + 16, y0 + 12, x1 - 16, s)
    c.d.line((mid, y0 + 12, mid, y1 - 40), fill=PANEL_LINE, width=2)
    c.icon("star", x0 + 30, y1 - 20, 24, STAR)
    c.text(x0 + 48, y1 - 20, "counts for an achievement", 22, fill=INK_SOFT, anchor="lm")
    c.icon("yen", x0 + 380, y1 - 20, 24, YEN)
    c.text(x0 + 398, y1 - 20, "gave a money-track step when uncovered", 22, fill=INK_SOFT, anchor="lm")


PANEL_LINE = (200, 190, 170)


def _contracts(c: Canvas, p: PlayerView) -> None:
    x0, y0, x1, y1 = CONTRACT_BOX
    done = len(p.fulfilled)
    c.panel(*CONTRACT_BOX, f"Contracts: {done} fulfilled", title_size=26)
    legend = "2 + 1: two goods of one type and one of another · +1 money: a money-track step"
    c.fit_text(x1 - 16, y0 + 22, legend, x1 - x0 - 340, 22, fill=INK_SOFT, anchor="rm", min_size=20)
    ids = sorted(
        [*p.contracts, *p.fulfilled],
        key=lambda k: data.CONTRACT_IDS.index(k) if k in data.CONTRACT_IDS else 99,
    )
    n = max(8, len(ids))
    w = (x1 - x0 - (n + 1) * 8) / n
    top = y0 + 52
    for i, cid in enumerate(ids):
        x = x0 + 8 + i * (w + 8)
        fulfilled = cid in p.fulfilled
        fill = (226, 226, 226) if fulfilled else WHITE
        c.d.rounded_rectangle((x, top, x + w, y1 - 10), radius=10, fill=fill, outline=INK_SOFT, width=2)
        ink = MUTED if fulfilled else INK
        c.fit_text(
            x + w / 2, top + 30, contract_need(cid), w - 10, 30, fill=ink, bold=True, anchor="mm", min_size=22
        )
        reward = contract_reward(cid)
        c.text(
            x + w / 2,
            top + 76,
            reward,
            26,
            fill=MUTED if fulfilled else (VP if "VP" in reward else YEN),
            bold=True,
            anchor="mm",
        )
        steps = contract_steps(cid).replace(" steps", "").replace(" step", "").replace("no money", "–")
        c.text(x + w / 2, top + 112, steps, 22, fill=ink, anchor="mm")
        if fulfilled:
            c.text(x + w / 2, top + 140, "done", 22, fill=INK_SOFT, bold=True, anchor="mm")


def _achievements(c: Canvas, p: PlayerView) -> None:
    x0, y0, x1, y1 = ACHIEVE_BOX
    now = sum(p.achievements_if_now)
    c.panel(*ACHIEVE_BOX, "Achievements (scored at the end)", title_size=26)
    c.text(x1 - 16, y0 + 22, f"worth {now} VP now", 24, fill=VP, bold=True, anchor="rm")
    cols = 3
    w = (x1 - x0 - (cols + 1) * GAP) / cols
    h = (y1 - y0 - 48 - 4 * GAP) / 3
    for i, code in enumerate(data.ACHIEVEMENTS):
        ax = x0 + GAP + (i % cols) * (w + GAP)
        ay = y0 + 48 + GAP + (i // cols) * (h + GAP)
        mult = p.achievements[i] if i < len(p.achievements) else 0
        printed = data.ACHIEVEMENT_PRINTED.get(code, 0)
        c.d.rounded_rectangle((ax, ay, ax + w, ay + h), radius=10, fill=WHITE, outline=INK_SOFT, width=2)
        lines = wrap(c, ACHIEVEMENT_WORDS.get(code, code), w - 130, 22)
        for k, line in enumerate(lines[:3]):
            c.text(ax + 14, ay + 26 + k * 28, line, 22, anchor="lm")
        mx = ax + w - 56
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
        c.text(mx, ay + h - 24, f"{vp} VP", 24, fill=VP if vp else MUTED, bold=True, anchor="mm")


def draw_player_board(view: NipronView, seat: int, names: Sequence[str] | None) -> Image.Image:
    c = Canvas(W, H, PAPER, ICONS)
    people = seats(view, names)
    s = people[seat]
    p = view.zaibatsu[seat]
    c.d.rectangle((0, 0, W, TITLE_H), fill=TITLE_BAR)
    player_marker(c, s.style, 44, TITLE_H / 2, 50)
    c.fit_text(
        84,
        TITLE_H / 2,
        f"{s.name}'s zaibatsu ({s.style.name.lower()})",
        W - 360,
        34,
        fill=WHITE,
        bold=True,
        anchor="lm",
        min_size=22,
    )
    badge(c, W - 110, TITLE_H / 2, f"{p.vp} VP", 30, VP)
    if view.active == seat and not view.over:
        c.text(W - 200, TITLE_H / 2, "to act", 26, fill=WHITE, bold=True, anchor="rm")
    _budget(c, p, s)
    _workers(c, p)
    _tracks(c, p, s)
    _factories(c, p)
    _transport(c, p, s)
    _contracts(c, p)
    _achievements(c, p)
    return c.image
