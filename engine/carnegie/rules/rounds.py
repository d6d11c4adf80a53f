"""Round structure (rules.md §5): Select Timeline, the events, activation, end of round, ``done``."""

from __future__ import annotations

from engine.carnegie import data, score_parts, solo, words
from engine.carnegie.actions import (
    ActionLike,
    parse_cell,
    parse_donation,
    parse_index,
    parse_int,
)
from engine.carnegie.reconstructed import N_CELLS, TABS
from engine.carnegie.rules import non_events
from engine.carnegie.rules.common import (
    P,
    Reason,
    arrive,
    can_pay,
    cheapest_free,
    context,
    event_of,
    gain_words,
    note,
    paid_text,
    pay,
    receive,
    transport_income,
)
from engine.carnegie.rules.departments import begin_turn, start_departments
from engine.carnegie.state import (
    ACTIVE,
    FREE,
    CarnegieState,
    Company,
    Task,
    donation_cost,
    emptied_income_spaces,
    workplace_costs,
)
from engine.core import Event, checkpoint
from engine.core.score_at import with_score
from engine.core.words import Msg, join, listing, msg, msg_in, plural


def check_done(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    if context(state) in ("activate", "setup_activate") and state.done[seat]:
        return (msg("You have already finished activating this round."), "R5.5.1")
    return None


def check_activate(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    if state.done[seat]:
        return (msg("You have already finished activating."), "R5.5.1")
    cell, _ = parse_cell(a.args[0])
    if c.cells[cell] <= 0 or c.idle[cell] == 0:
        return (
            msg(
                "Only an employee lying in a department can be activated "
                "(not in the Lobby or an empty space)."
            ),
            "R5.5.1",
        )
    w = cheapest_free(c, cell)
    if w < 0:
        return (msg("That department has no free workplace to stand the employee on."), "R5.5.1")
    cost = workplace_costs(c.cells[cell])[w]
    if not can_pay(c, cost):
        return (
            msg(
                "Activating there costs ${money}, the price of its free workplace, and you cannot pay it.",
                money=cost,
            ),
            "R5.5.1",
        )
    return None


def check_row(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    parse_index(a.args[0], data.ACTION_CODES, msg("Timeline row"))
    return None


def check_income(state: CarnegieState, seat: int, c: Company, a: ActionLike) -> Reason:
    k = parse_int(a.args[0], msg("employees"))
    region, _ = event_of(state)
    if k > c.missions[region]:
        return (
            plural(
                "You can bring back at most the {n} employee you have in the {region} mission area.",
                "You can bring back at most the {n} employees you have in the {region} mission area.",
                c.missions[region],
                region=data.REGIONS[region],
            ),
            "R5.3.1",
        )
    return None


def do_activate(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """R5.5.1: pay the cheapest free workplace and stand the employee on it."""
    cell, _ = parse_cell(a.args[0])
    w = cheapest_free(c, cell)
    cost = workplace_costs(c.cells[cell])[w]
    conv = pay(c, cost)
    c.staff[cell][w] = ACTIVE
    c.idle[cell] -= 1
    name = data.DEPT_NAMES[c.cells[cell]]
    text = msg(
        "{who} activated an employee in {department} for {paid}.",
        who=P(seat),
        department=name,
        paid=paid_text(cost, conv),
    )
    # A summary folds a player's activations into one line (activations are told).
    fold = {
        "one": msg("{who} activated an employee in", who=P(seat)),
        "many": msg("{who} activated employees in", who=P(seat)),
        # The department as the place of a list ("у відділі «Будівництво»"): a language quotes it there.
        "item": msg_in("activated in", "{department}", department=name),
    }
    note(events, "activate", text, seat, cell=cell, cost=cost, fold=fold)


def do_donate(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    """R8.1–R8.2: pay $5 × n (or $3 × n) and put a disc on a free cell."""
    cell = parse_donation(a.args[0])
    cost = donation_cost(c)
    conv = pay(c, cost)
    state.donation_discs[cell].append(seat)
    c.donations += 1
    c.discs -= 1
    state.step += 1
    if state.step == state.players:
        start_departments(state)
    text = msg(
        "{who} donated {paid} to {donation}.",
        who=P(seat),
        paid=paid_text(cost, conv),
        donation=words.donation(cell),
    )
    note(events, "donate", text, seat, cell=cell, cost=cost)


def do_row_action(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    do_row(state, seat, parse_index(a.args[0], data.ACTION_CODES, msg("row")), events)


def do_income_action(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    do_income(state, seat, c, int(a.args[0]), events)


def do_done(
    state: CarnegieState, seat: int, c: Company, a: ActionLike, events: list[Event], auto: bool
) -> None:
    ph = state.phase
    if ph in ("activate", "setup_activate"):
        state.done[seat] = True
        if all(state.done):
            if ph == "setup_activate":
                state.phase, state.round, state.step = "select", 1, 0
                state.done = [False] * state.players
                note(events, "round", msg("Round 1 begins."), None, round=1)
                begin_round(state, events)
            else:
                end_round(state, events)
    elif ph == "setup_moves":
        state.step += 1
        state.moves = data.SETUP_MOVES
        state.acted = False
        if state.step == state.players:
            state.phase, state.done, state.moves = "setup_activate", [False] * state.players, 0
    elif ph == "donate":
        non_events.no_donation(state, seat, c, auto, events)
        state.step += 1
        if state.step == state.players:
            start_departments(state)
    elif ph == "departments":
        non_events.no_build(state, seat, events)
        for cell in range(N_CELLS):
            c.staff[cell] = [ACTIVE if s else FREE for s in c.staff[cell]]
        lost: list[str] = []
        if state.moves and state.turn_type == data.HR:
            lost.append(plural("{n} move", "{n} moves", state.moves))
        if state.sp:
            lost.append(plural("{n} study point", "{n} study points", state.sp))
        if not auto or lost:
            if lost:
                note(
                    events,
                    "turn",
                    msg("{who} ended the turn ({lost} unused).", who=P(seat), lost=listing(lost)),
                    seat,
                )
            else:
                # ``closing``: a retired turn line tells it only when the seat did nothing else.
                note(events, "turn", msg("{who} ended the turn.", who=P(seat)), seat, closing=True)
        state.step += 1
        state.moves = state.sp = 0
        if state.step < state.players:
            begin_turn(state)
        else:
            state.phase, state.done, state.turn_type = "activate", [False] * state.players, -1
            state.open_dept, state.closed_depts = 0, []


def begin_round(state: CarnegieState, events: list[Event]) -> None:
    """Solo S1–S2 (R10.2): Andrew draws his current card; in his rounds he reveals it and selects the row
    of its main action at once (R10.2.2), so the human is never asked to select then."""
    if state.andrew is None:
        return
    solo.draw_card(state, events)
    if solo.andrew_selects(state):
        solo.reveal(state, events)
        do_row(state, 0, solo.main_action(state), events, by=msg("Andrew"))


def do_row(state: CarnegieState, seat: int, row: int, events: list[Event], by: str | None = None) -> None:
    """R5.2.1–R5.2.3: normal case, or end-of-row case flipping the next row below with a space left.
    ``by`` names a chooser who is not a seat (Andrew, R10.2.2, R5.2.5)."""
    state.row = row
    chose: Msg = msg("{who} chose {kind}", who=by or P(seat), kind=data.ACTION_TYPES[row])
    if state.markers[row] < 5:
        state.advancing = row
    else:
        f = (row + 1) % 4
        while state.markers[f] >= 5:
            f = (f + 1) % 4
        state.flipped = state.advancing = f
        chose = msg(
            "{who} chose {kind} (its Timeline row is full: the marker moves on the {other} row instead)",
            who=by or P(seat),
            kind=data.ACTION_TYPES[row],
            other=data.ACTION_TYPES[f],
        )
    region, donation = event_of(state)
    ev = listing(
        ([msg("Take Income in the {region}", region=data.REGIONS[region])] if region >= 0 else [])
        + ([msg("Make a Donation")] if donation else [])
    )
    note(
        events,
        "row",
        msg("{chose}; event: {event}.", chose=chose, event=ev),
        None if by else seat,
        row=row,
        advancing=state.advancing,
    )
    if state.andrew is not None:
        solo.andrew_turn(state, donation, events)  # R10.2.3: Andrew's event and action come first
    state.step = 0
    if region >= 0:
        state.phase = "income"
        non_events.no_income(state, region, events)
    elif donation:
        state.phase = "donate"
    else:
        start_departments(state)


def do_income(state: CarnegieState, seat: int, c: Company, k: int, events: list[Event]) -> None:
    """R5.3.1–R5.3.5: return k employees; k × transport income; project income once if k ≥ 1."""
    region, _ = event_of(state)
    had = c.missions[region]
    state.step += 1
    if k == 0:
        if had:
            note(
                events,
                "income",
                plural(
                    "{who} left {n} employee in the {region}.",
                    "{who} left {n} employees in the {region}.",
                    had,
                    who=P(seat),
                    region=data.REGIONS[region],
                ),
                seat,
            )
        after_income_step(state)
        return
    c.missions[region] -= k
    arrive(state, seat, k)
    g = transport_income(state, seat, region)
    receive(state, seat, g, k)
    project: list[str] = []
    choices = 0
    for t, i in emptied_income_spaces(c):
        alts = TABS[t][c.tab_side[t]][i].income
        if len(alts) == 1:
            receive(state, seat, alts[0])
            project.extend(gain_words(alts[0]))
        elif alts:
            state.tasks.append(Task(kind="pick", seat=seat, a=t, b=i))
            choices += 1
    # picks before the lobby placement so that a chosen new employee is placed with the others
    state.tasks.sort(key=lambda t: {"pick": 0, "lobby": 1, "spend": 2}.get(t.kind, 3))
    text = plural(
        "{who} brought back {n} employee from the {region}: +{gain} transport income",
        "{who} brought back {n} employees from the {region}: +{gain} transport income",
        k,
        who=P(seat),
        region=data.REGIONS[region],
        gain=join(" + ", gain_words(g, k)),
    )
    if project:
        text = msg("{income}, +{gain} project income", income=text, gain=join(" + ", project))
    if choices:
        text = plural(
            "{income}; {n} project income choice to make.",
            "{income}; {n} project income choices to make.",
            choices,
            income=text,
        )
    else:
        text = msg("{income}.", income=text)
    note(events, "income", text, seat, region=region, returned=k)
    after_income_step(state)


def after_income_step(state: CarnegieState) -> None:
    if state.step < state.players:
        return
    _, donation = event_of(state)
    state.step = 0
    if donation:
        state.phase = "donate"  # R5.3.7: the whole income event first, then the whole donation event
    else:
        start_departments(state)


def end_round(state: CarnegieState, events: list[Event]) -> None:
    """R5.5.3–R5.5.5 (solo S5: Andrew's card is filed under its VP card, the locomotive turns)."""
    if state.andrew is not None:
        solo.file_card(state, events)
    state.markers[state.advancing] += 1
    state.row = state.flipped = state.advancing = -1
    state.first = (state.first + 1) % state.players
    state.done = [False] * state.players
    if state.round >= data.ROUNDS:
        state.phase = "over"
        # The last round is summarised too, before the final result.
        events.append(checkpoint(f"round-{state.round}", msg("Round {round} is over", round=state.round)))
        note(events, "over", msg("The game is over after round 20."), None)
        return
    state.round += 1
    state.phase, state.step = "select", 0
    if state.andrew is None:
        begins = msg("Round {round} begins; {who} is first player.", round=state.round, who=P(state.first))
    elif solo.andrew_selects(state):
        begins = msg("Round {round} begins; Andrew selects the row.", round=state.round)
    else:
        begins = msg("Round {round} begins; {who} selects the row.", round=state.round, who=P(0))
    # The round just played is closed: the bot summarises the headline events since the last checkpoint.
    closed = state.round - 1
    closing = checkpoint(f"round-{closed}", msg("Round {round} is over", round=closed))
    if state.andrew is not None:
        # Solo R10.2.2: Andrew may open the next round in this same step; his points from that card
        # belong to the next round's summary, which lists the card, so the score is read here.
        closing = with_score(closing, score_parts.score(state))
    events.append(closing)
    note(events, "round", begins, state.first, round=state.round)
    begin_round(state, events)
