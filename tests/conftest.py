"""For every test: the bot's table of games holds the built-in games and the test games, and is put
back as it was afterwards (a bot started by a test loads its own GAME_MODULES into it).

``make test`` runs a test process per core (pytest-xdist); each has its own session fixtures:
``postgres``: one real PostgreSQL server, started when a test first asks for it;
``render_processes``: one render process, lent to every bot started;
``database_target``: a fresh migrated database of either backend (the storage and sessions suites
run on both)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import plugins
from tests.postgres import SHARED, LocalPostgres
from tests.shared_render import SharedRenderProcesses


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests (marked slow) are dealt out to the test processes, each process's share first.
    ``make test`` hands each process one contiguous block of the tests and lets a process that runs
    out take half of what another has queued (pytest-xdist's worksteal); a long test left at the end
    of a block ran alone while the other process had nothing to take (the local table's whole games,
    last in file order, did for 50 s)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    slow = [item for item in items if item.get_closest_marker("slow")]
    others = [item for item in items if not item.get_closest_marker("slow")]
    dealt: list[pytest.Item] = []
    for block in range(workers):
        # worksteal's first blocks: what is left, shared evenly among the processes still to serve
        share = slow[block::workers]
        filled = max(0, (len(items) - len(dealt)) // (workers - block) - len(share))
        dealt += share + others[:filled]
        del others[:filled]
    items[:] = dealt + others


# The test games, as GAME_MODULES names them: rules_module[:pictures_module].
RACE_MODULES = "tests.race_game:tests.race_pictures"
COUNTDOWN_MODULES = ("tests.bot.countdown_game", "tests.bot.wide_countdown")
TEST_GAME_MODULES = (RACE_MODULES, *COUNTDOWN_MODULES)


@pytest.fixture(autouse=True)
def games_table() -> Iterator[None]:
    before = {name: plugins.plugin(name) for name in plugins.load_all(TEST_GAME_MODULES)}
    yield
    for name in plugins.names():
        plugins.remove(name)
    for found in before.values():
        plugins.add(found)


@pytest.fixture(scope="session")
def postgres() -> Iterator[LocalPostgres]:
    server = LocalPostgres().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def render_processes() -> Iterator[SharedRenderProcesses]:
    # One process: ``make test`` runs a test process per core already (pytest-xdist), each with its own.
    shared = SharedRenderProcesses(1)
    try:
        yield shared
    finally:
        shared.close()


BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
async def database_target(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """An SQLite file path or the URL of a new PostgreSQL database, migrated."""
    if request.param == "sqlite":
        return tmp_path / "data" / "boardroom.sqlite3"
    server: LocalPostgres = request.getfixturevalue("postgres")
    return await server.emptied(SHARED)
