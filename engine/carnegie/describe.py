"""Button labels (≤ 80 characters) for Carnegie actions, with their costs and effects."""

from __future__ import annotations

from engine.carnegie import data, solo, words
from engine.carnegie.actions import Action, parse_cell, parse_city, parse_dept, parse_donation, parse_index
from engine.carnegie.reconstructed import TAB_SIDES, TABS
from engine.carnegie.rules import (
    cheapest_free,
    context,
    event_of,
    gain_words,
    place_cost,
    transport_income,
)
from engine.carnegie.rules.common import free_slot, slot_words
from engine.carnegie.state import (
    CarnegieState,
    active_employees,
    donation_cost,
    emptied_income_spaces,
    track_cost,
    workplace_costs,
)
from engine.core import EngineError


def _cell_name(state: CarnegieState, seat: int, text: str) -> str:
    cell, standing = parse_cell(text)
    where = words.space(state.companies[seat].cells, cell)
    if where.startswith("the "):
        where = where[4:]
    return ("standing employee in " if standing else "") + where


def _fit(*labels: str) -> str:
    """The first label that fits a button (80 characters), else the last one."""
    return next((text for text in labels if len(text) <= 80), labels[-1])


def describe(state: CarnegieState, seat: int, a: Action) -> str:
    try:
        text = _describe(state, seat, a)
    except (EngineError, IndexError, ValueError):
        text = " ".join((a.verb, *a.args))
    return text if len(text) <= 80 else text[:79] + "…"


def _side(t: int, side: int) -> list[str]:
    """A project tab side in words, from the long to the short form (the first decision of the game): study
    points per push, the incomes of the projects it reveals, its best VP, and the donation cap raise."""
    spaces = TABS[t][side]
    pushes = [x.cost for x in spaces[1:]]
    cost = (
        words.count(pushes[0], "study point")
        if min(pushes) == max(pushes)
        else (f"{min(pushes)}–{max(pushes)} study points")
    )
    incomes = ", ".join(
        words.alternatives(x.income).replace("new employee", "employee") for x in spaces[1:] if x.income
    )
    vp = max(x.vp for x in spaces)
    head = f"{data.PROJECT_TYPES[t]} side {TAB_SIDES[side]}"
    cap = spaces[-1].raises_cap
    return [
        f"{head}: {cost} per push, incomes {incomes}, up to {vp} VP"
        + (", donation cap +3 at the end" if cap else ""),
        f"{head}: {cost} per push, incomes {incomes}, {vp} VP" + (", donation cap +3" if cap else ""),
        f"{head}: {cost}/push, incomes {incomes}, {vp} VP" + (", cap +3" if cap else ""),
        f"{head}: {cost}/push, {incomes}, {vp} VP" + (", cap +3" if cap else ""),
        f"{head}: {cost} per push, up to {vp} VP" + (", donation cap +3" if cap else ""),
        f"{head}: {cost}/push, {vp} VP" + (", donation cap +3" if cap else ""),
    ]


