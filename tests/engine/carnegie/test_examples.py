"""examples.md Part A (printed examples) as tests.

A9/A13 (connections) live in test_scoring.py; A10 is solo (later task).
"""

from __future__ import annotations

import pytest

from engine.carnegie import data
from engine.carnegie.reconstructed import START_WORKPLACES, TABS
from engine.carnegie.rules import event_of
from engine.carnegie.state import (
    ACTIVE,
    FREE,
    CarnegieState,
    active_in,
    cell_of,
    tab_discs,
    tab_end_vp,
)
from engine.core import IllegalAction, InvalidAction

from .fixtures import (
    activation_phase,
    build_tile,
    cell,
    department_turn,
    empty_company,
    finish_round,
    free_city,
    legal_texts,
    lobby,
    play,
    staff,
    started,
)


def test_a1_activation_r5_5_1_pays_each_workplace_and_refuses_what_cannot_be_paid() -> None:
    """A1 (R5.5.1): $4, lying employees on workplaces $1, $1, $2, $5 (total $9)."""
    st = started()
    c = st.companies[0]
    empty_company(c)
    build_tile(c, 2, "1,1")  # Recruiting: $1, $1
    build_tile(c, 1, "1,2")  # Training and Partnerships: $2
    build_tile(c, 3, "1,3")  # Safety and Quality: $5
    c.idle[cell("1,1")], c.idle[cell("1,2")], c.idle[cell("1,3")] = 2, 1, 1
    c.money, c.goods = 4, 0
    st = activation_phase(st, 0)
    with pytest.raises(IllegalAction) as exc:  # all four cannot be paid: the $5 one fails first
        play(st, 0, "activate 1,3")
    assert exc.value.rule == "R5.5.1"
    for at in ("1,1", "1,1", "1,2"):
        st = play(st, 0, f"activate {at}")
    c = st.companies[0]
    assert c.money == 0
    assert active_in(c, cell("1,1")) == 2 and active_in(c, cell("1,2")) == 1
    assert c.idle[cell("1,3")] == 1 and active_in(c, cell("1,3")) == 0
    assert "activate 1,3" not in legal_texts(st, 0)
    # Action 3: a later Phase 4 with $5.
    st = st.clone()
    st.companies[0].money = 5
    st = activation_phase(st, 0)
    st = play(st, 0, "activate 1,3")
    assert st.companies[0].money == 0 and active_in(st.companies[0], cell("1,3")) == 1


def test_a2_select_timeline_r5_2_1_normal_case() -> None:
    """A2 (R5.2.1–R5.2.2): R&D marker at 2 -> gear on R&D space 3; after phase 4 the marker is at 3."""
    st = started()
    st.markers[data.RND] = 2
    st.first = 0
    st = play(st, 0, "row RND")
    assert st.row == data.RND and st.advancing == data.RND and st.flipped == -1
    tile, side = st.timeline[data.RND]
    ev = data.TIMELINE_TILES[tile - 1][side][2]
    assert event_of(st) == ((-1, True) if ev == data.DONATION else (ev, False))
    st = finish_round(st)
    assert st.markers[data.RND] == 3 and st.row == -1 and st.first == 1


def test_a3_end_of_row_r5_2_3_flips_the_row_below() -> None:
    """A3 (R5.2.3, R5.5.3): HR at 5, Management at 3 with space 4 = Income West (tile 2 Front)."""
    st = started()
    st.timeline = [list(r) for r in st.timeline]
    st.timeline[data.MGT] = [2, 0]
    assert data.TIMELINE_TILES[1][0][3] == data.WEST  # PARAM: Management space 4 is Income West
    st.markers = [5, 3, 0, 0]
    st.first = 0
    st.companies[1].missions = [1, 0, 0, 0]
    st = play(st, 0, "row HR")
    assert st.row == data.HR and st.flipped == data.MGT and st.advancing == data.MGT
    assert event_of(st) == (data.WEST, False)
    assert st.phase == "income"  # the West Take Income event for all players
    st = finish_round(st)
    assert st.markers == [5, 4, 0, 0] and st.flipped == -1


