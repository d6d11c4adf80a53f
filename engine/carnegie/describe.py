"""Button labels (≤ 80 characters) for Carnegie actions, with their costs and effects."""

from __future__ import annotations

from engine.carnegie import data, solo
from engine.carnegie.actions import Action, parse_cell, parse_city, parse_dept, parse_donation, parse_index
from engine.carnegie.reconstructed import TABS
from engine.carnegie.rules import (
    cheapest_free,
    context,
    event_of,
    gain_words,
    place_cost,
    transport_income,
)
from engine.carnegie.rules.common import slot_words
from engine.carnegie.state import CarnegieState, donation_cost, track_cost, workplace_costs
from engine.core import EngineError

REGION_WORD = {code: name for code, name in zip(data.REGION_CODES, data.REGIONS, strict=True)}


def _cell_name(state: CarnegieState, seat: int, text: str) -> str:
    cell, standing = parse_cell(text)
    content = state.companies[seat].cells[cell]
    where = data.DEPT_NAMES[content] if content > 0 else ("Lobby" if content < 0 else f"empty cell {text}")
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


def _describe(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    v, args = a.verb, a.args
    if v == "done":
        return {
            "spend": "Stop spending study points (the rest are lost)",
            "relocate": "Do not move an employee into the new department",
            "donate": "No donation this time",
            "departments": "End your turn",
            "setup_moves": "Finish setup moves",
        }.get(context(state), "Done")
    if v == "side":
        t = parse_index(args[0], data.PROJECT_CODES, "type")
        side = TABS[t][0 if args[1].upper() == "A" else 1]
        cap = " (raises donation cap)" if side[-1].raises_cap else ""
        return f"{data.PROJECT_TYPES[t]} tab side {args[1].upper()}: max {max(s.vp for s in side)} VP{cap}"
    if v == "house":
        return f"Place your Housing project in {data.CITIES[parse_city(args[0])].name}"
    if v == "reserve":
        return f"Reserve {data.DEPT_NAMES[int(args[0])]} (#{args[0]})"
    if v == "move":
        src, dst = args[0].split(">")
        if len(args) > 1:  # R6.1.3: the workplace the standing employee leaves (prices differ)
            dept = data.DEPT_NAMES[c.cells[parse_cell(src)[0]]]
            to = _cell_name(state, seat, dst)
            return _fit(
                f"Move from {dept} (free the {args[1]} workplace) → {to}",
                f"From {dept} (free the {args[1]} workplace) → {to}",
                f"From {dept} (free {args[1]} workplace) → {to}",
            )
        return f"Move an employee: {_cell_name(state, seat, src)} → {_cell_name(state, seat, dst)}"
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
        return f"Choose {data.ACTION_TYPES[row]}{hint}"
    if v == "income":
        k = int(args[0])
        if k == 0:
            return "Bring nobody back (no income)"
        region, _ = event_of(state)
        g = transport_income(state, seat, region)
        return f"Bring back {k} employee(s): +{' + '.join(gain_words(g, k))} + project income"
    if v == "donate":
        cell = parse_donation(args[0])
        return f"Donate ${donation_cost(c)}: {args[0].upper()} ({data.DONATION_CELLS[cell][3]})"
    if v == "choose":
        t = parse_index(args[0], data.ACTION_CODES, "type")
        return f"Use your Action Choice tile: {data.ACTION_TYPES[t]}"
    if v == "mission":
        return f"Send the employee to the {REGION_WORD[args[0].upper()]}"
    if v == "place":
        cell, _ = parse_cell(args[0])
        return f"Build on cell {args[0]} ({place_cost(c, cell, state.tasks[0].a)} goods)"
    if v == "relocate":
        if len(args) > 1:  # §7.8: the workplace the standing employee leaves (prices differ)
            dept = data.DEPT_NAMES[c.cells[parse_cell(args[0])[0]]]
            return _fit(
                f"Move an employee from {dept} into the new department (free the {args[1]} workplace)",
                f"Move into the new department from {dept} (free the {args[1]} workplace)",
                f"Into the new department: from {dept}, free the {args[1]} workplace",
            )
        return f"Move an employee from {_cell_name(state, seat, args[0])} into the new department"
    if v == "slot":  # R6.3.1 step 4, §3 step 10
        slot = data.CITY_SLOTS[data.SLOT_CITY[state.tasks[0].a]][int(args[0]) - 1]
        return f"Take the {slot_words(slot)}"
    if v == "track":
        r = parse_index(args[0], data.REGION_CODES, "region")
        return f"Advance on the {data.REGIONS[r]} track to space {c.tracks[r] + 1} ({track_cost(c, r)} SP)"
    if v == "push":
        t = parse_index(args[0], data.PROJECT_CODES, "type")
        nxt = TABS[t][c.tab_side[t]][c.tab_pos[t] + 1]
        what = "a new project" if nxt.kind == "P" else f"{nxt.vp} VP"
        return f"Push the {data.PROJECT_TYPES[t]} tab ({nxt.cost} SP): {what}"
    if v == "pick":
        task = state.tasks[0]
        g = TABS[task.a][c.tab_side[task.a]][task.b].income[int(args[0])]
        return f"Take {' + '.join(gain_words(g))}"
    if v == "lobby":
        return f"Put {args[0]} employee(s) in the New Lobby, the rest in the Lobby"
    if v == "convert":
        return f"Return {args[0]} goods for ${args[0]}"
    if v == "use":
        return _describe_use(state, seat, a)
    return " ".join((v, *args))


def _describe_use(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    dept = parse_dept(a.args[0])
    args = a.args[1:]
    if dept == data.D_TF:
        return {
            "$3": "Trade and Finance: +$3",
            "good": "Trade and Finance: +1 good",
            "$6": "Trade and Finance: mission, +$6",
            "2g": "Trade and Finance: mission, +2 goods",
        }[args[0]]
    if dept == data.D_SP:
        tile = int(args[0])
        costs = sorted({place_cost(c, i, tile) for i, x in enumerate(c.cells) if x == 0})
        cost = "-".join(str(x) for x in costs[:: max(1, len(costs) - 1)])
        return f"Strategic Planning: build {data.DEPT_NAMES[tile]} ({cost} goods)"
    if dept in (data.D_CON, 9, 10):
        t = parse_index(args[0], data.PROJECT_CODES, "type")
        city = data.CITIES[parse_city(args[1])]
        cost = f"{data.BUILD_GOODS[t]} goods" + (" + $3" if dept == 10 else "")
        extra = ""
        if city.marker:
            extra = ", +" + " + ".join(gain_words(transport_income(state, seat, city.region)))
        return f"Build {data.PROJECT_TYPES[t]} in {city.name} ({cost}{extra})"
    if dept == 6:
        return f"Sales: sell {args[0]} goods for ${6 * int(args[0])}"
    if dept == 7:
        return f"Logistics: {args[0]} goods for ${3 * int(args[0])} and {args[0]} VP"
    if dept == 11:
        return f"Supply Chain: buy {args[0]} goods for ${args[0]}"
    if dept == 1:
        return f"Training and Partnerships: mission, {'+$8' if args[0] == '$8' else '+8 moves'}"
    if dept == 2:
        return "Recruiting: mission, +1 new employee" if args[0] == "hire" else "Recruiting: +4 moves"
    if dept == 3:
        return "Safety and Quality: mission, VP for half your active employees"
    if dept == 5:
        return f"Purchasing: mission, {'+$8' if args[0] == '$8' else '+3 goods'}"
    if dept == 13:
        return "Advanced Research: mission, +7 SP"
    if dept == 15:
        return f"Charitable Giving: mission, donate ${donation_cost(c)} on {args[0].upper()}"
    return " ".join((a.verb, *a.args))
