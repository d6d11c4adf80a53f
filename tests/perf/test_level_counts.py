"""The bot benchmark's level knobs: ``BENCH_MACHINE_GAMES=0`` leaves the machine-speed levels out (a
0-game level would divide the memory per open game by zero)."""

from __future__ import annotations

import pytest

from tests.perf.bot_load import MACHINE_LEVELS, _counts, human_levels


def test_zero_leaves_the_levels_out_and_unset_keeps_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BENCH_MACHINE_GAMES", "0")
    assert _counts("BENCH_MACHINE_GAMES", tuple(MACHINE_LEVELS)) == ()
    monkeypatch.setenv("BENCH_MACHINE_GAMES", "100")
    assert _counts("BENCH_MACHINE_GAMES", tuple(MACHINE_LEVELS)) == (100,)
    monkeypatch.delenv("BENCH_MACHINE_GAMES")
    assert _counts("BENCH_MACHINE_GAMES", tuple(MACHINE_LEVELS)) == tuple(MACHINE_LEVELS)
    monkeypatch.setenv("BENCH_HUMAN_GAMES", "100, 300,1000")
    assert human_levels() == (100, 300, 1000)
