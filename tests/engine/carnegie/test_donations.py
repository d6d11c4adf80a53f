"""Rule tests of the donation cells (§8) and of a donation paid with goods (R5.7.1)."""

from __future__ import annotations

import pytest

from engine.carnegie import GAME as G
from engine.carnegie import data
from engine.carnegie.reconstructed import TABS
from engine.carnegie.state import donation_cap
from engine.core import IllegalAction

from .fixtures import play, play_events, started

# --- donations ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", [c for c, *_ in data.DONATION_CELLS])
def test_donation_cell_costs_5n_and_holds_one_disc_r8_1_1(code: str) -> None:
    st = started()
    for k in range(len(st.donation_discs)):
        st.donation_discs[k] = []
    c = st.companies[0]
    c.donations, c.money, c.goods = 1, 10, 0
    st.markers = [0, 0, 0, 0]
    st.timeline = [[1, 1], [1, 1], [1, 1], [1, 1]]  # tile 1 Back: space 1 = Donation
    st.first = 0
    st = play(st, 0, "row HR")
    assert st.phase == "donate"
    discs = c.discs
    st = play(st, 0, f"donate {code}")
    assert st.companies[0].money == 0 and st.companies[0].discs == discs - 1  # 2nd donation: $10
    assert st.donation_discs[data.DONATION_INDEX[code]] == [0]
    with pytest.raises(IllegalAction) as exc:
        play(st, 1, f"donate {code}")
    assert exc.value.rule == "R8.2.1"


def test_donation_refused_when_unaffordable_or_without_discs_r8_2_3() -> None:
    st = started()
    c = st.companies[0]
    c.money, c.goods = 4, 0
    st.timeline = [[1, 1], [1, 1], [1, 1], [1, 1]]
    st.markers = [0, 0, 0, 0]
    st.first = 0
    st.companies[1].money, st.companies[1].goods = 0, 0
    st = play(st, 0, "row HR")
    assert st.phase == "departments"  # nobody could donate: the event was skipped
    st2 = started()
    st2.companies[0].discs = 0
    st2.timeline = [[1, 1], [1, 1], [1, 1], [1, 1]]
    st2.first = 0
    st2 = play(st2, 0, "row HR")
    code = next(code for k, (code, *_) in enumerate(data.DONATION_CELLS) if not st2.donation_discs[k])
    assert G.pending(st2).seats == [1]  # seat 0 has no disc left: skipped
    from engine.carnegie.actions import parse_action
    from engine.carnegie.rules import check

    reason = check(st2, 0, parse_action(f"donate {code}"))
    assert reason is not None and reason[1] == "R8.2.3"


def test_donation_converts_goods_when_money_is_short_r5_7_1() -> None:
    st = started()
    c = st.companies[0]
    c.money, c.goods = 3, 4
    st.timeline = [[1, 1], [1, 1], [1, 1], [1, 1]]
    st.first = 0
    st = play(st, 0, "row HR")
    code = next(code for k, (code, *_) in enumerate(data.DONATION_CELLS) if not st.donation_discs[k])
    st, events = play_events(st, 0, f"donate {code}")
    assert (st.companies[0].money, st.companies[0].goods) == (0, 2)
    assert "2 goods converted" in events[0].text


def test_donation_cap_raised_by_b_side_tabs_r8_5_2() -> None:
    st = started()
    c = st.companies[0]
    c.tab_side = [1, 1, 0, 0]
    c.tab_pos = [len(TABS[0][1]) - 1, len(TABS[1][1]) - 1, len(TABS[2][0]) - 1, 0]
    assert donation_cap(c) == 18
