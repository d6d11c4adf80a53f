"""Final scoring (rules.md §9), donations (§8.4–§8.5) and the worked examples A9, A13, B13 and B14 in the
score sheet (the welfare payment itself: test_welfare.py)."""

from __future__ import annotations

import pytest

from engine.carnegie import data
from engine.carnegie.reconstructed import GRID_COLS, TABS
from engine.carnegie.scoring import (
    ACTION_CHOICE,
    CATEGORIES,
    CITIES,
    CONNECTIONS,
    DEPARTMENTS,
    DONATIONS,
    EMPLOYEES,
    TABS_VP,
    TRACK,
    Achievements,
    achievements,
    andrew_donation_scores,
    connection_points,
    donation_scores,
    donation_value,
    player_cap,
    score,
    score_sheet,
    winners,
)
from engine.carnegie.setup import new_state
from engine.carnegie.state import NEUTRAL, NO_OWNER, NO_PROJECT, CarnegieState
from engine.carnegie.welfare import welfare_allocation

W, M, S, E = data.WEST, data.MIDWEST, data.SOUTH, data.EAST
H, C, IND, P = data.HOUSING, data.COMMERCE, data.INDUSTRY, data.INFRA


def levels(**spaces: int) -> list[int]:
    """Transport levels per region from track positions (default space 1), e.g. ``levels(W=4, M=3)``."""
    pos = {"W": 1, "M": 1, "S": 1, "E": 1} | spaces
    return [data.TRACKS[r][pos[code] - 1].level for r, code in enumerate(data.REGION_CODES)]


def bare_state(players: int = 4) -> CarnegieState:
    """A fresh game with the map and the donation table emptied (no neutral discs)."""
    state = new_state(players, seed=7, options={"tab_sides": "random"})
    state.slot_owner = [NO_OWNER] * data.N_SLOTS
    state.slot_project = [NO_PROJECT] * data.N_SLOTS
    state.donation_discs = [[] for _ in data.DONATION_CELLS]
    for c in state.companies:
        c.tab_side = [0, 0, 0, 0]
        c.action_choice = False
    return state


def build(state: CarnegieState, seat: int, city: str, ptype: int = H) -> None:
    """Put one of ``seat``'s discs (a built project of ``ptype``) on the first free slot of ``city``."""
    for k in data.CITY_SLOTS[data.CITY_INDEX[city]]:
        if state.slot_owner[k] == NO_OWNER:
            state.slot_owner[k], state.slot_project[k] = seat, ptype
            return
    raise AssertionError(f"{city} is full")


def donate(state: CarnegieState, seat: int, code: str) -> None:
    state.donation_discs[data.DONATION_INDEX[code]].append(seat)
    state.companies[seat].donations += 1


def cats(state: CarnegieState, seat: int = 0) -> dict[str, int]:
    return score_sheet(state, final=True).lines[seat].categories


# --- §9.3 connections: examples A9 and A13 --------------------------------------------------------------

A9_1 = ["san-francisco", "reno", "salt-lake-city", "denver", "omaha", "chicago", "pittsburgh", "new-york"]
A9_2 = [
    "san-francisco",
    "los-angeles",
    "phoenix",
    "el-paso",
    "dallas",
    "houston",
    "new-orleans",
    "memphis",
    "st-louis",
    "chicago",
]
A13_A = ["san-francisco", "los-angeles", "phoenix", "el-paso", "dallas", "kansas-city", "chicago"]


def test_a9_1_maria_three_majors_at_railroad_scores_27() -> None:
    """A9.1, R9.3.3–R9.3.4: SF + Chicago + NY, links 2+1+1 = 4, all Railroad -> 27."""
    assert connection_points(A9_1, levels(W=4, M=3, E=2, S=1)) == 27


def test_a9_2_artem_west_stagecoach_scores_18_and_27_at_railroad() -> None:
    """A9.2: SF + NO + Chicago with West at Stagecoach -> 18; the same network with West on space 4 -> 27."""
    assert connection_points(A9_2, levels(W=2, S=3, M=3)) == 18
    assert connection_points(A9_2, levels(W=4, S=3, M=3)) == 27


