"""Helpers that build Carnegie test states through setup and then edit them explicitly.

examples.md asks every fixture parameter to be set explicitly: the helpers below never rely on a default
arrangement except the setup itself; each test states what it changes.
"""

from __future__ import annotations

from engine.carnegie import GAME, data, rules
from engine.carnegie.actions import act, parse_action, parse_cell
from engine.carnegie.reconstructed import LOBBY, N_CELLS, PERMANENT_WORKPLACE
from engine.carnegie.state import ACTIVE, FREE, NO_OWNER, CarnegieState, Company, cell_of, workplace_costs
from engine.core import Event

G = GAME


def started(players: int = 2, seed: int = 7) -> CarnegieState:
    """A game right after setup (round 1, Select Timeline), tab sides random, simple setup choices."""
    st = G.new_game(players, seed, {"tab_sides": "random"})
    while st.phase in ("house", "reserve", "setup_moves", "setup_activate"):
        seat = G.pending(st).seats[0]
        legal = G.legal_actions(st, seat)
        a = act("done") if act("done") in legal else legal[0]
        st = G.apply(st, seat, a).state
    assert st.phase == "select"
    return st.clone()


def play(st: CarnegieState, seat: int, text: str) -> CarnegieState:
    return G.apply(st, seat, parse_action(text)).state


def play_events(st: CarnegieState, seat: int, text: str) -> tuple[CarnegieState, list[Event]]:
    step = G.apply(st, seat, parse_action(text))
    return step.state, step.events


def legal_texts(st: CarnegieState, seat: int) -> set[str]:
    return {G.format_action(a) for a in G.legal_actions(st, seat)}


def cell(text: str) -> int:
    return parse_cell(text)[0]


def empty_company(c: Company) -> None:
    """Remove every employee from the board (supplies untouched); the permanent HR employee stays."""
    for i in range(N_CELLS):
        c.idle[i] = 0
        c.staff[i] = [FREE] * len(c.staff[i])
        if c.cells[i] == data.D_HR:
            c.staff[i][PERMANENT_WORKPLACE] = ACTIVE
    c.missions = [0, 0, 0, 0]


def staff(c: Company, dept: int, active: int, lying: int = 0) -> None:
    """Put ``active`` standing employees (first non-permanent workplaces) and ``lying`` ones in ``dept``."""
    i = cell_of(c, dept)
    assert i >= 0, dept
    wps = c.staff[i]
    for w in range(len(wps)):
        if not (dept == data.D_HR and w == PERMANENT_WORKPLACE):
            wps[w] = FREE
    placed = 0
    for w in range(len(wps)):
        if placed < active and not (dept == data.D_HR and w == PERMANENT_WORKPLACE):
            wps[w] = ACTIVE
            placed += 1
    assert placed == active
    c.idle[i] = lying


def build_tile(c: Company, tile: int, at: str) -> int:
    i = cell(at)
    assert c.cells[i] == 0
    c.cells[i] = tile
    c.staff[i] = [FREE] * len(workplace_costs(tile))
    c.reserved = 0
    return i


def lobby(c: Company) -> int:
    return c.cells.index(LOBBY)


def free_city(st: CarnegieState, city: str) -> None:
    for k in data.CITY_SLOTS[data.CITY_INDEX[city]]:
        st.slot_owner[k] = NO_OWNER
        st.slot_project[k] = -1


def department_turn(st: CarnegieState, seat: int, action_type: int) -> CarnegieState:
    """Phase 3 of a round of ``action_type`` with ``seat`` first player and in turn."""
    st.tasks = []
    st.first = seat
    st.row = st.advancing = action_type
    st.markers[action_type] = min(st.markers[action_type], 4)
    st.phase = "departments"
    st.step = 0
    rules.begin_turn(st)
    return st


def activation_phase(st: CarnegieState, seat: int) -> CarnegieState:
    """Phase 4 with only ``seat`` still to activate."""
    st.tasks = []
    st.row = st.advancing = data.HR
    st.phase = "activate"
    st.done = [s != seat for s in range(st.players)]
    return st


def finish_round(st: CarnegieState) -> CarnegieState:
    """Every pending seat declines until the next round's Select Timeline (or the end)."""
    start = st.round
    for _ in range(500):
        if st.phase == "over" or (st.phase == "select" and st.round != start):
            return st
        d = G.pending(st)
        seat = d.seats[0]
        legal = G.legal_actions(st, seat)
        for pref in ("done", "income 0", "lobby 0", "pick 1"):
            if parse_action(pref) in legal:
                st = play(st, seat, pref)
                break
        else:
            st = G.apply(st, seat, legal[-1]).state
    raise AssertionError("round did not finish")
