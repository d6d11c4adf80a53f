"""The benchmark command runs and prints its table (a smoke run: nothing here is timed or compared
with a target; ``make bench`` measures)."""

from __future__ import annotations

import pytest

from tests.perf.__main__ import SECTIONS, main


def test_every_section_of_the_issue_is_registered() -> None:
    assert {"engine", "ai", "length", "rendering", "storage", "bot"} <= set(SECTIONS)


def test_quick_rendering_run_prints_the_table_without_writing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick", "--section", "rendering", "--game", "carnegie", "--no-write"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("CPU: ")
    assert "rendering  carnegie overview (round 12, 4p)" in out
    assert "PNG size vs Discord attachment limit" in out
    assert "wrote" not in out
