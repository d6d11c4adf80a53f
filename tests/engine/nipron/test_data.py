"""Component tables (rules.md §2, §7) and the placeholder module (§8, P1–P21)."""

from __future__ import annotations

import ast
import pathlib
from collections import Counter

from engine.nipron import data, placeholders

COVERED = [f"P{i}" for i in range(1, 22)]


def test_every_placeholder_P1_to_P21_lives_in_the_placeholder_module() -> None:
    """§8: every [P] value is in one module; a missing P id or a name that does not exist fails."""
    missing = [p for p in COVERED if p not in placeholders.PLACEHOLDER_IDS]
    assert missing == []
    assert sorted(placeholders.PLACEHOLDER_IDS, key=lambda p: int(p[1:])) == COVERED
    for pid, names in placeholders.PLACEHOLDER_IDS.items():
        assert names, pid
        for name in names:
            assert hasattr(placeholders, name), (pid, name)


def test_placeholder_values_are_not_hard_coded_elsewhere() -> None:
    """Only ``data.py`` imports the placeholder module; the rules read the values through ``data``."""
    root = pathlib.Path(data.__file__).parent
    importers = []
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module == "engine.nipron"
                and any(a.name == "placeholders" for a in node.names)
            ):
                importers.append(path.name)
    assert importers == ["data.py"]


def test_factory_tiles_section_7_3() -> None:
    """§2 item 10, §7.3: 24 tiles, 4 per good, levels and knowledge 2/4/6, all bonuses distinct."""
    assert len(data.FACTORIES) == 24
    assert Counter(t.good for t in data.FACTORIES.values()) == {g: 4 for g in data.GOODS}
    assert {data.KNOWLEDGE_FOR_LEVEL[t.level] for t in data.FACTORIES.values()} == {2, 4, 6}
    assert len({t.synergy for t in data.FACTORIES.values()}) == 24
    silk_a = data.FACTORIES["SILK_A"]
    assert (silk_a.coal, silk_a.storage) == (2, 4)  # [S] production example


def test_city_tiles_section_7_5() -> None:
    """§7.5: 9 tiles of 4 different goods; each good on exactly 6 tiles (P8)."""
    assert len(data.CITY_TILES) == 9
    assert all(len(set(t)) == 4 for t in data.CITY_TILES.values())
    assert Counter(g for t in data.CITY_TILES.values() for g in t) == {g: 6 for g in data.GOODS}


def test_tracks_section_7_4() -> None:
    """§7.4: start levels coal 2, money 12,000, knowledge 1; blank steps read the number below."""
    assert (data.COAL_LEVELS[0], data.MONEY_LEVELS[0], data.KNOWLEDGE_LEVELS[0]) == (2, 12_000, 1)
    assert data.COAL_LEVELS == (2, 2, 3, 3, 4, 4, 5, 6, 7, 8)
    assert data.KNOWLEDGE_LEVELS == (1, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8)
    assert data.TRACK_TOP == {"coal": 9, "money": 13, "knowledge": 10}


def test_influence_section_7_6_and_scoring_table_7_10() -> None:
    assert sorted(data.INFLUENCE_TILES) == [1, 2, 3, 3, 4, 5, 5, 6, 7, 7]
    assert data.INFLUENCE_TABLE["clocks"] == (5, 6, 7)  # [S]
    assert data.INFLUENCE_TABLE["paper"][2] == 3  # [S]
    assert data.SCORING_VP[1] == (10, 7, 5) and data.SCORING_VP[2][1:] == (11, 8)


def test_contracts_section_7_2() -> None:
    assert len(data.CONTRACTS) == 8
    assert data.CONTRACTS["K4"].need == (2, 1)  # [S] pattern
    assert {c.reward_kind for c in data.CONTRACTS.values()} == {"yen", "vp"}
    assert all(0 <= c.money_steps <= 3 for c in data.CONTRACTS.values())


def test_action_spaces_section_7_1() -> None:
    assert data.ACTION_SPACES[0] == ("knowledge", "production")
    assert data.ACTION_SPACES[1] == ("export", "invest")
    assert data.ACTION_SPACES[4] == ("market",)
    assert sorted(a for s in data.ACTION_SPACES for a in s) == sorted(data.ACTION_NAMES)
