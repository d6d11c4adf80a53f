"""Rule tests of the round structure (§5): Timeline edges (§5.2, R5.5.4), income details (§5.3: R5.3.5,
R6.4.11) and goods to money at any moment (§5.7, R5.7.1)."""

from __future__ import annotations

import pytest

from engine.carnegie import GAME as G
from engine.carnegie import data
from engine.core import IllegalAction

from .fixtures import finish_round, legal_texts, play, started

# --- Timeline ------------------------------------------------------------------------------------------


def test_flipped_row_with_space_five_gives_both_events_r5_2_3() -> None:
    st = started()
    st.markers = [2, 5, 4, 3]
    st.first = 0
    st = play(st, 0, "row MGT")
    assert st.flipped == data.CON and st.row == data.MGT
    from engine.carnegie.rules import event_of

    assert event_of(st) == (data.SOUTH, True)
    st = finish_round(st)
    assert st.markers == [2, 5, 5, 3] and st.flipped == -1


def test_row_with_marker_below_five_is_never_flipped_r5_2_2() -> None:
    st = started()
    st.markers = [4, 0, 0, 0]
    st.first = 0
    st = play(st, 0, "row HR")
    assert st.flipped == -1 and st.advancing == data.HR


def test_first_player_passes_clockwise_and_20_rounds_r5_5_4() -> None:
    st = started(players=3)
    firsts = []
    for _ in range(20):
        firsts.append(st.first)
        st = play(st, st.first, "row " + data.ACTION_CODES[next(r for r in range(4) if st.markers[r] < 5)])
        st = finish_round(st)
    assert firsts == [r % 3 for r in range(20)] and st.phase == "over"


# --- income -------------------------------------------------------------------------------------------


def test_sp_from_midwest_income_must_be_spent_at_once_r6_4_11() -> None:
    st = started()
    c = st.companies[0]
    c.missions = [0, 1, 0, 0]
    c.tracks = [1, 3, 1, 1]
    c.tab_built = [0, 0, 0, 0]
    st.companies[1].missions = [0, 0, 0, 0]
    st.markers = [0, 4, 0, 0]  # Management space 5: Income Midwest + Donation
    st.first = 0
    st = play(play(st, 0, "row MGT"), 0, "income 1")
    assert st.tasks[0].kind == "spend" and st.tasks[0].a == 3
    assert "track W" in legal_texts(st, 0)
    st = play(st, 0, "track W")  # 2 SP
    st = play(st, 0, "track W")  # 1 SP: pool empty, the task ends by itself
    assert st.companies[0].tracks[data.WEST] == 3 and not st.tasks


def test_choose_one_income_icon_r5_3_5() -> None:
    st = started()
    c = st.companies[0]
    c.missions = [0, 0, 0, 1]
    c.tab_side = [0, 0, 0, 0]
    c.tab_built = [1, 0, 0, 0]  # Housing A space 0: "1 new employee or $1"
    c.supply, c.money = 2, 0
    st.companies[1].missions = [0, 0, 0, 0]
    st.markers = [4, 0, 0, 0]
    st.first = 0
    st = play(play(st, 0, "row HR"), 0, "income 1")
    assert st.tasks[0].kind == "pick" and legal_texts(st, 0) == {"pick 0", "pick 1"}
    st0 = play(st, 0, "pick 0")
    assert st0.companies[0].supply == 1
    st1 = play(st, 0, "pick 1")
    assert st1.companies[0].money == 1 + 1  # East space 1 transport $1 + $1


# --- goods to money -----------------------------------------------------------------------------------


def test_goods_to_money_at_any_moment_r5_7_1() -> None:
    st = started()
    seat = 1 - G.pending(st).seats[0]  # not the deciding seat
    c = st.companies[seat]
    money, goods = c.money, c.goods
    st = play(st, seat, "convert 2")
    assert (st.companies[seat].money, st.companies[seat].goods) == (money + 2, goods - 2)
    with pytest.raises(IllegalAction):
        play(st, seat, f"convert {goods}")
