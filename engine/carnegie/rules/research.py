"""Research and Development (rules.md §6.4): spending study points on transportation tracks and project
tabs, and the uses of Advanced Research (§7.13) and Charitable Giving (§6.4.5, §7.15)."""

from __future__ import annotations

from engine.carnegie import data, words
from engine.carnegie.actions import ActionLike, parse_donation, parse_index
from engine.carnegie.reconstructed import TABS
from engine.carnegie.rules.common import (
    P,
    Reason,
    gain_words,
    need_args,
    note,
    paid_text,
    pay,
    receive,
    send_on_mission,
    sp_pool,
)
from engine.carnegie.rules.donations import donation_reason
from engine.carnegie.state import (
    CarnegieState,
    Company,
    Task,
    donation_cost,
    tab_end_vp,
    tab_full,
    track_cost,
)
from engine.core import Event
from engine.core.words import Msg, join, msg, plural


def check_track(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    if not state.tasks and state.turn_type != data.RND:
        return (
            msg(
                "Study points are spent in a Research and Development turn, or at once when you receive them."
            ),
            "R6.4.2",
        )
    r = parse_index(a.args[0], data.REGION_CODES, msg("region"))
    pos = c.tracks[r]
    if pos >= data.TRACK_LAST:
        return (
            msg("Your {region} disc is already on the last space of the track.", region=data.REGIONS[r]),
            "R6.4.4",
        )
    cost = track_cost(c, r)
    if cost > sp_pool(state):
        return (
            plural(
                "The next space of the {region} track costs {n} study point; you have {left}.",
                "The next space of the {region} track costs {n} study points; you have {left}.",
                cost,
                region=data.REGIONS[r],
                left=sp_pool(state),
            ),
            "R6.4.3",
        )
    if pos + 1 == data.TRACK_LAST and last_space_taken(state, r):
        return (
            msg(
                "The last space of the {region} track already holds a disc, and it takes only one.",
                region=data.REGIONS[r],
            ),
            "R2.5.2",
        )
    return None


def last_space_taken(state: CarnegieState, region: int) -> bool:
    """R2.5.2: any player's or Andrew's disc (R10.3.1) on space 5 blocks it."""
    if state.andrew is not None and state.andrew.tracks[region] == data.TRACK_LAST:
        return True
    return any(co.tracks[region] == data.TRACK_LAST for co in state.companies)


def check_push(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    if not state.tasks and state.turn_type != data.RND:
        return (
            msg(
                "Study points are spent in a Research and Development turn, or at once when you receive them."
            ),
            "R6.4.2",
        )
    t = parse_index(a.args[0], data.PROJECT_CODES, msg("project type"))
    if tab_full(c, t):
        return (msg("Your {project} tab is already fully pushed.", project=data.PROJECT_TYPES[t]), "R6.4.7")
    nxt = TABS[t][c.tab_side[t]][c.tab_pos[t] + 1]
    if nxt.cost > sp_pool(state):
        return (
            plural(
                "The next space of your {project} tab costs {n} study point; you have {left}.",
                "The next space of your {project} tab costs {n} study points; you have {left}.",
                nxt.cost,
                project=data.PROJECT_TYPES[t],
                left=sp_pool(state),
            ),
            "R6.4.5",
        )
    if nxt.kind == "P" and c.discs == 0:
        return (
            msg("No disc is left in your personal supply for the new project this push would reveal."),
            "R6.4.6",
        )
    return None


def do_spend_action(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    do_spend(state, seat, c, a, events)


def do_spend(state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event]) -> None:
    in_task = bool(state.tasks)
    text: Msg
    if a.verb == "track":
        r = parse_index(a.args[0], data.REGION_CODES, msg("region"))
        cost = track_cost(c, r)
        c.tracks[r] += 1
        said = {"who": P(seat), "region": data.REGIONS[r], "space": c.tracks[r]}
        if c.tracks[r] == data.TRACK_LAST:
            bonus = data.TRACKS[r][data.TRACK_LAST - 1].bonus
            receive(state, seat, bonus)  # R2.5.3
            text = plural(
                "{who} moved up the {region} track to space {space} ({n} study point), bonus +{gain}.",
                "{who} moved up the {region} track to space {space} ({n} study points), bonus +{gain}.",
                cost,
                gain=join(" + ", gain_words(bonus)),
                **said,
            )
        else:
            text = plural(
                "{who} moved up the {region} track to space {space} ({n} study point).",
                "{who} moved up the {region} track to space {space} ({n} study points).",
                cost,
                **said,
            )
    else:
        t = parse_index(a.args[0], data.PROJECT_CODES, msg("project type"))
        c.tab_pos[t] += 1
        sp = TABS[t][c.tab_side[t]][c.tab_pos[t]]
        cost = sp.cost
        pushed = plural(
            "{who} pushed the {project} tab ({n} study point)",
            "{who} pushed the {project} tab ({n} study points)",
            cost,
            who=P(seat),
            project=data.PROJECT_TYPES[t],
        )
        if sp.kind == "P":
            c.discs -= 1  # R6.4.6: a new project ready to build
            pushed = msg("{push}: a new project is ready", push=pushed)
        elif sp.kind == "V":
            pushed = msg("{push}: it now scores {vp} VP", push=pushed, vp=tab_end_vp(c, t))
        if sp.raises_cap:
            text = msg("{push}; each of their donations may now score 3 VP more.", push=pushed)
        else:
            text = msg("{push}.", push=pushed)
    if in_task:
        t0 = state.tasks[0]
        state.tasks[0] = Task(kind="spend", seat=t0.seat, a=t0.a - cost)
    else:
        state.sp -= cost
    state.acted = state.acted or not in_task
    note(events, a.verb, text, seat)


def use_charity(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    need_args(args, 1, "use 15 <donation code>")
    return donation_reason(state, seat, c, parse_donation(args[0]), charity=True)


def do_advanced_research(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§7.13 Advanced Research: 7 study points, sending the employee on a mission."""
    send_on_mission(state, c, cell, seat)
    state.sp += 7
    note(
        events,
        "use",
        msg("{who} used Advanced Research: +7 study points, sending the employee on a mission.", who=P(seat)),
        seat,
        dept=dept,
    )


def do_charity(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§7.15 Charitable Giving: a donation (§8.2), sending the employee on a mission."""
    target = parse_donation(args[0])
    cost = donation_cost(c)
    send_on_mission(state, c, cell, seat)
    conv = pay(c, cost)
    state.donation_discs[target].append(seat)
    c.donations += 1
    c.discs -= 1
    note(
        events,
        "use",
        msg(
            "{who} used Charitable Giving: donated {paid} to {donation}, sending the employee on a mission.",
            who=P(seat),
            paid=paid_text(cost, conv),
            donation=words.donation(target),
        ),
        seat,
        dept=dept,
        cell=target,
    )