def test_a9_3_only_the_best_network_counts() -> None:
    """A9.3, R9.3.5: two separate networks score 18 and 6; the player gets 18, not 24."""
    net1 = ["san-francisco", "los-angeles", "phoenix", "el-paso", "dallas", "kansas-city", "chicago"]
    net2 = ["new-orleans", "atlanta", "washington", "new-york"]
    lv = levels(W=4, M=3, S=2, E=2)
    assert connection_points(net1, lv) == 18
    assert connection_points(net2, lv) == 6
    assert connection_points(net1 + net2, lv) == 18


@pytest.mark.parametrize(
    ("case", "cities", "expected"),
    [
        ("a", A13_A, 18),
        ("b", [*A13_A, "houston", "new-orleans"], 18),
        (
            "c",
            ["san-francisco", "los-angeles", "phoenix", "el-paso", "san-antonio", "houston", "new-orleans"],
            12,
        ),
        ("d", ["chicago", "st-louis", "memphis", "new-orleans"], 6),
    ],
)
def test_a13_connection_variants(case: str, cities: list[str], expected: int) -> None:
    """A13 (R9.3.3): regions crossed without a connected major city are ignored (case a ignores the South)."""
    assert connection_points(cities, levels(M=3, W=4, S=2, E=1)) == expected


def test_connections_need_two_major_cities_and_use_the_table() -> None:
    """R9.3.6: one major city scores 0; R9.3.4 corner values: 5 links at Cart 18, at Railroad 36."""
    assert connection_points(["san-francisco", "los-angeles"], levels(W=4)) == 0
    assert connection_points([], levels()) == 0
    everything = [c.id for c in data.CITIES]
    assert connection_points(everything, levels()) == 18  # East starts at Stagecoach, others Cart -> Cart
    assert connection_points(everything, levels(W=4, M=3, S=3, E=2)) == 36
    assert connection_points(everything, levels(W=5, M=5, S=5, E=5)) == 36  # R2.5.4: space 5 is Railroad


def test_connections_count_every_major_city_of_the_component() -> None:
    """R9.3.3 read literally: all major cities of a component count and the lowest of their regions'
    levels applies, even when leaving one out would score more (SF + Chicago at Railroad alone = 18;
    joined with New Orleans while the South is at Cart: links 4 at Cart = 12)."""
    sf_chicago = ["san-francisco", "los-angeles", "phoenix", "el-paso", "dallas", "kansas-city", "chicago"]
    lv = levels(W=4, M=3, S=1)
    assert connection_points(sf_chicago, lv) == 18
    assert connection_points([*sf_chicago, "houston", "new-orleans"], lv) == 12


def test_connections_in_the_score_use_only_own_discs() -> None:
    """R9.3.2: another player's or a neutral disc on a city of the path neither helps nor breaks it."""
    state = bare_state()
    c = state.companies[0]
    c.tracks = [4, 3, 1, 2]  # West, Midwest, South, East as in A9.1
    for city in A9_1:
        if city != "omaha":
            build(state, 0, city)
    build(state, 1, "omaha")  # seat 1's disc in Omaha does not link Denver to Chicago for seat 0
    assert cats(state)[CONNECTIONS] == 9  # only Chicago–Pittsburgh–NY (links 2, Railroad)
    build(state, 1, "kansas-city")
    state.slot_owner[data.CITY_SLOTS[data.CITY_INDEX["kansas-city"]][1]] = NEUTRAL
    build(state, 0, "kansas-city", H)  # Denver–Kansas City–Chicago; the other discs there do not break it
    assert cats(state)[CONNECTIONS] == 27
    assert cats(state, 1)[CONNECTIONS] == 0


# --- §8.4 donation values -----------------------------------------------------------------------------------

ACH = Achievements(
    departments=(2, 4, 1, 3),  # HR, MGT, CON, RND (starting ones included)
    projects=(3, 2, 4, 1),  # Housing, Commerce, Industry, Public Infrastructure
    regions=(5, 1, 2, 2),  # West, Midwest, South, East
    small_towns=3,
    railroads=2,
    donations=4,
    active=9,
)

DONATION_EXPECTED = {
    "EDU-HR": 6, "EDU-MGT": 12, "EDU-CON": 3, "EDU-RND": 9, "EDU-ALL": 10,
    "RIG-INFRA": 4, "RIG-INDUSTRY": 12, "RIG-HOUSCOM": 10, "RIG-RAIL": 6, "RIG-DONATIONS": 8,
    "WEL-7VP": 7, "WEL-GOODS": 0, "WEL-MONEY": 0, "WEL-MONEYGOODS": 0, "WEL-ACTIVE": 9,
    "HEA-EAST": 4, "HEA-MIDWEST": 2, "HEA-SOUTH": 4, "HEA-WEST": 10, "HEA-SMALLTOWN": 6,
}  # fmt: skip


