"""Seeded positions for the render tests, built from the engine's real setup and view.

The mid-game positions are made by editing a freshly set-up state (as if the rounds had been played),
so the golden images do not depend on the AI or on rules still under construction. Every edit keeps the
state plausible: component counts are respected.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.carnegie import data, setup
from engine.carnegie.reconstructed import LOBBY
from engine.carnegie.state import ACTIVE, ANDREW, FREE, NEUTRAL, USED, CarnegieState, Company, workplace_costs
from engine.carnegie.view import CarnegieView, build_view
from engine.core import Decision

NAMES = ("Ada", "Bram", "Chidi", "Dana")


def _build(state: CarnegieState, seat: int, cell: int, tile: int, active: int = 0) -> None:
    c = state.companies[seat]
    c.cells[cell] = tile
    wps = [FREE] * len(workplace_costs(tile))
    for w in range(min(active, len(wps))):
        wps[w] = ACTIVE
    c.staff[cell] = wps
    state.display[tile] -= 1


def _disc(state: CarnegieState, city: str, owner: int, project: int) -> None:
    for k in data.CITY_SLOTS[data.CITY_INDEX[city]]:
        if state.slot_owner[k] == -1 and data.SLOT_TYPE[k] in ("T", data.PROJECT_CODES[project]):
            state.slot_owner[k] = owner
            state.slot_project[k] = project
            if owner < 4:
                state.companies[owner].discs -= 1
            return
    raise ValueError(f"no free {data.PROJECT_CODES[project]} slot in {city}")


def _lobby(c: Company) -> int:
    return c.cells.index(LOBBY)


def mid_game_4p() -> CarnegieView:
    """Round 12 of a 4-player game: Management round, seat 2 uses Construction by Action Choice."""
    st = setup.new_state(4, 7, {"tab_sides": "random"})
    st.round = 12
    st.first = 3
    st.phase = "departments"
    st.markers = [3, 5, 2, 1]
    st.row = 1  # Management chosen at position 5 …
    st.flipped = 2  # … so the Construction row below is flipped and advances (R5.2.3)
    st.advancing = 2
    st.turn_type = data.CON
    builds = {
        0: [
            ("san-francisco", data.INDUSTRY),
            ("reno", data.HOUSING),
            ("denver", data.COMMERCE),
            ("chicago", data.HOUSING),
            ("omaha", data.INDUSTRY),
        ],
        1: [
            ("new-york", data.COMMERCE),
            ("boston", data.HOUSING),
            ("albany", data.INDUSTRY),
            ("pittsburgh", data.COMMERCE),
            ("washington", data.INFRA),
        ],
        2: [
            ("new-orleans", data.HOUSING),
            ("houston", data.COMMERCE),
            ("atlanta", data.INDUSTRY),
            ("dallas", data.COMMERCE),
            ("memphis", data.HOUSING),
            ("charleston", data.INFRA),
        ],
        3: [
            ("kansas-city", data.HOUSING),
            ("st-louis", data.INFRA),
            ("chicago", data.INDUSTRY),
            ("st-paul", data.COMMERCE),
            ("los-angeles", data.HOUSING),
        ],
    }
    for seat, cities in builds.items():
        for city, ptype in cities:
            _disc(st, city, seat, ptype)
    for seat, (money, goods, vp) in enumerate(((14, 3, 18), (6, 5, 23), (21, 1, 15), (9, 7, 27))):
        c = st.companies[seat]
        c.money, c.goods, c.vp = money, goods, vp
    tracks = ((4, 2, 1, 2), (2, 3, 2, 5), (1, 2, 5, 3), (3, 5, 3, 1))
    missions = ((1, 2, 0, 0), (0, 1, 0, 3), (0, 0, 2, 1), (2, 1, 1, 0))
    for seat in range(4):
        c = st.companies[seat]
        c.tracks = list(tracks[seat])
        c.missions = list(missions[seat])
        c.idle[_lobby(c)] -= sum(missions[seat])
    # Departments built (R6.2.2) and staffing.
    _build(st, 0, 0, 9, active=1)
    _build(st, 0, 4, 6, active=2)
    _build(st, 1, 1, 13, active=0)
    _build(st, 1, 7, 12, active=1)
    _build(st, 2, 3, 10, active=1)
    _build(st, 2, 8, 4)
    _build(st, 3, 2, 14, active=3)
    _build(st, 3, 11, 2, active=1)
    st.companies[2].staff[15] = [USED, ACTIVE, ACTIVE]  # Construction: one use already made this turn
    st.companies[2].idle[3] = 2
    st.companies[0].idle[8] = 1
    for seat, (pos, built) in enumerate(
        (
            ([2, 2, 1, 1], [1, 1, 1, 0]),
            ([3, 1, 2, 2], [1, 1, 0, 1]),
            ([1, 3, 2, 3], [1, 2, 1, 1]),
            ([4, 1, 1, 2], [2, 1, 1, 1]),
        )
    ):
        st.companies[seat].tab_pos = pos
        st.companies[seat].tab_built = built
    st.companies[2].action_choice = False  # declared Construction with it this turn (R5.6.2)
    st.companies[3].reserved = 0
    st.donation_discs[data.DONATION_INDEX["WEL-7VP"]] = [1]
    st.donation_discs[data.DONATION_INDEX["HEA-SOUTH"]] = [2, 0]  # Charitable Giving stack
    st.donation_discs[data.DONATION_INDEX["RIG-RAIL"]] = [3]
    st.donation_discs[data.DONATION_INDEX["EDU-ALL"]] = [0]
    for seat, n in ((0, 2), (1, 1), (2, 1), (3, 1)):
        st.companies[seat].donations = n
        st.companies[seat].discs -= n
    return build_view(
        st, None, Decision(seats=[2], kind="departments", prompt="Use Construction departments")
    )


def setup_2p() -> CarnegieView:
    """A fresh 2-player game: neutral discs on the map and the donation table."""
    st = setup.new_state(2, 11, None)
    return build_view(st, None, Decision(seats=[0, 1], kind="sides", prompt="Choose tab sides"))


def solo_markers() -> CarnegieView:
    """A 2-player table with Andrew's discs drawn (solo discs use the ANDREW owner code)."""
    st = setup.new_state(2, 3, {"tab_sides": "random"})
    st.phase = "select"
    st.round = 5
    st.markers = [1, 1, 2, 0]
    _disc(st, "albany", ANDREW, data.HOUSING)  # seed 3's neutral discs sit on New York's H and Fargo
    _disc(st, "duluth", ANDREW, data.COMMERCE)
    _disc(st, "atlanta", 0, data.HOUSING)
    st.donation_discs[data.DONATION_INDEX["EDU-MGT"]].append(ANDREW)
    assert NEUTRAL in st.slot_owner
    return build_view(st, None, Decision(seats=[0], kind="select", prompt="Choose a Timeline row"))


def solo_round_6() -> CarnegieView:
    """Solo, round 6: five of Andrew's cards lie under his VP cards, the sixth is face down at position 2
    (shifted twice, R10.2.6), so the picture shows his deck, the current card's back and his piles."""
    st = setup.new_state(1, 5, None)
    a = st.andrew
    assert a is not None
    st.round = 6
    st.phase = "departments"
    st.markers = [2, 1, 1, 1]
    played = [a.deck.pop(0) for _ in range(5)]
    a.piles = [[played[0], played[1]], [played[2]], [], [played[3]], [played[4]]]
    a.current = a.deck.pop(0)
    a.shift = 2
    a.tracks = [2, 1, 3, 1]
    _disc(st, "chicago", ANDREW, data.INDUSTRY)
    _disc(st, "denver", ANDREW, data.HOUSING)
    _disc(st, "boston", 0, data.HOUSING)
    return build_view(st, None, Decision(seats=[0], kind="departments", prompt="Use a department"))


POSITIONS: dict[str, Callable[[], CarnegieView]] = {
    "mid-4p": mid_game_4p,
    "setup-2p": setup_2p,
    "andrew-2p": solo_markers,
    "solo-1p": solo_round_6,
}
