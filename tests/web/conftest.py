"""Fixtures of the web companion's tests: ``web``, a started server on 127.0.0.1 (a port the system
chose) over a real SQLite database, the table service and a real render pool; ``page``, a page of a
real Chromium that fails the test on any console error or uncaught exception, in a fresh context of
the browser the test process launched once (``chromium``). The browser is bound to the event loop
it was launched in, so this folder's tests and fixtures run in the test process's one loop."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser, Page
from pytest_asyncio import is_async_test

from bot.clocks.turn_clock import TurnClocks
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.storage import migrate, open_database
from bot.web.context import WebContext
from bot.web.links import game_path
from bot.web.server import WebServer
from tests.fakediscord import PICTURE_PATIENCE
from tests.shared_render import SharedRenderProcesses
from tests.web.browser import LAPTOP, Watched, launched, opened

SECRET = b"test-secret-of-the-web-companion"
HERE = Path(__file__).parent
# Every async fixture this folder's tests use runs in the same loop as they do.
in_the_loop = pytest_asyncio.fixture(loop_scope="session")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if is_async_test(item) and HERE in item.path.parents:
            item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)


@dataclass
class Web:
    server: WebServer
    sessions: Sessions
    context: WebContext

    @property
    def address(self) -> str:
        return self.server.address

    def url(self, path: str) -> str:
        return self.address + path

    def game(self, game_id: int) -> str:
        """The game page's path, its key in it, as every link gives it."""
        return game_path(SECRET, game_id)


@in_the_loop
async def render_pool(render_processes: SharedRenderProcesses) -> AsyncIterator[RenderPool]:
    pool = RenderPool(workers=1, processes=render_processes)
    try:
        yield pool
    finally:
        pool.close()
        render_processes.returned()


@in_the_loop
async def web(tmp_path: Path, render_pool: RenderPool) -> AsyncIterator[Web]:
    db = await open_database(tmp_path / "web.sqlite3")
    await migrate(db)
    seeds = itertools.count(7)
    sessions = Sessions(db, new_seed=lambda: next(seeds))
    context = WebContext(sessions, render_pool, SECRET, None, TurnClocks(sessions))
    server = WebServer(context, "127.0.0.1", 0)
    await server.start()
    try:
        yield Web(server, sessions, context)
    finally:
        await server.stop()
        await db.close()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def chromium() -> AsyncIterator[Browser]:
    async with launched() as shared:
        yield shared


@in_the_loop
async def watched(chromium: Browser) -> AsyncIterator[Watched]:
    async with opened(chromium, LAPTOP) as context:
        # A page's load waits for its board pictures, which the render pool draws below the clicks'
        # priority: on a busy host that takes the pictures' patience, not Playwright's 30 s.
        context.set_default_navigation_timeout(PICTURE_PATIENCE * 1000)
        found = Watched(await context.new_page())
        yield found
        found.assert_clean()


@pytest.fixture
def page(watched: Watched) -> Page:
    """A browser page; the test fails on any console error or uncaught exception in it."""
    return watched.page
