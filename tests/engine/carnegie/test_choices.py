"""Choices the rulebooks leave to the player (issue 16): which workplace a moved standing employee frees
(R6.1.2–R6.1.3, R6.2.5 and §7.8, paid back at the next activation R5.5.1), which free slot of its type a
project takes (R6.3.1 step 4, §3 step 10; in solo Andrew then takes the left-most free slot, R10.2.5), and
the neutral discs drawn from all 40 solo action cards (§3 step 9, D17 overridden)."""

from __future__ import annotations

import pytest

from engine.carnegie import GAME as G
from engine.carnegie import data, setup
from engine.carnegie.actions import parse_action
from engine.carnegie.ai import GreedyPlayer
from engine.carnegie.state import ACTIVE, ANDREW, FREE, NEUTRAL, USED, CarnegieState, Company, cell_of
from engine.core import IllegalAction, Rng

from .fixtures import (
    activation_phase,
    build_tile,
    cell,
    department_turn,
    empty_company,
    free_city,
    legal_texts,
    play,
    play_events,
    staff,
    started,
)
from .test_solo import andrew, andrew_acts, solo_started

CON = "4,4"  # the starting Construction department: workplaces $0, $2, $2 (reconstructed D-2)


def _label(st: CarnegieState, seat: int, text: str) -> str:
    return G.describe_action(st, seat, parse_action(text))


def _construction_staffed(c: Company, *workplaces: int) -> int:
    """Construction with standing employees in the given workplace states ($0, $2, $2), none lying."""
    i = cell_of(c, data.D_CON)
    c.staff[i] = list(workplaces)
    c.idle[i] = 0
    return i


def _hr_turn(*workplaces: int) -> CarnegieState:
    st = started()
    c = st.companies[0]
    empty_company(c)  # the permanent HR employee gives 3 moves (R4.3.2)
    _construction_staffed(c, *workplaces)
    return department_turn(st, 0, data.HR)


# --- which employee leaves: HR moves (R6.1.2–R6.1.3) ---------------------------------------------------


@pytest.mark.parametrize(("price", "freed"), [("$0", 0), ("$2", 1)])
def test_standing_employee_leaves_the_workplace_the_player_chose_r6_1_3(price: str, freed: int) -> None:
    """Construction's standing employees are on its $0 and $2 workplaces: the move names the one freed,
    and the next activation there (R5.5.1) pays that workplace's price."""
    st = _hr_turn(ACTIVE, ACTIVE, FREE)
    legal = legal_texts(st, 0)
    assert {"move 4,4*>4,3 $0", "move 4,4*>4,3 $2"} <= legal
    assert "move 4,4*>4,3" not in legal
    assert "$2 workplace" in _label(st, 0, "move 4,4*>4,3 $2")
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "move 4,4*>4,3")
    assert exc.value.rule == "R6.1.3"
    st = play(st, 0, f"move 4,4*>4,3 {price}")
    i = cell(CON)
    assert st.companies[0].staff[i][freed] == FREE and st.companies[0].staff[i].count(ACTIVE) == 1
    st = play(st, 0, "move 4,3>4,4")  # back into Construction, lying
    st = activation_phase(st, 0)
    st.companies[0].money, st.companies[0].goods = 5, 0
    st = play(st, 0, "activate 4,4")
    assert st.companies[0].money == 5 - int(price[1:])
    assert st.companies[0].staff[i] == [ACTIVE, ACTIVE, FREE]


def test_equal_prices_keep_the_single_move_r6_1_3() -> None:
    """Standing employees on the two $2 workplaces: nothing to choose, the move names no workplace."""
    st = _hr_turn(FREE, ACTIVE, ACTIVE)
    legal = legal_texts(st, 0)
    assert "move 4,4*>4,3" in legal and not any(t.startswith("move 4,4*>4,3 $") for t in legal)
    with pytest.raises(IllegalAction):
        play(st, 0, "move 4,4*>4,3 $2")
    st = play(st, 0, "move 4,4*>4,3")
    assert st.companies[0].staff[cell(CON)] == [FREE, ACTIVE, FREE]


def test_of_equal_prices_the_employee_who_already_worked_leaves_r6_1_3() -> None:
    """$0 active, $2 already used this turn, $2 active: the $2 choice frees the used one [DEC]."""
    st = _hr_turn(ACTIVE, ACTIVE, USED)
    st = play(st, 0, "move 4,4*>4,3 $2")
    assert st.companies[0].staff[cell(CON)] == [ACTIVE, ACTIVE, FREE]


