"""Solo mode against Andrew (rules.md §10): setup, the locomotive, the cards the player may see, Andrew's
event and each action type with and without shifts, the card cap, and examples.md B18–B21."""

from __future__ import annotations

import pytest

from engine.carnegie import GAME as G
from engine.carnegie import data, solo
from engine.carnegie.rules import event_of
from engine.carnegie.state import ANDREW, NEUTRAL, NO_OWNER, Andrew, CarnegieState
from engine.core import IllegalAction, InvalidOptions

from .fixtures import department_turn, free_city, legal_texts, play
from .text import dump_view


def solo_started(seed: int = 7, difficulty: str = "normal") -> CarnegieState:
    st = G.new_game(1, seed, {"tab_sides": "random", "difficulty": difficulty})
    while st.phase != "select":
        legal = legal_texts(st, 0)
        st = play(st, 0, "done" if "done" in legal else sorted(legal)[0])
    return st.clone()


def finish_round(st: CarnegieState) -> CarnegieState:
    """The human declines everything until the next round begins (or the game ends); in an even round
    Andrew has already selected the row by then (R10.2.2)."""
    start = st.round
    while st.round == start and st.phase != "over":
        legal = legal_texts(st, 0)
        for pref in ("done", "income 0", "lobby 0", "pick 1"):
            if pref in legal:
                st = play(st, 0, pref)
                break
        else:
            st = play(st, 0, sorted(legal)[-1])
    return st


def andrew(st: CarnegieState) -> Andrew:
    assert st.andrew is not None
    return st.andrew


def space_for(st: CarnegieState, row: int, want: str) -> int:
    """A marker position of ``row`` whose next space has the wanted event: "income", "donation" or
    "both" (the End tile, R5.1.2)."""
    if want == "both":
        return 4
    tile, side = st.timeline[row]
    for pos, ev in enumerate(data.TIMELINE_TILES[tile - 1][side]):
        if (ev == data.DONATION) == (want == "donation"):
            return pos
    raise AssertionError("every Timeline side has income and donation spaces")


def andrew_acts(st: CarnegieState, card: str, row: int, event: str = "income") -> CarnegieState:
    """The human (odd round) selects ``row`` with Andrew's current card ``card`` face down; Andrew's turn
    follows inside the same ``apply`` (R10.2.3)."""
    assert st.round % 2 == 1 and st.phase == "select"
    a = andrew(st)
    a.current, a.shift, a.revealed = card, 0, False
    st.markers[row] = space_for(st, row, event)
    return play(st, 0, f"row {data.ACTION_CODES[row]}")


# --- setup (R10.1) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "normal", "advanced"), [
    ("easy", 20, 0), ("normal", 15, 5), ("hard", 10, 10), ("expert", 5, 15),
])  # fmt: skip
def test_deck_per_difficulty_r10_1_6(difficulty: str, normal: int, advanced: int) -> None:
    st = G.new_game(1, 3, {"difficulty": difficulty})
    deck = andrew(st).deck
    assert len(deck) == 20 and len(set(deck)) == 20
    assert sum(c.startswith("N") for c in deck) == normal
    assert sum(c.startswith("A") for c in deck) == advanced
    assert st.options["difficulty"] == difficulty


def test_decks_are_random_subsets_shuffled_r10_1_6() -> None:
    decks = {tuple(andrew(G.new_game(1, seed, {"difficulty": "hard"})).deck) for seed in range(6)}
    assert len(decks) == 6
    # the same seed gives the same deck (the RNG is in the state)
    assert andrew(G.new_game(1, 4)).deck == andrew(G.new_game(1, 4)).deck


def test_andrew_setup_r10_1_2_to_r10_1_4_and_two_player_table_r10_1_1() -> None:
    st = G.new_game(1, 5, {"tab_sides": "random"})
    a = andrew(st)
    assert st.options["difficulty"] == "normal"  # default
    assert (a.discs, a.tracks, a.tiles, a.piles) == (26, [1, 1, 1, 1], [], [[], [], [], [], []])
    assert len(st.companies) == 1 and st.companies[0].action_choice is False  # §3 step 8: none
    assert sum(st.display) == 16  # 16 tiles returned to the box
    neutral = st.slot_owner.count(NEUTRAL) + sum(cell.count(NEUTRAL) for cell in st.donation_discs)
    assert neutral == 18
    assert ANDREW not in st.slot_owner  # no Housing disc for Andrew (R10.1.3)
    # the human does the 2-player setup steps 10–12; Andrew does not reserve a tile
    assert G.pending(st).kind == "house" and G.pending(st).seats == [0]