def _a4_state(missions: int = 2) -> CarnegieState:
    """A4 start: 2 employees in the Midwest, Midwest space 2, project income $2 + 1 good, $0, 0 goods."""
    st = started()
    c = st.companies[0]
    c.missions = [0, missions, 0, 0]
    c.tracks = [1, 2, 1, 1]
    c.money = c.goods = 0
    c.tab_side = [0, 0, 0, 0]
    c.tab_pos = [0, 0, 0, 0]
    c.tab_built = [
        0,
        1,
        1,
        0,
    ]  # PARAM: emptied spaces = Commerce A space 0 ($2) + Industry A space 0 (1 good)
    assert TABS[data.COMMERCE][0][0].income == (data.Gain(money=2),)
    assert TABS[data.INDUSTRY][0][0].income == (data.Gain(goods=1),)
    st.companies[1].missions = [0, 0, 0, 0]
    st.timeline = [list(r) for r in st.timeline]
    st.timeline[data.HR] = [3, 0]  # tile 3 Front: space 2 = Income Midwest
    st.markers[data.HR] = 1
    st.first = 0
    st = play(st, 0, "row HR")
    assert event_of(st) == (data.MIDWEST, False)
    return st


def test_a4_take_income_r5_3_1_transport_per_employee_and_project_income_once() -> None:
    """A4 (R5.3.1–R5.3.3): return both -> $2 × 2 + ($2 + 1 good) = $6 and 1 good, both in the Lobby."""
    st = _a4_state()
    assert legal_texts(st, 0) == {"income 0", "income 1", "income 2"}
    before = st.companies[0].idle[lobby(st.companies[0])]
    st = play(st, 0, "income 2")
    c = st.companies[0]
    assert (c.money, c.goods) == (6, 1)
    assert c.missions[data.MIDWEST] == 0 and c.idle[lobby(c)] == before + 2


def test_a4_variant_a_one_employee_r5_3_3() -> None:
    st = play(_a4_state(), 0, "income 1")
    c = st.companies[0]
    assert (c.money, c.goods, c.missions[data.MIDWEST]) == (4, 1, 1)


def test_a4_variant_b_no_employee_no_income_r5_3_4() -> None:
    st = play(_a4_state(), 0, "income 0")
    c = st.companies[0]
    assert (c.money, c.goods, c.missions[data.MIDWEST]) == (0, 0, 2)


def test_a4_variant_c_income_is_the_current_space_r5_3_2() -> None:
    """No action can take a lower space's income; bringing back 1 pays space 2 ($2), not space 1 ($1)."""
    st = _a4_state()
    with pytest.raises(InvalidAction):
        play(st, 0, "income 1 space1")
    st = play(st, 0, "income 1")
    assert st.companies[0].money == 2 + 2


def test_a5_hr_moves_r6_1_1_allowance_fixed_at_start_of_turn() -> None:
    """A5 (R6.1.1–R6.1.6): HR with permanent + 1 employee = 6 moves; Training 2 steps from the Lobby,
    Construction 2 steps; activation then costs $2 + $2 + $2."""
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_HR, 1)
    staff(c, data.D_CON, 1)
    build_tile(c, 1, "3,1")  # Training and Partnerships, 2 moves from the Lobby (4,2)
    build_tile(c, 2, "1,4")  # Recruiting with an active employee keeps the turn open after the moves
    staff(c, 2, 1)
    c.idle[lobby(c)] = 3
    c.money, c.goods = 6, 0
    assert START_WORKPLACES[data.D_CON] == (0, 2, 2)  # PARAM c1 + c2 = $4
    assert lobby(c) == cell("4,2") and c.cells[cell("4,4")] == data.D_CON
    st = department_turn(st, 0, data.HR)
    assert st.moves == 6
    for m in ("4,2>4,1", "4,1>3,1", "4,2>4,3", "4,3>4,4", "4,2>4,3", "4,3>4,4"):
        st = play(st, 0, f"move {m}")
    assert st.moves == 0
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "move 4,4>4,3")
    assert exc.value.rule == "R6.1.1"
    c = st.companies[0]
    assert c.idle[cell("3,1")] == 1 and c.idle[cell("4,4")] == 2
    assert "use 1 $8" not in legal_texts(st, 0)  # lying employees cannot be used this turn (R6.1.6)
    st = play(st, 0, "done")
    st = activation_phase(st, 0)
    for at in ("3,1", "4,4", "4,4"):
        st = play(st, 0, f"activate {at}")
    assert st.companies[0].money == 0


