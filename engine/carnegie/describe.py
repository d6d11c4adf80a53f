"""Button labels (≤ 80 characters) for Carnegie actions, with their costs and effects."""

from __future__ import annotations

from collections.abc import Callable

from engine.carnegie import data, solo, words
from engine.carnegie.actions import Action, parse_cell, parse_city, parse_donation, parse_index
from engine.carnegie.describe_use import describe_use, fit_label
from engine.carnegie.reconstructed import TAB_SIDES, TABS
from engine.carnegie.rules import (
    cheapest_free,
    context,
    event_of,
    gain_words,
    place_cost,
    transport_income,
)
from engine.carnegie.rules.common import parse_price, slot_words, space_event
from engine.carnegie.state import (
    CarnegieState,
    donation_cost,
    emptied_income_spaces,
    track_cost,
    workplace_costs,
)
from engine.core import MAX_LABEL, EngineError
from engine.core.words import Msg, fit, join, money, msg, plural


def _cell_name(state: CarnegieState, seat: int, text: str, brief: bool = False) -> str:
    cell, standing = parse_cell(text)
    where = words.bare_space(state.companies[seat].cells, cell, brief)
    return msg("standing employee in {where}", where=where) if standing else where


def _spent(label: str, moves: int) -> str:
    """A journey says how many moves it spends (R6.1.2, R6.1.4), "(1 move)" too: a panel where some
    targets show a cost and others none reads as if those were free."""
    return msg("{label} ({moves})", label=label, moves=words.count(moves, "move")) if moves >= 1 else label


def describe(state: CarnegieState, seat: int, a: Action) -> str:
    try:
        text = _describe(state, seat, a)
    except (EngineError, IndexError, ValueError):
        text = " ".join((a.verb, *a.args))
    # Every label fits a button in every language: one with a single form is cut there if need be.
    return text if isinstance(text, Msg) and text.limit is not None else fit(MAX_LABEL, text)


def _side_forms(t: int, side: int) -> list[str]:
    """A project tab side in words, from the long to the short form (the first decision of the game): study
    points per push, the incomes of the projects it reveals, its best VP, and the donation cap raise."""
    spaces = TABS[t][side]
    pushes = [x.cost for x in spaces[1:]]
    cost = (
        words.count(pushes[0], "study point")
        if min(pushes) == max(pushes)
        else plural("{low}–{n} study point", "{low}–{n} study points", max(pushes), low=min(pushes))
    )
    incomes = join(", ", [words.alternatives(x.income, new=False) for x in spaces[1:] if x.income])
    vp = max(x.vp for x in spaces)
    head = msg("{kind} side {side}", kind=data.PROJECT_TYPES[t], side=TAB_SIDES[side])
    cap = spaces[-1].raises_cap
    per_push, slash_push = msg("{cost} per push", cost=cost), msg("{cost}/push", cost=cost)
    upto, vps = plural("up to {n} VP", "up to {n} VP", vp), words.vp(vp)
    raises = [msg("donation cap +3")] if cap else []
    short_raise = [msg("cap +3")] if cap else []
    forms = (
        [per_push, msg("incomes {incomes}", incomes=incomes), upto]
        + ([msg("donation cap +3 at the end")] if cap else []),
        [per_push, msg("incomes {incomes}", incomes=incomes), vps, *raises],
        [slash_push, msg("incomes {incomes}", incomes=incomes), vps, *short_raise],
        [slash_push, incomes, vps, *short_raise],
        [per_push, upto, *raises],
        [slash_push, vps, *raises],
    )
    return [join(": ", (head, join(", ", form))) for form in forms]


_DONE = {
    "spend": msg("Stop spending study points (the rest are lost)"),
    "relocate": msg("Do not move an employee into the new department"),
    "donate": msg("No donation this time"),
    "departments": msg("End your turn"),
    "setup_moves": msg("Done moving employees"),
    "activate": msg("Done activating"),
    "setup_activate": msg("Done activating"),
}


def _describe(state: CarnegieState, seat: int, a: Action) -> str:
    label = _LABELS.get(a.verb)
    return label(state, seat, a) if label is not None else " ".join((a.verb, *a.args))


