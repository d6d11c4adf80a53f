"""Rule tests of the departments: the starting departments (§6.2.1, R4.3, R5.4.3, R6.4.1) and every
department tile (§7, §2.6)."""

from __future__ import annotations

import pytest

from engine.carnegie import data
from engine.carnegie.state import CarnegieState, Company, active_in, cell_of
from engine.core import IllegalAction

from .fixtures import (
    build_tile,
    cell,
    department_turn,
    empty_company,
    free_city,
    legal_texts,
    lobby,
    play,
    staff,
    started,
)


def _turn_with(tile: int, action_type: int, active: int = 1) -> tuple[CarnegieState, Company]:
    st = started()
    c = st.companies[0]
    empty_company(c)
    build_tile(c, tile, "1,1")
    staff(c, tile, active)
    return st, c


# --- starting departments -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "money", "goods", "mission"),
    [("$3", 3, 0, False), ("good", 0, 1, False), ("$6", 6, 0, True), ("2g", 0, 2, True)],
)
def test_trade_and_finance_options_s6_2_1(option: str, money: int, goods: int, mission: bool) -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_TF, 1)
    c.money = c.goods = 0
    st = department_turn(st, 0, data.MGT)
    st = play(st, 0, f"use TF {option}")
    if mission:
        assert st.tasks[0].kind == "mission"
        st = play(st, 0, "mission S")
    c = st.companies[0]
    assert (c.money, c.goods, c.missions[data.SOUTH]) == (money, goods, int(mission))
    assert active_in(c, cell_of(c, data.D_TF)) == (0 if mission else 1)


def test_one_use_per_active_employee_r5_4_3() -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_TF, 1)
    build_tile(c, 6, "1,1")
    staff(c, 6, 1)
    c.goods = 3
    st = department_turn(st, 0, data.MGT)
    st = play(st, 0, "use TF $3")
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "use TF $3")
    assert exc.value.rule == "R5.4.3"


def test_starting_rnd_gives_3_sp_per_active_employee_r6_4_1() -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_RD, 3)
    st = department_turn(st, 0, data.RND)
    assert st.sp == 9
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "use RD")
    assert exc.value.rule == "R6.1.1"


def test_permanent_hr_employee_gives_3_moves_and_never_moves_r4_3() -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    st = department_turn(st, 0, data.HR)
    assert st.moves == 3
    assert not any(t.startswith("move 2,2*") for t in legal_texts(st, 0))


# --- department tiles ----------------------------------------------------------------------------------


def test_recruiting_hire_and_moves_s7_2() -> None:
    st, c = _turn_with(2, data.HR, 2)
    c.supply = 1
    idle = c.idle[lobby(c)]
    st = department_turn(st, 0, data.HR)
    moves = st.moves
    st = play(play(st, 0, "use 2 hire"), 0, "mission W")
    c = st.companies[0]
    assert c.supply == 0 and c.idle[lobby(c)] == idle + 1 and c.missions[data.WEST] == 1
    assert "use 2 hire" not in legal_texts(st, 0)  # personal supply empty (R5.4.6)
    st = play(st, 0, "use 2 moves")
    assert st.moves == moves + 4 and active_in(st.companies[0], cell("1,1")) == 1


def test_new_lobby_arrivals_may_go_to_either_lobby_s7_4() -> None:
    st = started()
    c = st.companies[0]
    build_tile(c, data.NEW_LOBBY, "1,1")
    with pytest.raises(IllegalAction):
        play(department_turn(st, 0, data.HR), 0, "use 4")
    st = started()
    c = st.companies[0]
    build_tile(c, data.NEW_LOBBY, "1,1")
    c.missions = [0, 0, 0, 2]
    st.companies[1].missions = [0, 0, 0, 0]
    st.markers = [4, 0, 0, 0]
    st.first = 0
    st = play(play(st, 0, "row HR"), 0, "income 2")
    while st.tasks and st.tasks[0].kind == "pick":
        st = play(st, 0, "pick 1")
    assert st.tasks[0].kind == "lobby" and legal_texts(st, 0) >= {"lobby 0", "lobby 1", "lobby 2"}
    before = st.companies[0].idle[lobby(st.companies[0])]
    n = st.tasks[0].a
    st = play(st, 0, "lobby 1")
    c = st.companies[0]
    assert c.idle[cell("1,1")] == 1 and c.idle[lobby(c)] == before + n - 1


def test_purchasing_s7_5() -> None:
    st, c = _turn_with(5, data.MGT)
    c.money = c.goods = 0
    st = department_turn(st, 0, data.MGT)
    st = play(play(st, 0, "use 5 3g"), 0, "mission E")
    assert st.companies[0].goods == 3 and st.companies[0].missions[data.EAST] == 1
    st2, c2 = _turn_with(5, data.MGT)
    c2.money = 0
    st2 = play(play(department_turn(st2, 0, data.MGT), 0, "use 5 $8"), 0, "mission E")
    assert st2.companies[0].money == 8


def test_sales_six_dollars_per_good_s7_6() -> None:
    st, c = _turn_with(6, data.MGT)
    c.money, c.goods = 0, 3
    st = department_turn(st, 0, data.MGT)
    assert {"use 6 1", "use 6 2", "use 6 3"} <= legal_texts(st, 0)
    st = play(st, 0, "use 6 3")
    assert (st.companies[0].money, st.companies[0].goods) == (18, 0)