def test_a5_variant_moving_the_hr_employee_keeps_the_allowance_r6_1_1() -> None:
    st = started()
    c = st.companies[0]
    staff(c, data.D_HR, 1)
    st = department_turn(st, 0, data.HR)
    st = play(st, 0, "move 2,2*>1,2")
    assert st.moves == 5 and active_in(st.companies[0], cell("2,2")) == 1  # only the permanent one
    assert st.companies[0].idle[cell("1,2")] == 1


def test_a6_trade_and_finance_then_strategic_planning_r6_2_2() -> None:
    """A6 (§6.2.1, R6.2.1–R6.2.6): two goods from Trade and Finance pay Engineering on an empty cell."""
    st = started()
    c = st.companies[1]
    empty_company(c)
    staff(c, data.D_TF, 2)
    staff(c, data.D_SP, 1)
    c.goods, c.reserved = 0, 0
    st.display[9] = 1
    st = department_turn(st, 1, data.MGT)
    st = play(st, 1, "use TF good")
    st = play(st, 1, "use TF good")
    assert st.companies[1].goods == 2
    st = play(st, 1, "use SP 9")
    assert "place 1,1" in legal_texts(st, 1)
    st = play(st, 1, "place 1,1")
    c = st.companies[1]
    assert c.goods == 0 and c.cells[cell("1,1")] == 9 and active_in(c, cell("1,1")) == 0
    assert not any(t.startswith("use 9") for t in legal_texts(st, 1))


def test_a6_variant_cell_with_employee_costs_one_good_r6_2_2() -> None:
    st = started()
    c = st.companies[1]
    empty_company(c)
    staff(c, data.D_SP, 1)
    c.idle[cell("1,1")] = 1
    c.goods, c.reserved = 2, 0
    st.display[9] = 1
    st = department_turn(st, 1, data.MGT)
    st = play(st, 1, "use SP 9")
    st = play(st, 1, "place 1,1")
    assert st.companies[1].goods == 1
    st = activation_phase(st, 1)
    st.companies[1].money = 2
    st = play(st, 1, "activate 1,1")
    assert active_in(st.companies[1], cell("1,1")) == 1 and st.companies[1].money == 0


def _a7_state() -> CarnegieState:
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_CON, 3)
    c.goods, c.money = 2, 0
    c.tab_side = [0, 0, 0, 0]
    c.tab_pos = [1, 0, 0, 0]
    c.tab_built = [0, 1, 0, 0]  # 2 Housing + 1 Industry ready; Commerce's only disc already built
    c.tracks = [1, 4, 1, 1]
    free_city(st, "chicago")
    free_city(st, "cincinnati")
    return department_turn(st, 0, data.CON)


def test_a7_construction_r6_3_1_industry_in_chicago() -> None:
    """A7 (§6.3): Industry (2 goods) in Chicago; mission to the Midwest; no further build possible."""
    st = _a7_state()
    legal = legal_texts(st, 0)
    assert {"use CON H chicago", "use CON I chicago", "use CON H cincinnati"} <= legal
    st = play(st, 0, "use CON I chicago")
    c = st.companies[0]
    assert c.goods == 0 and c.missions[data.MIDWEST] == 1 and active_in(c, cell("4,4")) == 2
    k = data.CITY_SLOTS[data.CITY_INDEX["chicago"]][0]
    assert st.slot_owner[k] == 0 and st.slot_project[k] == data.INDUSTRY  # Chicago's left-most Industry slot
    assert tab_discs(c, data.INDUSTRY) == 0 and c.tab_built[data.INDUSTRY] == 1
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "use CON H chicago")
    assert exc.value.rule == "R6.3.2"


