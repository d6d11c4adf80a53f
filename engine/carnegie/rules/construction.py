"""Construction departments' uses (rules.md §6.3): building a project with Construction or Engineering
(§6.3.1, R6.3.1–R6.3.2, §7.9) or Construction Outsourcing (§7.10), and the transport income of a marked
small town (R6.3.5)."""

from __future__ import annotations

from engine.carnegie import data
from engine.carnegie.actions import parse_city, parse_index
from engine.carnegie.rules.common import (
    P,
    Reason,
    free_slot,
    gain_words,
    need_args,
    note,
    paid_text,
    pay,
    performer,
    receive,
    send_on_mission,
    slot_choices,
    transport_income,
)
from engine.carnegie.state import USED, CarnegieState, Company, Task, tab_discs
from engine.core import Event
from engine.core.words import join, msg, plural


def use_build(
    state: CarnegieState, seat: int, c: Company, args: tuple[str, ...], outsourcing: bool
) -> Reason:
    need_args(args, 2, "use CON <H|C|I|P> <city>")
    t = parse_index(args[0], data.PROJECT_CODES, msg("project type"))
    ci = parse_city(args[1])
    if tab_discs(c, t) == 0:
        return (
            msg(
                "Your {project} tab has no project ready to build: push it with study points first.",
                project=data.PROJECT_TYPES[t],
            ),
            "R6.3.1",
        )
    goods = data.BUILD_GOODS[t]
    if c.goods < goods:
        return (
            (
                plural(
                    "An {project} project costs {n} good; you have {goods}.",
                    "An {project} project costs {n} goods; you have {goods}.",
                    goods,
                    project=data.PROJECT_TYPES[t],
                    goods=c.goods,
                )
                if t == data.INDUSTRY
                else plural(
                    "A {project} project costs {n} good; you have {goods}.",
                    "A {project} project costs {n} goods; you have {goods}.",
                    goods,
                    project=data.PROJECT_TYPES[t],
                    goods=c.goods,
                )
            ),
            "R6.3.2",
        )
    if outsourcing and c.money + c.goods - goods < 3:
        return (msg("Construction Outsourcing costs $3 on top of the goods, and you cannot pay it."), "§7.10")
    if free_slot(state, ci, t) < 0:
        return (
            msg(
                "{city} has no free slot for a {project} project: a project goes on a free slot of its "
                "type, or on an empty small town.",
                city=data.CITIES[ci].name,
                project=data.PROJECT_TYPES[t],
            ),
            "R6.3.1",
        )
    return None


def use_con(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_build(state, seat, c, args, outsourcing=False)


def use_outsourcing(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_build(state, seat, c, args, outsourcing=True)


def do_build(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§6.3.1 (Construction, Engineering), §7.10 (Construction Outsourcing), R6.3.5."""
    t = parse_index(args[0], data.PROJECT_CODES, msg("project type"))
    ci = parse_city(args[1])
    city = data.CITIES[ci]
    goods = data.BUILD_GOODS[t]
    c.goods -= goods
    outsourced = ""
    if dept == 10:
        conv = pay(c, 3)
        c.staff[cell][performer(c, cell)] = USED
        outsourced = paid_text(3, conv)
    else:
        send_on_mission(state, c, cell, seat, city.region)
    k = free_slot(state, ci, t)
    state.slot_owner[k] = seat
    state.slot_project[k] = t
    if len(slot_choices(state, k)) > 1:  # R6.3.1 step 4: the player chooses among free slots of the type
        state.tasks.insert(0, Task(kind="slot", seat=seat, a=k, b=t))
    c.tab_built[t] += 1
    said = {"who": P(seat), "project": data.PROJECT_TYPES[t], "city": city.name}
    if dept == 10:
        text = plural(
            "{who} built a new {project} project in {city} ({n} good and {paid})",
            "{who} built a new {project} project in {city} ({n} goods and {paid})",
            goods,
            paid=outsourced,
            **said,
        )
    else:
        text = plural(
            "{who} built a new {project} project in {city} ({n} good), sending the employee on a mission to "
            "the {region}",
            "{who} built a new {project} project in {city} ({n} goods), sending the employee on a mission to "
            "the {region}",
            goods,
            region=data.REGIONS[city.region],
            **said,
        )
    if city.marker:
        g = transport_income(state, seat, city.region)
        receive(state, seat, g)  # R6.3.5: once, not multiplied
        text = msg("{build}; transport income +{gain}.", build=text, gain=join(" + ", gain_words(g)))
    else:
        text = msg("{build}.", build=text)
    note(events, "build", text, seat, dept=dept, city=ci, slot=k, project=t)
