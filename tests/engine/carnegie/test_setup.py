"""Rule tests of the set-up (§3): neutral discs (step 9), table options and player counts, and Housing
then reservation in reverse seat order (step 10)."""

from __future__ import annotations

import pytest

from engine.carnegie import GAME as G
from engine.carnegie import data
from engine.carnegie.state import NEUTRAL
from engine.core import IllegalAction

from .fixtures import legal_texts, play, started

# --- set-up -------------------------------------------------------------------------------------------


def test_neutral_discs_block_slots_r3_step_9() -> None:
    st = started()
    k = next(k for k, o in enumerate(st.slot_owner) if o == NEUTRAL)
    city = data.SLOT_CITY[k]
    assert all(
        st.slot_owner[s] != -1 or data.SLOT_TYPE[s] != data.SLOT_TYPE[k] or s != k
        for s in data.CITY_SLOTS[city]
    )


def test_game_options_and_player_counts() -> None:
    from engine.core import InvalidOptions

    with pytest.raises(InvalidOptions):
        G.new_game(0, 1)
    with pytest.raises(InvalidOptions):
        G.new_game(5, 1)
    with pytest.raises(InvalidOptions):
        G.new_game(2, 1, {"difficulty": "hard"})  # solo only (R10.1.6)
    with pytest.raises(InvalidOptions):
        G.new_game(2, 1, {"colour": "red"})
    st = G.new_game(3, 1, {"beginner": True})
    assert st.timeline == [list(t) for t in data.BEGINNER_TIMELINE]
    st = G.new_game(2, 1)  # tab sides chosen by each player, simultaneously (§3 6B)
    assert G.pending(st).seats == [0, 1] and legal_texts(st, 1) == {"side H A", "side H B"}
    st = play(st, 1, "side H B")
    with pytest.raises(IllegalAction):
        play(st, 1, "side P A")
    for t in ("C A", "I B", "P B"):
        st = play(st, 1, f"side {t}")
    assert st.companies[1].tab_side == [1, 0, 1, 1] and G.pending(st).seats == [0]


def test_setup_step_10_reverse_order_housing_then_reserve_r3_step_10() -> None:
    st = G.new_game(3, 4, {"tab_sides": "random"})
    order = []
    while st.phase in ("house", "reserve"):
        seat = G.pending(st).seats[0]
        if st.phase == "house":
            order.append(seat)
            with pytest.raises(IllegalAction):
                play(st, seat, "house seattle")  # a small town
            st = play(st, seat, sorted(t for t in legal_texts(st, seat) if t.startswith("house"))[0])
            assert st.companies[seat].tab_built[data.HOUSING] == 1
        else:
            tile = next(t for t in range(1, 17) if st.display[t])
            copies = st.display[tile]
            st = play(st, seat, f"reserve {tile}")
            assert st.companies[seat].reserved == tile and st.display[tile] == copies - 1
    assert order == [2, 1, 0] and st.phase == "setup_moves" and G.pending(st).seats == [0]