def test_a7_alternative_marked_small_town_gives_transport_income_once_r6_3_5() -> None:
    st = play(_a7_state(), 0, "use CON I cincinnati")
    c = st.companies[0]
    assert c.goods == 2 and c.missions[data.MIDWEST] == 1  # Midwest space 4: 2 goods, once


def test_a7_both_housing_projects_are_the_other_legal_plan_r6_3_2() -> None:
    st = _a7_state()
    st = play(st, 0, "use CON H chicago")
    st = play(st, 0, "use CON H kansas-city")
    c = st.companies[0]
    assert c.goods == 0 and tab_discs(c, data.HOUSING) == 0 and c.missions[data.MIDWEST] == 2


def test_a7_pl_version_commerce_and_housing_r6_3_2() -> None:
    st = _a7_state()
    c = st.companies[0]
    c.tab_pos = [0, 0, 0, 0]
    c.tab_built = [0, 0, 0, 0]  # 1 Housing, 1 Commerce, 1 Industry ready
    st = play(st, 0, "use CON C chicago")
    st = play(st, 0, "use CON H chicago")
    assert st.companies[0].goods == 0


def _a8_state(rd: int, ad: int) -> CarnegieState:
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_RD, rd)
    build_tile(c, 14, "1,1")
    staff(c, 14, ad)
    c.tab_side[data.INDUSTRY] = 1
    c.tab_pos[data.INDUSTRY] = 0
    c.tab_built[data.INDUSTRY] = 0
    ind = TABS[data.INDUSTRY][1]
    assert (ind[1].cost, ind[1].kind, ind[2].cost, ind[2].vp) == (4, "P", 4, 3)  # PARAM of A8
    c.tracks = [1, 1, 1, 1]
    return department_turn(st, 0, data.RND)


def test_a8_research_and_development_r6_4_1_pool_of_15_sp() -> None:
    """A8 (§6.4, D15 [PL] staffing): 3 + 3 × 4 = 15 SP; Industry 4 + 4; West 1 -> 4 for 7 SP."""
    st = _a8_state(1, 3)
    discs = st.companies[0].discs
    assert st.sp == 15
    for text in ("push I", "push I", "track W", "track W", "track W"):
        st = play(st, 0, text)
    c = st.companies[0]
    assert st.sp == 0 and c.tracks[data.WEST] == 4 and tab_end_vp(c, data.INDUSTRY) == 3
    assert tab_discs(c, data.INDUSTRY) == 2 and c.discs == discs - 1
    with pytest.raises(IllegalAction):
        play(st, 0, "track M")
    st = play(st, 0, "done")  # no SP carries over: the next player's turn has its own pool
    assert st.step == 1


def test_a8_pl_spending_note_two_tracks_two_spaces_cost_8_r6_4_3() -> None:
    """A8 [PL] note: West 1->3 (3 SP) and East 1->3 (5 SP) need 8; with 7 left the last step fails."""
    st = _a8_state(1, 3)
    st = play(st, 0, "push I")
    st = play(st, 0, "push I")
    assert st.sp == 7
    for text in ("track W", "track W", "track E"):
        st = play(st, 0, text)
    assert st.sp == 1
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "track E")
    assert exc.value.rule == "R6.4.3"


def test_a11_one_department_at_a_time_r5_4_2() -> None:
    """A11: Trade and Finance, then Strategic Planning, then Trade and Finance again -> rejected."""
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_TF, 2)
    staff(c, data.D_SP, 1)
    c.reserved, c.goods = 0, 5
    st.display[9] = 1
    st = department_turn(st, 0, data.MGT)
    st = play(st, 0, "use TF $3")
    st = play(st, 0, "use SP 9")
    st = play(st, 0, "place 1,1")
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "use TF $3")
    assert exc.value.rule == "R5.4.2"


