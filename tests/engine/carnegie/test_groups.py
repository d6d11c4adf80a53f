"""Where a player's panel files Carnegie's many similar choices (issue 18, ``engine/carnegie/groups.py``):
an HR move (R6.1.2) by the department or Lobby it leaves, a build (R6.3.1) by project type then region,
donations (R8.1) by column; every group label names a place the pictures show, never a grid cell."""

from __future__ import annotations

import re
from collections import Counter

from engine.carnegie import GAME as G
from engine.carnegie import data
from engine.carnegie.actions import parse_action, parse_cell
from engine.carnegie.state import CarnegieState
from engine.core import MAX_GROUP_ENTRIES, action_path

from .fixtures import department_turn, legal_texts, staff, started

GRID_CELL = re.compile(r"\d+,\d+")
PLACES = {*data.DEPT_NAMES.values(), "the Lobby"}


def _paths(st: CarnegieState, seat: int) -> dict[str, tuple[str, ...]]:
    return {t: action_path(G, st, seat, parse_action(t)) for t in legal_texts(st, seat)}


def test_an_hr_move_is_filed_under_the_department_or_lobby_it_leaves_r6_1_2() -> None:
    st = department_turn(started(2), 0, data.HR)
    paths = _paths(st, 0)
    assert paths.pop("done") == ()
    company = st.companies[0]
    for text, path in paths.items():
        source, _ = parse_cell(text.split()[1].split(">")[0])
        assert path == (f"From {data.DEPT_NAMES.get(company.cells[source], 'the Lobby')}",), text
        assert path[0].removeprefix("From ") in PLACES
        assert not GRID_CELL.search(path[0])
    # Standing and lying employees of one department share its group (the move's label tells them apart).
    assert len(set(paths.values())) < len(paths)


def test_standing_and_lying_employees_share_their_departments_group_then_part_r6_1_3() -> None:
    st = started(2)
    staff(st.companies[0], data.D_SP, active=1, lying=1)
    st = department_turn(st, 0, data.HR)
    moves = {t: p for t, p in _paths(st, 0).items() if p[:1] == ("From Strategic Planning",)}
    # One group for the department, then which employee leaves it (a standing one frees a workplace).
    assert {p[1:] for p in moves.values()} == {("A lying employee",), ("A standing employee",)}
    for text, path in moves.items():
        assert text.split()[1].split(">")[0].endswith("*") == (path[1] == "A standing employee"), text


def test_a_build_is_filed_by_project_type_then_region_r6_3_1() -> None:
    st = started(2)
    company = st.companies[0]
    company.goods, company.money = 10, 20
    staff(company, data.D_CON, active=3)
    st = department_turn(st, 0, data.CON)
    builds = {t: p for t, p in _paths(st, 0).items() if t.startswith("use CON")}
    assert len(builds) > 40
    for text, path in builds.items():
        _, _, kind, city = text.split()
        region = data.REGIONS[data.CITIES[data.CITY_INDEX[city]].region]
        assert path == (f"Build {data.PROJECT_TYPES[data.PROJECT_CODES.index(kind)]}", f"In the {region}")
        assert data.CITIES[data.CITY_INDEX[city]].name in G.describe_action(st, 0, parse_action(text))
    assert {p[1] for p in builds.values()} == {f"In the {r}" for r in data.REGIONS}
    # Each level fits a panel's buttons: the types, the regions of a type, the cities of a region.
    assert len({p[0] for p in builds.values()}) <= MAX_GROUP_ENTRIES
    assert max(Counter(builds.values()).values()) <= MAX_GROUP_ENTRIES


def test_other_choices_stand_alone() -> None:
    st = department_turn(started(2), 0, data.RND)
    paths = _paths(st, 0)
    assert paths and all(p == () for p in paths.values()), paths


def test_a_donation_is_filed_by_its_column_r8_1() -> None:
    path = action_path(G, started(2), 0, parse_action("donate WEL-7VP"))
    assert path == ("Donate to Welfare",)