def _done(state: CarnegieState, seat: int, a: Action) -> str:
    return _DONE.get(context(state), msg("Done"))


def _side(state: CarnegieState, seat: int, a: Action) -> str:
    t = parse_index(a.args[0], data.PROJECT_CODES, "type")
    return fit_label(*_side_forms(t, TAB_SIDES.index(a.args[1].upper())))


def _house(state: CarnegieState, seat: int, a: Action) -> str:
    city = data.CITIES[parse_city(a.args[0])]
    if city.size == "major":
        return msg(
            "Place your Housing project in {city} (major city, {vp} VP at the end)",
            city=city.name,
            vp=city.vp,
        )
    return msg(
        "Place your Housing project in {city} (medium city, {vp} VP at the end)",
        city=city.name,
        vp=city.vp,
    )


def _reserve(state: CarnegieState, seat: int, a: Action) -> str:
    tile = int(a.args[0])
    return fit_label(
        msg("Reserve {department}", department=words.department(tile)),
        msg("Reserve {department}", department=data.DEPT_NAMES[tile]),
    )


def _activate(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    cell, _ = parse_cell(a.args[0])
    cost = workplace_costs(c.cells[cell])[cheapest_free(c, cell)]
    return msg(
        "Activate an employee in {department} (${cost})",
        department=data.DEPT_NAMES[c.cells[cell]],
        cost=cost,
    )


def _row(state: CarnegieState, seat: int, a: Action) -> str:
    row = parse_index(a.args[0], data.ACTION_CODES, "row")
    action = data.ACTION_TYPES[row]
    andrew = state.andrew
    event = _row_event(state, row)
    if andrew is not None and andrew.current and solo.back(andrew.current) == data.ACTION_CODES[row]:
        return fit_label(  # R10.2.1
            msg(
                "Choose {action} (Andrew's card back: his best action); event: {event}",
                action=action,
                event=event,
            ),
            msg("Choose {action} (Andrew's card back: his best action)", action=action),
        )
    return fit_label(
        msg("Choose {action}; event: {event}", action=action, event=event),
        msg("Choose {action}", action=action),
    )


def _income(state: CarnegieState, seat: int, a: Action) -> str:
    k = int(a.args[0])
    if k == 0:
        return msg("Bring nobody back (no income)")
    region, _ = event_of(state)
    income = join(" + ", gain_words(transport_income(state, seat, region), k))
    employees = words.taken(k, "employee")
    return fit_label(
        msg(
            "Bring back {employees}: +{income}, project income {project}",
            employees=employees,
            income=income,
            project=_project_income(state, seat),
        ),
        msg("Bring back {employees}: +{income} + project income", employees=employees, income=income),
    )


def _donate(state: CarnegieState, seat: int, a: Action) -> str:
    cell = parse_donation(a.args[0])
    cost, donation = donation_cost(state.companies[seat]), words.donation(cell)
    return fit_label(
        msg("Donate ${cost} to {donation}", cost=cost, donation=donation),
        msg("${cost} to {donation}", cost=cost, donation=donation),
    )


def _choose(state: CarnegieState, seat: int, a: Action) -> str:
    action = data.ACTION_TYPES[parse_index(a.args[0], data.ACTION_CODES, "type")]
    return fit_label(
        msg("Use your Action Choice tile: a {action} turn (the tile's 3 VP are lost)", action=action),
        msg("Action Choice tile: a {action} turn (its 3 VP are lost)", action=action),
    )


def _mission(state: CarnegieState, seat: int, a: Action) -> str:
    r = parse_index(a.args[0], data.REGION_CODES, "region")
    back = join(" + ", gain_words(transport_income(state, seat, r)))
    return msg(
        "Send the employee to the {region} (it brings {income} when it comes back)",
        region=data.REGIONS[r],
        income=back,
    )


def _place(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    cell, _ = parse_cell(a.args[0])
    goods = words.count(place_cost(c, cell, state.tasks[0].a), "good")
    where, vp = words.space(c.cells, cell), words.row_vp(cell)
    return fit_label(
        msg("Build it on {where} ({goods}, {vp} VP at the end)", where=where, goods=goods, vp=vp),
        msg("On {where} ({goods}, {vp} VP)", where=where, goods=goods, vp=vp),
        msg("On {where}", where=where),
    )


def _relocate(state: CarnegieState, seat: int, a: Action) -> str:
    args = a.args
    if len(args) > 1:  # §7.8: the workplace the standing employee leaves (prices differ)
        dept = data.DEPT_NAMES[state.companies[seat].cells[parse_cell(args[0])[0]]]
        price = money(parse_price(args[1]), "$")
        return fit_label(
            msg(
                "Move an employee from {department} into the new department (free the {price} workplace)",
                department=dept,
                price=price,
            ),
            msg(
                "Move into the new department from {department} (free the {price} workplace)",
                department=dept,
                price=price,
            ),
            msg(
                "Into the new department: from {department}, free the {price} workplace",
                department=dept,
                price=price,
            ),
        )
    origin = _cell_name(state, seat, args[0])
    return fit_label(
        msg("Move an employee from {origin} into the new department", origin=origin),
        msg("From {origin} into the new department", origin=origin),
    )


def _slot(state: CarnegieState, seat: int, a: Action) -> str:  # R6.3.1 step 4, §3 step 10
    slot = data.CITY_SLOTS[data.SLOT_CITY[state.tasks[0].a]][int(a.args[0]) - 1]
    return msg("Take the {slot}", slot=slot_words(slot))


def _push(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    t = parse_index(a.args[0], data.PROJECT_CODES, "project type")
    nxt = TABS[t][c.tab_side[t]][c.tab_pos[t] + 1]
    if nxt.kind == "P":
        what = short = msg("a new project, income {income}", income=words.alternatives(nxt.income))
    else:
        what, short = msg("the tab scores {vp} VP", vp=nxt.vp), words.vp(nxt.vp)
    if nxt.raises_cap:
        what, short = (
            msg("{what}, donation cap +3", what=what),
            msg("{what}, donation cap +3", what=short),
        )
    kind, price = data.PROJECT_TYPES[t], words.count(nxt.cost, "study point")
    return fit_label(
        msg("Push the {kind} tab ({price}): {what}", kind=kind, price=price, what=what),
        msg("Push {kind} ({price}): {what}", kind=kind, price=price, what=what),
        msg("Push {kind} ({price}): {what}", kind=kind, price=price, what=short),
    )


def _pick(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    task = state.tasks[0]
    g = TABS[task.a][c.tab_side[task.a]][task.b].income[int(a.args[0])]
    return msg("Take {gain}", gain=join(" + ", gain_words(g, taken=True)))


def _lobby(state: CarnegieState, seat: int, a: Action) -> str:
    return msg(
        "Put {employees} in the New Lobby, the rest in the Lobby",
        employees=words.count(int(a.args[0]), "employee"),
    )


def _convert(state: CarnegieState, seat: int, a: Action) -> str:
    k = int(a.args[0])
    return plural("Return {n} good for ${n}", "Return {n} goods for ${n}", k)


def _move(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    cells = a.args[0].split(">")
    to = _cell_name(state, seat, cells[-1])

    def brief() -> str:
        return _cell_name(state, seat, cells[-1], brief=True)

    # A journey of several moves says how many it spends (R6.1.2, R6.1.4) where the button has room. The
    # shorter forms are made only if a language needs them (``fit``): an HR turn offers ~100 journeys.
    moves = len(cells) - 1
    cell, standing = parse_cell(cells[0])
    if len(a.args) > 1:  # R6.1.3: the workplace the standing employee leaves (prices differ)
        dept, price = data.DEPT_NAMES[c.cells[cell]], money(parse_price(a.args[1]), "$")
        return fit_label(
            lambda: _spent(
                msg(
                    "Move from {department} (free the {price} workplace) → {to}",
                    department=dept,
                    price=price,
                    to=to,
                ),
                moves,
            ),
            lambda: _spent(
                msg(
                    "From {department} (free the {price} workplace) → {to}",
                    department=dept,
                    price=price,
                    to=to,
                ),
                moves,
            ),
            lambda: _spent(
                msg("From {department} (free {price} workplace) → {to}", department=dept, price=price, to=to),
                moves,
            ),
            lambda: _spent(
                msg("{department}, free {price} → {to}", department=dept, price=price, to=to), moves
            ),
            # the cost kept before the words: a panel shortens its journeys alike, to the form all fit
            lambda: _spent(
                msg("{department}, free {price} → {to}", department=dept, price=price, to=brief()), moves
            ),
            lambda: msg("{department}, free {price} → {to}", department=dept, price=price, to=to),
            lambda: msg("{department}, free {price} → {to}", department=dept, price=price, to=brief()),
        )
    if standing:
        dept = data.DEPT_NAMES[c.cells[cell]]
        return fit_label(
            lambda: _spent(
                msg("Move a standing employee: {department} → {to}", department=dept, to=to), moves
            ),
            lambda: _spent(msg("Standing employee: {department} → {to}", department=dept, to=to), moves),
            lambda: _spent(msg("{department} (standing) → {to}", department=dept, to=to), moves),
            lambda: _spent(msg("{department} (standing) → {to}", department=dept, to=brief()), moves),
            lambda: msg("{department} (standing) → {to}", department=dept, to=to),
            lambda: msg("{department} (standing) → {to}", department=dept, to=brief()),
        )
    origin = _cell_name(state, seat, cells[0])
    return fit_label(
        lambda: _spent(msg("Move an employee: {origin} → {to}", origin=origin, to=to), moves),
        lambda: _spent(msg("Move: {origin} → {to}", origin=origin, to=to), moves),
        lambda: _spent(join(" → ", (origin, to)), moves),
        lambda: _spent(join(" → ", (_cell_name(state, seat, cells[0], brief=True), brief())), moves),
        lambda: join(" → ", (origin, to)),
        lambda: join(" → ", (_cell_name(state, seat, cells[0], brief=True), brief())),
    )


def _track(state: CarnegieState, seat: int, a: Action) -> str:
    r = parse_index(a.args[0], data.REGION_CODES, "region")
    c = state.companies[seat]
    step = c.tracks[r] + 1
    space = data.TRACKS[r][step - 1]
    price = words.count(track_cost(c, r), "study point")
    income = join(" + ", gain_words(space.income))
    if step == data.TRACK_LAST:
        bonus = join(" + ", gain_words(space.bonus))
        gives = msg("income {income} per employee, bonus {bonus}", income=income, bonus=bonus)
    else:
        gives = msg("income {income} per employee", income=income)
    region, level = data.REGIONS[r], data.LEVELS[space.level]
    return fit_label(
        msg(
            "{region} track to space {step} ({price}): {level}, {gives}",
            region=region,
            step=step,
            price=price,
            level=level,
            gives=gives,
        ),
        msg(
            "{region} track to space {step} ({price}): {gives}",
            region=region,
            step=step,
            price=price,
            gives=gives,
        ),
        msg("{region} track to space {step} ({price})", region=region, step=step, price=price),
    )


def _row_event(state: CarnegieState, row: int) -> str:
    """The event a row's choice triggers (R5.2.2–R5.2.3: a finished row uses the next row below)."""
    f = row
    while state.markers[f] >= 5:
        f = (f + 1) % 4
    region, donation = space_event(state.timeline, f, state.markers[f] + 1)
    if region < 0:
        return msg("Make a Donation")
    if donation:
        return msg("Take Income in the {region} and Make a Donation", region=data.REGIONS[region])
    return msg("Take Income in the {region}", region=data.REGIONS[region])


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
    return join("", ("+", join(" + ", parts))) if parts else msg("none")


# The label of each action, by its verb.
_LABELS: dict[str, Callable[[CarnegieState, int, Action], str]] = {
    "done": _done,
    "side": _side,
    "house": _house,
    "reserve": _reserve,
    "move": _move,
    "activate": _activate,
    "row": _row,
    "income": _income,
    "donate": _donate,
    "choose": _choose,
    "mission": _mission,
    "place": _place,
    "relocate": _relocate,
    "slot": _slot,
    "track": _track,
    "push": _push,
    "pick": _pick,
    "lobby": _lobby,
    "convert": _convert,
    "use": describe_use,
}
