"""Serving the local table: the companion's app with the play routes mounted, on 127.0.0.1 only,
over the database the settings name (the same one the Discord bot uses, so a local game replays and
exports like any other), with its own render pool and bot players."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator, Callable

from aiohttp import web

from bot import plugins
from bot.config import Settings
from bot.service.ai_pool import AiPool
from bot.service.bot_players import BotPlayers
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.storage import migrate, open_database
from bot.web.app import make_app
from bot.web.context import WebContext
from bot.web.play import setup, table
from bot.web.play.mode import LOCAL, LocalTable
from bot.web.server import WebServer

HOST = "127.0.0.1"
# The port when WEB_PORT is not set.
DEFAULT_PORT = 8000


def mounted(local: LocalTable) -> Callable[[web.Application], None]:
    """The play routes with what they need, for ``make_app(extra=...)``."""

    def register(app: web.Application) -> None:
        app[LOCAL] = local
        app.router.add_get("/", _to_play)
        app.router.add_get("/play", setup.setup_page)
        app.router.add_post("/play/new", setup.new_game)
        table.routes(app)

    return register


async def _to_play(request: web.Request) -> web.StreamResponse:
    raise web.HTTPSeeOther("/play")


@contextlib.asynccontextmanager
async def local_server(
    sessions: Sessions, render_pool: RenderPool, ai_pool: AiPool, port: int
) -> AsyncIterator[WebServer]:
    """The started local table (``port`` 0: any free one); stopped, bots and all, on leaving."""
    bots = BotPlayers(sessions, ai_pool)
    local = LocalTable(bots, ai_pool)
    context = WebContext(sessions, render_pool, local.token.encode())
    server = WebServer(context, HOST, port, app=make_app(context, extra=(mounted(local),)))
    # The first picture and the first hint would otherwise wait for their processes to start.
    games = [plugins.plugin(name) for name in plugins.names()]
    warm_ups = [
        asyncio.create_task(render_pool.warm_up(games), name="render-warm-up"),
        asyncio.create_task(ai_pool.warm_up(games), name="ai-warm-up"),
    ]
    await server.start()
    try:
        yield server
    finally:
        for task in warm_ups:
            task.cancel()
        bots.close()
        await server.stop()


async def serve(settings: Settings, ready: Callable[[str], None]) -> None:
    """Run the local table until cancelled; ``ready`` is told its address."""
    plugins.load_all(settings.game_modules)
    db = await open_database(settings.database)
    render_pool = RenderPool(settings.render_processes, budget=settings.render_budget)
    ai_pool = AiPool()
    try:
        await migrate(db)
        sessions = Sessions(db)
        port = settings.web_port if settings.web_port is not None else DEFAULT_PORT
        async with local_server(sessions, render_pool, ai_pool, port) as server:
            ready(f"{server.address}/play")
            await asyncio.Event().wait()
    finally:
        render_pool.close()
        ai_pool.close()
        await db.close()


def run_local_table(settings: Settings) -> int:
    """Serve until Ctrl-C; the exit status (1: the port could not be opened)."""
    try:
        asyncio.run(serve(settings, _announce))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        print(f"Cannot open the local table: {exc}", file=sys.stderr)
        return 1
    return 0


def _announce(address: str) -> None:
    print(f"The local table is open at {address} (Ctrl-C stops it).", flush=True)
