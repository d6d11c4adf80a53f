"""Every render process is warmed up, not only the first one free: a picture handed to a process that
never ran the warm-up built every cached layer first, which on a busy host (a niced process beside two
spinning ones) took longer than the render budget, and the picture was given up."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import plugins
from bot.service.render_pool import RenderPool


async def test_a_warm_up_reaches_every_render_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RACE_WARMED_IN", str(tmp_path))  # read in the render processes, started after
    race = plugins.plugin("race")
    pool = RenderPool(workers=3)
    try:
        await pool.warm_up([race])
        started = pool._processes.current
        assert started is not None
        pids = {str(process.pid) for process in (started._processes or {}).values()}
        assert len(pids) == 3, "every process was started by the warm-up"
        assert {mark.name for mark in tmp_path.iterdir()} == pids, "and each one warmed the game up"
        # A second warm-up (a replaced process's fresh pool, another game) meets again: the barrier
        # is ready for it.
        pool._processes.warmed.clear()
        for mark in tmp_path.iterdir():
            mark.unlink()
        await pool.warm_up([race])
        assert {mark.name for mark in tmp_path.iterdir()} == pids
    finally:
        pool.close()