@pytest.mark.parametrize("code", [cell[0] for cell in data.DONATION_CELLS])
def test_every_donation_cell_value_before_the_cap(code: str) -> None:
    """§8.4 table, one case per cell (welfare payment cells score only through payments, R8.4.2)."""
    assert donation_value(code, ACH) == DONATION_EXPECTED[code]


def test_donation_table_has_twenty_cells_and_unknown_code_is_refused() -> None:
    assert len(DONATION_EXPECTED) == len(data.DONATION_CELLS) == 20
    with pytest.raises(ValueError):
        donation_value("EDU-FUN", ACH)


def test_achievements_counted_from_the_state() -> None:
    """§8.4 / R8.4.1: starting departments count per type, projects count by origin tab wherever built
    (small towns included), railroad regions per R2.5.4, donation discs including stacked ones."""
    state = bare_state()
    c = state.companies[0]
    c.cells[0] = 13  # Advanced Research (R&D) in the top row
    c.cells[3] = 4  # New Lobby counts as an HR department
    build(state, 0, "seattle", IND)  # small town, West, Industry project
    build(state, 0, "chicago", P)
    build(state, 0, "new-york", H)
    build(state, 1, "boston", C)  # somebody else's
    c.tracks = [4, 2, 3, 1]  # West Railroad, Midwest Stagecoach, South Railroad, East Stagecoach
    donate(state, 0, "WEL-7VP")
    donate(state, 1, "HEA-EAST")
    donate(state, 0, "HEA-EAST")  # Charitable Giving on top of seat 1's disc (§7.15)
    ach = achievements(state, 0)
    assert ach.departments == (2, 2, 1, 2)
    assert ach.projects == (1, 0, 1, 1)
    assert ach.regions == (1, 1, 0, 1)
    assert ach.small_towns == 1
    assert ach.railroads == 2
    assert ach.donations == 2
    assert ach.active == 5  # setup: one standing employee per starting department, permanent one excluded


def test_stacked_charitable_giving_disc_scores_for_its_owner() -> None:
    """§7.15: the disc on top scores for its owner exactly like an ordinary donation on that cell."""
    state = bare_state()
    build(state, 0, "boston")
    build(state, 1, "albany")
    build(state, 1, "pittsburgh")
    donate(state, 1, "HEA-EAST")
    donate(state, 0, "HEA-EAST")
    assert cats(state, 0)[DONATIONS] == 2
    assert cats(state, 1)[DONATIONS] == 4


# --- §8.5 cap and cap raises ------------------------------------------------------------------------------


def push_full(state: CarnegieState, seat: int, ptype: int, side: int) -> None:
    c = state.companies[seat]
    c.tab_side[ptype] = side
    c.tab_pos[ptype] = len(TABS[ptype][side]) - 1


def test_b13_cap_twelve_and_raise_to_fifteen() -> None:
    """B13, R8.5.1–R8.5.3: EDU-RND with 5 R&D departments is worth 15, scores 12; one fully pushed
    cap-raising tab raises the cap to 15."""
    state = bare_state()
    c = state.companies[0]
    c.cells[0], c.cells[1], c.cells[2], c.cells[3] = 13, 14, 15, 16
    donate(state, 0, "EDU-RND")
    scores, _ = donation_scores(state, 0)
    assert [(d.code, d.raw, d.vp) for d in scores] == [("EDU-RND", 15, 12)]
    assert cats(state)[DONATIONS] == 12
    cap_side = next(s for s in (0, 1) if TABS[H][s][-1].raises_cap)
    push_full(state, 0, H, cap_side)
    assert cats(state)[DONATIONS] == 15