def test_solo_options_are_checked() -> None:
    with pytest.raises(InvalidOptions):
        G.new_game(1, 1, {"difficulty": "nightmare"})
    with pytest.raises(InvalidOptions):
        G.new_game(3, 1, {"difficulty": "easy"})
    assert andrew(G.new_game(1, 1, {"difficulty": "Expert"})).difficulty == "expert"


# --- rounds: the locomotive, the cards the player sees (R10.2) ---------------------------------------------


def test_round_one_the_human_selects_seeing_only_the_backs_r10_2_1() -> None:
    st = solo_started()
    a = andrew(st)
    assert st.round == 1 and G.pending(st).seats == [0] and G.pending(st).kind == "select"
    assert a.current and not a.revealed and len(a.deck) == 19  # S1: drawn face down
    v = G.view(st, 0).andrew
    assert v is not None and v.selects_row is False
    assert v.current_back == solo.back(a.current) and v.next_back == solo.back(a.deck[0])
    assert v.current is None and v.position == 0  # the face stays hidden
    dumped = G.view(st, 0).model_dump_json()
    for hidden in a.deck:  # no card id of the deck, and not the current card's id, appear in the view
        assert f'"{hidden}"' not in dumped
    assert f'"{a.current}"' not in dumped
    assert "Andrew's card back" in G.pending(st).prompt


def test_normal_card_back_shows_the_main_action_advanced_a_question_mark_r10_2_1() -> None:
    st = solo_started()
    a = andrew(st)
    a.current, a.deck[0] = "N07", "A16"
    v = G.view(st, 0).andrew
    assert v is not None
    assert (v.current_back, v.best_action, v.next_back) == ("MGT", "MGT", "?")
    assert "Andrew's card back" in G.describe_action(st, 0, G.parse_action("row MGT"))
    assert "Andrew" not in G.describe_action(st, 0, G.parse_action("row HR"))
    a.current = "A07"
    v = G.view(st, 0).andrew
    assert v is not None and (v.current_back, v.best_action) == ("?", None)


def test_the_draw_and_the_reveal_are_undo_barriers() -> None:
    st = solo_started()
    step = G.apply(st, 0, G.parse_action("row HR"))
    assert step.barrier and any(e.kind == "andrew_card" for e in step.events)
    st = finish_round(step.state)
    assert st.round == 2


def test_locomotive_alternates_andrew_selects_his_main_action_in_even_rounds_r10_2_2() -> None:
    st = solo_started(seed=11)
    a = andrew(st)
    top = a.deck[0]
    st = play(st, 0, "row HR")
    st = finish_round(st)  # ends round 1: card filed, round 2 begins, Andrew selects at once
    a = andrew(st)
    assert st.round == 2 and a.current == top and a.revealed
    assert st.row == solo.CARDS[top].main
    shown = G.view(st, 0).andrew
    assert G.pending(st).kind != "select" and shown is not None and shown.selects_row
    st = finish_round(st)
    assert st.round == 3 and st.phase == "select" and G.pending(st).seats == [0]
    assert sum(len(p) for p in andrew(st).piles) == 2


def test_andrew_chooses_a_finished_row_with_the_end_of_row_rule_r5_2_5() -> None:
    st = solo_started()
    st = play(st, 0, "row HR")
    a = andrew(st)
    a.deck[0] = "N06"  # main MGT
    st.markers = [1, 5, 0, 0]
    st.markers[data.HR] = 0  # round 1's HR marker advances to 1 at its end
    st = finish_round(st)
    assert st.row == data.MGT and st.flipped == data.CON and st.advancing == data.CON


# --- Andrew's event (R10.2.4) -----------------------------------------------------------------------------


def test_income_event_does_nothing_for_andrew() -> None:
    st = solo_started()
    st = andrew_acts(st, "N01", data.HR, "income")
    a = andrew(st)
    assert a.revealed and a.shift == 4 and a.discs == 26  # HR 4 only, no donation
    assert event_of(st)[1] is False


def test_donation_event_puts_a_free_disc_on_the_card_cell() -> None:
    st = solo_started()
    cell = data.DONATION_INDEX["WEL-7VP"]
    st.donation_discs[cell] = []
    st = andrew_acts(st, "N07", data.HR, "donation")
    a = andrew(st)
    assert st.donation_discs[cell] == [ANDREW] and a.discs == 25 and a.shift == 1  # HR shift 1 only


