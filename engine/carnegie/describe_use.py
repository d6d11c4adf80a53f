"""Button labels for using departments (rules.md §5.4, §6, §7): each department's use with its cost and
effect, as ``describe`` says it."""

from __future__ import annotations

from engine.carnegie import data, words
from engine.carnegie.actions import Action, parse_city, parse_dept, parse_donation, parse_index
from engine.carnegie.rules import gain_words, place_cost, transport_income
from engine.carnegie.rules.common import free_slot
from engine.carnegie.state import CarnegieState, active_employees, donation_cost
from engine.core import MAX_LABEL
from engine.core.words import Form, fit, join, msg, plural


def fit_label(*labels: Form) -> str:
    """The first label that fits a button, in the reader's language (``fit``: the long forms first)."""
    return fit(MAX_LABEL, *labels)


def _builder(dept: int, kind: str, city: str) -> str:
    if dept == 9:
        return msg("Engineering: build {kind} in {city}", kind=kind, city=city)
    if dept == 10:
        return msg("Outsourcing: build {kind} in {city}", kind=kind, city=city)
    return msg("Build {kind} in {city}", kind=kind, city=city)


def _with(head: str, *details: str) -> str:
    return msg("{head} ({details})", head=head, details=join(", ", details))


def describe_use(state: CarnegieState, seat: int, a: Action) -> str:
    c = state.companies[seat]
    dept = parse_dept(a.args[0])
    args = a.args[1:]
    if dept == data.D_TF:
        return {
            "$3": msg("Trade and Finance: +$3"),
            "good": msg("Trade and Finance: +1 good"),
            "$6": msg("Trade and Finance: send the employee on a mission, +$6"),
            "2g": msg("Trade and Finance: send the employee on a mission, +2 goods"),
        }[args[0]]
    if dept == data.D_SP:
        tile = int(args[0])
        costs = sorted({place_cost(c, i, tile) for i, x in enumerate(c.cells) if x == 0})
        goods = (
            words.count(costs[0], "good")
            if len(costs) == 1
            else plural("{low}–{n} good", "{low}–{n} goods", costs[-1], low=costs[0])
        )
        return fit_label(
            msg(
                "Strategic Planning: build {department}, {goods}",
                department=words.department(tile),
                goods=goods,
            ),
            msg("Build {department}, {goods}", department=words.department(tile), goods=goods),
            msg(
                "Strategic Planning: build {department} ({goods})",
                department=data.DEPT_NAMES[tile],
                goods=goods,
            ),
        )
    if dept in (data.D_CON, 9, 10):
        t = parse_index(args[0], data.PROJECT_CODES, "project type")
        where = parse_city(args[1])
        city = data.CITIES[where]
        goods = words.count(data.BUILD_GOODS[t], "good")
        cost = join(" + ", (goods, "$3")) if dept == 10 else goods
        income = join(" + ", gain_words(transport_income(state, seat, city.region)))
        gives = []
        if city.marker:
            gives.append(msg("+{income} now", income=income))
        if city.vp:
            gives.append(msg("{vp} VP at the end", vp=city.vp))
        head = _builder(dept, data.PROJECT_TYPES[t], city.name)
        # The free slot the disc takes (R6.3.1 step 4) when it is not of the project's type: a slot
        # that takes any type; and what the mission brings back (the region's transport income).
        slot = free_slot(state, where, t)
        town = [msg("small-town slot")] if slot >= 0 and data.SLOT_TYPE[slot] == "T" else []
        if dept == 10:  # Outsourcing sends nobody (§7.10)
            return fit_label(_with(head, *town, cost, *gives), _with(head, cost, *gives))
        region = data.REGIONS[city.region]
        brings = msg("mission brings {income}", income=income)
        return fit_label(
            _with(
                head,
                *town,
                cost,
                *gives,
                msg("mission to the {region} brings {income}", region=region, income=income),
            ),
            _with(head, *town, cost, *gives, brings),
            _with(head, cost, *gives, brings),
            _with(head, cost, *gives),
        )
    if dept == 6:
        k = int(args[0])
        return plural(
            "Sales: sell {n} good for ${money}", "Sales: sell {n} goods for ${money}", k, money=6 * k
        )
    if dept == 7:
        k = int(args[0])
        return plural(
            "Logistics: ship {n} good for ${money} and {n} VP",
            "Logistics: ship {n} goods for ${money} and {n} VP",
            k,
            money=3 * k,
        )
    if dept == 11:
        k = int(args[0])
        return plural(
            "Supply Chain: buy {n} good for ${money}", "Supply Chain: buy {n} goods for ${money}", k, money=k
        )
    if dept == 1:
        if args[0] == "$8":
            return msg("Training and Partnerships: mission, +$8")
        return msg("Training and Partnerships: mission, +8 moves")
    if dept == 2:
        return (
            msg("Recruiting: mission, +1 new employee") if args[0] == "hire" else msg("Recruiting: +4 moves")
        )
    if dept == 3:
        vp = active_employees(c) // 2  # §7.3: ceil(half) of those left after the sending = floor(half) now
        return msg("Safety and Quality: mission, +{vp} VP (half your active employees)", vp=vp)
    if dept == 5:
        return msg("Purchasing: mission, +$8") if args[0] == "$8" else msg("Purchasing: mission, +3 goods")
    if dept == 13:
        return msg("Advanced Research: mission, +7 study points")
    if dept == 15:
        price, donation = donation_cost(c), words.donation(parse_donation(args[0]))
        return fit_label(
            msg("Charitable Giving: mission, ${cost} to {donation}", cost=price, donation=donation),
            msg("Mission, ${cost} to {donation}", cost=price, donation=donation),
        )
    return " ".join((a.verb, *a.args))