def test_cap_raises_accumulate_only_on_the_cap_raising_side_when_fully_pushed() -> None:
    """R8.5.2, R6.4.7: +3 per tab fully pushed on its cap-raising side: 12, 15, 18, 21, 24."""
    state = bare_state()
    c = state.companies[0]
    assert player_cap(c) == 12
    for n, ptype in enumerate((H, C, IND, P), start=1):
        plain = next(s for s in (0, 1) if not TABS[ptype][s][-1].raises_cap)
        push_full(state, 0, ptype, plain)
        assert player_cap(c) == 12 + 3 * (n - 1)
        raising = 1 - plain
        c.tab_side[ptype] = raising
        c.tab_pos[ptype] = len(TABS[ptype][raising]) - 2  # one space short of the end: no raise yet
        assert player_cap(c) == 12 + 3 * (n - 1)
        push_full(state, 0, ptype, raising)
        assert player_cap(c) == 12 + 3 * n


# --- R8.4.2 welfare payments in the score sheet (the payment itself: test_welfare.py) -----------------------


def test_b14_in_the_score_sheet() -> None:
    state = bare_state()
    c = state.companies[0]
    c.money, c.goods = 0, 9
    donate(state, 0, "WEL-GOODS")
    assert cats(state)[DONATIONS] == 12


# --- §9.2 categories --------------------------------------------------------------------------------------


def test_score_sheet_has_every_category_and_totals_add_up() -> None:
    state = bare_state()
    sheet = score_sheet(state, final=True)
    assert sheet.final is True
    assert [line.seat for line in sheet.lines] == [0, 1, 2, 3]
    for line in sheet.lines:
        assert tuple(line.categories) == CATEGORIES
        assert line.total == sum(line.categories.values())


def test_category_score_track_and_action_choice_tile() -> None:
    """§9.2: VP on the score track; R5.6.4: an unused Action Choice tile scores 3."""
    state = bare_state()
    c = state.companies[0]
    c.vp = 17
    c.action_choice = True
    got = cats(state)
    assert (got[TRACK], got[ACTION_CHOICE]) == (17, 3)
    c.action_choice = False
    assert cats(state)[ACTION_CHOICE] == 0


def test_category_active_employees_excludes_permanent_and_missions() -> None:
    """§9.2 #2, R4.3.3: 1 VP per standing employee; permanent HR employee and missions excluded."""
    state = bare_state()
    c = state.companies[0]
    assert cats(state)[EMPLOYEES] == 5
    # Send the R&D employee on a mission: the workplace frees, a mission employee does not count.
    rd = c.cells.index(data.D_RD)
    c.staff[rd] = [0] * len(c.staff[rd])
    c.missions[W] += 1
    assert cats(state)[EMPLOYEES] == 4


def test_category_departments_by_row() -> None:
    """R4.1.3, R4.4.7: built departments score 3 in the top row, 2 in other rows; starting ones 0."""
    state = bare_state()
    c = state.companies[0]
    assert cats(state)[DEPARTMENTS] == 0
    c.cells[0] = 6  # top row
    c.cells[GRID_COLS] = 9  # second row
    c.cells[3 * GRID_COLS] = 4  # bottom row, New Lobby
    assert cats(state)[DEPARTMENTS] == 3 + 2 + 2


def test_category_project_tabs_farthest_vp() -> None:
    """R6.4.9: per tab the VP of the farthest exposed VP space; 0 while only project spaces are exposed."""
    state = bare_state()
    c = state.companies[0]
    assert cats(state)[TABS_VP] == 0
    expected = 0
    for ptype in (H, C, IND, P):
        spaces = TABS[ptype][0]
        c.tab_pos[ptype] = len(spaces) - 1
        expected += spaces[-1].vp
    assert expected == 6 + 9 + 12 + 15
    assert cats(state)[TABS_VP] == expected
    first_vp = next(i for i, s in enumerate(TABS[IND][0]) if s.kind == "V")
    c.tab_pos[IND] = first_vp
    assert cats(state)[TABS_VP] == expected - 12 + TABS[IND][0][first_vp].vp


def test_category_city_vp_per_disc() -> None:
    """§9.2 #6: the printed city VP for each own disc, so two discs in San Francisco give 3 + 3."""
    state = bare_state()
    build(state, 0, "san-francisco")
    build(state, 0, "san-francisco", IND)
    build(state, 0, "seattle")
    build(state, 0, "portland")  # no VP printed
    build(state, 1, "boston")
    assert cats(state)[CITIES] == 3 + 3 + 1 + 0
    assert cats(state, 1)[CITIES] == 3