def test_greedy_frees_the_cheaper_workplace_or_the_used_employee_r6_1_3() -> None:
    st = _hr_turn(ACTIVE, ACTIVE, FREE)
    options = [parse_action(t) for t in ("move 4,4*>4,3 $0", "move 4,4*>4,3 $2")]
    assert G.format_action(GreedyPlayer(1).choose(G, st, 0, options)) == "move 4,4*>4,3 $0"
    st = _hr_turn(ACTIVE, USED, FREE)
    assert G.format_action(GreedyPlayer(1).choose(G, st, 0, options)) == "move 4,4*>4,3 $2"


# --- which employee leaves: Property Management (R6.2.5, §7.8) ------------------------------------------


@pytest.mark.parametrize("price", ["$0", "$2"])
def test_property_management_frees_the_workplace_the_player_chose_s7_8(price: str) -> None:
    st = started()
    c = st.companies[0]
    empty_company(c)
    build_tile(c, data.PROPERTY_MANAGEMENT, "1,4")
    staff(c, data.PROPERTY_MANAGEMENT, 1)
    staff(c, data.D_SP, 1)
    _construction_staffed(c, ACTIVE, ACTIVE, FREE)
    c.goods = 2
    st.display[9] = 1
    st = department_turn(st, 0, data.MGT)
    st = play(play(st, 0, "use SP 9"), 0, "place 1,1")
    legal = legal_texts(st, 0)
    assert {"relocate 4,4* $0", "relocate 4,4* $2"} <= legal and "relocate 4,4*" not in legal
    assert "relocate 1,4*" in legal  # Property Management's own single workplace: nothing to choose
    assert "free the $0 workplace" in _label(st, 0, "relocate 4,4* $0")
    st = play(st, 0, f"relocate 4,4* {price}")
    c = st.companies[0]
    i = cell(CON)
    assert c.idle[cell("1,1")] == 1 and c.staff[i][0 if price == "$0" else 1] == FREE
    c.idle[i] = 1  # another employee lies in Construction (fixture edit) …
    st = activation_phase(st, 0)
    st.companies[0].money, st.companies[0].goods = 5, 0
    st = play(st, 0, "activate 4,4")  # … and is activated on the freed workplace
    assert st.companies[0].money == 5 - int(price[1:])


# --- which slot a project takes (R6.3.1 step 4, §3 step 10) ---------------------------------------------


def _commerce_ready(st: CarnegieState) -> CarnegieState:
    c = st.companies[0]
    empty_company(c)
    staff(c, data.D_CON, 1)
    c.goods, c.money = 2, 0
    c.tab_side = [0, 0, 0, 0]
    c.tab_pos = [0, 0, 0, 0]
    c.tab_built = [1, 0, 1, 0]  # the Commerce setup disc is ready to build
    free_city(st, "new-york")
    return department_turn(st, 0, data.CON)


@pytest.mark.parametrize(("choice", "taken", "free"), [("slot 2", 1, 3), ("slot 4", 3, 1)])
def test_a_commerce_build_in_new_york_may_take_either_commerce_slot_r6_3_1(
    choice: str, taken: int, free: int
) -> None:
    """Solo: New York's slots are H, C, I, C, P: the build asks which Commerce slot, left or right."""
    ny = data.CITY_SLOTS[data.CITY_INDEX["new-york"]]
    st = play(_commerce_ready(solo_started()), 0, "use CON C new-york")
    assert st.tasks[0].kind == "slot" and G.pending(st).seats == [0]
    assert legal_texts(st, 0) == {"slot 2", "slot 4"}
    assert _label(st, 0, "slot 2") == "Take the left Commerce slot of New York"
    assert _label(st, 0, "slot 4") == "Take the right Commerce slot of New York"
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "slot 3")  # the Industry slot
    assert exc.value.rule == "R6.3.1"
    st, events = play_events(st, 0, choice)
    assert st.slot_owner[ny[taken]] == 0 and st.slot_project[ny[taken]] == data.COMMERCE
    assert st.slot_owner[ny[free]] == -1 and not st.tasks
    assert any(e.kind == "slot" and "Commerce slot of New York" in e.text for e in events)


def test_with_two_to_four_players_the_left_most_slot_is_taken_without_asking_r6_3_1() -> None:
    """Decision beside ``slot_choices``: slots of one type carry nothing of their own, so outside solo
    the choice would change nothing and costs the player a click."""
    ny = data.CITY_SLOTS[data.CITY_INDEX["new-york"]]
    st = play(_commerce_ready(started()), 0, "use CON C new-york")
    assert st.slot_owner[ny[1]] == 0 and not any(t.kind == "slot" for t in st.tasks)