def test_logistics_three_dollars_and_a_vp_per_good_s7_7() -> None:
    st, c = _turn_with(7, data.MGT)
    c.money, c.goods, c.vp = 0, 2, 0
    st = play(department_turn(st, 0, data.MGT), 0, "use 7 2")
    c = st.companies[0]
    assert (c.money, c.goods, c.vp) == (6, 0, 2)
    assert not any(t.startswith("use 7 3") for t in legal_texts(st, 0))


def test_property_management_moves_an_employee_into_the_new_department_s7_8() -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    build_tile(c, data.PROPERTY_MANAGEMENT, "1,4")
    staff(c, data.PROPERTY_MANAGEMENT, 1)
    staff(c, data.D_SP, 1)
    c.idle[lobby(c)] = 2
    c.goods = 2
    st.display[9] = 1
    st = department_turn(st, 0, data.MGT)
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "use 8")
    assert exc.value.rule == "R5.4.8"
    st = play(play(st, 0, "use SP 9"), 0, "place 1,1")
    assert st.tasks and st.tasks[0].kind == "relocate"
    assert "relocate 1,4*" in legal_texts(st, 0)  # the Property Management employee itself (D-17)
    st = play(st, 0, "relocate 4,2")  # from the Lobby, no adjacency needed
    c = st.companies[0]
    assert c.idle[cell("1,1")] == 1 and c.idle[lobby(c)] == 1


def _construction(tile: int) -> CarnegieState:
    st, c = _turn_with(tile, data.CON)
    c.goods, c.money = 2, 3
    c.tab_side = [0, 0, 0, 0]
    c.tab_pos = [0, 0, 0, 0]
    c.tab_built = [0, 0, 0, 0]
    c.tracks = [1, 1, 3, 1]
    for city in ("boston", "dallas", "chicago"):
        free_city(st, city)
    return department_turn(st, 0, data.CON)


def test_engineering_builds_like_construction_s7_9() -> None:
    st = play(_construction(9), 0, "use 9 I chicago")
    c = st.companies[0]
    assert c.goods == 0 and c.missions[data.MIDWEST] == 1 and c.tab_built[data.INDUSTRY] == 1


def test_construction_outsourcing_any_region_no_mission_s7_10() -> None:
    st = play(_construction(10), 0, "use 10 H dallas")
    c = st.companies[0]
    # $3 + 1 good; Dallas is a marked South town: +$5 (South space 3) at once (R6.3.5)
    assert c.goods == 1 and c.money == 5 and c.missions == [0, 0, 0, 0]
    assert active_in(c, cell("1,1")) == 1


def test_construction_outsourcing_needs_three_dollars_s7_10() -> None:
    st = _construction(10)
    st.companies[0].money, st.companies[0].goods = 0, 2
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "use 10 H boston")
    assert exc.value.rule == "§7.10"


def test_slot_type_must_match_in_cities_r6_3_1() -> None:
    st = _construction(9)
    with pytest.raises(IllegalAction) as exc:  # Kansas City has C, C, H: no Industry slot
        play(st, 0, "use 9 I kansas-city")
    assert exc.value.rule == "R6.3.1"


def test_supply_chain_buys_goods_at_one_dollar_s7_11() -> None:
    st, c = _turn_with(11, data.CON)
    c.money, c.goods = 2, 0
    st = department_turn(st, 0, data.CON)
    assert {t for t in legal_texts(st, 0) if t.startswith("use 11")} == {"use 11 1", "use 11 2"}
    st = play(st, 0, "use 11 2")
    assert (st.companies[0].money, st.companies[0].goods) == (0, 2)


def test_communications_needs_an_active_employee_s7_12() -> None:
    st = started()
    c = st.companies[0]
    build_tile(c, 12, "1,1")
    from engine.carnegie.state import donation_cost

    assert donation_cost(c) == 5
    staff(c, 12, 1)
    c.donations = 1
    assert donation_cost(c) == 6


def test_advanced_research_adds_7_sp_s7_13() -> None:
    st, _ = _turn_with(13, data.RND)
    st = department_turn(st, 0, data.RND)
    st = play(play(st, 0, "use 13"), 0, "mission S")
    assert st.sp == 7 and st.companies[0].missions[data.SOUTH] == 1


def test_telegraph_operators_reduce_every_step_s7_16() -> None:
    st = started()
    c = st.companies[0]
    from engine.carnegie.state import track_cost

    build_tile(c, 16, "1,1")
    reduced = []
    staff(c, 16, 1)
    for region in range(4):
        costs = []
        for pos in range(1, 5):
            c.tracks[region] = pos
            costs.append(track_cost(c, region))
        reduced.append(costs)
    assert reduced == [[1, 1, 3, 4], [1, 2, 2, 4], [1, 2, 2, 4], [2, 1, 1, 4]]


def test_tile_workplaces_match_the_rules_s2_6() -> None:
    assert [t.workplaces for t in data.TILES] == [
        (2,),
        (1, 1),
        (5,),
        (),
        (0, 0),
        (1, 1),
        (3, 3),
        (0,),
        (2, 2),
        (3,),
        (1, 1),
        (8,),
        (3,),
        (3, 3, 3),
        (3,),
        (2,),
    ]
