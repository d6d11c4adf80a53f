"""Rule tests of spending study points (§6.4): the last space of each transportation track (§2.5, R2.5.3)
and pushing a project tab (R6.4.6)."""

from __future__ import annotations

import pytest

from engine.carnegie import data
from engine.carnegie.state import tab_discs
from engine.core import IllegalAction

from .fixtures import department_turn, play, started

# --- transportation tracks ----------------------------------------------------------------------------


@pytest.mark.parametrize("region", range(4))
def test_each_track_last_space_bonus_and_exclusive_r2_5_3(region: int) -> None:
    st = started()
    c = st.companies[0]
    c.tracks = [4, 4, 4, 4]
    money, goods = c.money, c.goods
    st = department_turn(st, 0, data.RND)
    st.sp = 5
    st = play(st, 0, f"track {data.REGION_CODES[region]}")
    c = st.companies[0]
    bonus = data.TRACKS[region][4].bonus
    assert (c.money - money, c.goods - goods) == (bonus.money, bonus.goods)
    assert (bonus.goods, bonus.money) == ((3, 0) if region in (data.WEST, data.SOUTH) else (0, 10))
    with pytest.raises(IllegalAction) as exc:  # nothing beyond space 5
        play(st, 0, f"track {data.REGION_CODES[region]}")
    assert exc.value.rule in ("R6.4.4", "R6.4.3")
    st = department_turn(st.clone(), 1, data.RND)
    st.companies[1].tracks = [4, 4, 4, 4]
    st.sp = 5
    with pytest.raises(IllegalAction) as exc:
        play(st, 1, f"track {data.REGION_CODES[region]}")
    assert exc.value.rule == "R2.5.2"


# --- project tabs -------------------------------------------------------------------------------------


def test_pushing_a_tab_places_a_disc_and_needs_one_r6_4_6() -> None:
    st = started()
    c = st.companies[0]
    c.tab_side[data.HOUSING] = 0
    c.tab_pos[data.HOUSING], c.tab_built[data.HOUSING] = 0, 1
    st = department_turn(st, 0, data.RND)
    st.sp = 3
    st.companies[0].discs = 0
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "push H")
    assert exc.value.rule == "R6.4.6"
    st.companies[0].discs = 1
    st = play(st, 0, "push H")
    assert tab_discs(st.companies[0], data.HOUSING) == 1 and st.companies[0].discs == 0