def test_one_free_slot_of_the_type_keeps_the_single_build_r6_3_1() -> None:
    st = _commerce_ready(solo_started())
    ny = data.CITY_SLOTS[data.CITY_INDEX["new-york"]]
    st.slot_owner[ny[1]] = NEUTRAL
    st = play(st, 0, "use CON C new-york")
    assert st.slot_owner[ny[3]] == 0 and not any(t.kind == "slot" for t in st.tasks)


@pytest.mark.parametrize(("choice", "andrews"), [("slot 2", 2), ("slot 4", 1)])
def test_in_solo_andrews_next_build_fills_the_left_most_remaining_slot_r10_2_5(
    choice: str, andrews: int
) -> None:
    """New York's Housing slot is taken; the player's Commerce project takes the left or the right Commerce
    slot; Andrew's next New York build takes the left-most free slot of any type: the Industry slot when the
    player took the left Commerce slot, else the left Commerce slot, leaving the player no Commerce slot."""
    ny = data.CITY_SLOTS[data.CITY_INDEX["new-york"]]
    st = _commerce_ready(solo_started())
    st.slot_owner[ny[0]] = NEUTRAL
    st = play(play(st, 0, "use CON C new-york"), 0, choice)
    st.tasks, st.phase, st.round = [], "select", 3  # as if the rounds went by
    st = andrew_acts(st, "N17", data.CON)  # Boston, New York
    assert st.slot_owner[ny[andrews]] == ANDREW and andrew(st).shift == 0
    free_commerce = [k for k in ny if data.SLOT_TYPE[k] == "C" and st.slot_owner[k] == -1]
    assert free_commerce == ([ny[3]] if choice == "slot 2" else [])


def test_setup_housing_disc_may_take_either_new_orleans_housing_slot_r3_step_10() -> None:
    st = G.new_game(1, 5, {"tab_sides": "random"})
    no = data.CITY_SLOTS[data.CITY_INDEX["new-orleans"]]  # H, C, H, I, P
    free_city(st, "new-orleans")
    seat = G.pending(st).seats[0]
    st = play(st, seat, "house new-orleans")
    assert G.pending(st).seats == [seat] and legal_texts(st, seat) == {"slot 1", "slot 3"}
    assert _label(st, seat, "slot 3") == "Take the right Housing slot of New Orleans"
    st = play(st, seat, "slot 3")
    assert st.slot_owner[no[2]] == seat and st.slot_owner[no[0]] == -1
    assert st.phase == "reserve" and G.pending(st).seats == [seat]


# --- neutral discs (§3 step 9) ----------------------------------------------------------------------------


def _cards_drawn(monkeypatch: pytest.MonkeyPatch, players: int, seed: int) -> tuple[CarnegieState, list[str]]:
    drawn: list[str] = []
    place = setup.place_neutral_discs

    def spy(state: CarnegieState, rng: Rng, count: int) -> list[str]:
        used = place(state, rng, count)
        drawn.extend(used)
        return used

    monkeypatch.setattr(setup, "place_neutral_discs", spy)
    return G.new_game(players, seed, {"tab_sides": "random"}), drawn


def test_two_player_setup_can_place_a_neutral_disc_from_an_advanced_card_r3_step_9(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 4: the first card revealed is A15 (HEA-SOUTH; New Orleans, Atlanta, Houston, Charleston)."""
    st, drawn = _cards_drawn(monkeypatch, 2, 4)
    assert drawn[0] == "A15"
    assert st.donation_discs[data.DONATION_INDEX["HEA-SOUTH"]] == [NEUTRAL]
    charleston = data.CITY_SLOTS[data.CITY_INDEX["charleston"]][0]
    assert st.slot_owner[charleston] == NEUTRAL
    neutral = sum(NEUTRAL in d for d in st.donation_discs) + st.slot_owner.count(NEUTRAL)
    assert neutral == 18


def test_neutral_discs_are_drawn_from_all_40_action_cards_r3_step_9() -> None:
    assert setup.NEUTRAL_DISC_CARDS == data.SOLO_CARDS and len(setup.NEUTRAL_DISC_CARDS) == 40
    assert sum(card.id.startswith("A") for card in setup.NEUTRAL_DISC_CARDS) == 20


def test_three_players_place_nine_neutral_discs_r3_step_9() -> None:
    st = G.new_game(3, 1, {"tab_sides": "random"})
    assert sum(NEUTRAL in d for d in st.donation_discs) + st.slot_owner.count(NEUTRAL) == 9
