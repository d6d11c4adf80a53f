"""Local table section: what one click at the local table (``make play``) costs, measured through its
HTTP server as a browser uses it: the move's POST (token checked, the service's ``act``, the 303) and
the next page's GET (the companion's game view, the panel's choices and groups), on a hot-seat Nipron
game for two on a real SQLite file. The floor, measured in the same run on the same server, is a bare
round trip: a GET of a small static file. Pictures are left out: they load after the page, through the
render pool, and are measured in the rendering section."""

from __future__ import annotations

import asyncio
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

from engine.core import Game
from tests.perf.report import Row, median, percentile

SECTION = "local"
# A click a person waits on: the page must be back well within a blink.
CLICK_P95_MS = 100.0
TOKEN = re.compile(r'name="token" value="([^"]+)"')
FORM = re.compile(
    r'action="(/play/\d+/act\?seat=\d+)">\s*<input type="hidden" name="token" value="[^"]+">'
    r'<input type="hidden" name="version" value="(\d+)">\s*<input type="hidden" name="seat" value="(\d+)">'
    r'<input type="hidden" name="index" value="(\d+)">'
)


async def _measure(clicks: int) -> tuple[list[float], list[float]]:
    from bot import plugins
    from bot.service.ai_pool import AiPool
    from bot.service.render_pool import RenderPool
    from bot.service.sessions import Sessions
    from bot.storage import migrate, open_database
    from bot.web.play.serve import local_server

    plugins.load_all()
    with tempfile.TemporaryDirectory() as folder:
        db = await open_database(Path(folder) / "local.sqlite3")
        await migrate(db)
        render_pool, ai_pool = RenderPool(workers=1), AiPool(workers=1)
        click_ms: list[float] = []
        floor_ms: list[float] = []
        try:
            async with (
                local_server(Sessions(db, new_seed=lambda: 20261123), render_pool, ai_pool, 0) as server,
                aiohttp.ClientSession(server.address) as client,
            ):
                async with client.get("/play") as response:
                    found = TOKEN.search(await response.text())
                    assert found is not None
                    token = found.group(1)
                setup = {"token": token, "game": "nipron", "seat1": "person"}
                async with client.post("/play/new", data=setup) as response:
                    page = await response.text()
                for _ in range(clicks):
                    form = FORM.search(page)
                    if form is None:
                        break
                    action, version, seat, index = form.groups()
                    data = {"token": token, "version": version, "seat": seat, "index": index}
                    t0 = time.perf_counter_ns()
                    async with client.post(action, data=data) as response:
                        page = await response.text()
                    click_ms.append((time.perf_counter_ns() - t0) / 1e6)
                    t0 = time.perf_counter_ns()
                    async with client.get("/static/play.css") as response:
                        await response.read()
                    floor_ms.append((time.perf_counter_ns() - t0) / 1e6)
        finally:
            render_pool.close()
            ai_pool.close()
            await db.close()
    return click_ms, floor_ms


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    if not any(g.name == "nipron" for g in games):
        return []
    click_ms, floor_ms = asyncio.run(_measure(20 if quick else 200))
    floor = "a bare GET of a static file on the same server"
    subject = f"local table: one click (move POST + next page), Nipron hot-seat 2p, {len(click_ms)} clicks"
    return [
        Row(
            SECTION,
            subject,
            "p50",
            median(click_ms),
            "ms",
            floor=median(floor_ms),
            floor_name=floor + ", p50",
        ),
        Row(
            SECTION,
            subject,
            "p95",
            percentile(click_ms, 95),
            "ms",
            target=CLICK_P95_MS,
            floor=percentile(floor_ms, 95),
            floor_name=floor + ", p95",
        ),
    ]
