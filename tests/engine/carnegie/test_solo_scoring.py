"""Andrew's final score on known end states (rules.md §10.4, R10.4.1–R10.4.4, D-15, D-20; examples.md A10,
B19, B22) and the solo score sheet."""

from __future__ import annotations

from engine.carnegie import GAME as G
from engine.carnegie import data, solo
from engine.carnegie.scoring import categories
from engine.carnegie.setup import new_state
from engine.carnegie.state import ANDREW, NO_OWNER, NO_PROJECT, CarnegieState

H, IND = data.HOUSING, data.INDUSTRY


def end_state() -> CarnegieState:
    """A solo game at its end with an empty map and donation table, the human with nothing extra."""
    st = new_state(1, seed=7, options={"tab_sides": "random"})
    st.slot_owner = [NO_OWNER] * data.N_SLOTS
    st.slot_project = [NO_PROJECT] * data.N_SLOTS
    st.donation_discs = [[] for _ in data.DONATION_CELLS]
    st.phase, st.round, st.markers = "over", 20, [5, 5, 5, 5]
    c = st.companies[0]
    c.tab_side, c.money, c.goods, c.vp = [0, 0, 0, 0], 0, 0, 0
    assert st.andrew is not None
    st.andrew.deck, st.andrew.current = [], ""
    return st


def put(st: CarnegieState, owner: int, city: str, ptype: int = NO_PROJECT) -> None:
    k = next(k for k in data.CITY_SLOTS[data.CITY_INDEX[city]] if st.slot_owner[k] == NO_OWNER)
    st.slot_owner[k], st.slot_project[k] = owner, ptype


def donate(st: CarnegieState, owner: int, code: str) -> None:
    st.donation_discs[data.DONATION_INDEX[code]].append(owner)
    if owner == 0:
        st.companies[0].donations += 1
    else:
        assert st.andrew is not None
        st.andrew.discs -= 1


def andrew_line(st: CarnegieState) -> dict[str, int]:
    sheet = G.score(st)
    line = sheet.lines[-1]
    assert (line.seat, line.name) == (None, "Andrew")  # a rival without a seat
    return line.categories


def test_a10_andrews_hea_west_counts_the_humans_west_projects() -> None:
    """A10: Andrew's HEA-WEST disc, the human has 5 projects in the West -> 10 VP (his own West discs do
    not count)."""
    st = end_state()
    for city in ("seattle", "helena", "boise", "reno", "salt-lake-city"):
        put(st, 0, city, H)
    put(st, ANDREW, "portland")
    put(st, ANDREW, "phoenix")
    donate(st, ANDREW, "HEA-WEST")
    assert andrew_line(st)[solo.DONATIONS] == 10


def test_andrews_full_score_on_a_known_end_state_r10_4() -> None:
    st = end_state()
    a = st.andrew
    assert a is not None
    a.piles = [["N07", "N08"], ["N01", "N02"], [], ["N03"], ["N04", "N05"]]  # 0+0 + 1+1 + 6 + 10+10
    a.tiles = [1, 5, 9, 13]  # 2 VP each
    a.tracks = [5, 1, 5, 3]  # two last spaces, 6 VP each; no connections for Andrew
    put(st, ANDREW, "new-york")  # 3
    put(st, ANDREW, "fargo")  # 1
    put(st, ANDREW, "portland")  # 0
    put(st, ANDREW, "san-francisco")  # 3 (majors connected by road would not score for Andrew)
    put(st, ANDREW, "chicago")  # 3
    for city in ("seattle", "helena", "boise", "reno", "salt-lake-city"):
        put(st, 0, city, H)
    donate(st, 0, "WEL-7VP")
    donate(st, 0, "EDU-HR")
    donate(st, ANDREW, "HEA-WEST")  # 2 × 5 human West projects = 10
    donate(st, ANDREW, "RIG-DONATIONS")  # R10.4.2: the human's 2 donation discs -> 4
    donate(st, ANDREW, "EDU-RND")  # the human's one R&D department -> 3
    donate(st, ANDREW, "EDU-ALL")  # the human's 5 starting departments -> 5
    got = andrew_line(st)
    assert got == {
        solo.ACTION_CARDS: 28,
        solo.TILES: 8,
        solo.TRANSPORT: 12,
        solo.CITIES: 10,
        solo.DONATIONS: 22,
    }
    assert G.score(st).lines[-1].total == 80