def test_end_tile_space_is_a_donation_for_andrew_too() -> None:
    st = solo_started()
    cell = data.DONATION_INDEX["WEL-7VP"]
    st.donation_discs[cell] = []
    st = andrew_acts(st, "N07", data.HR, "both")
    assert st.donation_discs[cell] == [ANDREW]


def test_occupied_donation_cell_shifts_the_card() -> None:
    st = solo_started()
    cell = data.DONATION_INDEX["WEL-7VP"]
    st.donation_discs[cell] = [NEUTRAL]
    st = andrew_acts(st, "N07", data.HR, "donation")
    assert st.donation_discs[cell] == [NEUTRAL] and andrew(st).shift == 2 and andrew(st).discs == 26


def test_no_disc_left_shifts_the_card_instead_of_donating() -> None:
    st = solo_started()
    cell = data.DONATION_INDEX["WEL-7VP"]
    st.donation_discs[cell] = []
    andrew(st).discs = 0
    st = andrew_acts(st, "N07", data.HR, "donation")
    assert st.donation_discs[cell] == [] and andrew(st).shift == 2


def test_b19_card_stops_at_the_10_vp_card_r10_2_6() -> None:
    """B19: EDU-HR holds a neutral disc (+1) and the HR line shifts 4 -> capped at position 4, 10 VP."""
    st = solo_started()
    st.donation_discs[data.DONATION_INDEX["EDU-HR"]] = [NEUTRAL]
    st = andrew_acts(st, "N01", data.HR, "donation")
    assert andrew(st).shift == solo.LAST_POSITION
    st = finish_round(st)
    a = andrew(st)
    assert a.piles[4] == ["N01"]
    current = solo.VP_CARDS[a.shift] if a.current else 0  # round 2's card, drawn, counts provisionally
    assert G.score(st).lines[-1].categories[solo.ACTION_CARDS] == 10 + current


# --- Andrew's actions (R10.2.5) -----------------------------------------------------------------------------


def test_hr_action_shifts_by_the_card_value() -> None:
    st = solo_started()
    st = andrew_acts(st, "N05", data.HR)
    assert andrew(st).shift == 3


def test_management_takes_the_lowest_numbered_tile_of_each_type() -> None:
    st = solo_started()
    st.display = [0] + [1] * 16
    st = andrew_acts(st, "N10", data.MGT)  # HR, CON, RND
    a = andrew(st)
    assert a.tiles == [1, 9, 13] and a.shift == 0
    assert st.display[1] == st.display[9] == st.display[13] == 0


def test_b18_management_takes_no_duplicate_within_one_action() -> None:
    """B18: display #13 ×2, #14 ×1, no #15/#16; N09 (RND, RND, RND) -> takes #13 and #14, third fails."""
    st = solo_started()
    st.display = [0] * 17
    st.display[13], st.display[14] = 2, 1
    st = andrew_acts(st, "N09", data.MGT)
    a = andrew(st)
    assert a.tiles == [13, 14] and a.shift == 1 and st.display[13] == 1
    # a later round: the second #13 may be taken (D10)
    st = finish_round(st)
    st = finish_round(st)
    st = andrew_acts(st, "N04", data.MGT)  # RND, RND
    assert andrew(st).tiles == [13, 14, 13] and andrew(st).shift == 1


def test_management_shifts_once_per_missing_tile() -> None:
    st = solo_started()
    st.display = [0] * 17
    st = andrew_acts(st, "N07", data.MGT)  # MGT ×3, none displayed
    assert andrew(st).tiles == [] and andrew(st).shift == 3


def test_construction_left_most_free_slot_of_any_type() -> None:
    st = solo_started()
    for city in ("boston", "new-york"):
        free_city(st, city)
    ny = data.CITY_SLOTS[data.CITY_INDEX["new-york"]]
    st.slot_owner[ny[0]] = NEUTRAL  # NY: H taken, so the C slot is the left-most free one
    st = andrew_acts(st, "N17", data.CON)  # Boston, New York
    a = andrew(st)
    assert st.slot_owner[data.CITY_SLOTS[data.CITY_INDEX["boston"]][0]] == ANDREW
    assert st.slot_owner[ny[1]] == ANDREW and a.shift == 0 and a.discs == 24


