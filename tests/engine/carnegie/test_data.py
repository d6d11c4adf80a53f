"""The printed data (rules.md §2, §8.3, §9.3, §11) against the shared board transcription."""

from __future__ import annotations

import json
from pathlib import Path

from engine.carnegie import data, reconstructed

SHARED = Path(__file__).resolve().parents[4] / "shared" / "carnegie"
if not SHARED.exists():  # running from another checkout location
    SHARED = Path("/work/shared/carnegie")
BOARD = json.loads((SHARED / "board.json").read_text())
LAYOUT = json.loads((SHARED / "layout.json").read_text())
TYPE = {"housing": "H", "commerce": "C", "industry": "I", "infrastructure": "P", "any": "T"}
LEVEL = {"cart": data.CART, "stagecoach": data.STAGECOACH, "railroad": data.RAILROAD}


def test_cities_match_board_json_section_2_3() -> None:
    board = {c["id"]: c for c in BOARD["cities"]}
    assert set(board) == {c.id for c in data.CITIES}
    for city in data.CITIES:
        b = board[city.id]
        assert b["name"] == city.name
        assert data.REGIONS[city.region].lower() == b["region"]
        assert b["size"] == city.size
        assert b["vp"] == city.vp
        assert b["transport_income_on_build"] == city.marker
        assert b.get("link_value", 0) == city.link
        # board.json lists slots row by row; §2.3 orders them left to right: same multiset.
        assert sorted(TYPE[s] for s in b["slots"]) == sorted(city.slots), city.id


def test_roads_match_board_json_section_2_4() -> None:
    ours = {frozenset(r) for r in data.ROADS}
    assert len(ours) == 54
    assert ours == {frozenset(r) for r in BOARD["roads"]}


def test_tracks_match_board_json_section_2_5() -> None:
    for region, spaces in enumerate(data.TRACKS):
        track = BOARD["regions"][data.REGIONS[region].lower()]["track"]
        assert len(track) == len(spaces) == 5
        for ours, b in zip(spaces, track, strict=True):
            assert ours.cost == (b["cost_to_enter_sp"] or 0)
            assert ours.level == LEVEL[b["level"]]
            inc = b["income"]
            assert (
                ours.income.money,
                ours.income.goods,
                ours.income.vp,
                ours.income.sp,
                ours.income.employees,
            ) == (
                inc.get("dollars", 0),
                inc.get("goods", 0),
                inc.get("vp", 0),
                inc.get("sp", 0),
                inc.get("employee", 0),
            )
            reward = b.get("final_cell", {}).get("reward", {})
            assert (ours.bonus.money, ours.bonus.goods) == (reward.get("dollars", 0), reward.get("goods", 0))


def test_donation_cells_match_board_json_section_8_3() -> None:
    cells = {(c["column"], c["row"]): c for c in BOARD["donations"]["cells"]}
    assert len(data.DONATION_CELLS) == 20 == len(cells)
    vp_of = {
        "EDU-ALL": 1,
        "RIG-INFRA": 4,
        "RIG-INDUSTRY": 3,
        "RIG-HOUSCOM": 2,
        "RIG-RAIL": 3,
        "RIG-DONATIONS": 2,
        "WEL-7VP": 7,
        "WEL-GOODS": 2,
        "WEL-MONEY": 2,
        "WEL-MONEYGOODS": 4,
        "WEL-ACTIVE": 1,
    }
    for code, col, row, _ in data.DONATION_CELLS:
        expected = vp_of.get(code, 3 if code.startswith("EDU") else 2)
        assert cells[(col, row)]["vp"] == expected, code
    assert BOARD["donations"]["cost_strip_values"][:2] == [data.DONATION_COST, 2 * data.DONATION_COST]


def test_connection_table_matches_board_json_section_9_3() -> None:
    table = BOARD["connection_scoring"]["table"]
    for links, values in data.CONNECTION_TABLE.items():
        assert values == tuple(table[str(links)][lvl] for lvl in ("cart", "stagecoach", "railroad"))


def test_city_coordinates_match_layout_json() -> None:
    for city in data.CITIES:
        assert (city.x, city.y) == (LAYOUT["cities"][city.id]["x"], LAYOUT["cities"][city.id]["y"])


def test_counts_section_2() -> None:
    assert sum(c.size == "small" for c in data.CITIES) == 18
    assert sum(c.marker for c in data.CITIES) == 13
    assert BOARD["sanity"]["slot_total"] == data.N_SLOTS
    assert len(data.TIMELINE_TILES) == 8
    for tile in data.TIMELINE_TILES:
        for side in tile:
            assert sorted(side).count(data.DONATION) == 1 and len(side) == 4  # R11.1 "3 income + 1 donation"
    assert len(data.SOLO_CARDS) == 40
    assert len({c.donation for c in data.NORMAL_CARDS}) == 20
    assert all(c in data.CITY_INDEX for card in data.SOLO_CARDS for c in card.cities)


def test_reconstructed_tabs_satisfy_d3() -> None:
    maxima = (6, 9, 12, 15)
    for t, sides in enumerate(reconstructed.TABS):
        assert sum(s[-1].raises_cap for s in sides) == 1 and sides[1][-1].raises_cap
        for side in sides:
            kinds = "".join(s.kind for s in side)
            assert kinds[0] == ("B" if t == data.INFRA else "P")
            assert kinds.rstrip("V").lstrip("B").strip("P") == ""  # projects before VP spaces
            assert max(s.vp for s in side) == maxima[t]
    side_a = [reconstructed.TABS[t][0] for t in range(3)]
    assert [{s.cost for s in side[1:] if s.kind == "P"} for side in side_a] == [{1}, {2}, {3}]
    assert all(sum(s.kind == "P" for s in side) >= n for side, n in zip(side_a, (4, 4, 3), strict=True))
    ind_b = reconstructed.TABS[data.INDUSTRY][1]
    assert (ind_b[1].cost, ind_b[1].kind, ind_b[2].cost, ind_b[2].kind, ind_b[2].vp) == (4, "P", 4, "V", 3)
    assert len(reconstructed.START_WORKPLACES[data.D_RD]) == 3  # §12.2