def test_a12_communications_cost_three_per_donation_r8_1_2() -> None:
    """A12: after 2 donations, with an active Communications employee the 3rd costs $9, not $15."""
    st = started()
    c = st.companies[0]
    build_tile(c, 12, "1,1")
    staff(c, 12, 1)
    c.donations, c.money, c.goods = 2, 20, 0
    st.timeline = [list(r) for r in st.timeline]
    st.markers = [4, 0, 0, 0]  # HR space 5 = Income East + Donation
    st.first = 0
    st = play(st, 0, "row HR")
    while st.phase == "income":
        st = play(st, st.step and 1, "income 0")
    assert st.phase == "donate"
    free = next(code for k, (code, *_) in enumerate(data.DONATION_CELLS) if not st.donation_discs[k])
    st = play(st, 0, f"donate {free}")
    assert st.companies[0].money == 11 and st.companies[0].donations == 3


def test_a14_training_reward_is_8_dollars_or_8_moves_not_a_mix_r7_1() -> None:
    """A14 (§7.1, D1): only "$8" or "moves"; both send the employee on a mission."""
    st = started()
    c = st.companies[0]
    build_tile(c, 1, "1,1")
    staff(c, 1, 1)
    st = department_turn(st, 0, data.HR)
    assert {t for t in legal_texts(st, 0) if t.startswith("use 1")} == {"use 1 $8", "use 1 moves"}
    with pytest.raises(InvalidAction):
        play(st, 0, "use 1 $4+4")
    moves = st.moves
    st2 = play(st, 0, "use 1 moves")
    assert st2.moves == moves + 8 and st2.tasks[0].kind == "mission"
    st2 = play(st2, 0, "mission S")
    assert st2.companies[0].missions[data.SOUTH] == 1 and active_in(st2.companies[0], cell("1,1")) == 0
    money = st.companies[0].money
    st3 = play(play(st, 0, "use 1 $8"), 0, "mission W")
    assert st3.companies[0].money == money + 8 and st3.companies[0].missions[data.WEST] == 1


def test_a15_setup_moves_six_then_activation_after_everyone_r3_step_11() -> None:
    """A15 (§3 steps 11–12): at most 6 moves, moved figures lie down, empty cells allowed; activation
    only after all players finished step 11."""
    from engine.carnegie import GAME as G

    st = G.new_game(2, 3, {"tab_sides": "random"})
    while st.phase in ("house", "reserve"):
        seat = G.pending(st).seats[0]
        st = G.apply(st, seat, G.legal_actions(st, seat)[0]).state
    assert st.phase == "setup_moves"
    seat = G.pending(st).seats[0]
    assert not any(t.startswith("activate") for t in legal_texts(st, seat))
    st = play(st, seat, "move 2,2*>1,2")  # standing HR employee into an empty cell: it lies down
    assert st.companies[seat].idle[cell("1,2")] == 1
    for m in ("1,2>1,1", "1,1>2,1", "2,1>3,1", "3,1>4,1", "4,1>4,2"):
        st = play(st, seat, f"move {m}")
    with pytest.raises(IllegalAction) as exc:
        play(st, seat, "move 4,2>4,1")
    assert exc.value.rule == "R6.1.1"
    st = play(st, seat, "done")
    assert G.pending(st).seats == [1 - seat] and st.phase == "setup_moves"
    st = play(st, 1 - seat, "done")
    assert st.phase in ("setup_activate", "select")


def test_workplace_fixture_values_are_the_reconstruction() -> None:
    """The starting departments' workplaces used by these examples (§12 D-2)."""
    st = started()
    c = st.companies[0]
    assert [c.staff[cell_of(c, d)] for d in (data.D_HR,)] == [[ACTIVE, ACTIVE, FREE]]
    assert len(START_WORKPLACES[data.D_RD]) == 3
