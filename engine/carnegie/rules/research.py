"""Spending study points (rules.md §6.4): transportation tracks and project tabs."""

from __future__ import annotations

from engine.carnegie import data, words
from engine.carnegie.actions import (
    ActionLike,
    parse_index,
)
from engine.carnegie.reconstructed import TABS
from engine.carnegie.rules.common import P, Reason, gain_words, note, receive, sp_pool
from engine.carnegie.state import (
    CarnegieState,
    Company,
    Task,
    tab_end_vp,
    tab_full,
    track_cost,
)
from engine.core import Event


def check_track(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    if not state.tasks and state.turn_type != data.RND:
        return (
            "Study points are spent in a Research and Development turn, or at once when you receive them.",
            "R6.4.2",
        )
    r = parse_index(a.args[0], data.REGION_CODES, "region")
    pos = c.tracks[r]
    if pos >= data.TRACK_LAST:
        return (f"Your {data.REGIONS[r]} disc is already on the last space of the track.", "R6.4.4")
    cost = track_cost(c, r)
    if cost > sp_pool(state):
        return (
            f"The next space of the {data.REGIONS[r]} track costs {words.count(cost, 'study point')}; "
            f"you have {sp_pool(state)}.",
            "R6.4.3",
        )
    if pos + 1 == data.TRACK_LAST and last_space_taken(state, r):
        return (
            f"The last space of the {data.REGIONS[r]} track already holds a disc, and it takes only one.",
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
            "Study points are spent in a Research and Development turn, or at once when you receive them.",
            "R6.4.2",
        )
    t = parse_index(a.args[0], data.PROJECT_CODES, "project type")
    if tab_full(c, t):
        return (f"Your {data.PROJECT_TYPES[t]} tab is already fully pushed.", "R6.4.7")
    nxt = TABS[t][c.tab_side[t]][c.tab_pos[t] + 1]
    if nxt.cost > sp_pool(state):
        return (
            f"The next space of your {data.PROJECT_TYPES[t]} tab costs "
            f"{words.count(nxt.cost, 'study point')}; you have {sp_pool(state)}.",
            "R6.4.5",
        )
    if nxt.kind == "P" and c.discs == 0:
        return (
            "No disc is left in your personal supply for the new project this push would reveal.",
            "R6.4.6",
        )
    return None


def do_spend_action(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    do_spend(state, seat, c, a, events)


def do_spend(state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event]) -> None:
    in_task = bool(state.tasks)
    if a.verb == "track":
        r = parse_index(a.args[0], data.REGION_CODES, "region")
        cost = track_cost(c, r)
        c.tracks[r] += 1
        text = (
            f"{P(seat)} moved up the {data.REGIONS[r]} track to space {c.tracks[r]} "
            f"({words.count(cost, 'study point')})"
        )
        if c.tracks[r] == data.TRACK_LAST:
            bonus = data.TRACKS[r][data.TRACK_LAST - 1].bonus
            receive(state, seat, bonus)  # R2.5.3
            text += f", bonus +{' + '.join(gain_words(bonus))}"
    else:
        t = parse_index(a.args[0], data.PROJECT_CODES, "project type")
        c.tab_pos[t] += 1
        sp = TABS[t][c.tab_side[t]][c.tab_pos[t]]
        cost = sp.cost
        text = f"{P(seat)} pushed the {data.PROJECT_TYPES[t]} tab ({words.count(cost, 'study point')})"
        if sp.kind == "P":
            c.discs -= 1  # R6.4.6: a new project ready to build
            text += ": a new project is ready"
        elif sp.kind == "V":
            text += f": it now scores {tab_end_vp(c, t)} VP"
        if sp.raises_cap:
            text += "; each of their donations may now score 3 VP more"
    if in_task:
        t0 = state.tasks[0]
        state.tasks[0] = Task(kind="spend", seat=t0.seat, a=t0.a - cost)
    else:
        state.sp -= cost
    state.acted = state.acted or not in_task
    note(events, a.verb, text + ".", seat)
