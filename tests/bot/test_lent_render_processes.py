"""Render processes lent to a ``RenderPool`` (``bot.service.render_processes``): the tests' bots share
one set, started and warmed once. A pool on lent processes leaves them running when it closes, for the
next borrower, with the games warmed up in them still warm; a pool that owns its processes (the
product, run for real) stops them when it closes. The tests' lender starts fresh processes when a
test changes the environment a render process reads."""

from __future__ import annotations

import multiprocessing.connection
import os
from multiprocessing.process import BaseProcess

import pytest

from bot import plugins
from bot.service.render_pool import RenderPool
from bot.service.render_processes import RenderProcesses
from tests.shared_render import SharedRenderProcesses


def _ended(process: BaseProcess) -> bool:
    """Whether ``process`` ends within 30 s. Its end is read from its sentinel: the executor's own
    thread may reap it first, and then ``join``/``is_alive`` never learn it ended."""
    return bool(multiprocessing.connection.wait([process.sentinel], 30))


def _alive(processes: RenderProcesses) -> list[bool]:
    pool = processes.current
    assert pool is not None, "the processes were started"
    return [process.is_alive() for process in (pool._processes or {}).values()]


async def test_lent_processes_outlive_the_pool_that_borrowed_them_and_stay_warm() -> None:
    race = plugins.plugin("race")
    state = race.rules.new_game(2, 1)
    lender = RenderProcesses(1)
    try:
        first = RenderPool(processes=lender)
        await first.warm_up([race])
        drawn = await first.draw(race, "track", state, None, ["Ana", "Ben"], None, game_id=1)
        started = lender.current
        first.close()
        assert _alive(lender) == [True], "closing a borrower leaves the lent process running"
        assert (race.rules_module, race.pictures_module) in lender.warmed

        second = RenderPool(processes=lender)
        again = await second.draw(race, "track", state, None, ["Ana", "Ben"], None, game_id=1)
        second.close()
        assert lender.current is started, "the next borrower draws in the same process"
        assert (race.rules_module, race.pictures_module) in lender.warmed, "and finds the game warm"
        assert again == drawn
    finally:
        lender.close()
    assert lender.current is None


async def test_a_pool_that_owns_its_processes_stops_them_when_it_closes() -> None:
    race = plugins.plugin("race")
    pool = RenderPool(workers=1)
    await pool.warm_up([race])
    owned = pool._processes
    assert _alive(owned) == [True]
    started = owned.current
    assert started is not None
    pool.close()
    assert owned.current is None
    for process in (started._processes or {}).values():
        assert _ended(process), "the owner's processes are stopped"


def test_the_tests_lender_starts_fresh_processes_when_the_environment_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lender = SharedRenderProcesses(1)
    try:
        usual = lender.executor()
        assert lender.executor() is usual and lender.starts == 1
        lender.at_start.append(("engine.carnegie", "render.carnegie"))
        monkeypatch.setenv("RACE_SLOW_MARK", "/nonexistent/mark")
        changed = lender.executor()
        assert changed is not usual and lender.starts == 2, "started with the changed environment"
        assert lender.at_start == [], "warming up only what the test's own bot asks for"
        monkeypatch.delenv("RACE_SLOW_MARK")
        assert lender.executor() is not changed and lender.starts == 3, "none of that test's pictures linger"
        monkeypatch.setenv("BOARDROOM_SOMETHING_ELSE", "1")
        assert lender.executor() is lender.executor() and lender.starts == 3, "only what pictures read counts"
    finally:
        lender.close()


def test_the_tests_lender_stops_processes_started_for_a_tests_environment_when_given_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A test's never-ending picture (its race runner named Slowpoke) must not spin beside the tests
    after it until the next borrower comes."""
    lender = SharedRenderProcesses(1)
    try:
        usual = lender.executor()
        lender.returned()
        assert lender.current is usual, "the usual processes stay for the next borrower"
        monkeypatch.setenv("RACE_SLOW_MARK", "/nonexistent/mark")
        special = lender.executor()
        special.submit(os.getpid).result(timeout=60)  # started (processes start with their first call)
        processes = list((special._processes or {}).values())
        assert processes
        lender.returned()
        assert lender.current is None
        for process in processes:
            assert _ended(process), "stopped when given back"
    finally:
        lender.close()
