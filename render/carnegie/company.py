"""One player's company board: the department grid, the project tabs and the personal supplies."""

from __future__ import annotations

from engine.carnegie import data
from engine.carnegie.reconstructed import GRID_COLS, GRID_ROWS, ROW_VP, TAB_SIDES, TABS
from engine.carnegie.view import CarnegieView, CellView, CompanyView, TabView
from engine.carnegie.words import DEPT_EFFECTS
from engine.core.words import money
from render.carnegie import glyphs
from render.carnegie.glyphs import PROJECT_KEY_BY_ID, REGION_KEYS
from render.carnegie.icons import ICONS
from render.carnegie.initials import region_initials
from render.carnegie.palette import (
    ACTION_CHOICE_INK,
    DEPT_FILL,
    DEPT_INK,
    GOODS,
    MONEY,
    PASSIVE_EDGE,
    PROJECT_INK,
    REGION_FILL,
    REGION_INK,
    SP,
    TITLE_BAR,
    VP_END,
)
from render.common.canvas import Canvas
from render.common.language import say, t, tn
from render.common.palette import (
    HIGHLIGHT,
    INK,
    INK_SOFT,
    PANEL_EDGE,
    PAPER,
    RGB,
    WHITE,
    hex_rgb,
    player_style,
)
from render.common.sprites import disc, marker, paste

W, H = 1600, 1076
TITLE_H = 64
GRID_X0, GRID_Y0 = 64, TITLE_H + 54
CELL_W, CELL_H = 212, 232
TAB_X0 = GRID_X0 + GRID_COLS * CELL_W + 24
TAB_Y0 = TITLE_H + 16
TAB_H = 150
SPACE_W = 76

TYPE_INDEX: dict[str, int] = {code: i for i, code in enumerate(data.ACTION_CODES)}
EMPTY_FILL = hex_rgb("#EFEBE2")
LOBBY_FILL = hex_rgb("#E3E0D8")
COVERED = hex_rgb("#D9D4C9")


def _cell_box(cell: CellView) -> tuple[float, float, float, float]:
    x = GRID_X0 + cell.col * CELL_W
    y = GRID_Y0 + cell.row * CELL_H
    return (x + 4, y + 4, x + CELL_W - 4, y + CELL_H - 4)


