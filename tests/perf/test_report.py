"""Rows judged by their ratio to a floor measured in the same run, and tables that show the ratio first."""

from __future__ import annotations

from pathlib import Path

from tests.perf.report import Row, markdown_table, text_table, update_benchmarks_md


def test_a_ratio_target_judges_the_row_whatever_the_absolute_figure() -> None:
    slow_machine = Row(
        "s", "x", "median", 300.0, "ms", 150.0, floor=200.0, floor_name="encode", ratio_target=2.0
    )
    assert slow_machine.ratio == 1.5 and slow_machine.verdict == "ok"
    slow_code = Row("s", "x", "median", 90.0, "ms", 150.0, floor=30.0, floor_name="encode", ratio_target=2.0)
    assert slow_code.verdict == "MISSED"
    higher = Row("s", "x", "rate", 3.0, "/s", floor=1.0, ratio_target=2.0, lower_is_better=False)
    assert higher.verdict == "ok"


def test_a_ratio_target_without_its_floor_never_passes() -> None:
    assert Row("s", "x", "median", 1.0, "ms", ratio_target=2.0).verdict == "MISSED"
    assert Row("s", "x", "median", 1.0, "ms", floor=0.0, ratio_target=2.0).verdict == "MISSED"


def test_rows_built_the_old_way_keep_their_meaning() -> None:
    row = Row("s", "x", "p99", 120.0, "ms", 100.0)
    assert row.ratio is None and row.ratio_text() == "" and row.floor_text() == ""
    assert row.verdict == "MISSED" and row.target_text() == "≤ 100 ms"
    assert Row("s", "x", "info", 5.0, "ms").verdict == ""


def test_tables_show_the_ratio_before_the_absolute_figure(tmp_path: Path) -> None:
    rows = [Row("s", "pic", "median", 60.0, "ms", floor=40.0, floor_name="encode", ratio_target=2.0)]
    md = markdown_table(rows)
    assert md.splitlines()[0] == "| subject | metric | ratio | value | floor | target | |"
    assert "| pic | median | 1.50× | 60.0 ms | 40.0 ms (encode) | ≤ 2.00× | ok |" in md
    assert "1.50×  60.0 ms" in text_table(rows)
    written = update_benchmarks_md(rows, "quick", tmp_path / "B.md").read_text()
    assert "<!-- perf:s -->" in written and "1.50×" in written