# --- R9.2.1 ties and the provisional score ----------------------------------------------------------------


def test_ties_share_the_victory() -> None:
    """R9.2.1: no tie-breaker; all tied players win."""
    assert winners([10, 12, 12, 3]) == [1, 2]
    state = bare_state(players=3)
    sheet = score_sheet(state, final=True)
    assert sheet.winners == [0, 1, 2]
    state.companies[2].vp = 1
    assert score_sheet(state, final=True).winners == [2]


def test_provisional_score_uses_current_resources_for_welfare() -> None:
    """Provisional score [DEC]: same computation, welfare paid from what the player holds now."""
    state = bare_state()
    c = state.companies[0]
    donate(state, 0, "WEL-MONEY")
    c.money, c.goods = 10, 0
    sheet = score(state)
    assert sheet.final is False  # the game is not over
    assert sheet.lines[0].categories[DONATIONS] == 4
    c.money = 30
    assert score(state).lines[0].categories[DONATIONS] == 12


def test_game_over_sheet_is_final() -> None:
    state = bare_state()
    state.phase = "over"
    assert score(state).final is True


# --- §10.4 Andrew's donations (pure helpers for the solo mode) ---------------------------------------------


def test_a_welfare_tie_on_vp_leaves_andrew_the_least() -> None:
    """R8.4.2 + R10.4.1 (D-20): $5 and 5 goods on the human's WEL-MONEY and WEL-MONEYGOODS score 4 VP
    either as one $5 + 1 good set (4 goods left) or as two $5 units with all 5 goods converted (nothing
    left). The payment leaving the least is chosen: Andrew's WEL-GOODS then scores 0, not 8."""
    pay = welfare_allocation(["WEL-MONEY", "WEL-MONEYGOODS"], money=5, goods=5)
    assert pay.total == 4 and (pay.money_left, pay.goods_left) == (0, 0)
    nothing = Achievements((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), 0, 0, 0, 0)
    andrew, _ = andrew_donation_scores(["WEL-GOODS"], nothing, pay.money_left, pay.goods_left)
    assert andrew[0].vp == 0
    # With 4 goods left he would have scored 8: the tie decides a solo game by up to that much.
    assert andrew_donation_scores(["WEL-GOODS"], nothing, 0, 4)[0][0].vp == 8


def test_a10_andrew_donation_scored_on_the_human_achievements() -> None:
    """A10, §10.4: Andrew's HEA-WEST disc with 5 human projects in the West -> 10 VP; RIG-DONATIONS counts
    the human's donation discs (R10.4.2); the cap is 12 (R10.4.3)."""
    human = Achievements(
        departments=(1, 2, 1, 6),
        projects=(2, 1, 1, 1),
        regions=(5, 0, 0, 0),
        small_towns=1,
        railroads=1,
        donations=3,
        active=4,
    )
    scores, _ = andrew_donation_scores(["HEA-WEST", "RIG-DONATIONS", "EDU-RND"], human, 0, 0)
    assert [(d.code, d.vp) for d in scores] == [("HEA-WEST", 10), ("RIG-DONATIONS", 6), ("EDU-RND", 12)]


def test_b22_andrew_welfare_paid_with_the_human_leftovers() -> None:
    """B22, R10.4.1: Andrew's WEL-GOODS takes the human's 4 remaining goods -> 8 VP; 0 goods -> 0 VP.
    Variant: the human first pays their own WEL-MONEY ($12 + 4 goods: 3 goods converted, 3 × $5 -> 6 VP),
    leaving 1 good, which gives Andrew 2 VP."""
    nothing = Achievements((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), 0, 0, 0, 0)
    scores, pay = andrew_donation_scores(["WEL-GOODS"], nothing, money_left=12, goods_left=4)
    assert scores[0].vp == 8 and pay.converted == 0
    assert andrew_donation_scores(["WEL-GOODS"], nothing, 12, 0)[0][0].vp == 0
    state = bare_state(players=2)
    c = state.companies[0]
    c.money, c.goods = 12, 4
    donate(state, 0, "WEL-MONEY")
    _, own = donation_scores(state, 0)
    assert own.total == 6 and (own.money_left, own.goods_left) == (0, 1)
    andrew, _ = andrew_donation_scores(["WEL-GOODS"], nothing, own.money_left, own.goods_left)
    assert andrew[0].vp == 2
