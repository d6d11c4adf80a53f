"""The benchmark command runs and prints its table (a smoke run: nothing here is timed or compared
with a target; ``make bench`` measures)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from tests.perf import strength_bench
from tests.perf.__main__ import SECTIONS, main


def test_every_section_of_the_issue_is_registered() -> None:
    assert {"engine", "ai", "length", "rendering", "storage", "bot", "after"} <= set(SECTIONS)


def test_quick_after_game_run_measures_each_answer_beside_its_floor(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--quick", "--section", "after", "--no-write"]) == 0
    # the table's rows (a loaded host may miss a target, and the line naming the missed ones repeats them)
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("after ")]
    for subject, metric in [
        ("sqlite, 1,000 games ", "profile (with a head-to-head) p99"),
        ("sqlite, 1,000 games ", "leaderboard page p99"),
        ("sqlite, 1,000 games ", "history page p99"),
        ("sqlite, 1,000 games ", "rating update of a finished 4-player game p99, WAL checkpoints included"),
        ("sqlite, 1,000 games, no WAL checkpoint", "rating update of a finished 4-player game p99"),
    ]:
        (line,) = [line for line in lines if subject in line and metric in line]
        # each beside its floor, measured in the same run, with the ratio to it
        assert any(f"(a {kind} transaction" in line for kind in ("read", "write")), line
        assert "×" in line, line


@pytest.mark.slow
def test_quick_rendering_run_prints_the_table_without_writing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick", "--section", "rendering", "--game", "carnegie", "--no-write"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("CPU: ")
    assert "rendering  carnegie overview (round 12, 4p)" in out
    assert "PNG size vs Discord attachment limit" in out
    # every picture beside its own PNG encode, measured in the same run, and judged by the ratio
    assert out.count("(PNG encode of the same pixels)") == 5 and "≤ 2.00×" in out
    assert "wrote" not in out


def test_quick_rendering_run_measures_nipron_s_phone_image(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick", "--section", "rendering", "--game", "nipron", "--no-write"]) == 0
    out = capsys.readouterr().out
    assert "rendering  nipron phone image (after scoring 2, 4p)" in out
    assert "carnegie" not in out


def test_strength_rows_come_from_played_games_and_survive_the_log(tmp_path: Path) -> None:
    """``make bench-strength`` in miniature: one easy Nipron game gives its rows, also read from a log."""
    result = strength_bench.play_job(strength_bench.Job("nipron", 4, "easy", 3))
    assert result.times and result.score > 0
    assert result.won if result.margin > 0 else not result.won or result.margin == 0  # a tie is broken (§6.4)
    log = tmp_path / "strength.jsonl"
    log.write_text(json.dumps(asdict(result)) + "\n")
    assert strength_bench.load(log) == [result]
    metrics = [row.metric for row in strength_bench.rows([result])]
    assert metrics == ["win rate (1 games)", "mean final score", "easy decision p50", "easy decision p99"]


def test_a_strength_run_started_again_on_its_log_plays_only_the_games_it_lacks(tmp_path: Path) -> None:
    """Every game of the run is in the log already: nothing is played, and the figures are the log's."""
    log = tmp_path / "strength.jsonl"
    logged = [
        strength_bench.Result(job, won=True, score=50, margin=5, times=[0.01])
        for job in strength_bench.jobs(1)
    ]
    log.write_text("".join(json.dumps(asdict(r)) + "\n" for r in logged))
    rows = strength_bench.run(1, 1, log)
    assert strength_bench.load(log) == logged, "nothing was played or logged again"
    wins = [row for row in rows if row.metric.startswith("win rate")]
    assert len(wins) == len({(j.game, j.players, j.level, j.difficulty) for j in strength_bench.jobs(1)})
    assert all(row.value == 100.0 for row in wins)
