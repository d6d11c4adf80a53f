"""Who decides now and what they are asked (``pending``, ``deciding``): a pending task first (income
choices R5.3.5, the New Lobby §7.4, study points R6.4.11, Property Management R6.2.5, missions R5.4.6,
placing a department R6.2.1, choosing a slot R6.3.1), else the phase's decision (§3 steps 6B and 10–12,
§5.2–§5.5; Andrew's card backs R10.2.1)."""

from __future__ import annotations

from engine.carnegie import data, solo, words
from engine.carnegie.reconstructed import TABS
from engine.carnegie.rules.common import context, current_seat, event_of
from engine.carnegie.state import CarnegieState, Task, donation_cost
from engine.core import Decision
from engine.core.words import Msg, msg, plural

CONTEXT_VERBS: dict[str, tuple[str, ...]] = {
    "pick": ("pick",),
    "lobby": ("lobby",),
    "spend": ("track", "push", "done"),
    "relocate": ("relocate", "done"),
    "mission": ("mission",),
    "place": ("place",),
    "slot": ("slot",),
    "sides": ("side",),
    "house": ("house",),
    "reserve": ("reserve",),
    "setup_moves": ("move", "done"),
    "setup_activate": ("activate", "done"),
    "activate": ("activate", "done"),
    "select": ("row",),
    "income": ("income",),
    "donate": ("donate", "done"),
    "departments": ("choose", "move", "use", "track", "push", "done"),
    "over": (),
}


def pending(state: CarnegieState) -> Decision:
    """Who decides now. ``Decision.done`` is "done" in every context whose verbs include it: ``done`` is
    then legal for each deciding seat (``check_done`` refuses it only to a seat that already finished, and
    such a seat is no longer pending), so the panel offers it as the Done button."""
    decision = _pending(state)
    if "done" in CONTEXT_VERBS[context(state)] and decision.seats:
        decision.done = "done"
    return decision


def deciding(state: CarnegieState) -> list[int]:
    """``pending(state).seats`` without the prompt: the rules ask who decides after every action, also in
    the computer players' play-outs, where nobody reads the prompt."""
    if state.tasks:
        return [state.tasks[0].seat]
    ph = state.phase
    if ph == "over":
        return []
    if ph in ("sides", "setup_activate", "activate"):
        return [s for s in range(state.players) if not state.done[s]]
    return [current_seat(state)]


def _pending(state: CarnegieState) -> Decision:
    # Prompts are lowercase and end without a full stop: the bot writes them after a name or a colon.
    seats = deciding(state)
    if state.tasks:
        t = state.tasks[0]
        return Decision(seats=seats, kind=t.kind, prompt=_task_prompt(state, t))
    ph = state.phase
    if ph == "over":
        return Decision(seats=seats, kind="over", prompt=msg("The game is over."), finished=True)
    if ph in ("sides", "setup_activate", "activate"):
        prompt = {
            "sides": msg(
                "choose a side for each of your four project tabs, Housing first: side A costs "
                "fewer study points per push, side B raises your donation cap by 3 once fully pushed"
            ),
            "setup_activate": msg(
                "before round 1, pay to stand up employees lying in your departments (each "
                "button shows its workplace's price), then press Done"
            ),
            "activate": msg(
                "end of the round: pay to stand up employees lying in your departments (each "
                "button shows its workplace's price), then press Done"
            ),
        }[ph]
        return Decision(seats=seats, kind=ph, prompt=prompt)
    seat = seats[0]
    c = state.companies[seat]
    if ph == "house":
        prompt = msg("place your Housing project in a medium or major city (not a small town)")
    elif ph == "reserve":
        prompt = msg("reserve a department tile from the display: it will be the first department you build")
    elif ph == "setup_moves":
        prompt = plural(
            "before the game starts you may move employees ({n} move left), then press Done",
            "before the game starts you may move employees ({n} moves left), then press Done",
            state.moves,
        )
    elif ph == "select":
        prompt = _andrew_hint(state)
    elif ph == "income":
        region, _ = event_of(state)
        prompt = msg(
            "Take Income in the {region}: choose how many employees come back (you have {n} there)",
            region=data.REGIONS[region],
            n=c.missions[region],
        )
    elif ph == "donate":
        prompt = msg(
            "make a donation for ${money} on a free space of the donation table, or pass",
            money=donation_cost(c),
        )
    else:
        prompt = msg(
            "use your {kind} departments, then end your turn", kind=data.ACTION_TYPES[max(state.turn_type, 0)]
        )
    return Decision(seats=[seat], kind=ph, prompt=prompt)


def _task_prompt(state: CarnegieState, t: Task) -> Msg:
    c = state.companies[t.seat]
    if t.kind == "pick":
        alts = TABS[t.a][c.tab_side[t.a]][t.b].income
        return msg("project income: choose {alternatives}", alternatives=words.alternatives(alts, taken=True))
    if t.kind == "lobby":
        return plural(
            "{n} employee arrive: choose how many lie in the New Lobby (the others go to the Lobby)",
            "{n} employees arrive: choose how many lie in the New Lobby (the others go to the Lobby)",
            t.a,
        )
    if t.kind == "spend":
        return plural(
            "spend your {n} study point now on a transportation track or a project tab "
            "(what is left is lost)",
            "spend your {n} study points now on a transportation track or a project tab "
            "(what is left is lost)",
            t.a,
        )
    if t.kind == "relocate":
        return msg(
            "Property Management: you may move one employee from anywhere on your company board into "
            "your new {department}, or press Done",
            department=data.DEPT_NAMES[c.cells[t.a]],
        )
    if t.kind == "mission":
        return msg("choose the region of the mission: the employee comes back at that region's Take Income")
    if t.kind == "place":
        return msg(
            "choose an empty space for {department} (3 VP at the end in the top row, 2 VP in the others)",
            department=data.DEPT_NAMES[t.a],
        )
    return msg(
        "choose the slot of your new {project} project in {city}",
        project=data.PROJECT_TYPES[t.b],
        city=data.CITIES[data.SLOT_CITY[t.a]].name,
    )


def _andrew_hint(state: CarnegieState) -> Msg:
    """The prompt to select a row; R10.2.1: before selecting, the solo player sees the back of Andrew's
    current card and of the top card of his deck (a Normal card's back shows the action worth most to
    Andrew; "?" on Advanced)."""
    a = state.andrew
    if a is None or not a.current:
        return msg("choose this round's Timeline row: it sets the action type for everyone and the event")
    current = words.card_back(solo.back(a.current))
    if a.deck:
        return msg(
            "choose this round's Timeline row: it sets the action type for everyone and the event "
            "(Andrew's card back: {back}; his next card's back: {next})",
            back=current,
            next=words.card_back(solo.back(a.deck[0])),
        )
    return msg(
        "choose this round's Timeline row: it sets the action type for everyone and the event "
        "(Andrew's card back: {back})",
        back=current,
    )