def _describe(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    v, args = a.verb, a.args
    if v == "done":
        return {
            "spend": "Stop spending study points (the rest are lost)",
            "relocate": "Do not move an employee into the new department",
            "donate": "No donation this time",
            "departments": "End your turn",
            "setup_moves": "Done moving employees",
            "activate": "Done activating",
            "setup_activate": "Done activating",
        }.get(context(state), "Done")
    if v == "side":
        t = parse_index(args[0], data.PROJECT_CODES, "type")
        return _fit(*_side(t, TAB_SIDES.index(args[1].upper())))
    if v == "house":
        city = data.CITIES[parse_city(args[0])]
        return f"Place your Housing project in {city.name} ({city.size} city, {city.vp} VP at the end)"
    if v == "reserve":
        tile = int(args[0])
        return _fit(f"Reserve {words.department(tile)}", f"Reserve {data.DEPT_NAMES[tile]}")
    if v == "move":
        cells = args[0].split(">")
        to = _cell_name(state, seat, cells[-1])
        # A journey of several moves says how many it spends (R6.1.2, R6.1.4) where the button has room.
        spent = f" ({len(cells) - 1} moves)" if len(cells) > 2 else ""
        cell, standing = parse_cell(cells[0])
        if len(args) > 1:  # R6.1.3: the workplace the standing employee leaves (prices differ)
            dept = data.DEPT_NAMES[c.cells[cell]]
            return _fit(
                f"Move from {dept} (free the {args[1]} workplace) → {to}{spent}",
                f"From {dept} (free the {args[1]} workplace) → {to}{spent}",
                f"From {dept} (free {args[1]} workplace) → {to}{spent}",
                f"{dept}, free {args[1]} → {to}{spent}",
                f"{dept}, free {args[1]} → {to}",
                f"{dept}, free {args[1]} → {to.replace('empty space', 'space')}",
            )
        if standing:
            dept = data.DEPT_NAMES[c.cells[cell]]
            return _fit(
                f"Move a standing employee: {dept} → {to}{spent}",
                f"Standing employee: {dept} → {to}{spent}",
                f"{dept} (standing) → {to}{spent}",
                f"{dept} (standing) → {to}",
                f"{dept} (standing) → {to.replace('empty space', 'space')}",
            )
        fro = _cell_name(state, seat, cells[0])
        return _fit(
            f"Move an employee: {fro} → {to}{spent}",
            f"Move: {fro} → {to}{spent}",
            f"{fro} → {to}{spent}",
            f"{fro} → {to}",
            f"{fro} → {to}".replace("empty space", "space"),
        )
    if v == "activate":
        cell, _ = parse_cell(args[0])
        cost = workplace_costs(c.cells[cell])[cheapest_free(c, cell)]
        return f"Activate an employee in {data.DEPT_NAMES[c.cells[cell]]} (${cost})"
    if v == "row":
        row = parse_index(args[0], data.ACTION_CODES, "row")
        hint = ""
        andrew = state.andrew
        if andrew is not None and andrew.current and solo.back(andrew.current) == data.ACTION_CODES[row]:
            hint = " (Andrew's card back: his best action)"  # R10.2.1
        event = _row_event(state, row)
        return _fit(
            f"Choose {data.ACTION_TYPES[row]}{hint}; event: {event}",
            f"Choose {data.ACTION_TYPES[row]}{hint}",
        )
    if v == "income":
        k = int(args[0])
        if k == 0:
            return "Bring nobody back (no income)"
        region, _ = event_of(state)
        g = transport_income(state, seat, region)
        project = _project_income(state, seat)
        return _fit(
            f"Bring back {words.count(k, 'employee')}: +{' + '.join(gain_words(g, k))}, project income "
            f"{project}",
            f"Bring back {words.count(k, 'employee')}: +{' + '.join(gain_words(g, k))} + project income",
        )
    if v == "donate":
        cell = parse_donation(args[0])
        return _fit(
            f"Donate ${donation_cost(c)} to {words.donation(cell)}",
            f"${donation_cost(c)} to {words.donation(cell)}",
        )
    if v == "choose":
        t = parse_index(args[0], data.ACTION_CODES, "type")
        return _fit(
            f"Use your Action Choice tile: a {data.ACTION_TYPES[t]} turn (the tile's 3 VP are lost)",
            f"Action Choice tile: a {data.ACTION_TYPES[t]} turn (its 3 VP are lost)",
        )
    if v == "mission":
        r = parse_index(args[0], data.REGION_CODES, "region")
        back = " + ".join(gain_words(transport_income(state, seat, r)))
        return f"Send the employee to the {data.REGIONS[r]} (it brings {back} when it comes back)"
    if v == "place":
        cell, _ = parse_cell(args[0])
        cost = place_cost(c, cell, state.tasks[0].a)
        where = words.space(c.cells, cell)
        return _fit(
            f"Build it on {where} ({words.count(cost, 'good')}, {words.row_vp(cell)} VP at the end)",
            f"On {where} ({words.count(cost, 'good')}, {words.row_vp(cell)} VP)",
            f"On {where}",
        )
    if v == "relocate":
        if len(args) > 1:  # §7.8: the workplace the standing employee leaves (prices differ)
            dept = data.DEPT_NAMES[c.cells[parse_cell(args[0])[0]]]
            return _fit(
                f"Move an employee from {dept} into the new department (free the {args[1]} workplace)",
                f"Move into the new department from {dept} (free the {args[1]} workplace)",
                f"Into the new department: from {dept}, free the {args[1]} workplace",
            )
        return _fit(
            f"Move an employee from {_cell_name(state, seat, args[0])} into the new department",
            f"From {_cell_name(state, seat, args[0])} into the new department",
        )
    if v == "slot":  # R6.3.1 step 4, §3 step 10
        slot = data.CITY_SLOTS[data.SLOT_CITY[state.tasks[0].a]][int(args[0]) - 1]
        return f"Take the {slot_words(slot)}"
    if v == "track":
        r = parse_index(args[0], data.REGION_CODES, "region")
        step = c.tracks[r] + 1
        space = data.TRACKS[r][step - 1]
        price = words.count(track_cost(c, r), "study point")
        gives = f"income {' + '.join(gain_words(space.income))} per employee"
        if step == data.TRACK_LAST:
            gives += f", bonus {' + '.join(gain_words(space.bonus))}"
        level = data.LEVELS[space.level]
        return _fit(
            f"{data.REGIONS[r]} track to space {step} ({price}): {level}, {gives}",
            f"{data.REGIONS[r]} track to space {step} ({price}): {gives}",
            f"{data.REGIONS[r]} track to space {step} ({price})",
        )
    if v == "push":
        t = parse_index(args[0], data.PROJECT_CODES, "project type")
        nxt = TABS[t][c.tab_side[t]][c.tab_pos[t] + 1]
        if nxt.kind == "P":
            what = f"a new project, income {words.alternatives(nxt.income)}"
        else:
            what = f"the tab scores {nxt.vp} VP"
        cap = ", donation cap +3" if nxt.raises_cap else ""
        price = words.count(nxt.cost, "study point")
        return _fit(
            f"Push the {data.PROJECT_TYPES[t]} tab ({price}): {what}{cap}",
            f"Push {data.PROJECT_TYPES[t]} ({price}): {what}{cap}",
            f"Push {data.PROJECT_TYPES[t]} ({price}): {what.replace('the tab scores ', '')}{cap}",
        )
    if v == "pick":
        task = state.tasks[0]
        g = TABS[task.a][c.tab_side[task.a]][task.b].income[int(args[0])]
        return f"Take {' + '.join(gain_words(g))}"
    if v == "lobby":
        j = int(args[0])
        return f"Put {words.count(j, 'employee')} in the New Lobby, the rest in the Lobby"
    if v == "convert":
        k = int(args[0])
        return f"Return {words.count(k, 'good')} for ${k}"
    if v == "use":
        return _describe_use(state, seat, a)
    return " ".join((v, *args))


def _row_event(state: CarnegieState, row: int) -> str:
    """The event a row's choice triggers (R5.2.2–R5.2.3: a finished row uses the next row below)."""
    f = row
    while state.markers[f] >= 5:
        f = (f + 1) % 4
    space = state.markers[f] + 1
    if space == 5:
        return f"Take Income in the {data.REGIONS[data.END_TILE[f]]} and Make a Donation"
    tile, side = state.timeline[f]
    ev = data.TIMELINE_TILES[tile - 1][side][space - 1]
    return "Make a Donation" if ev == data.DONATION else f"Take Income in the {data.REGIONS[ev]}"


def _project_income(state: CarnegieState, seat: int) -> str:
    """The project income received once when at least one employee comes back (R5.3.3)."""
    c = state.companies[seat]
    fixed = data.Gain()
    choices = 0
    for t, i in emptied_income_spaces(c):
        alts = TABS[t][c.tab_side[t]][i].income
        if len(alts) == 1:
            g = alts[0]
            fixed = data.Gain(
                money=fixed.money + g.money,
                goods=fixed.goods + g.goods,
                vp=fixed.vp + g.vp,
                sp=fixed.sp + g.sp,
                employees=fixed.employees + g.employees,
            )
        elif alts:
            choices += 1
    parts = gain_words(fixed)
    if choices:
        parts.append(words.count(choices, "choice"))
    return "+" + " + ".join(parts) if parts else "none"


_SHORT_DEPT = {9: "Engineering: build", 10: "Outsourcing: build"}


def _describe_use(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    dept = parse_dept(a.args[0])
    args = a.args[1:]
    if dept == data.D_TF:
        return {
            "$3": "Trade and Finance: +$3",
            "good": "Trade and Finance: +1 good",
            "$6": "Trade and Finance: send the employee on a mission, +$6",
            "2g": "Trade and Finance: send the employee on a mission, +2 goods",
        }[args[0]]
    if dept == data.D_SP:
        tile = int(args[0])
        costs = sorted({place_cost(c, i, tile) for i, x in enumerate(c.cells) if x == 0})
        cost = "–".join(str(x) for x in costs[:: max(1, len(costs) - 1)])
        goods = f"{cost} good" + ("" if cost == "1" else "s")
        return _fit(
            f"Strategic Planning: build {words.department(tile)}, {goods}",
            f"Build {words.department(tile)}, {goods}",
            f"Strategic Planning: build {data.DEPT_NAMES[tile]} ({goods})",
        )
    if dept in (data.D_CON, 9, 10):
        t = parse_index(args[0], data.PROJECT_CODES, "project type")
        where = parse_city(args[1])
        city = data.CITIES[where]
        cost = words.count(data.BUILD_GOODS[t], "good") + (" + $3" if dept == 10 else "")
        income = " + ".join(gain_words(transport_income(state, seat, city.region)))
        gives = []
        if city.marker:
            gives.append(f"+{income} now")
        if city.vp:
            gives.append(f"{city.vp} VP at the end")
        extra = "".join(f", {x}" for x in gives)
        head = f"{_SHORT_DEPT.get(dept, 'Build')} {data.PROJECT_TYPES[t]} in {city.name}"
        # The free slot the disc takes (R6.3.1 step 4) when it is not of the project's type: a slot
        # that takes any type; and what the mission brings back (the region's transport income).
        slot = free_slot(state, where, t)
        town = "small-town slot, " if slot >= 0 and data.SLOT_TYPE[slot] == "T" else ""
        if dept == 10:  # Outsourcing sends nobody (§7.10)
            return _fit(f"{head} ({town}{cost}{extra})", f"{head} ({cost}{extra})")
        region = data.REGIONS[city.region]
        return _fit(
            f"{head} ({town}{cost}{extra}, mission to the {region} brings {income})",
            f"{head} ({town}{cost}{extra}, mission brings {income})",
            f"{head} ({cost}{extra}, mission brings {income})",
            f"{head} ({cost}{extra})",
        )
    if dept == 6:
        k = int(args[0])
        return f"Sales: sell {words.count(k, 'good')} for ${6 * k}"
    if dept == 7:
        k = int(args[0])
        return f"Logistics: ship {words.count(k, 'good')} for ${3 * k} and {k} VP"
    if dept == 11:
        k = int(args[0])
        return f"Supply Chain: buy {words.count(k, 'good')} for ${k}"
    if dept == 1:
        return f"Training and Partnerships: mission, {'+$8' if args[0] == '$8' else '+8 moves'}"
    if dept == 2:
        return "Recruiting: mission, +1 new employee" if args[0] == "hire" else "Recruiting: +4 moves"
    if dept == 3:
        vp = active_employees(c) // 2  # §7.3: ceil(half) of those left after the sending = floor(half) now
        return f"Safety and Quality: mission, +{vp} VP (half your active employees)"
    if dept == 5:
        return f"Purchasing: mission, {'+$8' if args[0] == '$8' else '+3 goods'}"
    if dept == 13:
        return "Advanced Research: mission, +7 study points"
    if dept == 15:
        cell = parse_donation(args[0])
        return _fit(
            f"Charitable Giving: mission, ${donation_cost(c)} to {words.donation(cell)}",
            f"Mission, ${donation_cost(c)} to {words.donation(cell)}",
        )
    return " ".join((a.verb, *a.args))
