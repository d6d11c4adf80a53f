"""The line section measures a new turn line's choices on real decisions, each row beside its floor."""

from __future__ import annotations

from bot import plugins
from tests.perf import line_bench
from tests.perf.__main__ import SECTIONS, load_games


def test_the_line_section_measures_beside_a_floor() -> None:
    assert "line" in SECTIONS
    load_games()
    rows = line_bench.run([plugins.game("nipron")], quick=True)
    assert rows and all(r.floor is not None and r.floor > 0 and r.value > 0 for r in rows)
    assert {r.metric for r in rows} >= {"a new line's choices, up to 25 choices, median"}