def _wrap(c: Canvas, text: str, width: float, size: int, bold: bool) -> list[str]:
    words = text.split()
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}".strip()
        if c.text_width(trial, size, bold) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _lying(c: Canvas, count: int, x0: float, y: float, x1: float, colour: RGB, size: int = 28) -> None:
    """Inactive (lying) employees: icons while they fit, then an icon and a count."""
    if count <= 0:
        return
    fits = int((x1 - x0) // (size + 2))
    if count <= fits:
        for i in range(count):
            c.icon("employee_lying", x0 + size / 2 + i * (size + 2), y, size, colour)
        return
    c.icon("employee_lying", x0 + size / 2, y, size, colour)
    c.fit_text(
        x0 + size + 6,
        y,
        tn("× {n} inactive", "× {n} inactive", count),
        x1 - x0 - size - 6,
        18,
        bold=True,
        anchor="lm",
    )


def _draw_cell(c: Canvas, cell: CellView, colour: RGB) -> None:
    x0, y0, x1, y1 = _cell_box(cell)
    if cell.kind == "empty":
        c.d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=EMPTY_FILL, outline=PANEL_EDGE, width=2)
        c.fit_text((x0 + x1) / 2, y0 + 30, t("empty"), x1 - x0 - 16, 18, fill=INK_SOFT, anchor="mm")
        _lying(c, cell.inactive, x0 + 10, y1 - 26, x1 - 10, colour)
        return
    if cell.kind == "lobby":
        c.d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=LOBBY_FILL, outline=INK, width=3)
        c.fit_text((x0 + x1) / 2, y0 + 30, t("Lobby"), x1 - x0 - 16, 24, bold=True, anchor="mm")
        # Lobby may hold many employees: rows of icons.
        n = cell.inactive
        per_row = 6
        for i in range(min(n, 12)):
            r, k = divmod(i, per_row)
            c.icon("employee_lying", x0 + 24 + k * 31, y0 + 72 + r * 34, 30, colour)
        if n > 12:
            c.fit_text(
                x1 - 10,
                y1 - 18,
                tn("{n} inactive", "{n} inactive", n),
                x1 - x0 - 20,
                18,
                bold=True,
                anchor="rm",
            )
        elif n:
            c.fit_text(
                x1 - 10,
                y1 - 18,
                tn("{n} inactive", "{n} inactive", n),
                x1 - x0 - 20,
                16,
                fill=INK_SOFT,
                anchor="rm",
            )
        return
    type_index = TYPE_INDEX.get(cell.type or "", 0)
    key = glyphs.DEPT_KEYS[type_index]
    passive = cell.department in (
        data.NEW_LOBBY,
        data.PROPERTY_MANAGEMENT,
        data.COMMUNICATIONS,
        data.TELEGRAPH,
    )
    c.d.rounded_rectangle(
        (x0, y0, x1, y1),
        radius=10,
        fill=DEPT_FILL[key],
        outline=PASSIVE_EDGE if passive else DEPT_INK[key],
        width=5 if passive else 3,
    )
    glyphs.dept_icon(c, type_index, x0 + 22, y0 + 22, 28)
    tag = f"#{cell.department}" if cell.built else t("start")
    c.fit_text(x0 + 42, y0 + 22, tag, x1 - x0 - 90, 16, fill=DEPT_INK[key], bold=True, anchor="lm")
    if cell.built and cell.vp:
        glyphs.vp(c, x1 - 22, y0 + 22, cell.vp, 32, VP_END)
    lines = _wrap(c, say(cell.name or ""), x1 - x0 - 16, 19, True)[:2]
    for i, line in enumerate(lines):
        c.fit_text(x0 + 8, y0 + 52 + i * 23, line, x1 - x0 - 16, 19, bold=True, anchor="lm")
    # What the department does, under its name: three lines at most under a one-line name (longer
    # languages need the third), two under a two-line one (the workplaces start below).
    effect = say(DEPT_EFFECTS.get(cell.department or 0, ""))
    wrapped = _wrap(c, effect, x1 - x0 - 16, 14, False)
    shown = wrapped[: 3 if len(lines) == 1 else 2]
    if len(wrapped) > len(shown):  # cut: say so
        shown[-1] = shown[-1].rstrip(" ,;") + "…"
    for i, line in enumerate(shown):
        ly = y0 + 52 + len(lines) * 23 + i * 17
        c.fit_text(x0 + 8, ly, line, x1 - x0 - 16, 14, fill=INK_SOFT, anchor="lm")
    kind = t("passive") if passive else ""
    tile = next((d for d in data.TILES if d.id == cell.department), None)
    if tile is not None and tile.kind == "mission":
        kind = t("mission")
    if kind:
        # On the top row, left of the VP badge: the effect lines below keep their whole width.
        right = x1 - 44 if cell.built and cell.vp else x1 - 8
        left = x0 + 42 + c.text_width(tag, 16, True) + 8
        c.fit_text(
            right,
            y0 + 22,
            kind,
            right - left,
            14,
            fill=PASSIVE_EDGE if passive else INK_SOFT,
            anchor="rm",
            min_size=9,
        )
    # Workplaces with their activation cost; standing employees in the player's colour.
    n = len(cell.workplaces)
    wy = y0 + 150
    pitch = 58
    start = (x0 + x1) / 2 - pitch * (n - 1) / 2
    for w, wp in enumerate(cell.workplaces):
        wx = start + w * pitch
        paste(c.image, disc(48, WHITE, INK, 0.06), wx, wy)
        if wp.permanent:
            c.icon("employee", wx, wy, 34, INK)
            c.fit_text(
                wx, wy + 31, t("fixed"), pitch - 2, 14, fill=INK_SOFT, bold=True, anchor="mm", min_size=9
            )
            continue
        if wp.active:
            c.icon("employee", wx, wy, 34, colour)
            if wp.used:
                c.text(wx + 22, wy - 20, "✓", 26, fill=HIGHLIGHT, bold=True, anchor="mm", stroke=WHITE)
        c.fit_text(
            wx,
            wy + 31,
            t("free") if wp.cost == 0 else say(money(wp.cost, "$")),
            pitch - 2,
            17,
            fill=MONEY if wp.cost else INK_SOFT,
            bold=True,
            anchor="mm",
            min_size=9,
        )
    if n == 0:
        c.fit_text((x0 + x1) / 2, wy, t("no workplace"), x1 - x0 - 16, 16, fill=INK_SOFT, anchor="mm")
    _lying(c, cell.inactive, x0 + 10, y1 - 15, x1 - 10, colour)


