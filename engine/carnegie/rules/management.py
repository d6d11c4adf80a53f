"""Management departments' uses (rules.md §6.2, §7.5–§7.7): Trade and Finance (§6.2.1), Strategic
Planning building departments (§6.2.2, R6.2.1–R6.2.3), Purchasing (§7.5), and the one-to-three-goods
trades of Sales (§7.6) and Logistics (§7.7), whose shape Supply Chain (§7.11, a Construction department)
shares."""

from __future__ import annotations

from engine.carnegie import data, words
from engine.carnegie.actions import parse_int
from engine.carnegie.reconstructed import N_CELLS
from engine.carnegie.rules.common import (
    P,
    Reason,
    gain_words,
    need_args,
    note,
    receive,
    send_on_mission,
    use_up,
)
from engine.carnegie.state import CarnegieState, Company, Task
from engine.core import Event, InvalidAction
from engine.core.words import join, msg, plural

MISSION_OPTIONS = {"$6", "2g"}  # Trade and Finance options with the mission symbol (§6.2.1)


def place_cost(c: Company, cell: int, tile: int) -> int:
    """R6.2.2: 1 good with an own employee in the cell, else 2; New Lobby 2 more (§7.4)."""
    return (1 if c.idle[cell] else 2) + (2 if tile == data.NEW_LOBBY else 0)


def use_tf(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    need_args(args, 1, "use TF $3 | good | $6 | 2g")
    if args[0] not in ("$3", "good", "$6", "2g"):
        raise InvalidAction(msg("Trade and Finance options are $3, good, $6 (mission) and 2g (mission)."))
    return None


def use_sp(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    need_args(args, 1, "use SP <tile>")
    tile = parse_int(args[0], msg("tile"))
    if not 1 <= tile <= len(data.TILES):
        raise InvalidAction(msg("Department tiles are numbered 1–16."))
    name = data.TILES[tile - 1].name
    if c.reserved and tile != c.reserved:
        return (
            msg(
                "Your first department must be the one you reserved, {department}.",
                department=data.DEPT_NAMES[c.reserved],
            ),
            "R6.2.3",
        )
    if tile in c.cells:
        return (
            msg(
                "Your company already has {department}, and a company never has the same one twice.",
                department=name,
            ),
            "R4.4.5",
        )
    if tile != c.reserved and state.display[tile] == 0:
        return (
            msg("{department} is no longer in the display: every copy was taken.", department=name),
            "R6.2.3",
        )
    cells = [i for i in range(N_CELLS) if c.cells[i] == 0]
    if not cells:
        return (msg("Your company board has no empty space left for a new department."), "R6.2.1")
    cheapest = min(place_cost(c, i, tile) for i in cells)
    if c.goods < cheapest:
        return (
            join(
                " ",
                [
                    plural(
                        "Building {department} costs at least {n} good; you have {goods}.",
                        "Building {department} costs at least {n} goods; you have {goods}.",
                        cheapest,
                        department=name,
                        goods=c.goods,
                    ),
                    words.BUILD_COST,
                    *([msg("The New Lobby costs 2 goods more.")] if tile == data.NEW_LOBBY else []),
                ],
            ),
            "R6.2.2",
        )
    return None


def use_count(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...], dept: int) -> Reason:
    need_args(args, 1, f"use {dept} <1-3>")
    k = parse_int(args[0], msg("goods"))
    if not 1 <= k <= 3:
        return (msg("Each use takes 1, 2 or 3 goods."), f"§7.{dept}")
    if dept == 11:
        if c.money < k:
            return (
                plural(
                    "Buying {n} good costs ${n} ($1 each); you have ${money}.",
                    "Buying {n} goods costs ${n} ($1 each); you have ${money}.",
                    k,
                    money=c.money,
                ),
                "§7.11",
            )
    elif c.goods < k:
        return (plural("You have only {n} good.", "You have only {n} goods.", c.goods), f"§7.{dept}")
    return None


def use_sales(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_count(state, seat, c, args, 6)


def use_logistics(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_count(state, seat, c, args, 7)


def use_supply(state: CarnegieState, seat: int, c: Company, args: tuple[str, ...]) -> Reason:
    return use_count(state, seat, c, args, 11)


def do_trade_finance(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§6.2.1: $3 or a good; $6 or 2 goods sending the employee on a mission."""
    opt = args[0]
    if opt in MISSION_OPTIONS:
        send_on_mission(state, c, cell, seat)
    else:
        use_up(c, cell)
    g = {
        "$3": data.Gain(money=3),
        "good": data.Gain(goods=1),
        "$6": data.Gain(money=6),
        "2g": data.Gain(goods=2),
    }[opt]
    receive(state, seat, g)
    gained = join(" + ", gain_words(g))
    me = P(seat)
    note(
        events,
        "use",
        msg(
            "{who} used Trade and Finance: +{gain}, sending the employee on a mission.",
            who=me,
            gain=gained,
        )
        if opt in MISSION_OPTIONS
        else msg("{who} used Trade and Finance: +{gain}.", who=me, gain=gained),
        seat,
        dept=dept,
    )


def do_strategic_planning(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§6.2.2: the tile leaves the display (or the reservation) and is placed next (R6.2.1)."""
    tile = int(args[0])
    use_up(c, cell)
    if c.reserved == tile:
        c.reserved = 0
    else:
        state.display[tile] -= 1
    state.tasks.insert(0, Task(kind="place", seat=seat, a=tile))
    note(
        events,
        "use",
        msg(
            "{who} used Strategic Planning to build {department}.",
            who=P(seat),
            department=data.DEPT_NAMES[tile],
        ),
        seat,
        tile=tile,
    )


def do_trade_goods(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """Sales (§7.6: $6 a good), Logistics (§7.7: $3 and 1 VP a good), Supply Chain (§7.11: a good for $1)."""
    k = int(args[0])
    use_up(c, cell)
    me = P(seat)
    name = data.DEPT_NAMES[dept]
    if dept == 6:
        c.goods -= k
        c.money += 6 * k
        text = plural(
            "{who} used {department}: sold {n} good for ${money}.",
            "{who} used {department}: sold {n} goods for ${money}.",
            k,
            who=me,
            department=name,
            money=6 * k,
        )
    elif dept == 7:
        c.goods -= k
        c.money += 3 * k
        c.vp += k
        text = plural(
            "{who} used {department}: shipped {n} good for ${money} and {n} VP.",
            "{who} used {department}: shipped {n} goods for ${money} and {n} VP.",
            k,
            who=me,
            department=name,
            money=3 * k,
        )
    else:
        c.money -= k
        c.goods += k
        text = plural(
            "{who} used {department}: bought {n} good for ${n}.",
            "{who} used {department}: bought {n} goods for ${n}.",
            k,
            who=me,
            department=name,
        )
    note(events, "use", text, seat, dept=dept)


def do_purchasing(
    state: CarnegieState,
    seat: int,
    c: Company,
    dept: int,
    cell: int,
    args: tuple[str, ...],
    events: list[Event],
) -> None:
    """§7.5: $8 or 3 goods, sending the employee on a mission."""
    send_on_mission(state, c, cell, seat)
    g = data.Gain(money=8) if args[0] == "$8" else data.Gain(goods=3)
    receive(state, seat, g)
    note(
        events,
        "use",
        msg(
            "{who} used Purchasing: +{gain}, sending the employee on a mission.",
            who=P(seat),
            gain=join(" + ", gain_words(g)),
        ),
        seat,
        dept=dept,
    )