def test_b20_construction_full_city_shifts() -> None:
    """B20: N05 (San Francisco, Santa Fe); Santa Fe occupied; in San Francisco only the left-most
    Industry slot and the Commerce slot are free -> disc on the Industry slot, Santa Fe fails -> shift 1."""
    st = solo_started()
    sf = data.CITY_SLOTS[data.CITY_INDEX["san-francisco"]]  # I, C, I, H, P
    for k in sf:
        st.slot_owner[k] = NEUTRAL
    st.slot_owner[sf[0]] = st.slot_owner[sf[1]] = NO_OWNER
    st.slot_owner[data.CITY_SLOTS[data.CITY_INDEX["santa-fe"]][0]] = NEUTRAL
    st = andrew_acts(st, "N05", data.CON)
    assert st.slot_owner[sf[0]] == ANDREW and st.slot_owner[sf[1]] == NO_OWNER
    assert andrew(st).shift == 1


def test_construction_without_discs_shifts_per_city() -> None:
    st = solo_started()
    for city in ("boston", "new-york"):
        free_city(st, city)
    andrew(st).discs = 0
    st = andrew_acts(st, "N17", data.CON)
    assert ANDREW not in st.slot_owner and andrew(st).shift == 2


def test_research_advances_without_study_points() -> None:
    st = solo_started()
    st = andrew_acts(st, "N16", data.RND)  # South 3
    assert andrew(st).tracks == [1, 1, 4, 1] and andrew(st).shift == 0


def test_research_enters_a_free_last_space_and_blocks_the_human_r2_5_2() -> None:
    st = solo_started()
    andrew(st).tracks = [3, 1, 1, 1]
    st = andrew_acts(st, "A20", data.RND)  # West 4: 3→4→5, then 2 impossible steps
    a = andrew(st)
    assert a.tracks[data.WEST] == 5 and a.shift == 2
    # R10.3.1: the human cannot enter West space 5 now
    st = department_turn(st, 0, data.RND)
    st.companies[0].tracks[data.WEST] = 4
    st.sp = 10
    with pytest.raises(IllegalAction) as refused:
        play(st, 0, "track W")
    assert refused.value.rule == "R2.5.2"


def test_b21_research_beyond_the_track_shifts_per_step() -> None:
    """B21: A20 (West 4), Andrew on West 3, the human on West 5 -> 3→4, three steps fail -> shift 3."""
    st = solo_started()
    andrew(st).tracks = [3, 1, 1, 1]
    st.companies[0].tracks[data.WEST] = 5
    st = andrew_acts(st, "A20", data.RND)
    assert andrew(st).tracks[data.WEST] == 4 and andrew(st).shift == 3


def test_charitable_giving_may_stack_on_andrews_disc_d_13() -> None:
    from .fixtures import build_tile, staff

    st = solo_started()
    cell = data.DONATION_INDEX["HEA-EAST"]
    st.donation_discs[cell] = [ANDREW]
    c = st.companies[0]
    build_tile(c, 15, "1,1")
    staff(c, 15, 1)
    c.money = 20
    st = department_turn(st, 0, data.RND)
    assert "use 15 HEA-EAST" in legal_texts(st, 0)
    st = play(st, 0, "use 15 HEA-EAST")
    assert st.donation_discs[cell] == [ANDREW, 0]


def test_b17_solo_neutral_discs_come_from_the_two_player_step_9_r10_1_1() -> None:
    """B17 in solo: the 2-player neutral-disc setup (§3 step 9, all 40 action cards since issue 16), 18 discs
    on the cards' donation cells and cities."""
    st = G.new_game(1, 12)
    cells = {data.DONATION_INDEX[card.donation] for card in data.SOLO_CARDS}
    cities = {data.CITY_INDEX[c] for card in data.SOLO_CARDS for c in card.cities}
    neutral_cells = [k for k, stack in enumerate(st.donation_discs) if NEUTRAL in stack]
    neutral_slots = [k for k, o in enumerate(st.slot_owner) if o == NEUTRAL]
    assert len(neutral_cells) + len(neutral_slots) == 18
    assert set(neutral_cells) <= cells and {data.SLOT_CITY[k] for k in neutral_slots} <= cities


def test_text_dump_shows_andrew() -> None:
    st = solo_started()
    text = dump_view(G.view(st, 0))
    assert "Andrew (normal)" in text and "face down" in text


def test_andrew_is_not_a_seat() -> None:
    from engine.core import NotYourTurn

    st = solo_started()
    with pytest.raises(NotYourTurn):
        play(st, 1, "row HR")
    assert G.pending(st).seats == [0]
