"""One employee's journey as one choice (issue 18): R6.1.2 lets the same employee be moved several times
and pass through any cell, so an HR turn (and setup step 11) offers each employee's destinations within
the moves left; the journey spends one move per step (R6.1.4) and the log tells every step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.carnegie import GAME as G
from engine.carnegie import data
from engine.carnegie.actions import parse_cell
from engine.carnegie.ai import worth_weighing
from engine.carnegie.state import CarnegieState, active_in
from engine.core import Game, IllegalAction, InvalidAction

from .fixtures import cell, department_turn, legal_texts, lobby, play, play_events, staff, started


def test_a_journey_reaches_any_cell_within_the_moves_left_r6_1_2() -> None:
    st = started()
    c = st.companies[0]
    staff(c, data.D_HR, 1)  # permanent + 1: 6 moves (R6.1.1)
    st = department_turn(st, 0, data.HR)
    assert st.moves == 6
    start = lobby(c)
    ends = {
        parse_cell(t.split()[1].split(">")[-1])[0]
        for t in legal_texts(st, 0)
        if t.startswith("move ") and parse_cell(t.split()[1].split(">")[0])[0] == start
    }
    # A 4×4 board: every other cell is at most 6 steps from any cell.
    assert ends == set(range(16)) - {start}


def test_a_journey_spends_a_move_per_step_and_the_log_tells_each_r6_1_4() -> None:
    st = started()
    c = st.companies[0]
    staff(c, data.D_HR, 1)
    st = department_turn(st, 0, data.HR)
    assert lobby(c) == cell("4,2")
    st, events = play_events(st, 0, "move 4,2>3,2>2,2>1,2")
    assert st.moves == 3
    assert st.companies[0].idle[cell("1,2")] == 1
    text = next(e.text for e in events if e.kind == "move")
    assert text.count(" through ") == 2 and "(3 moves, 3 moves left)" in text, text
    # One employee's journey is one choice: its label names where it starts and ends, and the moves.
    assert "(3 moves)" in G.describe_action(st, 0, G.parse_action("move 4,2>3,2>2,2>1,2"))


def test_a_journey_longer_than_the_moves_left_is_refused_r6_1_4() -> None:
    st = started()
    staff(st.companies[0], data.D_HR, 0)  # the permanent employee alone: 3 moves
    st = department_turn(st, 0, data.HR)
    assert st.moves == 3
    assert not any(t.count(">") > 3 for t in legal_texts(st, 0) if t.startswith("move "))
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "move 4,2>4,1>3,1>2,1>1,1")
    assert exc.value.rule == "R6.1.4"
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "move 4,2>3,2>3,3>2,4")  # the last step is diagonal
    assert exc.value.rule == "R6.1.2"
    with pytest.raises(InvalidAction):
        play(st, 0, "move 4,2>3,2*")


def test_a_standing_employees_journey_frees_its_workplace_once_r6_1_3() -> None:
    st = started()
    c = st.companies[0]
    staff(c, data.D_HR, 1)
    st = department_turn(st, 0, data.HR)
    st = play(st, 0, "move 2,2*>1,2>1,1")
    assert st.moves == 4 and active_in(st.companies[0], cell("2,2")) == 1  # only the permanent one
    assert st.companies[0].idle[cell("1,1")] == 1 and st.companies[0].idle[cell("1,2")] == 0


def test_setup_step_11_offers_journeys_within_its_six_moves() -> None:
    st = G.new_game(2, 7, {"tab_sides": "random"})
    while st.phase != "setup_moves":
        seat = G.pending(st).seats[0]
        st = G.apply(st, seat, G.legal_actions(st, seat)[0]).state
    seat = G.pending(st).seats[0]
    longest = max(t.count(">") for t in legal_texts(st, seat) if t.startswith("move "))
    assert 1 < longest <= data.SETUP_MOVES


def test_the_ai_weighs_only_journeys_into_departments_when_there_are_some_r6_1_2() -> None:
    st = started()
    staff(st.companies[0], data.D_HR, 1)
    st = department_turn(st, 0, data.HR)
    legal = G.legal_actions(st, 0)
    kept = worth_weighing(st, 0, legal)
    cells = st.companies[0].cells
    ends = {parse_cell(a.args[0].rsplit(">", 1)[1])[0] for a in kept if a.verb == "move"}
    assert ends and all(cells[e] > 0 for e in ends)
    assert [a for a in legal if a.verb != "move"] == [a for a in kept if a.verb != "move"]
    assert len(kept) < len(legal)
    # No journey into a department among the choices: every journey is weighed.
    only_empty = [
        a for a in legal if a.verb == "done" or cells[parse_cell(a.args[0].rsplit(">", 1)[1])[0]] <= 0
    ]
    assert worth_weighing(st, 0, only_empty) == only_empty


def test_the_ai_weighs_one_workplace_to_leave_per_journey_r6_1_3() -> None:
    """A standing employee's journey out of a department with workplaces of different prices comes once per
    workplace it may leave (R6.1.3). The evaluation after the step is the same whichever it leaves, so the
    AI weighs only the one ``leaving_value`` prefers (the cheaper workplace, or the employee already used)."""
    from engine.carnegie.ai import SearchPolicy, greedy_values, leaving_value, search_weights

    groups_seen = 0
    for players, seed in ((1, 3), (2, 4)):
        st = G.new_game(players, seed, {"tab_sides": "random"})
        ai = SearchPolicy(seed)
        while not G.pending(st).finished:
            seat = min(G.pending(st).seats)
            legal = G.legal_actions(st, seat)
            kept = worth_weighing(st, seat, legal)
            journeys = [a for a in legal if a.verb == "move" and len(a.args) > 1]
            groups: dict[str, list[object]] = {}
            for a in journeys:
                groups.setdefault(a.args[0], []).append(a)
            for path, variants in groups.items():
                if len(variants) < 2 or not any(a in kept for a in variants):
                    continue
                groups_seen += 1
                assert [a for a in kept if a in variants] == [
                    max(variants, key=lambda a: leaving_value(st, seat, a))
                ], path
                values = greedy_values(G, st, seat, variants, search_weights(st))
                pairs = zip(variants, values, strict=True)
                assert len({round(v - leaving_value(st, seat, a), 9) for a, v in pairs}) == 1, path
            st = G.apply(st, seat, ai.choose(G, st, seat, legal)).state
    assert groups_seen > 20


def test_every_journey_listed_as_sure_passes_the_move_check_r6_1_2_r6_1_4() -> None:
    """The journeys ``move_candidates`` lists skip ``check_move`` when the legal actions are listed: at every
    decision of whole games (a random player, so employees stand and lie everywhere), each one passes it."""
    from engine.carnegie.rules.flow import CHECKS, candidates
    from engine.core import play as play_game
    from engine.core.words import quietly

    checked = priced = 0

    class Checking:
        def __init__(self, seat: int) -> None:
            self.player = G.ai(seat, "random")

        def choose(
            self, game: Game[Any, Any], state: CarnegieState, seat: int, actions: Sequence[Any]
        ) -> Any:
            nonlocal checked, priced
            c = state.companies[seat]
            with quietly():
                for a in candidates(state, seat):
                    if a.sure:
                        assert CHECKS[a.verb](state, seat, c, a) is None, a
                        checked += 1
                        priced += len(a.args) > 1
            return self.player.choose(game, state, seat, actions)

    for players, seed in ((1, 3), (1, 4), (2, 3), (2, 4)):
        start = G.new_game(players, seed, {"tab_sides": "random"})
        play_game(G, start, [Checking(s) for s in range(players)])
    assert checked > 1000 and priced > 0, (checked, priced)
