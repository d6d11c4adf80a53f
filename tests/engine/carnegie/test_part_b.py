"""examples.md Part B (rule-derived scenarios); B13/B14 are in test_scoring.py, B18–B22 are solo."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pytest

from engine.carnegie import GAME as G
from engine.carnegie import data
from engine.carnegie.reconstructed import TABS
from engine.carnegie.rules import event_of
from engine.carnegie.setup import place_neutral_discs
from engine.carnegie.state import NEUTRAL, NO_OWNER, CarnegieState, active_in, cell_of
from engine.core import IllegalAction, Rng

from .fixtures import (
    activation_phase,
    build_tile,
    cell,
    department_turn,
    empty_company,
    finish_round,
    free_city,
    legal_texts,
    play,
    staff,
    started,
)

T = TypeVar("T")


def test_b1_timeline_wraps_from_rnd_to_hr_and_skips_finished_rows_r5_2_3() -> None:
    st = started()
    st.markers = [5, 2, 0, 5]
    st.first = 0
    st = play(st, 0, "row RND")
    assert st.row == data.RND and st.flipped == data.MGT and st.advancing == data.MGT
    tile, side = st.timeline[data.MGT]
    ev = data.TIMELINE_TILES[tile - 1][side][2]
    assert event_of(st) == ((-1, True) if ev == data.DONATION else (ev, False))
    st = finish_round(st)
    assert st.markers == [5, 3, 0, 5]


def test_b2_end_tile_space_gives_income_then_donation_r5_3_7() -> None:
    st = started()
    c = st.companies[0]
    c.missions = [0, 0, 1, 0]
    c.tracks = [1, 1, 3, 1]
    c.money, c.goods, c.donations = 0, 0, 0
    c.tab_built = [0, 0, 0, 0]  # no project income, for clarity
    st.companies[1].missions = [0, 0, 0, 0]
    st.markers = [0, 0, 4, 0]
    st.first = 0
    st = play(st, 0, "row CON")
    assert event_of(st) == (data.SOUTH, True)  # End tile, Construction row: Income South + Donation (D-4)
    st = play(st, 0, "income 1")
    assert st.companies[0].money == 5 and st.phase == "donate"
    assert "donate WEL-7VP" in legal_texts(st, 0) or st.donation_discs[data.DONATION_INDEX["WEL-7VP"]]
    code = next(code for k, (code, *_) in enumerate(data.DONATION_CELLS) if not st.donation_discs[k])
    st = play(st, 0, f"donate {code}")
    assert st.companies[0].money == 0 and st.companies[0].donations == 1


def test_b3_round_20_always_has_an_event_and_the_game_ends_r5_2_4() -> None:
    st = started()
    st.round = 20
    st.markers = [5, 5, 4, 5]
    st.first = 0
    st = play(st, 0, "row HR")
    assert st.flipped == data.CON and event_of(st) == (data.SOUTH, True)
    st = finish_round(st)
    assert st.markers == [5, 5, 5, 5] and st.phase == "over" and G.pending(st).finished


def test_b4_safety_and_quality_rounds_up_after_sending_r7_3() -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_TF, 2)
    staff(c, data.D_SP, 1)
    staff(c, data.D_CON, 2)
    build_tile(c, 3, "1,1")
    staff(c, 3, 1)
    vp = c.vp
    st = department_turn(st, 0, data.HR)
    st = play(st, 0, "use 3")
    st = play(st, 0, "mission E")
    assert st.companies[0].vp == vp + 3  # A = 5 after sending (permanent not counted): ceil(5/2)
    assert st.companies[0].missions[data.EAST] == 1


def test_b5_telegraph_operators_minimum_cost_one_r7_16() -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    build_tile(c, 16, "1,1")
    staff(c, 16, 1)
    build_tile(c, 13, "1,2")
    staff(c, 13, 1)
    c.tracks = [2, 1, 1, 1]
    st = department_turn(st, 0, data.RND)
    assert st.sp == 0
    st.sp = 1
    st = play(st, 0, "track W")
    assert st.companies[0].tracks[data.WEST] == 3 and st.sp == 0


def test_b6_track_space_5_is_exclusive_and_gives_its_bonus_r2_5_2() -> None:
    st = started()
    st.companies[0].tracks = [1, 4, 1, 1]
    st.companies[1].tracks = [1, 4, 1, 1]
    money = st.companies[0].money
    st = department_turn(st, 0, data.RND)
    st.sp = 5
    st = play(st, 0, "track M")
    assert st.companies[0].tracks[data.MIDWEST] == 5 and st.companies[0].money == money + 10
    st = st.clone()
    st = department_turn(st, 1, data.RND)
    st.sp = 5
    with pytest.raises(IllegalAction) as exc:
        play(st, 1, "track M")
    assert exc.value.rule == "R2.5.2"


def _planning(goods: int, with_employee: bool) -> CarnegieState:
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_SP, 1)
    c.reserved, c.goods = 0, goods
    st.display[data.NEW_LOBBY] = 1
    if with_employee:
        c.idle[cell("1,1")] = 1
    return department_turn(st, 0, data.MGT)


def test_b7_new_lobby_costs_two_more_goods_r6_2_2() -> None:
    st = play(_planning(3, True), 0, "use SP 4")
    # 3 goods pay only the cell holding an employee (1 + 2); that single choice is taken automatically
    assert st.companies[0].cells[cell("1,1")] == data.NEW_LOBBY and st.companies[0].goods == 0
    with pytest.raises(IllegalAction) as exc:
        play(_planning(3, False), 0, "use SP 4")
    assert exc.value.rule == "R6.2.2"
    st = play(play(_planning(4, False), 0, "use SP 4"), 0, "place 1,2")
    assert st.companies[0].goods == 0


def test_b8_reserved_department_first_r6_2_3() -> None:
    st = _planning(5, False)
    st.companies[0].reserved = 6
    st.display[7] = 1
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "use SP 7")
    assert exc.value.rule == "R6.2.3"
    st = play(play(st, 0, "use SP 6"), 0, "place 1,1")
    assert st.companies[0].reserved == 0 and st.companies[0].cells[cell("1,1")] == 6


def test_b9_no_duplicate_departments_r4_4_5() -> None:
    st = _planning(5, False)
    build_tile(st.companies[0], 11, "1,4")
    st.display[11] = 1
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "use SP 11")
    assert exc.value.rule == "R4.4.5"


def test_b10_mission_not_sent_when_the_effect_is_impossible_r5_4_6() -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_CON, 1)
    c.goods = 0
    st = department_turn(st, 0, data.CON)
    assert legal_texts(st, 0) == {"done"}  # no construction use is offered, the employee stays active
    assert active_in(st.companies[0], cell_of(st.companies[0], data.D_CON)) == 1
    st2 = started()
    c2 = st2.companies[0]
    empty_company(c2)
    staff(c2, data.D_CON, 1)
    build_tile(c2, 11, "1,1")
    staff(c2, 11, 1)
    c2.goods, c2.money = 0, 0
    st2 = department_turn(st2, 0, data.CON)
    assert not any(t.startswith("use CON") for t in legal_texts(st2, 0))
    with pytest.raises(IllegalAction) as exc:
        play(st2, 0, "use CON H chicago")
    assert exc.value.rule in ("R6.3.2", "R6.3.1")


def test_b11_marked_and_unmarked_small_towns_r6_3_5() -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_CON, 2)
    c.goods, c.money = 2, 0
    c.tab_side[data.HOUSING] = 0
    c.tab_pos[data.HOUSING], c.tab_built[data.HOUSING] = 2, 1  # 2 Housing projects ready
    c.tracks = [2, 1, 1, 1]
    free_city(st, "portland")
    free_city(st, "seattle")
    st = department_turn(st, 0, data.CON)
    st = play(st, 0, "use CON H portland")
    assert st.companies[0].money == 0
    st = play(st, 0, "use CON H seattle")
    assert st.companies[0].money == 3 and st.companies[0].missions[data.WEST] == 2


def test_b12_project_income_once_per_round_r5_3_3() -> None:
    st = started()
    c = st.companies[0]
    c.missions = [0, 0, 0, 3]
    c.tracks = [1, 1, 1, 2]
    c.money, c.goods = 0, 0
    c.tab_side = [0, 0, 0, 0]
    c.tab_pos = [0, 0, 0, 1]
    c.tab_built = [0, 0, 0, 1]  # PARAM project income = $3 (Public Infrastructure A, first project space)
    assert TABS[data.INFRA][0][1].income == (data.Gain(money=3),)
    st.companies[1].missions = [0, 0, 0, 0]
    st.markers = [4, 0, 0, 0]  # HR space 5: Income East + Donation
    st.first = 0
    st = play(st, 0, "row HR")
    st = play(st, 0, "income 3")
    assert st.companies[0].money == 12 + 3


def test_b15_charitable_giving_targets_r7_15() -> None:
    st = started()
    for k in range(len(st.donation_discs)):
        st.donation_discs[k] = []
    st.donation_discs[data.DONATION_INDEX["WEL-7VP"]] = [1, 0]
    st.donation_discs[data.DONATION_INDEX["HEA-EAST"]] = [1]
    st.donation_discs[data.DONATION_INDEX["RIG-INFRA"]] = [NEUTRAL]
    c = st.companies[0]
    build_tile(c, 15, "1,1")
    staff(c, 15, 1)
    c.donations, c.money, c.goods = 1, 10, 0
    st = department_turn(st, 0, data.RND)
    assert {t for t in legal_texts(st, 0) if t.startswith("use 15")} == {"use 15 HEA-EAST"}
    with pytest.raises(IllegalAction):
        play(st, 0, "use 15 RIG-INFRA")
    with pytest.raises(IllegalAction):
        play(st, 0, "use 15 WEL-7VP")
    st = play(st, 0, "use 15 HEA-EAST")
    st = play(st, 0, "mission M")
    c = st.companies[0]
    assert c.money == 0 and c.donations == 2 and c.missions[data.MIDWEST] == 1
    assert st.donation_discs[data.DONATION_INDEX["HEA-EAST"]] == [1, 0]


def test_b16_action_choice_tile_r5_6() -> None:
    st = started(players=3)
    holder = (st.start_first + 2) % 3
    assert [c.action_choice for c in st.companies].count(True) == 1 and st.companies[holder].action_choice
    c = st.companies[holder]
    empty_company(c)
    staff(c, data.D_RD, 1)
    st = department_turn(st, holder, data.CON)
    with pytest.raises(IllegalAction) as exc:  # the first player cannot use it
        play(st, holder, "choose RND")
    assert exc.value.rule == "R5.6.3"
    st = st.clone()
    st.first = (holder - 1) % 3
    st.step = 1
    st = department_turn(st, (holder - 1) % 3, data.CON)
    st.step = 1  # the holder is second in turn order
    from engine.carnegie.rules import begin_turn

    begin_turn(st)
    st = play(st, holder, "choose RND")
    assert st.turn_type == data.RND and st.sp == 3 and not st.companies[holder].action_choice
    assert st.row == data.CON  # events and the round's type are unchanged


class _FirstCard(Rng):
    """An Rng whose shuffle puts a given card first (examples.md B17)."""

    first: str

    def shuffled(self, items: Sequence[T]) -> list[T]:
        head = [x for x in items if getattr(x, "id", None) == self.first]
        return head + [x for x in items if getattr(x, "id", None) != self.first]


def test_b17_neutral_discs_from_normal_cards_r3_step_9() -> None:
    st = G.new_game(4, 1)  # no neutral discs with 4 players
    assert all(o == NO_OWNER for o in st.slot_owner) and not any(st.donation_discs)
    place_neutral_discs(st, _FirstCard(seed=0, first="N13"), 5)
    assert st.donation_discs[data.DONATION_INDEX["RIG-INFRA"]] == [NEUTRAL]
    for city, slot_type in (("cincinnati", "T"), ("duluth", "T"), ("st-louis", "I"), ("kansas-city", "C")):
        slots = data.CITY_SLOTS[data.CITY_INDEX[city]]
        first_neutral = next(k for k in slots if st.slot_owner[k] == NEUTRAL)
        assert first_neutral == slots[0] and data.SLOT_TYPE[first_neutral] == slot_type
    for players, count in ((2, 18), (3, 9)):
        s = G.new_game(players, 11)
        placed = sum(o == NEUTRAL for o in s.slot_owner) + sum(len(d) for d in s.donation_discs)
        assert placed == count
    again = G.new_game(2, 11)
    place_neutral_discs(again, _FirstCard(seed=0, first="N13"), 0)
    assert sum(o == NEUTRAL for o in again.slot_owner) + sum(len(d) for d in again.donation_discs) == 18


def test_b10_b16_activation_unchanged_by_turn_skips() -> None:
    """After a skipped turn the employee can still be activated normally in phase 4 (R5.5.1)."""
    st = started()
    c = st.companies[0]
    empty_company(c)
    c.idle[cell_of(c, data.D_CON)] = 1
    c.money = 2
    st = activation_phase(st, 0)
    st = play(st, 0, "activate 4,4")
    assert active_in(st.companies[0], cell("4,4")) == 1 and st.companies[0].money == 2