def _income_width(c: Canvas, alternatives: tuple[data.Gain, ...], size: int) -> float:
    total = sum(glyphs.gain_width(c, g, size) for g in alternatives)
    return total + (len(alternatives) - 1) * c.text_width(" / ", size)


def _draw_income(c: Canvas, alternatives: tuple[data.Gain, ...], cx: float, cy: float, size: int) -> None:
    x = cx - _income_width(c, alternatives, size) / 2
    for i, g in enumerate(alternatives):
        if i:
            c.text(x, cy, " / ", size, fill=INK_SOFT, anchor="lm")
            x += c.text_width(" / ", size)
        x = glyphs.draw_gain(c, g, x, cy, size)


def _draw_tab(c: Canvas, index: int, tab: TabView, seat: int) -> None:
    y0 = TAB_Y0 + index * (TAB_H + 10)
    x0, x1 = TAB_X0, W - 16
    key = PROJECT_KEY_BY_ID[index]
    c.d.rounded_rectangle((x0, y0, x1, y0 + TAB_H), radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
    c.icon(key, x0 + 22, y0 + 22, 28, PROJECT_INK[key])
    # Right of the title: build cost in goods, projects ready to build, end VP so far; the title
    # and the summary share what the cost leaves (a longer word is drawn smaller).
    cost = t("{n} per build", n=tab.build_goods)
    c.text(x1 - 12, y0 + 22, cost, 16, anchor="rm")
    gx = x1 - 12 - c.text_width(cost, 16) - 14
    c.icon("goods", gx, y0 + 22, 22, GOODS)
    summary = t("ready {ready} · end VP {vp}", ready=tab.ready, vp=tab.end_vp)
    title = t("{project} ({side})", project=say(tab.name), side=tab.side)
    room = gx - 22 - x0 - 42 - 16
    title_w = min(c.text_width(title, 19, True), room * 0.5)
    if c.text_width(summary, 17, True) < room - c.text_width(title, 19, True):
        title_w = c.text_width(title, 19, True)
    c.fit_text(x0 + 42, y0 + 22, title, title_w, 19, bold=True, anchor="lm", min_size=11)
    c.fit_text(
        gx - 22, y0 + 22, summary, room - title_w, 17, fill=VP_END, bold=True, anchor="rm", min_size=10
    )
    side = TAB_SIDES.index(tab.side)
    printed = TABS[index][side]
    sy = y0 + 48
    for i, sp in enumerate(tab.spaces):
        sx0 = x0 + 10 + i * (SPACE_W + 4)
        sx1 = sx0 + SPACE_W
        box = (sx0, sy, sx1, y0 + TAB_H - 8)
        if sp.exposed:
            c.d.rounded_rectangle(box, radius=8, fill=hex_rgb("#FBF8F0"), outline=INK, width=2)
        else:
            c.d.rounded_rectangle(box, radius=8, fill=COVERED, outline=PANEL_EDGE, width=1)
            c.icon("sp", sx0 + 16, sy + 14, 18, SP)
            c.text(sx0 + 27, sy + 14, str(sp.cost), 16, bold=True, anchor="lm")
        cx = (sx0 + sx1) / 2
        if sp.kind == "P":
            spot_y = sy + 36
            paste(c.image, disc(34, WHITE, INK_SOFT, 0.06), cx, spot_y)
            if sp.disc:
                s = player_style(seat)
                paste(c.image, marker(s.shape, s.colour, 34), cx, spot_y)
            elif sp.emptied:
                c.text(cx, spot_y, "✓", 22, fill=MONEY, bold=True, anchor="mm")
            alternatives = printed[i].income
            if alternatives:
                size = 19 if len(alternatives) == 1 else 15
                while size > 10 and _income_width(c, alternatives, size) > SPACE_W - 8:
                    size -= 1
                _draw_income(c, alternatives, cx, y0 + TAB_H - 26, size)
            if sp.emptied:
                # An emptied project space pays its income at every Take Income (R5.3.3).
                c.d.rounded_rectangle(
                    (sx0 + 3, y0 + TAB_H - 40, sx1 - 3, y0 + TAB_H - 12), radius=6, outline=MONEY, width=3
                )
        elif sp.kind == "V":
            glyphs.vp(c, cx, sy + 44, sp.vp, 42, VP_END)
        else:
            c.fit_text(cx, sy + 40, t("start"), SPACE_W - 6, 14, fill=INK_SOFT, anchor="mm", min_size=9)
        if sp.raises_cap:
            c.fit_text(
                cx,
                y0 + TAB_H - 20,
                t("cap +{n}", n=3),
                SPACE_W - 6,
                14,
                fill=HIGHLIGHT,
                bold=True,
                anchor="mm",
                min_size=9,
            )


def _draw_supplies(c: Canvas, comp: CompanyView, colour: RGB) -> None:
    x0 = TAB_X0
    y0 = TAB_Y0 + 4 * (TAB_H + 10)
    x1, y1 = W - 16, H - 16
    c.panel(x0, y0, x1, y1)
    row1 = y0 + 34
    x: float = x0 + 16
    glyphs.vp(c, x + 20, row1, "", 44, VP_END)
    c.text(x + 20, row1 + 2, str(comp.vp), 20, fill=WHITE, bold=True, anchor="mm")
    x += 50
    cash = say(money(comp.money, "$"))
    c.text(x, row1, cash, 28, fill=MONEY, bold=True, anchor="lm")
    x += c.text_width(cash, 28, True) + 24
    x = c.icon_value("goods", str(comp.goods), x, row1, 30, GOODS, text_size=26) + 24
    x = (
        c.icon_value(
            "employee", t("{n} in supply", n=comp.employee_supply), x, row1, 28, colour, text_size=20
        )
        + 20
    )
    s = player_style(comp.seat)
    paste(c.image, marker(s.shape, s.colour, 26), x + 13, row1)
    c.text(x + 32, row1, tn("{n} disc", "{n} discs", comp.disc_supply), 20, bold=True, anchor="lm")
    row2 = y0 + 86
    # The region boxes move right for a longer word (there is room for 150 px of it).
    missions, size = t("Missions:"), 19
    while size > 13 and c.text_width(missions, size, True) > 150:
        size -= 1
    c.text(x0 + 16, row2, missions, size, bold=True, anchor="lm")
    width = c.text_width(missions, size, True)
    x = x0 + (116 if width <= 102 else 26 + width)
    for region in range(4):
        k = REGION_KEYS[region]
        c.d.rounded_rectangle(
            (x, row2 - 18, x + 92, row2 + 18), radius=8, fill=REGION_FILL[k], outline=REGION_INK[k], width=2
        )
        c.text(
            x + 8,
            row2,
            region_initials(region),
            17,
            fill=REGION_INK[k],
            bold=True,
            anchor="lm",
        )
        c.icon("employee", x + 54, row2, 22, colour)
        c.text(x + 68, row2, str(comp.missions[region]), 20, bold=True, anchor="lm")
        x += 100
    row3 = y0 + 136
    donation = t(
        "Donations: {made} · next ${cost} · cap {cap} VP",
        made=comp.donations_made,
        cost=comp.next_donation_cost,
        cap=comp.donation_cap,
    )
    c.fit_text(x0 + 16, row3, donation, x1 - x0 - 250, 18, anchor="lm")
    if comp.action_choice:
        c.icon("action_choice", x1 - 200, row3, 28, ACTION_CHOICE_INK)
        c.fit_text(x1 - 182, row3, t("Action Choice"), 170, 17, bold=True, anchor="lm", min_size=11)
    if comp.reserved:
        name = say(data.DEPT_NAMES.get(comp.reserved, str(comp.reserved)))
        c.fit_text(
            x0 + 16,
            row3 + 34,
            t("Reserved tile: #{number} {name}", number=comp.reserved, name=name),
            x1 - x0 - 32,
            18,
            anchor="lm",
        )
    c.fit_text(
        x0 + 16, y1 - 74, t("Active employees: {n}", n=comp.active_employees), x1 - x0 - 32, 18, anchor="lm"
    )
    # Legend of the marks used on this board.
    ly = y1 - 38
    c.text(x0 + 16, ly, "✓", 22, fill=HIGHLIGHT, bold=True, anchor="lm")
    # Each legend entry has the room up to the next one.
    c.fit_text(x0 + 36, ly, t("used this turn"), 128, 15, fill=INK_SOFT, anchor="lm", min_size=9)
    lx = x0 + 170
    c.d.rounded_rectangle((lx, ly - 11, lx + 30, ly + 11), radius=5, outline=MONEY, width=3)
    c.fit_text(lx + 38, ly, t("income at Take Income"), 186, 15, fill=INK_SOFT, anchor="lm", min_size=9)
    lx += 230
    c.icon("sp", lx + 9, ly, 18, SP)
    c.fit_text(lx + 22, ly, t("SP to push"), x1 - lx - 38, 15, fill=INK_SOFT, anchor="lm", min_size=9)


def draw_company(view: CarnegieView, seat: int, name: str) -> Canvas:
    comp = view.companies[seat]
    style = player_style(seat)
    c = Canvas(W, H, PAPER, ICONS)
    c.d.rectangle((0, 0, W, TITLE_H), fill=TITLE_BAR)
    paste(c.image, marker(style.shape, style.colour, 40, WHITE), 34, TITLE_H / 2)
    title = t("{name} — company board", name=name)
    c.fit_text(64, TITLE_H / 2, title, W - 480, 30, fill=WHITE, bold=True, anchor="lm", ellipsis=True)
    status = t("Carnegie · round {round}/{rounds}", round=min(view.round, view.rounds), rounds=view.rounds)
    if view.first_player == seat:
        c.icon("locomotive", W - 380, TITLE_H / 2, 36, WHITE)
    c.text(W - 20, TITLE_H / 2, status, 24, fill=WHITE, anchor="rm")
    # Grid with the row VP printed on the left (R4.1.3).
    c.text(GRID_X0, GRID_Y0 - 24, t("Company"), 24, bold=True, anchor="lm")
    for r in range(GRID_ROWS):
        cy = GRID_Y0 + r * CELL_H + CELL_H / 2
        glyphs.vp(c, GRID_X0 - 30, cy, ROW_VP[r], 40, VP_END)
    for cell in comp.cells:
        _draw_cell(c, cell, style.colour)
    for index, tab in enumerate(comp.tabs):
        _draw_tab(c, index, tab, seat)
    _draw_supplies(c, comp, style.colour)
    return c
