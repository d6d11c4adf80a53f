"""Every render process is warmed up, not only the first one free: a picture handed to a process that
never ran the warm-up built every cached layer first, which on a busy host (a niced process beside two
spinning ones) took longer than the render budget, and the picture was given up. And the helper
processes get their share of a busy host's CPU."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot import plugins
from bot.service.ai_pool import AiPool
from bot.service.render_pool import RenderPool
from bot.service.render_processes import DECISIONS_NICE, PICTURES_NICE, RenderProcesses


async def test_a_warm_up_reaches_every_render_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RACE_WARMED_IN", str(tmp_path))  # read in the render processes, started after
    race = plugins.plugin("race")
    state = race.rules.new_game(2, 1)
    pool = RenderPool(workers=3)
    try:
        await pool.warm_up([race])
        assert {mark.name for mark in tmp_path.iterdir()} == _pids(pool), "each process warmed it up"
        assert len(_pids(pool)) == 3, "every process was started by the warm-up"
        # Processes that replace them (a picture over its budget) warm up as they start, before the
        # picture that found them gone.
        before = _pids(pool)
        current = pool._processes.current
        assert current is not None
        pool._processes.replace(current)
        await pool.draw(race, "track", state, None, ["Ana", "Ben"], None, game_id=1)
        assert _pids(pool).isdisjoint(before)
        assert {mark.name for mark in tmp_path.iterdir()} == before | _pids(pool)
    finally:
        pool.close()


def _pids(pool: RenderPool) -> set[str]:
    started = pool._processes.current
    assert started is not None
    return {str(process.pid) for process in (started._processes or {}).values()}


def test_the_helper_processes_are_niced_batch_work() -> None:
    """Pictures and the bot's decisions run as batch work (never preempting the event loop when it
    wakes), the decisions less niced than the pictures: a player waits for a hint, and at nice 10 beside
    two busy programs a hint's 2 s of search took 22 s."""
    pictures, decisions = RenderProcesses(1), AiPool(1)
    try:
        for pool, nice in ((pictures.executor(), PICTURES_NICE), (decisions._executor(), DECISIONS_NICE)):
            policy, niceness = pool.submit(_scheduling).result(timeout=120)
            assert policy == os.SCHED_BATCH
            assert niceness == min(os.nice(0) + nice, 19)
    finally:
        pictures.close()
        decisions.close()
    assert DECISIONS_NICE < PICTURES_NICE


def _scheduling() -> tuple[int, int]:
    return os.sched_getscheduler(0), os.nice(0)