def test_andrews_donations_are_capped_at_12_r10_4_3() -> None:
    st = end_state()
    for city in ("seattle", "helena", "boise", "reno", "salt-lake-city", "phoenix", "santa-fe"):
        put(st, 0, city, IND)
    donate(st, ANDREW, "HEA-WEST")  # 14 before the cap
    donate(st, ANDREW, "RIG-INDUSTRY")  # 21 before the cap
    assert andrew_line(st)[solo.DONATIONS] == 24


def test_b22_andrews_welfare_takes_the_humans_leftovers_r10_4_1() -> None:
    """B22: the human owns no welfare cell and ends with 4 goods and $12; Andrew's WEL-GOODS takes the 4
    goods (no conversion to money) -> 8 VP; with 0 goods -> 0."""
    st = end_state()
    c = st.companies[0]
    c.money, c.goods = 12, 4
    donate(st, ANDREW, "WEL-GOODS")
    assert andrew_line(st)[solo.DONATIONS] == 8
    c.goods = 0
    assert andrew_line(st)[solo.DONATIONS] == 0


def test_b22_variant_the_human_pays_their_own_welfare_first() -> None:
    """B22 variant: the human's WEL-MONEY first ($12 + 4 goods: 3 goods converted, 3 × $5 -> 6 VP), then
    Andrew's WEL-GOODS takes the remaining good -> 2 VP; Andrew's WEL-MONEY gets the $0 left -> 0."""
    st = end_state()
    c = st.companies[0]
    c.money, c.goods = 12, 4
    donate(st, 0, "WEL-MONEY")
    donate(st, ANDREW, "WEL-GOODS")
    donate(st, ANDREW, "WEL-MONEYGOODS")
    assert categories(st, 0)["donations"] == 6
    assert andrew_line(st)[solo.DONATIONS] == 2


def test_andrews_several_welfare_cells_take_the_allocation_best_for_him_d_20() -> None:
    """D-20: $10 and 2 goods left; Andrew holds WEL-GOODS and WEL-MONEYGOODS: 2 × ($5 + 1 good) = 8 VP
    beats 2 goods (4 VP) + 0 × … ; no goods are converted."""
    st = end_state()
    c = st.companies[0]
    c.money, c.goods = 10, 2
    donate(st, ANDREW, "WEL-GOODS")
    donate(st, ANDREW, "WEL-MONEYGOODS")
    assert andrew_line(st)[solo.DONATIONS] == 8


def test_b19_a_card_under_the_10_vp_card_scores_10() -> None:
    st = end_state()
    assert st.andrew is not None
    st.andrew.piles[4] = ["N01"]
    assert andrew_line(st)[solo.ACTION_CARDS] == 10


def test_winner_against_andrew_and_shared_victory_r10_4_4() -> None:
    st = end_state()
    assert st.andrew is not None
    st.andrew.piles[3] = ["N01"]  # Andrew 6
    human = sum(categories(st, 0).values())
    st.companies[0].vp = 6 - human + 1
    sheet = G.score(st)
    assert sheet.final and sheet.winners == [0]
    st.companies[0].vp -= 1
    # winners are positions in the lines: the human's line 0, Andrew's line 1
    assert G.score(st).winners == [0, 1]  # a tie is shared
    st.companies[0].vp -= 1
    assert G.score(st).winners == [1]


def test_provisional_score_counts_the_current_card_where_it_stands() -> None:
    st = end_state()
    assert st.andrew is not None
    st.phase = "departments"
    st.andrew.current, st.andrew.shift = "N01", 3
    assert G.score(st).final is False and andrew_line(st)[solo.ACTION_CARDS] == 6
