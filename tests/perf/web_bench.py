"""Web section: the web companion's server in this process over a real SQLite file and a real render
pool, asked by a real aiohttp client over 127.0.0.1, a seeded 2-player Carnegie game at its 12th
checkpoint (the moves ``python -m bot.ops.draw`` plays).

- game page p95 with its pictures cached, beside the floor measured in the same run: a bare aiohttp
  round trip to a handler that returns a constant (the same client, the same loop);
- replay step to an action: the time of asking ``/replay/{point}/board.png`` for a point never drawn
  before, less the render pool's own time for that picture (the same state, drawn right after); the
  points asked in a shuffled order, the history kept as a reader stepping through it would;
- 200 open live pages: each polls ``/live`` every 3 s as the page does, from another process (the
  browsers are elsewhere); the server's event loop lag (a timer due every 10 ms, how late it fires)
  with and without them, which is what the pages could add to a Discord acknowledgement in the same
  process; and the poll's own p99.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bot.clocks.turn_clock import TurnClocks
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.storage import migrate, open_database
from bot.web.context import WebContext
from bot.web.links import game_path
from bot.web.server import WebServer
from engine.core import Game
from tests.perf.report import Row, percentile
from tests.web.seeded import play_like_draw, seated_game

SECTION = "web"
PAGE_TARGET_MS = 50.0
STEP_OVER_RENDER_MS = 20.0
LIVE_PAGES = 200
POLL_EVERY = 3.0  # bot/web/static/live.js
LAG_TICK = 0.01


class TimedPool(RenderPool):
    """The render pool, noting how long its last picture took (the render part of a request)."""

    last_ms = 0.0

    async def draw(self, *args: Any, **kwargs: Any) -> bytes:
        start = time.perf_counter()
        try:
            return await super().draw(*args, **kwargs)
        finally:
            self.last_ms = (time.perf_counter() - start) * 1000


async def _round_trips(client: aiohttp.ClientSession, url: str, n: int, status: int = 200) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        async with client.get(url) as response:
            await response.read()
            assert response.status == status, (url, response.status)
        out.append((time.perf_counter() - start) * 1000)
    return out


async def _lag(window: float) -> list[float]:
    """How late a 10 ms timer fires, in ms, over ``window`` seconds."""
    out = []
    end = time.perf_counter() + window
    while time.perf_counter() < end:
        start = time.perf_counter()
        await asyncio.sleep(LAG_TICK)
        out.append((time.perf_counter() - start - LAG_TICK) * 1000)
    return out


async def _measure(tmp: Path, quick: bool) -> list[Row]:
    db = await open_database(tmp / "web.sqlite3")
    await migrate(db)
    seeds = itertools.count(7)
    sessions = Sessions(db, new_seed=lambda: next(seeds))
    pool = TimedPool(workers=1)
    context = WebContext(sessions, pool, b"bench", None, TurnClocks(sessions))
    server = WebServer(context, "127.0.0.1", 0)
    await server.start()

    async def constant(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    bare = web.Application()
    bare.router.add_get("/", constant)
    runner = web.AppRunner(bare, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    assert isinstance(site._server, asyncio.Server)  # what TCPSite starts: it has the sockets
    bare_port = site._server.sockets[0].getsockname()[1]
    rows: list[Row] = []
    try:
        game_id = await seated_game(sessions, "carnegie", 2)
        checkpoints = 4 if quick else 12
        actions = await play_like_draw(sessions, game_id, 2, checkpoints)
        n = 30 if quick else 200
        connector = aiohttp.TCPConnector(limit=LIVE_PAGES + 10)
        async with aiohttp.ClientSession(connector=connector) as client:
            page = server.address + game_path(context.secret, game_id)
            # Warm: the page once and every picture drawn and cached.
            await _round_trips(client, page, 1)
            for key in ("board", "strip", "phone"):
                await _round_trips(client, f"{page}/picture/{key}.png?v=0", 1)
            floor = percentile(await _round_trips(client, f"http://127.0.0.1:{bare_port}/", n), 95)
            served = percentile(await _round_trips(client, page, n), 95)
            rows.append(
                Row(
                    SECTION,
                    f"game page, carnegie 2p, {checkpoints} checkpoints ({actions} actions logged)",
                    "server time p95",
                    served,
                    "ms",
                    PAGE_TARGET_MS,
                    note="pictures cached",
                    floor=floor,
                    floor_name="a bare aiohttp round trip, p95",
                )
            )
            # A guessed address (the id without its key): the key made and compared, the 404 said.
            refused = percentile(
                await _round_trips(client, f"{server.address}/game/{game_id}-guess", n, 404), 95
            )
            rows.append(
                Row(
                    SECTION,
                    "a guessed game address (wrong key: 404)",
                    "server time p95",
                    refused,
                    "ms",
                    PAGE_TARGET_MS,
                    note=f"floor: a bare aiohttp round trip p95 {floor:.2f} ms in this run",
                )
            )

            points = list(range(0, actions + 1))
            random.Random(5).shuffle(points)
            points = points[: 8 if quick else 40]
            over = []
            steps = []
            for point in points:
                pool.last_ms = 0.0
                start = time.perf_counter()
                async with client.get(f"{page}/replay/{point}/board.png") as response:
                    await response.read()
                    assert response.status == 200
                step = (time.perf_counter() - start) * 1000
                assert pool.last_ms > 0, "the point was drawn for this request"
                over.append(step - pool.last_ms)
                steps.append(step)
            rows.append(
                Row(
                    SECTION,
                    "replay step to any action (board, not drawn before)",
                    "over its render p95",
                    percentile(over, 95),
                    "ms",
                    STEP_OVER_RENDER_MS,
                    note=f"step p95 {percentile(steps, 95):.0f} ms; {len(points)} points in a shuffled order",
                    floor=percentile([step - extra for step, extra in zip(steps, over, strict=True)], 95),
                    floor_name="the render pool's time for the same picture in the same request, p95",
                )
            )

            window = 4.0 if quick else 15.0
            quiet = await _lag(window)
            # The pages' browsers are elsewhere: their client work runs in a process of its own.
            pollers = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.perf.web_pollers",
                f"{page}/live",
                str(LIVE_PAGES),
                str(POLL_EVERY),
                str(window + 2 * POLL_EVERY),
                stdout=asyncio.subprocess.PIPE,
            )
            await asyncio.sleep(POLL_EVERY)  # every page has started polling
            busy = await _lag(window)
            out, _ = await pollers.communicate()
            polls = json.loads(out)
            rows.append(
                Row(
                    SECTION,
                    f"{LIVE_PAGES} open live pages (a poll each per {POLL_EVERY:.0f} s)",
                    "event loop lag p99",
                    percentile(busy, 99),
                    "ms",
                    note="the lag is what they could add to an acknowledgement in this process",
                    floor=percentile(quiet, 99),
                    floor_name="the same timer without them, p99",
                    ratio_target=1.1,
                )
            )
            rows.append(
                Row(
                    SECTION,
                    f"{LIVE_PAGES} open live pages",
                    "poll round trip p99",
                    percentile(polls, 99),
                    "ms",
                    note=f"{len(polls)} polls from another process",
                    floor=floor,
                    floor_name="a bare aiohttp round trip, p95",
                )
            )
    finally:
        await server.stop()
        await runner.cleanup()
        pool.close()
        await db.close()
    return rows


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    if not any(g.name == "carnegie" for g in games):
        return []
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(_measure(Path(tmp), quick))
